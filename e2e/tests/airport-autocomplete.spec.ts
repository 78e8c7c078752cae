import { expect, test, type Page } from '@playwright/test';
import { daysFromToday } from '../support/forms';

/** A date `days` from today, `YYYY-MM-DD` (the browser and this process share the clock). */

async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByRole('form', { name: 'Flight search' }).getByRole('combobox', {
    name: label,
  });
  await field.click();
  await field.pressSequentially(text);
  return field;
}

test.describe('airport autocomplete', () => {
  test('Tab and a click elsewhere take the match, and a city searches all its airports', async ({
    page,
  }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Flight search' });

    const from = await typeInto(page, 'From', 'JFK');
    await expect(page.getByRole('option').first()).toContainText('John F Kennedy');
    await page.keyboard.press('Tab');
    await expect(from).toHaveValue('New York (JFK)');
    await expect(from).not.toBeFocused();

    // Typed and left without waiting for the list to be looked at: the city itself.
    await from.fill('');
    await from.pressSequentially('nyc');
    await expect(page.getByRole('option').first()).toContainText('New York (all airports)');
    await page.keyboard.press('Tab');
    await expect(from).toHaveValue('New York (NYC)');

    const to = await typeInto(page, 'To', 'lon');
    const options = page.getByRole('option');
    await expect(options.nth(0)).toContainText('London (all airports)');
    await expect(options.nth(1)).toContainText('London Heathrow');
    await expect(options.nth(2)).toContainText('London Gatwick');
    await form.getByRole('tab', { name: 'Round Trip' }).click();
    await expect(to).toHaveValue('London (LON)');

    // Text that names nothing stays as typed.
    await to.fill('');
    await to.pressSequentially('zzq');
    await expect(page.getByRole('status')).toContainText('No airports found for "zzq"');
    await page.keyboard.press('Tab');
    await expect(to).toHaveValue('zzq');

    await to.fill('');
    await to.pressSequentially('par');
    await expect(options.nth(1)).toContainText('Charles de Gaulle');
    await page.keyboard.press('Enter');
    await expect(to).toHaveValue('Paris (PAR)');

    await form.getByLabel('Departure').fill(daysFromToday(20));
    await form.getByLabel('Return').fill(daysFromToday(27));
    await form.getByRole('button', { name: 'Search Flights' }).click();
    await expect(page).toHaveURL(/origin=NYC/);
    expect(new URL(page.url()).searchParams.get('destination')).toBe('PAR');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('New York to Paris');
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  // Phones, and a small tablet where From and To stand side by side and To's list grows leftwards.
  for (const width of [360, 390, 700]) {
    test(`the suggestions fit a ${width} px screen without widening the page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      for (const label of ['From', 'To']) {
        const field = await typeInto(page, label, 'san');
        const listbox = page.getByRole('listbox');
        await expect(listbox).toBeVisible();
        await expect(page.getByRole('option')).toHaveCount(15);
        const box = await listbox.boundingBox();
        expect(box, label).not.toBeNull();
        expect(box?.x ?? -1, label).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? Infinity), label).toBeLessThanOrEqual(width);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths.scroll, label).toBeLessThanOrEqual(widths.client);
        await page.keyboard.press('Escape');
        await field.fill('');
      }
    });
  }
});
