import { hostNeedsExplicitBrand } from '@contrail/contracts/brand-key';
import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brand-defaults';
import { pageDescription } from '@contrail/contracts/page-descriptions';
import { canonicalPath, type KnownPage } from '@contrail/contracts/pages';
import { BRAND_QUERY_PARAM } from '@contrail/contracts/site-keys';
import { soleInHead } from './head-elements';

// Loaded after the first commit (the descriptions stay out of the entry chunk): until then the
// server's description and canonical link speak for the first page.

export interface PageHeadProps {
  page: KnownPage | undefined;
  brandName: string;
  brandKey: string;
}

/**
 * The canonical link's URL, as the server writes it: the page's canonical path, with `?brand=`
 * where the host cannot name the brand; null for a page search engines are not to index.
 */
function canonicalUrl(
  page: KnownPage | undefined,
  location: Pick<Location, 'origin' | 'host'>,
  brandKey: string,
): string | null {
  const canonical = canonicalPath(page);
  if (canonical === null) return null;
  const url = new URL(canonical, location.origin);
  if (hostNeedsExplicitBrand(location.host) && brandKey !== DEFAULT_BRAND_KEY) {
    url.searchParams.set(BRAND_QUERY_PARAM, brandKey);
  }
  return url.toString();
}

const soleDescription = soleInHead('meta[name="description"]');
const soleIndexing = soleInHead('link[rel="canonical"], meta[name="robots"]');

/**
 * What the server writes into a page's <head> besides the title: the description, and either the
 * canonical link or a robots noindex. (Nothing here comes from React itself, only JSX: so the
 * entry chunk names no other file to fetch with this one.)
 */
export function PageHeadTags({ page, brandName, brandKey }: PageHeadProps) {
  const canonical = canonicalUrl(page, window.location, brandKey);
  return (
    <>
      <meta ref={soleDescription} name="description" content={pageDescription(page, brandName)} />
      {canonical === null ? (
        <meta ref={soleIndexing} name="robots" content="noindex" />
      ) : (
        <link ref={soleIndexing} rel="canonical" href={canonical} />
      )}
    </>
  );
}
