import { defaultBrand } from '@contrail/contracts/brand-defaults';
import { hostNeedsExplicitBrand, resolveBrandKey } from '@contrail/contracts/brand-key';
import type { Brand } from '@contrail/contracts/brands';
import { bootDataReader } from '@contrail/contracts/readers';
import type { BootData } from '@contrail/contracts/site';
import { BOOT_DATA_ELEMENT_ID, BRAND_QUERY_PARAM } from '@contrail/contracts/site-keys';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { brandQueryOptions } from '../features/brand/api/get-brand';
import { siteInfoQueryOptions } from '../features/site/api/get-site-info';
import { setBrandHeader } from '../lib/api-client';
import { applyThemeVariables } from '../theme/apply-brand';

/**
 * The server writes the brand it resolved for this page into `<script id="boot-data">` (the vite
 * dev server leaves `null`). Anything unreadable counts as absent.
 */
export function readBootData(doc: Document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent.trim() ?? '';
  if (text === '' || text === 'null') return null;
  try {
    const parsed = bootDataReader.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.error('Ignoring invalid boot data', parsed.error);
  } catch (error) {
    console.error('Ignoring unreadable boot data', error);
  }
  return null;
}

/**
 * Radix dialogs lock page scrolling with a small <style> element (react-remove-scroll), which the
 * CSP blocks unless it carries the page's nonce. That library reads the nonce from the
 * `__webpack_nonce__` global (get-nonce); the server's theme <style> holds this page's nonce.
 */
export function shareStyleNonce(doc: Document): void {
  const nonce = doc.querySelector<HTMLStyleElement>('style[nonce]')?.nonce;
  if (nonce) Reflect.set(globalThis, '__webpack_nonce__', nonce);
}

export interface BootResult {
  brandKey: string;
  /** The brand painted first: the boot data's, or the default brand until the API answers. */
  initialBrand: Brand;
}

/**
 * Runs once before the first render: resolves the brand key from the host name (localhost, an IP
 * address or a single label take it from `?brand=`), sets the X-Brand header where the host cannot
 * name the brand, seeds the brand and site queries from boot data (so they make no request), and
 * applies the first theme synchronously.
 */
export function bootApp({
  location,
  doc,
  queryClient,
}: {
  location: Pick<Location, 'host' | 'search'>;
  doc: Document;
  queryClient: QueryClient;
}): BootResult {
  const explicitKey = new URLSearchParams(location.search).get(BRAND_QUERY_PARAM);
  const brandKey = resolveBrandKey(location.host, explicitKey);
  setBrandHeader(hostNeedsExplicitBrand(location.host) ? brandKey : null);

  const bootData = readBootData(doc);
  let initialBrand = defaultBrand;
  if (bootData) {
    queryClient.setQueryData(siteInfoQueryOptions().queryKey, bootData.site);
    // The server knew the session when it wrote the page: no request for the user at start.
    if (bootData.user !== undefined) {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, bootData.user);
    }
    if (bootData.brandKey === brandKey) {
      // `null` is the server saying the key names no brand: the default brand, no request.
      queryClient.setQueryData(brandQueryOptions(brandKey).queryKey, bootData.brand);
      initialBrand = bootData.brand ?? defaultBrand;
    }
  }
  applyThemeVariables(initialBrand.theme, doc.documentElement);
  shareStyleNonce(doc);
  return { brandKey, initialBrand };
}
