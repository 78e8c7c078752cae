import { describe, expect, it } from 'vitest';
import { pageDescription } from './page-descriptions';
import { canonicalPath, findPage, PAGES, pageTitle } from './pages';

describe('findPage', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/about/', '/about'],
    ['/ABOUT', '/about'],
    ['/flight/off_123', '/flight/$id'],
    ['/flight', '/flight'],
    ['/admin/brands', '/admin/brands'],
    ['/admin', '/admin'],
    ['/search', '/search'],
  ])('finds the page of %s', (path, page) => {
    expect(findPage(path)?.path).toBe(page);
  });

  it.each([
    '/no-such-page',
    '/flight/off_123/seats',
    '/admin/no-such-screen',
    '/about/team',
    '/api/brands',
  ])('finds no page for %s', (path) => {
    expect(findPage(path)).toBeUndefined();
  });
});

describe('pageTitle', () => {
  it("gives the home page the spec's brand title and every other page its own", () => {
    expect(pageTitle(findPage('/'), 'SkyHop')).toBe('SkyHop - Flight Booking');
    expect(pageTitle(findPage('/faq'), 'SkyHop')).toBe('Frequently Asked Questions - SkyHop');
    expect(pageTitle(findPage('/flight/off_1'), 'SkyHop')).toBe('Flight Details - SkyHop');
    expect(pageTitle(undefined, 'SkyHop')).toBe('Page Not Found - SkyHop');
  });

  it('uses the product name for a brand without one', () => {
    expect(pageTitle(findPage('/about'), '  ')).toBe('About Us - Contrail');
  });

  it('gives every page but the twins of another a title no other page has', () => {
    const titles = PAGES.filter((page) => !('sameAs' in page) && page.path !== '/flight').map(
      (page) => pageTitle(page, 'B'),
    );
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('pageDescription', () => {
  it("describes every page and the not-found page in the brand's name", () => {
    for (const page of [...PAGES, undefined]) {
      const description = pageDescription(page, 'SkyHop');
      expect(description).toContain('SkyHop');
      expect(description.length).toBeLessThanOrEqual(200);
    }
  });
});

describe('canonicalPath', () => {
  it('points a page that repeats another at it, and gives noindex pages none', () => {
    expect(canonicalPath(findPage('/faq'))).toBe('/faq');
    expect(canonicalPath(findPage('/privacy-policy'))).toBe('/privacy');
    expect(canonicalPath(findPage('/search'))).toBeNull();
    expect(canonicalPath(findPage('/my-trips'))).toBeNull();
    expect(canonicalPath(undefined)).toBeNull();
  });

  it('keeps every account and admin page out of search engines', () => {
    for (const page of PAGES) {
      if (page.access !== 'anyone') expect(page.indexing).toBe('private');
    }
  });
});
