import { expect, test, type Page } from '@playwright/test';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { SAME_ORIGIN, isoDate, watchConsole } from '../support/a11y';

/** The browser's own date, `YYYY-MM-DD`, `days` from today (what the form calls today). */
function browserDate(page: Page, days = 0): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    const month = String(date.getMonth() + 1).padStart(2, '0');
    const day = String(date.getDate()).padStart(2, '0');
    return `${date.getFullYear()}-${month}-${day}`;
  }, days);
}

const criteria = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    origin: 'LHR',
    destination: 'JFK',
    departureDate: isoDate(30),
    returnDate: isoDate(37),
    cabinClass: 'economy',
    adultsCount: '2',
    childrenCount: '0',
    infantsCount: '0',
    tripType: 'round-trip',
    ...overrides,
  });

test.describe('fares side by side', () => {
  test('one card per itinerary, its fares compared, and a fare’s Select opens that fare', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const search = criteria();
    const answer = await request.post('/api/flights/search', {
      headers: SAME_ORIGIN,
      data: Object.fromEntries(
        [...search].map(([key, value]) => [key, /^\d+$/.test(value) ? Number(value) : value]),
      ),
    });
    expect(answer.status()).toBe(200);
    const offers = searchOffersOf(await answer.json());

    await page.goto(`/search?${search.toString()}`);
    const results = page.getByRole('list', { name: 'Flight results' });
    const card = results.getByRole('article').first();
    await expect(card).toBeVisible();

    // Economy is sold as Basic, Standard and Flex: three offers make one itinerary.
    const heading = page.getByRole('heading', { name: /^\d+ flights$/ });
    const count = Number((await heading.textContent())?.match(/^\d+/)?.[0]);
    expect(count * 3).toBe(offers.length);

    const fares = card.getByRole('group', { name: 'Fares' }).getByRole('group');
    await expect(fares).toHaveCount(3);
    await expect(fares.nth(0)).toHaveAccessibleName('Basic fare');
    await expect(fares.nth(1)).toHaveAccessibleName('Standard fare');
    await expect(fares.nth(2)).toHaveAccessibleName('Flex fare');
    await expect(fares.nth(0)).toContainText('No checked bag');
    await expect(fares.nth(1)).toContainText('1 checked bag');
    await expect(fares.nth(2)).toContainText('Full refund');
    // Two travellers: each fare gives the total and the price per person.
    await expect(card.getByText(/^\$[\d,]+ per person$/).first()).toBeVisible();
    await expect(card).toContainText('Price is for all passengers');
    await expect(card.getByTestId('itinerary-emissions')).toContainText(/[\d,]+ kg CO₂/);

    const standard = fares.nth(1);
    const standardPrice = (await standard.getByTestId('fare-price').textContent()) ?? '';
    await standard.getByRole('link', { name: /^Select/ }).click();
    await expect(page).toHaveURL(/\/flight\/off_/);
    const summary = page.getByRole('region', { name: 'Price Summary' });
    await expect(summary).toContainText('Fare: Standard');
    const total =
      (await summary
        .getByText(/^\$[\d,]+\.\d{2}$/)
        .last()
        .textContent()) ?? '';
    expect(Math.round(Number(total.replace(/[$,]/g, '')))).toBe(
      Number(standardPrice.replace(/[$,]/g, '')),
    );
    expect(problems).toEqual([]);
  });

  for (const width of [360, 390]) {
    test(`the cards and their fares fit a ${width} px phone without widening the page`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/search?${criteria().toString()}`);
      const cards = page.getByRole('list', { name: 'Flight results' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // The strip of nearby dates scrolls on a phone, the chosen day in its middle.
      const strip = page.getByRole('navigation', { name: 'Prices on nearby dates' });
      const chosen = strip.locator('[aria-current="date"]');
      await expect
        .poll(async () => {
          const [box, day] = await Promise.all([strip.boundingBox(), chosen.boundingBox()]);
          if (!box || !day) return Number.NaN;
          return Math.abs(day.x + day.width / 2 - (box.x + box.width / 2));
        })
        .toBeLessThan(2);
      // Every fare of a card further down, laid out only when it comes near, fits as well.
      const later = cards.nth(5);
      await later.scrollIntoViewIfNeeded();
      for (const fare of await later.getByRole('group', { name: /fare$/ }).all()) {
        const box = await fare.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  }

  test('Best explains what it weighs in a tooltip', async ({ page }) => {
    await page.goto(`/search?${criteria().toString()}`);
    const best = page.getByRole('radio', { name: /^Best/ });
    await expect(best).toBeVisible();
    await expect(best).toHaveAccessibleDescription(/price \(60%\) and journey time \(40%\)/);
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeHidden();
    await best.hover();
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
  });
});

test.describe('remember and share', () => {
  test('the home form starts from the last search, a past departure moved to today', async ({
    page,
  }) => {
    const search = criteria({ cabinClass: 'business' });
    await page.goto(`/search?${search.toString()}`);
    await expect(
      page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
    ).toBeVisible();

    await page.goto('/');
    const form = page.getByRole('form', { name: 'Flight search' });
    await expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    await expect(form.getByRole('combobox', { name: 'To' })).toHaveValue('New York (JFK)');
    await expect(form.getByLabel('Departure')).toHaveValue(isoDate(30));
    await expect(form.getByLabel('Return')).toHaveValue(isoDate(37));
    await expect(form.getByRole('radio', { name: 'Business' })).toBeChecked();
    await expect(form.getByLabel('Passengers')).toContainText('2 Adults');

    // The same search a week later: its dates have passed.
    const today = await browserDate(page);
    await page.evaluate(
      ([departureDate, returnDate]) => {
        const saved = JSON.parse(localStorage.getItem('contrail.lastSearch') ?? '{}') as object;
        localStorage.setItem(
          'contrail.lastSearch',
          JSON.stringify({ ...saved, departureDate, returnDate }),
        );
      },
      [await browserDate(page, -10), await browserDate(page, -3)],
    );
    await page.reload();
    await expect(form.getByLabel('Departure')).toHaveValue(today);
    await expect(form.getByLabel('Return')).toHaveValue(await browserDate(page, 7));
    await expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
  });

  test('a shared link that cannot be searched says what is wrong and keeps the rest', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const returning = isoDate(37);
    await page.goto(
      `/search?${criteria({ origin: 'ZZZ', departureDate: '2026-02-30', adultsCount: '0', returnDate: returning }).toString()}`,
    );

    await expect(page.getByRole('heading', { level: 1, name: 'Check this search' })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'cannot run' });
    await expect(alert).toContainText(
      'From: no airport has the code ZZZ. Please select an origin airport',
    );
    await expect(alert).toContainText(
      'Departure: “2026-02-30” is not a date on the calendar. Please select a departure date',
    );
    await expect(alert).toContainText('Adults: At least 1 adult is required');
    await expect(page).toHaveURL(/\/search\?/);

    const form = page.getByRole('form', { name: 'Flight search' });
    await expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: 'To' })).toHaveValue('New York (JFK)');
    await expect(form.getByLabel('Return')).toHaveValue(returning);
    await expect(form.getByLabel('Departure')).toHaveAccessibleDescription(
      'Please select a departure date',
    );

    // Fixed in the form, the search runs.
    const from = form.getByRole('combobox', { name: 'From' });
    await from.click();
    await from.pressSequentially('lond');
    await page.getByRole('option', { name: /London Heathrow/ }).click();
    await form.getByLabel('Departure').fill(isoDate(30));
    await form.getByRole('button', { name: 'Search Flights' }).click();
    await expect(
      page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
    ).toBeVisible();
    expect(new URL(page.url()).searchParams.get('origin')).toBe('LHR');
    expect(problems).toEqual([]);
  });

  test('an old link: a past date is named, not silently dropped', async ({ page }) => {
    await page.goto(
      `/search?${criteria({ departureDate: isoDate(-5), returnDate: isoDate(2) }).toString()}`,
    );
    await expect(page.getByRole('alert').filter({ hasText: 'cannot run' })).toContainText(
      'Departure: Departure date cannot be in the past',
    );
    await expect(
      page.getByRole('form', { name: 'Flight search' }).getByRole('combobox', { name: 'From' }),
    ).toHaveValue('London (LHR)');
  });
});
