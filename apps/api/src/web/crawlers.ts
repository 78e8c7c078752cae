import { canonicalPath, PAGES } from '@contrail/contracts/pages';
import { pageUrl, type SiteUrl } from '../lib/site-url';
import { escapeHtml } from './render-page';

/**
 * robots.txt for one brand's site: the API and every private page (bookings, accounts, admin)
 * are off limits, and the sitemap is named by its absolute URL on the same host.
 */
export function robotsTxt(site: SiteUrl): string {
  const disallowed = ['/api/', ...PAGES.filter((p) => p.indexing === 'private').map((p) => p.path)];
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${pageUrl(site, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** sitemap.xml for one brand's site: the public content pages, each by its canonical URL. */
export function sitemapXml(site: SiteUrl): string {
  const paths = PAGES.filter((page) => canonicalPath(page) === page.path).map((p) => p.path);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeHtml(pageUrl(site, path))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
