import { DEFAULT_BRAND_NAME, type Brand } from '@contrail/contracts/brands';
import { themeVariables } from '@contrail/contracts/theme';

export const DEFAULT_FAVICON = '/favicon.svg';

const appliedVariables = new WeakMap<HTMLElement, ReadonlySet<string>>();

/**
 * Sets the brand's theme as CSS custom properties on <html>. Inline properties win over the
 * server's `:root` rule, and the CSP allows them (no <style> element is created at runtime).
 * Properties set by an earlier call and absent now are removed, so a theme replaces the last one.
 */
export function applyThemeVariables(
  theme: Brand['theme'],
  root: HTMLElement = document.documentElement,
): void {
  const variables = themeVariables(theme);
  const names = new Set(Object.keys(variables));
  for (const name of appliedVariables.get(root) ?? []) {
    if (!names.has(name)) root.style.removeProperty(name);
  }
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  appliedVariables.set(root, names);
}

export function brandDisplayName(brand: Pick<Brand, 'name'>): string {
  return brand.name.trim() || DEFAULT_BRAND_NAME;
}

/** The page icon becomes the brand logo when the brand has one. */
export function applyFavicon(logo: string | null, doc: Document = document): void {
  const href = logo ?? DEFAULT_FAVICON;
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Theme and page icon of a brand: the generated theme replaces the earlier one and the page icon
 * becomes the brand's logo, if it has one. The title, which names the page too, is PageMeta's
 * (app/layout/page-meta.tsx).
 */
export function applyBrand(brand: Brand, doc: Document = document): void {
  applyThemeVariables(brand.theme, doc.documentElement);
  applyFavicon(brand.logo, doc);
}
