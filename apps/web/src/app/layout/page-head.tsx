import { hostNeedsExplicitBrand } from '@contrail/contracts/brand-key';
import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brands';
import { canonicalPath, findPage, pageTitle, type KnownPage } from '@contrail/contracts/pages';
import { BRAND_QUERY_PARAM } from '@contrail/contracts/site';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useBrand } from '../../features/brand/hooks/use-brand';

// The page's <head>, as React 19 document metadata (decision 021): <title>, <meta> and <link>
// rendered here are placed in the <head> by React, updated with every render and removed with
// the component. The server writes the same elements into the first page's HTML (for crawlers
// and the first paint); the app replaces them with its own at its first render.

/** The page icon of a brand without a logo. */
const DEFAULT_FAVICON = '/favicon.svg';

/**
 * The head elements the server writes. React renders its own (a client render adopts none it
 * finds; its <title> goes before any other, so document.title is its own), and the server's
 * would stay beside them: a second title, description or canonical link.
 */
const SERVER_HEAD =
  'title, meta[name="description"], link[rel="canonical"], meta[name="robots"], link[rel="icon"]';

/** The server's head elements, until the app's own are in place. */
let serverElements: Element[] = [];
/** The server's description of the page the visitor opened, shown until the descriptions load. */
let firstDescription: { page: KnownPage | undefined; text: string } | null = null;

/**
 * Runs once before the first render: takes note of the head the server wrote, which PageHead
 * removes once its own elements are in place (the title is never empty, nothing is missing
 * meanwhile), and keeps the description's text for the page it describes.
 */
export function takeOverServerHead(doc: Document): void {
  serverElements = [...doc.head.querySelectorAll(SERVER_HEAD)];
  const description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  firstDescription = description
    ? { page: findPage(doc.location.pathname), text: description.content }
    : null;
}

/** The server's description while the descriptions load, if it describes `page`. */
function serverDescription(page: KnownPage | undefined): string | undefined {
  return firstDescription && firstDescription.page === page ? firstDescription.text : undefined;
}

/** Removes the server's head elements once the first render has put the app's own in the head. */
function useServerHeadRemoved(): void {
  useLayoutEffect(() => {
    for (const element of serverElements) element.remove();
    serverElements = [];
  }, []);
}

/**
 * The canonical link of a page, as the server writes it: on this origin, with `?brand=` where the
 * host cannot name the brand; null for a page search engines are not to index.
 */
export function canonicalUrl(
  page: KnownPage | undefined,
  location: Pick<Location, 'origin' | 'host'>,
  brandKey: string,
): string | null {
  const path = canonicalPath(page);
  if (path === null) return null;
  const url = new URL(path, location.origin);
  if (hostNeedsExplicitBrand(location.host) && brandKey !== DEFAULT_BRAND_KEY) {
    url.searchParams.set(BRAND_QUERY_PARAM, brandKey);
  }
  return url.toString();
}

const loadDescriptions = () => import('@contrail/contracts/page-descriptions');
type Descriptions = Awaited<ReturnType<typeof loadDescriptions>>;
let descriptions: Descriptions | undefined;

/** The page descriptions, loaded after the first paint so that the entry chunk does not carry them. */
function useDescriptions(): Descriptions | undefined {
  const [loaded, setLoaded] = useState(descriptions);
  useEffect(() => {
    if (loaded) return undefined;
    let mounted = true;
    loadDescriptions().then(
      (module) => {
        descriptions = module;
        if (mounted) setLoaded(module);
      },
      // Not loaded (the network went): the server's description stays with its page.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * The head of the page being opened, from the table the server titles its HTML with: its title
 * in the brand's name (WCAG 2.4.2), set as soon as the navigation starts so that page-view
 * reports carry it; its description; its canonical link, or a robots noindex; and the brand's
 * icon. Rendered again when the brand changes.
 */
export function PageHead() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { key, brand } = useBrand();
  const loaded = useDescriptions();
  useServerHeadRemoved();
  const page = findPage(pathname);
  const description = loaded ? loaded.pageDescription(page, brand.name) : serverDescription(page);
  const canonical = canonicalUrl(page, window.location, key);
  return (
    <>
      <title>{pageTitle(page, brand.name)}</title>
      {description === undefined ? null : <meta name="description" content={description} />}
      {canonical === null ? (
        <meta name="robots" content="noindex" />
      ) : (
        <link rel="canonical" href={canonical} />
      )}
      <link rel="icon" href={brand.logo ?? DEFAULT_FAVICON} />
    </>
  );
}
