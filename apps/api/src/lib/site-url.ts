import { hostNeedsExplicitBrand } from '@contrail/contracts/brand-key';
import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brands';
import { BRAND_QUERY_PARAM } from '@contrail/contracts/site';

/** Where a brand's pages are, for absolute links in e-mails. */
export interface SiteUrl {
  /** "https://skyhop.example" (no trailing slash). */
  origin: string;
  /** Set where the host cannot name the brand (localhost, an IP): links add `?brand=`. */
  brandParam: string | null;
}

/**
 * The address a request reached the brand at. The host is used only when it is trustworthy for
 * links: it names this very brand, or it is a local or IP address (development, tests). Any
 * other host fell back to the default brand and may have been forged (a reset link pointing at
 * someone else's site), so those links use `publicUrl` (PUBLIC_URL) where it is configured.
 */
export function siteUrlFor(
  request: { protocol: string; host: string; brandKey: string },
  brandKey: string,
  publicUrl?: string,
): SiteUrl {
  const origin = `${request.protocol}://${request.host}`;
  if (hostNeedsExplicitBrand(request.host)) {
    return { origin, brandParam: brandKey === DEFAULT_BRAND_KEY ? null : brandKey };
  }
  if (request.brandKey === brandKey || !publicUrl) return { origin, brandParam: null };
  return { origin: publicUrl.replace(/\/+$/, ''), brandParam: null };
}

/** An absolute link to a page of the site, with its search parameters. */
export function pageUrl(site: SiteUrl, path: string, search: Record<string, string> = {}): string {
  const url = new URL(path, `${site.origin}/`);
  for (const [name, value] of Object.entries(search)) url.searchParams.set(name, value);
  if (site.brandParam) url.searchParams.set(BRAND_QUERY_PARAM, site.brandParam);
  return url.toString();
}
