import { test } from '@playwright/test';
import {
  expect,
  expectNoSeriousViolations,
  searchPath,
  SEARCH_CRITERIA,
  VIEWPORTS,
  type ViewportName,
  waitForSettled,
  watchConsole,
} from '../support/a11y';
import { chooseAirport } from '../support/forms';

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`price calendar (${viewport})`, () => {
    test.use(VIEWPORTS[viewport]);

    test("opens from the results, shows the month's prices and opens a chosen day's results", async ({
      page,
    }) => {
      test.slow();
      const problems = watchConsole(page);
      await page.goto(searchPath());
      const results = page.getByRole('list', { name: 'Flight results' });
      await expect(results.getByRole('article').first()).toBeVisible();

      await page.getByRole('button', { name: 'Price calendar' }).click();
      const dialog = page.getByRole('dialog', { name: /^Prices for .+ to .+$/ });
      await expect(dialog).toBeVisible();
      await waitForSettled(page, dialog.getByRole('table'));
      // The searched day is marked; other priced days are links to their own results.
      await expect(dialog.locator('[aria-current="date"]')).toHaveCount(1);
      const day = dialog.getByRole('link', { name: /\$[\d,]+/ }).first();
      await expect(day).toBeVisible();
      await expectNoSeriousViolations(page, `the price calendar (${viewport})`);

      const href = await day.getAttribute('href');
      const chosen = new URL(href ?? '', page.url()).searchParams;
      const departureDate = chosen.get('departureDate');
      expect(departureDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(departureDate).not.toBe(SEARCH_CRITERIA.departureDate);
      await day.click();

      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`departureDate=${departureDate ?? ''}`));
      expect(new URL(page.url()).searchParams.get('returnDate')).toBe(chosen.get('returnDate'));
      await expect(results.getByRole('article').first()).toBeVisible();
      expect(problems).toEqual([]);
    });

    test("opens from the home page's search form once both airports are chosen, and searches the chosen day", async ({
      page,
    }) => {
      test.slow();
      const problems = watchConsole(page);
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Flight search' });
      const open = form.getByRole('button', { name: 'Price calendar' });
      await expect(open).toBeDisabled();
      await chooseAirport(page, 'From', 'lond', /London Heathrow/);
      await chooseAirport(page, 'To', 'new y', /John F Kennedy/);
      await form.getByLabel('Departure').fill(SEARCH_CRITERIA.departureDate);
      await form.getByLabel('Return').fill(SEARCH_CRITERIA.returnDate);
      await open.click();

      const dialog = page.getByRole('dialog', { name: /^Prices for London to New York$/ });
      await waitForSettled(page, dialog.getByRole('table'));
      await expect(dialog.locator('[aria-current="date"]')).toHaveCount(1);
      await expectNoSeriousViolations(page, `the search form's price calendar (${viewport})`);
      // A priced day other than the one in the form: it is searched, with the same trip length.
      const day = dialog
        .getByRole('button', { name: /\$[\d,]+/ })
        .and(dialog.locator(':not([aria-current="date"])'))
        .first();
      await expect(day).toBeVisible();
      await day.click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/search\?/);
      const searched = new URL(page.url()).searchParams;
      const departure = searched.get('departureDate') ?? '';
      const returning = searched.get('returnDate') ?? '';
      expect(departure).not.toBe(SEARCH_CRITERIA.departureDate);
      const lengthDays = (iso: string, from: string) =>
        (Date.parse(iso) - Date.parse(from)) / 86_400_000;
      expect(lengthDays(returning, departure)).toBe(
        lengthDays(SEARCH_CRITERIA.returnDate, SEARCH_CRITERIA.departureDate),
      );
      expect(Object.fromEntries(searched)).toMatchObject({ origin: 'LHR', destination: 'JFK' });
      await expect(
        page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
      ).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}
