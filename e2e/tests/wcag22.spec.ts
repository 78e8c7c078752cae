import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../fixtures';
import {
  VIEWPORTS,
  expect,
  expectVisibleFocus,
  firstOfferId,
  searchPath,
  tabTo,
  useSession,
  waitForSettled,
  watchConsole,
  type ViewportName,
} from '../support/a11y';
import { daysAhead, expiryYear, openCheckout, passengerCard } from '../support/checkout';
import {
  expectFocusNotObscured,
  sidewaysScroll,
  wcagTest as test,
  withBrand,
} from '../support/wcag';

// WCAG 2.2 AA beyond what axe sees by itself (axe on every brand, route and open state is in
// wcag-brands.spec.ts): reflow, focus that is never hidden, focus that comes back from a dialog
// or goes to a new page's heading, and a whole booking with the keyboard. docs/accessibility.md says what each test stands for.

// Reflow on every route is checked on the pages the axe scans load (accessibility.spec.ts and
// wcag-brands.spec.ts); here the one state they do not open at 320 px.
test.describe('reflow at 320 px', () => {
  test.use({ ...VIEWPORTS.phone, viewport: { width: 320, height: 640 } });

  test('the airport list open, every brand: nothing scrolls sideways', async ({
    page,
    extremeBrand,
  }) => {
    const wide: string[] = [];
    for (const key of [null, 'skyhop.localhost', await extremeBrand()]) {
      await page.goto(withBrand('/', key));
      await page
        .getByRole('form', { name: 'Flight search' })
        .getByRole('combobox', { name: 'From' })
        .fill('san');
      await expect(page.getByRole('listbox', { name: 'Airports' })).toBeVisible();
      const sideways = await sidewaysScroll(page);
      if (sideways > 0) wide.push(`${key ?? 'default'}: ${String(sideways)} px`);
    }
    expect(wide).toEqual([]);
  });
});

