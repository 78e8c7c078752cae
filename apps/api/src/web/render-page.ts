import type { Brand } from '@contrail/contracts/brands';
import { CSP_NONCE_META_PROPERTY, type BootData } from '@contrail/contracts/site';
import { themeCss } from '@contrail/contracts/theme';

const TITLE = /<title>[^<]*<\/title>/;
const ICON = /<link rel="icon"[^>]*>/;
const BOOT_DATA = /(<script id="boot-data" type="application\/json">)null(<\/script>)/;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Checks at start that the built index.html still has the markers the server rewrites. */
export function assertTemplate(template: string): void {
  for (const [name, pattern] of [
    ['title', TITLE],
    ['icon link', ICON],
    ['boot data', BOOT_DATA],
  ] as const) {
    if (!pattern.test(template)) throw new Error(`The web app's index.html has no ${name} marker`);
  }
  if (!template.includes('</head>')) throw new Error("The web app's index.html has no </head>");
}

/** What the page's <head> says about it: the same values the web app sets on navigation. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the canonical link; null for a page search engines are not to index. */
  canonicalUrl: string | null;
}

/**
 * Writes the brand and the page into the HTML before it reaches the browser: title, description,
 * canonical link (or a robots noindex), icon, theme variables (in a nonce'd <style>) and the boot
 * data, so the first paint is already in the brand's colours and crawlers read the page's own
 * title. Given the response's script nonce, a `<meta property="csp-nonce">` carries it for the
 * one script the app adds itself (the Google tag, when one is configured).
 */
export function renderPage(
  template: string,
  boot: BootData & { brand: Brand },
  page: PageHead,
  styleNonce: string,
  scriptNonce?: string,
): string {
  const { brand } = boot;
  const icon = brand.logo
    ? `<link rel="icon" href="${escapeHtml(brand.logo)}" />`
    : '<link rel="icon" href="/favicon.svg" />';
  const head =
    `<meta name="description" content="${escapeHtml(page.description)}" />` +
    (page.canonicalUrl
      ? `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}" />`
      : '<meta name="robots" content="noindex" />') +
    `<meta name="theme-color" content="${escapeHtml(brand.theme.primary)}" />` +
    `<style id="brand-theme" nonce="${escapeHtml(styleNonce)}">${themeCss(brand.theme)}</style>` +
    (scriptNonce
      ? `<meta property="${CSP_NONCE_META_PROPERTY}" nonce="${escapeHtml(scriptNonce)}" />`
      : '') +
    '</head>';
  return template
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(ICON, () => icon)
    .replace(
      BOOT_DATA,
      (_match, open: string, close: string) => `${open}${jsonForScript(boot)}${close}`,
    )
    .replace('</head>', () => head);
}
