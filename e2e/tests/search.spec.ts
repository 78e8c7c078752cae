import { expect, test } from '@playwright/test';
import { chooseAirport, daysFromToday } from '../support/forms';
import { watchConsole } from '../support/a11y';

function sortedParams(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
}

test.describe('flight search', () => {
  test('search a return trip, sort, filter, open an offer and come back to the same results', async ({
    page,
  }) => {
    // A whole journey (search, sort, filter, offer, back): more than one default timeout on a
    // loaded two-core machine.
    test.slow();
    const problems = watchConsole(page);
    const departure = daysFromToday(21);
    const returning = daysFromToday(28);

    await page.goto('/');
    const form = page.getByRole('form', { name: 'Flight search' });
    await chooseAirport(page, 'From', 'lond', /London Heathrow/);
    await expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    await chooseAirport(page, 'To', 'new y', /John F Kennedy/);
    await expect(form.getByRole('combobox', { name: 'To' })).toHaveValue('New York (JFK)');
    await form.getByLabel('Departure').fill(departure);
    await form.getByLabel('Return').fill(returning);
    await form.getByRole('button', { name: 'Search Flights' }).click();

    await expect(page).toHaveURL(/\/search\?/);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: departure,
      returnDate: returning,
      cabinClass: 'economy',
      adultsCount: '1',
      childrenCount: '0',
      infantsCount: '0',
      tripType: 'round-trip',
    });
    const results = page.getByRole('list', { name: 'Flight results' });
    await expect(results.getByRole('article').first()).toBeVisible();

    // Cheapest first: every price at least the one before.
    await page.getByRole('radio', { name: /Cheapest/ }).click();
    await expect(page).toHaveURL(/sort=cheapest/);
    const prices = (await results.getByTestId('offer-price').allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Non-stop only: every card says so.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: /Non-stop/ }).check();
    await expect(page).toHaveURL(/stops=0/);
    await expect(page.getByRole('heading', { name: /^\d+ of \d+ flights$/ })).toBeVisible();
    const stops = await results.getByTestId('offer-stops').allTextContents();
    expect(stops.length).toBeGreaterThan(0);
    expect(new Set(stops)).toEqual(new Set(['Non-stop']));
    const resultsUrl = page.url();

    // The offer and its price summary: the first fare of the first itinerary.
    await results
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Select/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/flight\/off_/);
    const summary = page.getByRole('region', { name: 'Price Summary' });
    await expect(summary.getByText('Base fare')).toBeVisible();
    await expect(summary.getByText('Taxes & fees')).toBeVisible();
    await expect(summary.getByText('Total', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Outbound Flight' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Return Flight' })).toBeVisible();
    await expect(page.getByText(/This offer expires in \d+ minutes?\./)).toBeVisible();

    // Back to exactly the same results: same parameters, same sort and filter applied.
    await page.getByRole('link', { name: 'Back to Search Results' }).first().click();
    await expect(page).toHaveURL(/\/search\?/);
    expect(sortedParams(page.url())).toEqual(sortedParams(resultsUrl));
    await expect(page.getByRole('radio', { name: /Cheapest/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(
      page
        .getByRole('complementary', { name: 'Filters' })
        .getByRole('checkbox', { name: /Non-stop/ }),
    ).toBeChecked();
    await expect(results.getByRole('article').first()).toBeVisible();
    expect(new Set(await results.getByTestId('offer-stops').allTextContents())).toEqual(
      new Set(['Non-stop']),
    );

    expect(problems).toEqual([]);
  });

  test('a route nobody flies shows the empty state', async ({ page }) => {
    const departure = daysFromToday(30);
    await page.goto(
      `/search?origin=PVD&destination=RAI&departureDate=${departure}&cabinClass=economy&adultsCount=1&childrenCount=0&infantsCount=0&tripType=one-way`,
    );
    await expect(page.getByText('No flights found')).toBeVisible();
  });

  test('/search without any criterion goes back to the search form', async ({ page }) => {
    await page.goto('/search?sort=cheapest');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('form', { name: 'Flight search' })).toBeVisible();
  });
});