/** Presses Shift+Tab until `target` has focus (at most `limit` presses). */
async function shiftTabTo(page: Page, target: Locator, limit: number) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Shift+Tab never reached ${target.toString()} in ${limit} presses`);
}

/** Presses `key` (Tab or Shift+Tab) `count` times, checking each stop is not hidden. */
async function walkFocus(page: Page, key: 'Tab' | 'Shift+Tab', count: number, label: string) {
  for (let press = 1; press <= count; press += 1) {
    await page.keyboard.press(key);
    await expectFocusNotObscured(page, `${label}, ${key} ${press}`);
  }
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`focus not obscured on a ${viewport}`, () => {
    test.use(VIEWPORTS[viewport]);

    test('the results page: sort, filters and Select links come out from under the header', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto(searchPath());
      await waitForSettled(
        page,
        page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
      );
      await walkFocus(page, 'Tab', 35, `results (${viewport})`);
      // And back up the page, where the header is.
      await walkFocus(page, 'Shift+Tab', 20, `results (${viewport})`);
    });

    test('the passenger step, tabbing back up the form', async ({ page }) => {
      test.setTimeout(60_000);
      await openCheckout(page, { adults: 1 });
      // From the foot of the form back up to its top, under the header.
      await page.getByRole('button', { name: 'Continue to Seat Selection' }).focus();
      await walkFocus(page, 'Shift+Tab', 25, `passengers (${viewport})`);
    });

    test('the offer page, over and under its Book bars', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(`/flight/${encodeURIComponent(await firstOfferId(page.request))}`);
      await waitForSettled(page, page.getByRole('region', { name: 'Price Summary' }));
      await walkFocus(page, 'Tab', 30, `offer (${viewport})`);
      await walkFocus(page, 'Shift+Tab', 15, `offer (${viewport})`);
    });

    test('the FAQ', async ({ page }) => {
      await page.goto('/faq');
      await waitForSettled(page);
      await walkFocus(page, 'Tab', 25, `faq (${viewport})`);
      await walkFocus(page, 'Shift+Tab', 15, `faq (${viewport})`);
    });
  });
}

test.describe('focus goes where the traveller is', () => {
  test.use(VIEWPORTS.desktop);

  test('a move to another page focuses its heading', async ({ page }) => {
    await page.goto('/manage-booking');
    await waitForSettled(page);
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(/About/);
    // The next Tab goes on from the new page's heading, not from the old footer or the top.
    await page.keyboard.press('Tab');
    expect(
      await page.getByRole('main').evaluate((main) => main.contains(document.activeElement)),
    ).toBe(true);
  });

  test('each dialog gives the focus back to what opened it', async ({ page, sessions }) => {
    test.setTimeout(60_000);
    const all = await sessions();
    await useSession(page.context(), all.traveller);
    await page.goto('/my-trips');
    const trip = page.getByRole('tabpanel').getByRole('article').first();
    await waitForSettled(page, trip);

    const details = trip.getByRole('button', { name: 'View Details' });
    await details.focus();
    await page.keyboard.press('Enter');
    const detailsDialog = page.getByRole('dialog', { name: 'Booking Details' });
    await expect(detailsDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detailsDialog).toBeHidden();
    await expect(details).toBeFocused();
    await expectVisibleFocus(page);

    const cancel = trip.getByRole('button', { name: 'Cancel', exact: true });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(cancelDialog).toBeVisible();
    await cancelDialog.getByRole('button', { name: /Keep/ }).press('Enter');
    await expect(cancelDialog).toBeHidden();
    await expect(cancel).toBeFocused();

    // The brand manager's delete confirmation, kept by Cancel.
    await page.context().clearCookies();
    await useSession(page.context(), all.admin);
    await page.goto('/admin/brands');
    const skyhop = page.getByRole('listitem', { name: 'SkyHop' });
    await waitForSettled(page, skyhop);
    const remove = skyhop.getByRole('button', { name: /Delete/ });
    await remove.focus();
    await page.keyboard.press('Enter');
    const deleteDialog = page.getByRole('alertdialog');
    await expect(deleteDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(deleteDialog).toBeHidden();
    await expect(remove).toBeFocused();
  });

  // Their code loads once each is wanted: the button opens it all the same, from the keyboard,
  // and gets the focus back.
  for (const viewport of ['desktop', 'phone'] as const) {
    test(`the results page's dialogs, loaded when opened, give the focus back (${viewport})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(VIEWPORTS[viewport].viewport);
      await page.goto(searchPath());
      await waitForSettled(
        page,
        page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
      );
      const openers = [
        { button: 'Track prices', dialog: 'Track prices' },
        { button: 'Price calendar', dialog: /^Prices for / },
        ...(viewport === 'phone' ? [{ button: 'Filters', dialog: 'Filters' }] : []),
      ];
      for (const { button, dialog } of openers) {
        // The button itself, by what it opens (the alert form has a Track prices button too,
        // and the page outside a dialog is hidden from the accessibility tree while it is open).
        const opener = page.locator('button[aria-haspopup="dialog"]', { hasText: button });
        await opener.focus();
        await page.keyboard.press('Enter');
        const opened = page.getByRole('dialog', { name: dialog });
        await expect(opened).toBeVisible();
        await expect(opener).toHaveAttribute('aria-expanded', 'true');
        await page.keyboard.press('Escape');
        await expect(opened).toBeHidden();
        await expect(opener).toBeFocused();
        await expect(opener).toHaveAttribute('aria-expanded', 'false');
      }
    });
  }
});

