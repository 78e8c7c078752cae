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
  });
}
