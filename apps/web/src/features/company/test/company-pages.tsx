import type { Brand } from '@contrail/contracts/brands';
import { findPage, pageTitle } from '@contrail/contracts/pages';
import type { SiteInfo } from '@contrail/contracts/site';
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { buildBrand } from '../../../test/brands';
import { jsonResponse, signedOut, siteInfo, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

/** A brand of its own (not the default), so the pages must show its name and contacts. */
export const skyline: Brand = buildBrand();

/** Opens `path` in the whole app for a signed-out visitor of `brand`, once it has loaded. */
export async function openCompanyPage(
  path: string,
  h1: string | RegExp,
  brand: Brand = skyline,
  site: SiteInfo = siteInfo,
) {
  stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': () => jsonResponse(site),
    [`GET /api/brands/${brand.domain}`]: () => jsonResponse(brand),
  });
  const view = renderApp({ path, brandKey: brand.domain });
  await screen.findByRole('heading', { level: 1, name: h1 });
  // The brand has loaded once the title carries its name.
  await waitFor(() => {
    expect(document.title).toBe(pageTitle(findPage(path), brand.name));
  });
  return { ...view, main: within(screen.getByRole('main')) };
}

/** One h1, first, and no heading more than one level below the one before it. */
export function expectHeadingOutline(container: HTMLElement): number[] {
  const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) =>
    Number(heading.tagName.slice(1)),
  );
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
  });
  return levels;
}

/** The titles of the page's sections (its h2s, without the table of contents). */
export function sectionTitles(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('article section[id] > h2'), (h) => h.textContent);
}

/** The in-page links of 'On this page', as [text, href]. */
export function contentsLinks(): [string, string | null][] {
  const nav = screen.getByRole('navigation', { name: 'On this page' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}