test.describe('a booking with the keyboard alone', () => {
  test.use(VIEWPORTS.desktop);

  /** Tabs to `field` and types `text` into it (a date field's parts are Tab stops of their own). */
  async function typeInto(page: Page, field: Locator, text: string) {
    await tabTo(page, field, 20);
    await page.keyboard.type(text);
  }

  /**
   * Tabs to a select (Radix) and picks `option` with the arrow keys (typing its name works too,
   * but a loaded machine's pauses between keys start the type-ahead afresh). The list moves its
   * focus a moment after each key (in a timer), so each press waits for the focus to move before
   * the next: reading it too early and pressing again went one option past.
   */
  async function pick(page: Page, combobox: Locator, option: string) {
    await tabTo(page, combobox, 80);
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    const options = listbox.getByRole('option');
    const wanted = listbox.getByRole('option', { name: option, exact: true });
    await expect(wanted).toBeVisible();
    const target = await options.evaluateAll(
      (elements, name) => elements.findIndex((element) => element.textContent.trim() === name),
      option,
    );
    expect(target, `"${option}" among the options`).toBeGreaterThanOrEqual(0);
    const focusedIndex = () =>
      options.evaluateAll((elements) =>
        elements.findIndex((element) => element === document.activeElement),
      );
    // The list takes the focus once it is placed.
    await expect.poll(focusedIndex).toBeGreaterThanOrEqual(0);
    for (let presses = 0; presses < 12; presses += 1) {
      const at = await focusedIndex();
      if (at === target) break;
      await page.keyboard.press(at < target ? 'ArrowDown' : 'ArrowUp');
      await expect.poll(focusedIndex).not.toBe(at);
    }
    await expect(wanted).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(combobox).toHaveText(option);
    await expect(combobox).toBeFocused();
  }

  test('passengers, a seat with the arrow keys, payment and confirmation', async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await openCheckout(page, { adults: 1, oneWay: true });
    const card = passengerCard(page, 0);
    await pick(page, card.getByRole('combobox', { name: 'Title' }), 'Ms');
    await typeInto(page, card.getByLabel('First Name'), 'Ada');
    await typeInto(page, card.getByLabel('Last Name'), 'Lovelace');
    await pick(page, card.getByRole('combobox', { name: 'Gender' }), 'Female');
    // A date field takes its parts as typed (month, day, year in this locale).
    await typeInto(page, card.getByLabel('Date of Birth'), '04121985');
    await expect(card.getByLabel('Date of Birth')).toHaveValue('1985-04-12');
    await typeInto(
      page,
      card.getByLabel('Email', { exact: true }),
      `${uniqueName('kb')}@example.com`,
    );
    await typeInto(page, card.getByLabel('Phone Number', { exact: true }), '+44 20 7946 0000');
    await typeInto(page, card.getByLabel('Passport Number'), 'GB1234567');
    const [year, month, day] = daysAhead(3_000).split('-');
    await typeInto(page, card.getByLabel('Passport Expiry Date'), `${month}${day}${year}`);
    await typeInto(page, card.getByLabel('Issuing Country'), 'United Kingdom');
    await expect(card.getByLabel('Issuing Country')).toHaveValue('GB');
    await tabTo(page, page.getByRole('button', { name: 'Continue to Seat Selection' }), 20);
    await page.keyboard.press('Enter');

    // The seat step: its heading has the focus; each flight's map is one tab stop.
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Seats' })).toBeFocused();
    const flights = page.getByRole('navigation', { name: 'Flights' }).getByRole('button');
    const flightCount = await flights.count();
    for (let flight = 0; flight < flightCount; flight += 1) {
      if (flight > 0) {
        await shiftTabTo(page, flights.nth(flight), 60);
        await page.keyboard.press('Enter');
        await expect(flights.nth(flight)).toHaveAttribute('aria-pressed', 'true');
      }
      const map = page.getByRole('group', { name: /^Seat map/ });
      await tabTo(page, map.locator('button[tabindex="0"]'), 40);
      // Along the row with the arrow keys, then down a row from its start, to a seat the
      // passenger may take (the first free one can be many rows down: the cabins before the
      // passenger's, and seats other tests have booked).
      const focusedSeat = () =>
        page.evaluate(() => ({
          designator: document.activeElement?.getAttribute('data-designator'),
          state: document.activeElement?.getAttribute('data-state'),
        }));
      const seats = await map.locator('button[data-designator]').count();
      let seat = await focusedSeat();
      for (let step = 0; step < seats * 2 && seat.state !== 'available'; step += 1) {
        await page.keyboard.press('ArrowRight');
        const next = await focusedSeat();
        if (next.designator === seat.designator) {
          // The row's end.
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Home');
          seat = await focusedSeat();
        } else {
          seat = next;
        }
      }
      expect(seat.state, 'the arrow keys reach a seat the passenger may take').toBe('available');
      await page.keyboard.press('Enter');
      const chosen = page.locator(':focus');
      await expect(chosen).toHaveAttribute('aria-pressed', 'true');
      await expectVisibleFocus(page);
      await expectFocusNotObscured(page, 'the seat just chosen');
    }
    await tabTo(page, page.getByRole('button', { name: 'Continue to Payment' }), 80);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeFocused();
    await typeInto(page, page.getByLabel('Card Number'), '4242424242424242');
    await typeInto(page, page.getByLabel('Cardholder Name'), 'Ada Lovelace');
    await typeInto(page, page.getByLabel('Expiry Month'), '12');
    await typeInto(page, page.getByLabel('Expiry Year'), expiryYear());
    await typeInto(page, page.getByLabel('CVV'), '123');
    await tabTo(page, page.getByRole('button', { name: /^Complete Booking/ }), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible({
      timeout: 30_000,
    });
    expect(problems).toEqual([]);
  });
});

