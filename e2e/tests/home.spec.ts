import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from '../support/a11y';

/** The page paths reported as page views, in order. */
function pageViews(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter(([command, name]) => command === 'event' && name === 'page_view')
      .map(([, , params]) => String((params as { page_path: unknown }).page_path)),
  );
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

test.describe('home page', () => {
  test("'Search Flights' scrolls to the search form and moves focus there", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Search Flights' });
    await page.getByRole('link', { name: 'Start Searching' }).scrollIntoViewIfNeeded();
    await expect(section).not.toBeInViewport();

    await page.getByRole('link', { name: 'Start Searching' }).click();

    await expect(section).toBeInViewport();
    await expect(section).toBeFocused();
    expect(new URL(page.url()).hash).toBe('');
    // The form's own controls follow in the tab order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Round Trip' })).toBeFocused();
    expect(problems).toEqual([]);
  });

  test('with reduced motion the jump is instant, and works from the keyboard', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Search Flights' }).focus();
    await page.keyboard.press('Enter');

    const section = page.getByRole('region', { name: 'Search Flights' });
    await expect(section).toBeFocused();
    await expect(section).toBeInViewport();
  });

  test("call buttons dial the brand's phone", async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Call +44 20 4577 0199' })).toHaveCount(2);
    for (const link of await main.getByRole('link', { name: 'Call +44 20 4577 0199' }).all()) {
      await expect(link).toHaveAttribute('href', 'tel:+442045770199');
    }

    await page.goto('/?brand=skyhop.localhost');
    await expect(main.getByText(/book in minutes with SkyHop/)).toBeVisible();
    await expect(main.getByRole('region', { name: 'Why book with SkyHop' })).toBeVisible();
    for (const link of await main.getByRole('link', { name: 'Call +44 20 4577 0288' }).all()) {
      await expect(link).toHaveAttribute('href', 'tel:+442045770288');
    }
  });

  test('fits a 375 px phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Price Alerts' })).toBeAttached();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('analytics without a tag id', () => {
  test('records a page view per route change, by path only, and loads nothing from Google', async ({
    page,
  }) => {
    const googleRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.includes('google')) googleRequests.push(request.url());
    });
    await page.goto('/?brand=skyhop.localhost');
    await expect.poll(() => pageViews(page)).toEqual(['/']);

    await page.getByRole('banner').getByRole('link', { name: 'Support' }).first().click();
    await expect(page).toHaveURL(/\/support\?brand=skyhop\.localhost/);
    await expect.poll(() => pageViews(page)).toEqual(['/', '/support']);

    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(googleRequests).toEqual([]);
  });
});
