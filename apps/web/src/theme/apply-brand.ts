import { DEFAULT_BRAND_NAME, type Brand } from '@contrail/contracts/brands';
import { themeVariables } from '@contrail/contracts/theme';

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

/**
 * The brand's theme: the generated theme replaces the earlier one. The page's title and icon,
 * which name the brand too, are rendered with the page's head (app/layout/page-head.tsx).
 */
export function applyBrand(brand: Brand, doc: Document = document): void {
  applyThemeVariables(brand.theme, doc.documentElement);
}
