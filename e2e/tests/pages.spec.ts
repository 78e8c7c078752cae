import { expect, test, type Page } from '@playwright/test';

// Every page's status, title and head come from one page table: the server writes them into
// the HTML (for crawlers and the first paint) and the app keeps them true on every navigation.

const head = (page: Page) =>
  page.evaluate(() => ({
    description:
      document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null,
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
    robots: document.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content ?? null,
  }));

test.describe('pages', () => {
  test('an unknown path answers 404 with the branded not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page?brand=skyhop.localhost');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found - SkyHop');
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(
      page.getByRole('banner').getByText('SkyHop', { exact: true }).first(),
    ).toBeVisible();
    expect((await head(page)).robots).toBe('noindex');

    // Routes with a parameter are real pages.
    expect((await page.request.get('/flight/off_no_such_offer')).status()).toBe(200);
    expect((await page.request.get('/flight/off_1/extra')).status()).toBe(404);
  });

  test("the server writes each page's title, description and canonical link", async ({ page }) => {
    // Without JavaScript only the server's HTML speaks, as for a crawler.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/faq?brand=skyhop.localhost');
    await expect(page).toHaveTitle('Frequently Asked Questions - SkyHop');
    const { description, canonical, robots } = await head(page);
    expect(description).toContain('SkyHop');
    expect(canonical).toBe(new URL('/faq?brand=skyhop.localhost', page.url()).href);
    expect(robots).toBeNull();
  });

  test('the title changes with every page the visitor moves to, and back', async ({ page }) => {
    await page.goto('/?brand=skyhop.localhost');
    await expect(page).toHaveTitle('SkyHop - Flight Booking');

    await page.getByRole('banner').getByRole('link', { name: 'Support' }).first().click();
    await expect(page).toHaveURL(/\/support\?brand=skyhop\.localhost$/);
    await expect(page).toHaveTitle('Support - SkyHop');

    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq\?brand=skyhop\.localhost$/);
    await expect(page).toHaveTitle('Frequently Asked Questions - SkyHop');
    await expect
      .poll(async () => (await head(page)).description)
      .toMatch(/^Answers to common questions .* at SkyHop\.$/);
    expect((await head(page)).canonical).toBe(
      new URL('/faq?brand=skyhop.localhost', page.url()).href,
    );

    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page).toHaveTitle('Sign In - SkyHop');
    await expect.poll(async () => (await head(page)).robots).toBe('noindex');
    expect((await head(page)).canonical).toBeNull();

    await page.goBack();
    await expect(page).toHaveTitle('Frequently Asked Questions - SkyHop');
    await page.goBack();
    await expect(page).toHaveTitle('Support - SkyHop');
  });

  test('robots.txt and sitemap.xml speak for the brand of the host', async ({ page }) => {
    const robots = await page.request.get('/robots.txt?brand=skyhop.localhost');
    expect(robots.status()).toBe(200);
    const origin = new URL(robots.url()).origin;
    const text = await robots.text();
    for (const path of ['/api/', '/booking', '/my-trips', '/account-settings', '/admin/brands']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml?brand=skyhop.localhost`);

    const sitemap = await page.request.get('/sitemap.xml?brand=skyhop.localhost');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain(`${origin}/about?brand=skyhop.localhost`);
    expect(urls).toContain(`${origin}/expedia?brand=skyhop.localhost`);
    expect(urls.some((url) => /my-trips|admin|booking|login/.test(url ?? ''))).toBe(false);
    // Every page the sitemap lists is there, with its canonical link pointing back at it.
    for (const url of urls.slice(0, 3)) {
      const listed = await page.request.get(url ?? '');
      expect(listed.status()).toBe(200);
      expect(await listed.text()).toContain(
        `<link rel="canonical" href="${(url ?? '').replaceAll('&', '&amp;')}" />`,
      );
    }
  });
});
