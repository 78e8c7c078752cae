import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    dataLayer?: unknown[];
    /** For each phone click: conversions recorded and whether the page held the click. */
    phoneClicks?: { conversions: number; held: boolean }[];
  }
}

/**
 * Runs after the page's own handlers, at the moment the browser would dial: notes what was
 * recorded by then, then stops the dialling (a headless browser has nothing to call with).
 */
async function watchPhoneClicks(page: Page) {
  await page.evaluate(() => {
    window.phoneClicks = [];
    window.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link?.protocol !== 'tel:') return;
      const conversions = (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter(([command, name]) => command === 'event' && name === 'conversion').length;
      window.phoneClicks?.push({ conversions, held: event.defaultPrevented });
      event.preventDefault();
    });
  });
}

const description = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null,
  );

test.describe('partner page', () => {
  test('has its own title and description, and the next page its own', async ({ page }) => {
    await page.goto('/expedia?brand=skyhop.localhost');
    await expect(page).toHaveTitle('Partner Flight Offers - SkyHop');
    expect(await description(page)).toMatch(/^Partner flight offers from SkyHop/);

    await page.getByRole('banner').getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/\?brand=skyhop\.localhost$/);
    await expect(page).toHaveTitle('SkyHop - Flight Booking');
    await expect.poll(() => description(page)).toMatch(/^Search flights from hundreds of airlines/);
  });

  test('shows the search form, airlines, features, offers and contacts', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/expedia');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Partner flight offers');
    await expect(main.getByRole('form', { name: 'Flight search' })).toBeVisible();
    for (const airline of [
      'Delta Air Lines',
      'United Airlines',
      'American Airlines',
      'Southwest Airlines',
      'Air Canada',
      'JetBlue',
    ]) {
      await expect(main.getByText(airline, { exact: true })).toBeVisible();
    }
    await expect(
      main.getByRole('region', { name: 'Why travellers book with Contrail' }).getByRole('heading', {
        level: 3,
      }),
    ).toHaveCount(6);
    await expect(
      main.getByRole('region', { name: 'Ways to save' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(3);
    await expect(main.getByText('Save up to 25%')).toBeVisible();
    await expect(main.getByText('Average wait time: less than 30 seconds').first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'support@contrail.example' })).toHaveAttribute(
      'href',
      'mailto:support@contrail.example',
    );
    expect(problems).toEqual([]);
  });

  test('phone links record the conversion before the browser dials', async ({ page }) => {
    await page.goto('/expedia?brand=skyhop.localhost');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await watchPhoneClicks(page);

    const calls = main.getByRole('link', { name: 'Call +44 20 4577 0288' });
    await expect(calls.first()).toHaveAttribute('href', 'tel:+442045770288');
    await calls.first().click();
    await main.getByRole('link', { name: '+44 20 4577 0288', exact: true }).click();
    // From the keyboard too.
    await calls.last().focus();
    await page.keyboard.press('Enter');

    // Without a tag id the conversion is only recorded, and the call is not held up.
    expect(await page.evaluate(() => window.phoneClicks)).toEqual([
      { conversions: 1, held: false },
      { conversions: 2, held: false },
      { conversions: 3, held: false },
    ]);
  });
});
