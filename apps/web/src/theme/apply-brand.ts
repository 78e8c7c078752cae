import { DEFAULT_BRAND_NAME } from '@contrail/contracts/brand-defaults';
import type { Brand } from '@contrail/contracts/brands';
import { themeVariables } from '@contrail/contracts/theme';

/** The page icon of a brand without a logo (the server's rule too). */
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
