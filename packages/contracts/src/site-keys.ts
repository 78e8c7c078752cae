// The names the server and the web app share for a page's boot data, brand and script nonce,
// without the schemas of site.ts (the web app's entry chunk reads them, and zod stays out of it).

export const BOOT_DATA_ELEMENT_ID = 'boot-data';
/**
 * The server hands a page's script nonce to the app in `<meta property="csp-nonce" nonce="…">`
 * (the element Vite's `html.cspNonce` uses), for the one script the app may add: the Google tag.
 */
export const CSP_NONCE_META_PROPERTY = 'csp-nonce';
export const BRAND_QUERY_PARAM = 'brand';
export const BRAND_HEADER = 'x-brand';
