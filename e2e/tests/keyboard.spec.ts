import { test } from '@playwright/test';
import {
  VIEWPORTS,
  expect,
  expectVisibleFocus,
  isFocused,
  registerTraveller,
  searchPath,
  tabTo,
  waitForSettled,
  watchConsole,
} from '../support/a11y';

// The journeys a traveller must be able to make with the keyboard alone, each focused element
// showing that it has focus.

test.describe('keyboard on a desktop', () => {
  test.use(VIEWPORTS.desktop);

  test('the skip link leads to the page, then Tab walks the header in order', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/manage-booking');
    await waitForSettled(page);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab starts inside the page, not back in the header.
    await page.keyboard.press('Tab');
    expect(
      await page.getByRole('banner').evaluate((banner) => banner.contains(document.activeElement)),
    ).toBe(false);
    expect(
      await page.getByRole('main').evaluate((main) => main.contains(document.activeElement)),
    ).toBe(true);

    await page.goto('/manage-booking');
    await waitForSettled(page);
    const banner = page.getByRole('banner');
    const nav = banner.getByRole('navigation', { name: 'Main' });
    const order = [
      page.getByRole('link', { name: 'Skip to content' }),
      banner.getByRole('link').first(),
      nav.getByRole('link', { name: 'Home' }),
      nav.getByRole('link', { name: 'Flights' }),
      nav.getByRole('link', { name: 'My Trips' }),
      nav.getByRole('link', { name: 'Support' }),
      banner.getByRole('link', { name: /^\+/ }),
      banner.getByRole('link', { name: 'Sign In' }),
      banner.getByRole('link', { name: 'Sign Up' }),
    ];
    for (const [index, link] of order.entries()) {
      await page.keyboard.press('Tab');
      expect(await isFocused(link), `Tab ${index + 1} should reach ${link.toString()}`).toBe(true);
      await expectVisibleFocus(page);
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/register$/);
    expect(problems).toEqual([]);
  });

  test('the home search form: airports from the keyboard, submitted with Enter', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Flight search' });
    await expect(form).toBeVisible();

    for (const [label, query] of [
      ['From', 'lond'],
      ['To', 'new y'],
    ] as const) {
      const field = form.getByRole('combobox', { name: label });
      await tabTo(page, field);
      await page.keyboard.type(query);
      const listbox = page.getByRole('listbox', { name: 'Airports' });
      await expect(listbox.getByRole('option').nth(1)).toBeVisible();
      await page.keyboard.press('ArrowDown');
      // The second suggestion is the active one, announced through aria-activedescendant.
      const activeId = await field.getAttribute('aria-activedescendant');
      const active = page.locator(`[id="${activeId ?? ''}"]`);
      await expect(active).toHaveAttribute('aria-selected', 'true');
      const code = ((await active.locator('.font-mono').textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z]{3}$/);
      await page.keyboard.press('Enter');
      await expect(listbox).toBeHidden();
      await expect(field).toHaveValue(new RegExp(`\\(${code}\\)$`));
      await expect(field).toBeFocused();
    }

    // Enter in a field submits the form (the suggestions are closed).
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('origin')).toMatch(/^[A-Z]{3}$/);
    expect(params.get('destination')).toMatch(/^[A-Z]{3}$/);
    await expect(
      page.getByRole('heading', { level: 1 }).or(page.getByText('No flights found')).first(),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the results: sort with the arrow keys, then open an offer', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = watchConsole(page);
    await page.goto(searchPath());
    const results = page.getByRole('list', { name: 'Flight results' });
    await waitForSettled(page, results.getByRole('article').first());

    // The filters come before the results; their first stop skips past them.
    await tabTo(page, page.getByRole('link', { name: 'Skip to results' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const sort = page.getByRole('radiogroup', { name: 'Sort by' });
    await expect(sort.getByRole('radio', { name: /^Best/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const cheapest = sort.getByRole('radio', { name: /^Cheapest/ });
    await expect(cheapest).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/sort=cheapest/);
    await expect(cheapest).toHaveAttribute('aria-checked', 'true');

    // The first itinerary's first fare.
    const firstSelect = results
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Select/ })
      .first();
    await tabTo(page, firstSelect, 120);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/flight\/off_/);
    await expect(page.getByRole('region', { name: 'Price Summary' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the filters: a slider moves step by step with the arrow keys, keeping the focus', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto(searchPath());
    const results = page.getByRole('list', { name: 'Flight results' });
    await waitForSettled(page, results.getByRole('article').first());
    const heading = page.locator('#results-heading');
    const all = Number((await heading.textContent())?.match(/^\d+/)?.[0]);

    const filters = page.getByRole('complementary', { name: 'Filters' });
    const price = filters.getByRole('slider', { name: 'Maximum price' });
    // Tab from the panel's first checkbox (the way there is another test's): the slider is in
    // the tab order after it, with a visible focus on every stop.
    await filters.getByRole('checkbox').first().focus();
    await tabTo(page, price, 60);
    await expectVisibleFocus(page);
    const top = Number(await price.getAttribute('aria-valuenow'));
    for (let step = 1; step <= 3; step += 1) {
      await page.keyboard.press('ArrowLeft');
      await expect(page).toHaveURL(new RegExp(`maxPrice=${top - step * 10}(&|$)`));
      await expect(price).toBeFocused();
    }
    // Home goes to the cheapest itinerary's price: only it and those as cheap are left.
    await page.keyboard.press('Home');
    await expect(heading).toHaveText(new RegExp(`^\\d+ of ${all} flights$`));
    await expect(price).toBeFocused();
    expect(problems).toEqual([]);
  });

  test('signing in on /login', async ({ page, request }) => {
    const problems = watchConsole(page);
    const traveller = await registerTraveller(request);
    await page.goto('/login');
    await waitForSettled(page);

    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.type(traveller.username);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type(traveller.password);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ada' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('keyboard on a phone', () => {
  test.use(VIEWPORTS.phone);

  test('the menu opens with Enter or Space, keeps focus inside, and Escape returns it', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/manage-booking');
    await waitForSettled(page);
    // The open menu is modal: the page behind it, button included, leaves the accessibility tree.
    const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    const menu = page.getByRole('dialog');

    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    // Focus stays in the menu however far Tab goes.
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await expectVisibleFocus(page);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    const myTrips = menu
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'My Trips' });
    await tabTo(page, myTrips, 12);
    await page.keyboard.press('Enter');
    // Signed out, My Trips leads to sign in first.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-trips$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
