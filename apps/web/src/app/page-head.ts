import { hostNeedsExplicitBrand } from '@contrail/contracts/brand-key';
import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brands';
import { pageDescription } from '@contrail/contracts/page-descriptions';
import { canonicalPath, type KnownPage } from '@contrail/contracts/pages';
import { BRAND_QUERY_PARAM } from '@contrail/contracts/site';

// Loaded after the first paint (the descriptions stay out of the entry chunk): the server wrote
// the first page's head, and this keeps it true as the visitor moves between pages.

function headElement<T extends HTMLElement>(doc: Document, selector: string, create: () => T): T {
  const existing = doc.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  doc.head.append(element);
  return element;
}

/**
 * Sets what the server writes into a page's <head> besides the title: the description, and either
 * the canonical link (with `?brand=` where the host cannot name the brand, as the server does)
 * or a robots noindex.
 */
export function applyPageHead(
  doc: Document,
  page: KnownPage | undefined,
  brandName: string,
  brandKey: string,
): void {
  headElement(doc, 'meta[name="description"]', () => {
    const meta = doc.createElement('meta');
    meta.name = 'description';
    return meta;
  }).content = pageDescription(page, brandName);

  const canonical = canonicalPath(page);
  if (canonical === null) {
    doc.head.querySelector('link[rel="canonical"]')?.remove();
    headElement(doc, 'meta[name="robots"]', () => {
      const meta = doc.createElement('meta');
      meta.name = 'robots';
      return meta;
    }).content = 'noindex';
    return;
  }
  doc.head.querySelector('meta[name="robots"]')?.remove();
  const url = new URL(canonical, doc.location.origin);
  if (hostNeedsExplicitBrand(doc.location.host) && brandKey !== DEFAULT_BRAND_KEY) {
    url.searchParams.set(BRAND_QUERY_PARAM, brandKey);
  }
  headElement(doc, 'link[rel="canonical"]', () => {
    const link = doc.createElement('link');
    link.rel = 'canonical';
    return link;
  }).href = url.toString();
}
