import { hostNeedsExplicitBrand, normalizeHost } from '@contrail/contracts/brand-key';
import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brands';
import { BRAND_QUERY_PARAM } from '@contrail/contracts/site';

/** Where a brand's pages are, for absolute links in e-mails. */
export interface SiteUrl {
  /** "https://skyhop.example" (no trailing slash). */
  origin: string;
  /** Set where the host cannot name the brand (localhost, an IP): links add `?brand=`. */
  brandParam: string | null;
}

/** What the installation says about where it is reached, read once from its configuration. */
export interface KnownSites {
  /** PUBLIC_URL: the default brand's address (and the scheme of every brand's). */
  publicUrl: string | undefined;
  /** HOST and PORT: where this server itself listens, the address of last resort. */
  host: string;
  port: number;
  /** Development and tests: a loopback Host is used as it was reached. */
  trustLoopback: boolean;
}

const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

function isLoopback(name: string): boolean {
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '::1' || LOOPBACK_V4.test(name)
  );
}

/** The server's own address: a wildcard listen address is reached on this machine's loopback. */
function listenOrigin({ host, port }: KnownSites): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${String(port)}`;
}

/** The port of a Host value (`name:port`, `[v6]:port`), if it names one. */
function portOf(host: string): string | null {
  return /(?:^[^:]*|\])(:\d{1,5})$/.exec(host.trim())?.[1]?.slice(1) ?? null;
}

/**
 * The address a brand's links go to. Every link in every e-mail goes to a known site: the brand's
 * own host (its domain), PUBLIC_URL, or, with no PUBLIC_URL, the address this server listens on.
 * A request's Host is used only when it is one of those, or in development a loopback address:
 * any other Host may have been forged (a reset link pointing at someone else's site). A port is
 * kept only where it is the server's own or PUBLIC_URL's: a brand's host on another port is not
 * known to be the brand's.
 */
export function siteUrlFor(
  request: { protocol: string; host: string },
  brandKey: string,
  sites: KnownSites,
): SiteUrl {
  const reached = normalizeHost(request.host);
  const byName = !hostNeedsExplicitBrand(brandKey);
  const brandParam = brandKey === DEFAULT_BRAND_KEY ? null : brandKey;
  const port = portOf(request.host);
  const publicUrl = sites.publicUrl ? new URL(sites.publicUrl) : null;
  const knownPort = port === null || port === String(sites.port) || port === publicUrl?.port;
  const hostKey =
    reached.startsWith('www.') && reached.split('.').length >= 3 ? reached.slice(4) : reached;

  if (byName && hostKey === brandKey && knownPort) {
    return {
      origin: `${request.protocol}://${request.host.trim().toLowerCase()}`,
      brandParam: null,
    };
  }
  if (sites.trustLoopback && isLoopback(reached)) {
    return {
      origin: `${request.protocol}://${request.host.trim().toLowerCase()}`,
      brandParam: hostNeedsExplicitBrand(request.host) ? brandParam : null,
    };
  }
  if (publicUrl) {
    if (byName) return { origin: `${publicUrl.protocol}//${brandKey}`, brandParam: null };
    return {
      origin: publicUrl.origin,
      brandParam: hostNeedsExplicitBrand(publicUrl.host) ? brandParam : null,
    };
  }
  return { origin: listenOrigin(sites), brandParam };
}

/** An absolute link to a page of the site, with its search parameters. */
export function pageUrl(site: SiteUrl, path: string, search: Record<string, string> = {}): string {
  const url = new URL(path, `${site.origin}/`);
  for (const [name, value] of Object.entries(search)) url.searchParams.set(name, value);
  if (site.brandParam) url.searchParams.set(BRAND_QUERY_PARAM, site.brandParam);
  return url.toString();
}
