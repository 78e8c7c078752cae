import { DEFAULT_BRAND_KEY } from './brand-defaults';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The longest host name (RFC 1035), and so the longest brand key. */
export const BRAND_KEY_MAX_LENGTH = 253;
const BRAND_KEY = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

/**
 * Whether a key could name a brand at all: a host name's characters and length. Keys come from
 * the Host header, X-Brand and ?brand=, which anyone can fill; anything else is the default brand.
 */
export function isPlausibleBrandKey(key: string): boolean {
  return key.length <= BRAND_KEY_MAX_LENGTH && BRAND_KEY.test(key);
}

/** Strips the port and brackets from a Host value and lower-cases it. */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end === -1 ? trimmed.slice(1) : trimmed.slice(1, end);
  }
  const colons = trimmed.split(':').length - 1;
  // One colon separates a port; more than one is a bare IPv6 address.
  if (colons === 1) return trimmed.slice(0, trimmed.indexOf(':'));
  return trimmed.replace(/\.$/, '');
}

export function isNumericIp(host: string): boolean {
  return IPV4.test(host) || host.includes(':');
}

/**
 * True where the brand cannot be read from the host itself (localhost, an IP address, a single
 * label), so the `brand` query parameter (or, on the API, the X-Brand header) chooses it.
 */
export function hostNeedsExplicitBrand(host: string): boolean {
  const name = normalizeHost(host);
  if (name === '' || name === 'localhost' || isNumericIp(name)) return true;
  return name.split('.').length < 2;
}

/**
 * The host rules: a host with fewer than two labels, localhost or a numeric IP takes the explicit
 * key (or 'default'); a two-label host is used whole; a longer host drops a leading 'www'.
 */
export function resolveBrandKey(host: string, explicitKey?: string | null): string {
  const key = keyOfHost(host, explicitKey);
  return isPlausibleBrandKey(key) ? key : DEFAULT_BRAND_KEY;
}

function keyOfHost(host: string, explicitKey?: string | null): string {
  if (hostNeedsExplicitBrand(host)) {
    const key = explicitKey?.trim().toLowerCase();
    if (key) return key;
    return DEFAULT_BRAND_KEY;
  }
  const name = normalizeHost(host);
  const labels = name.split('.');
  if (labels.length >= 3 && labels[0] === 'www') return labels.slice(1).join('.');
  return name;
}
