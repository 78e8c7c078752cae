import type { Locator, Page } from '@playwright/test';

/**
 * `YYYY-MM-DD`, `days` from today in the browser's (and this machine's) own time zone: the day a
 * traveller types into the search form's date fields.
 */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear())}-${month}-${day}`;
}

/**
 * Types `query` into the airport field `label` (within `scope`: a multi-city flight's row, else
 * the page) and picks the suggestion `option`.
 */
export async function chooseAirport(
  page: Page,
  label: string,
  query: string,
  option: RegExp,
  scope: Page | Locator = page,
) {
  const field = scope.getByRole('combobox', { name: label });
  await field.click();
  await field.pressSequentially(query);
  await page.getByRole('option', { name: option }).click();
}