test.describe('text size and motion', () => {
  test.use(VIEWPORTS.desktop);

  test('seat prices and facility labels grow with the text size, and still fit', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openCheckout(page, { adults: 1, oneWay: true });
    const card = passengerCard(page, 0);
    await card.getByRole('combobox', { name: 'Title' }).click();
    await page.getByRole('option', { name: 'Ms', exact: true }).click();
    await card.getByRole('combobox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'Female', exact: true }).click();
    await card.getByLabel('First Name').fill('Ada');
    await card.getByLabel('Last Name').fill('Lovelace');
    await card.getByLabel('Date of Birth').fill('1985-04-12');
    await card.getByLabel('Email', { exact: true }).fill(`${uniqueName('text')}@example.com`);
    await card.getByLabel('Phone Number', { exact: true }).fill('+44 20 7946 0000');
    await card.getByLabel('Passport Number').fill('GB1234567');
    await card.getByLabel('Passport Expiry Date').fill(daysAhead(3_000));
    await card.getByLabel('Issuing Country').selectOption('GB');
    await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
    const map = page.getByRole('group', { name: /^Seat map/ });
    const price = map.locator('button[data-state="available"] > span[aria-hidden="true"]').first();
    // A row of facilities (galley, lavatory…) or the exit-row notice: the map's smallest labels.
    const facility = map.locator('[class*="0.6875rem"]').first();
    await expect(price).toBeVisible();
    await expect(facility).toBeVisible();
    const sizes = () =>
      Promise.all(
        [price, facility].map((label) =>
          label.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
        ),
      );
    const [priceBefore = 0, facilityBefore = 0] = await sizes();
    // The browser's text size at 200 %: every rem doubles.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    const [priceAfter = 0, facilityAfter = 0] = await sizes();
    expect(priceAfter).toBeCloseTo(priceBefore * 2, 0);
    expect(facilityAfter).toBeCloseTo(facilityBefore * 2, 0);
    // The seat grows with its price: nothing is cut off.
    const clipped = await price.evaluate((element) => {
      const seat = element.parentElement;
      if (!seat) return true;
      const inner = element.getBoundingClientRect();
      const outer = seat.getBoundingClientRect();
      return inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
    });
    expect(clipped, 'the seat price overflows its seat at 200 % text').toBe(false);
  });

  test('with reduced motion spinners and skeletons stand still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForSettled(page);
    const animations = () =>
      page.evaluate(() =>
        ['animate-spin', 'animate-pulse'].map((name) => {
          const element = document.createElement('span');
          element.className = name;
          document.body.append(element);
          const animation = getComputedStyle(element).animationName;
          element.remove();
          return animation;
        }),
      );
    expect(await animations()).toEqual(['none', 'none']);
    // Without the preference they turn and pulse.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await animations()).not.toContain('none');
  });
});
