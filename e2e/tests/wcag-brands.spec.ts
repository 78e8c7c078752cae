import { searchOffersOf } from '@contrail/contracts/search-results';
import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../fixtures';
import {
  SAME_ORIGIN,
  SEARCH_CRITERIA,
  VIEWPORTS,
  expect,
  expectNoSeriousViolations,
  isoDate,
  searchPath,
  useSession,
  waitForSettled,
  watchConsole,
  type ViewportName,
} from '../support/a11y';
import { expiryYear } from '../support/checkout';
import {
  askForCookies,
  everyRoute,
  expectFocusNotObscured,
  REFLOW_OF,
  sidewaysScrollWhenReflowed,
  undersizedTargets,
  wcagTest as test,
  withBrand,
  type BrandName,
} from '../support/wcag';

// axe (WCAG 2.0–2.2 A and AA, target size included) and a target-size measure of our own (2.5.8,
// with its spacing exception) on every route and every open state, on a phone and a desktop, for
// both seeded brands and a generated brand with extreme colours; and reflow (1.4.10) on every
// route: each page narrowed to 320 px on the phone, and the default brand's at 200 % text on the
// desktop. Most of the default brand's routes are in accessibility.spec.ts (the rest, and its open
// states, here).

const BRANDS: BrandName[] = ['default', 'skyhop', 'extreme'];

/** The default brand's routes that accessibility.spec.ts checks already, one test each. */
const IN_ACCESSIBILITY_SPEC =
  /^\/($|\?|search|flight|booking|my-trips|manage-booking|login|register|account-settings|admin-settings|admin\/brands|privacy|terms|cookies|cancellation-policy|about|expedia|support|faq|contact|no\/such)/;

async function brandKey(brand: BrandName, extremeBrand: () => Promise<string>) {
  if (brand === 'default') return null;
  return brand === 'skyhop' ? 'skyhop.localhost' : extremeBrand();
}

/** An offer for SEARCH_CRITERIA as the brand prices it (a brand's checkout takes its own). */
async function offerOf(page: Page, key: string | null): Promise<string> {
  const response = await page.request.post('/api/flights/search', {
    headers: { ...SAME_ORIGIN, ...(key ? { 'X-Brand': key } : {}) },
    data: { ...SEARCH_CRITERIA, tripType: 'one-way', returnDate: undefined },
  });
  expect(response.status(), await response.text()).toBe(200);
  const id = searchOffersOf(await response.json())[0]?.id;
  if (!id) throw new Error('no offer');
  return encodeURIComponent(id);
}

/** Registers a traveller (first name Ada) on the brand and signs the page's context in. */
async function signUpOnBrand(page: Page, key: string): Promise<void> {
  const username = uniqueName('brand-traveller');
  const password = 'Traveller-Password-1!';
  const headers = { ...SAME_ORIGIN, 'x-brand': key };
  const data = {
    username,
    email: `${username}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: { ...data, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await page.request.post('/api/auth/login', {
    headers,
    data: { username, password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`every route and open state on a ${viewport}`, () => {
    test.use(VIEWPORTS[viewport]);

    // The back office apart from the rest, so that each test stays short and the two halves can
    // run side by side.
    for (const brand of BRANDS) {
      for (const part of ['site', 'back office'] as const) {
        test(`${brand} brand: every ${part} route`, async ({ page, sessions, extremeBrand }) => {
          // About 25 routes: 17–30 s with two workers on two cores, several times that when other
          // work shares the machine.
          test.setTimeout(300_000);
          const key = await brandKey(brand, extremeBrand);
          const all = await sessions();
          const problems = watchConsole(page);
          const routes = (await everyRoute(page.request, all)).filter(
            (route) =>
              route.path.startsWith('/admin') === (part === 'back office') &&
              (brand !== 'default' || !IN_ACCESSIBILITY_SPEC.test(route.path)),
          );
          expect(routes.length).toBeGreaterThan(0);
          const wide: string[] = [];
          for (const route of routes) {
            await page.context().clearCookies();
            if (route.as) await useSession(page.context(), all[route.as]);
            await page.goto(withBrand(route.path, key));
            await waitForSettled(page);
            await expectNoSeriousViolations(page, `${route.path} (${brand}, ${viewport})`);
            expect(await undersizedTargets(page), `targets under 24 px on ${route.path}`).toEqual(
              [],
            );
            // Reflow on the page just checked: at 320 px on the phone, and at 200 % text on the
            // desktop (the default brand's; the other brands' differ in colour and font only).
            if (viewport === 'phone' || brand === 'default') {
              const sideways = await sidewaysScrollWhenReflowed(page, viewport);
              if (sideways > 0)
                wide.push(`${route.path} at ${REFLOW_OF[viewport]}: ${String(sideways)} px`);
            }
          }
          expect(wide, 'pages that scroll sideways').toEqual([]);
          expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
        });
      }
    }

    for (const brand of BRANDS) {
      test(`${brand} brand: every open state`, async ({ page, sessions, extremeBrand }) => {
        test.setTimeout(180_000);
        const key = await brandKey(brand, extremeBrand);
        const problems = watchConsole(page);
        const label = (state: string) => `${state} (${brand}, ${viewport})`;
        const go = async (path: string, ready?: Locator) => {
          await page.goto(withBrand(path, key));
          await waitForSettled(page, ready);
        };
        const check = async (state: string, shown: Locator) => {
          await waitForSettled(page, shown);
          await expectNoSeriousViolations(page, label(state));
          expect(await undersizedTargets(page), `targets under 24 px: ${label(state)}`).toEqual([]);
        };
        // The checkout's clock is the test's (the expiry warning, at the end).
        await page.clock.install();

        // The cookie banner, as a site with an analytics tag asks, over the home page.
        const stopAsking = await askForCookies(page);
        await go('/');
        const banner = page.getByRole('region', { name: 'Cookies' });
        await check('cookie banner', banner);
        await banner.getByRole('button', { name: 'Reject' }).click();
        await expect(banner).toBeHidden();
        await stopAsking();

        // The search form: the airport list open with an option highlighted, the passengers.
        const form = page.getByRole('form', { name: 'Flight search' });
        await form.getByRole('combobox', { name: 'From' }).fill('lon');
        const airports = page.getByRole('listbox', { name: 'Airports' });
        await expect(airports.getByRole('option').nth(1)).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await check('airport list open', airports);
        await page.keyboard.press('Escape');
        const passengers = form.getByRole('button', { name: 'Passengers', exact: true });
        await passengers.click();
        await expect(passengers).toHaveAttribute('aria-expanded', 'true');
        await check('passengers and class open', form);
        await page.keyboard.press('Escape');

        // The menu: on a phone the navigation sheet.
        if (viewport === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await check('menu open', page.getByRole('dialog'));
          await page.keyboard.press('Escape');
        }

        // The results: on a phone the search being edited and the filters sheet.
        await go(
          searchPath(),
          page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
        );
        if (viewport === 'phone') {
          // The search in one line, a button that opens it for editing.
          const edit = page.getByRole('button', { name: /^LHR → JFK/ });
          await edit.click();
          await expect(edit).toHaveAttribute('aria-expanded', 'true');
          await check('results, search being edited', page.getByRole('form').first());
          await edit.click();
          await page.getByRole('button', { name: /^Filters/ }).click();
          await check('results, filters sheet', page.getByRole('dialog', { name: 'Filters' }));
          await page.keyboard.press('Escape');
        }

        // The brand manager's delete confirmation (the platform's own page, whatever the brand).
        await page.context().clearCookies();
        await useSession(page.context(), (await sessions()).admin);
        const skyhop = page.getByRole('listitem', { name: 'SkyHop' });
        await page.goto('/admin/brands');
        await waitForSettled(page, skyhop);
        await skyhop.getByRole('button', { name: /Delete/ }).click();
        await check('delete brand confirmation', page.getByRole('alertdialog'));
        await page.keyboard.press('Escape');
        await page.context().clearCookies();

        // Checkout: the passenger step's errors and an open select. The default brand's as a guest;
        // the others' by a traveller signed in, whose trip is then in My Trips (a guest's reaches
        // an account only through the e-mail about it).
        if (key !== null) await signUpOnBrand(page, key);
        await go(
          `/booking?offer=${await offerOf(page, key)}`,
          page.getByRole('heading', { level: 1, name: 'Enter Passenger Details' }),
        );
        await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
        await expect(page.getByLabel('First Name').first()).toHaveAttribute('aria-invalid', 'true');
        await check('passengers with errors', page.getByRole('main'));
        const traveller = page.getByRole('group', { name: /^Passenger 1/ });
        await traveller.getByRole('combobox', { name: 'Title' }).click();
        await check('title select open', page.getByRole('listbox'));
        if (brand === 'default') {
          // The rest of the default brand's checkout, its trips and menus are checked step by
          // step in accessibility.spec.ts.
          await page.keyboard.press('Escape');
        } else {
          await page.getByRole('option', { name: 'Ms', exact: true }).click();
          await traveller.getByRole('combobox', { name: 'Gender' }).click();
          await page.getByRole('option', { name: 'Female', exact: true }).click();
          await traveller.getByLabel('First Name').fill('Ada');
          await traveller.getByLabel('Last Name').fill('Lovelace');
          await traveller.getByLabel('Date of Birth').fill('1985-04-12');
          await traveller
            .getByLabel('Email', { exact: true })
            .fill(`${uniqueName('brand-guest')}@example.com`);
          await traveller.getByLabel('Phone Number', { exact: true }).fill('+44 20 7946 0000');
          await traveller.getByLabel('Passport Number').fill('GB1234567');
          await traveller.getByLabel('Passport Expiry Date').fill(isoDate(3_000));
          await traveller.getByLabel('Issuing Country').selectOption('GB');
          await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();

          const map = page.getByRole('group', { name: /^Seat map/ });
          await expect(map.locator('button').first()).toBeVisible();
          await check(
            'seat map',
            page.getByRole('heading', { level: 1, name: 'Choose Your Seats' }),
          );
          await map.locator('button[data-state="available"]').first().click();
          await check('seat map, a seat chosen', map.locator('button[aria-pressed="true"]'));
          // Continuing needs a seat on every flight; the map has been seen.
          await page.getByRole('button', { name: 'Skip Seat Selection' }).click();

          await check('payment', page.getByRole('heading', { level: 1, name: 'Payment Details' }));
          await page.getByLabel('Card Number').pressSequentially('4242424242424242');
          await page.getByLabel('Cardholder Name').fill('Ada Lovelace');
          await page.getByLabel('Expiry Month').fill('12');
          await page.getByLabel('Expiry Year').fill(expiryYear());
          await page.getByLabel('CVV').fill('123');
          await page.getByRole('button', { name: /^Complete Booking/ }).click();
          const confirmed = page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' });
          await expect(confirmed).toBeVisible({ timeout: 30_000 });
          await check('confirmation', confirmed);

          // The trip in My Trips: its details, then the cancel confirmation.
          const trip = page.getByRole('tabpanel').getByRole('article').first();
          await go('/my-trips', trip);
          await trip.getByRole('button', { name: 'View Details' }).click();
          await check('trip details', page.getByRole('dialog', { name: 'Booking Details' }));
          await page.keyboard.press('Escape');
          await trip.getByRole('button', { name: 'Cancel', exact: true }).click();
          const cancel = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
          await check('cancel confirmation', cancel.getByTestId('refund-amount'));
          await cancel.getByRole('button', { name: /Keep/ }).click();
          await expect(cancel).toBeHidden();
          if (viewport === 'desktop') {
            await page.getByRole('banner').getByRole('button', { name: 'Ada' }).click();
            await check('account menu open', page.getByRole('menu'));
            await page.keyboard.press('Escape');
          }
          // A new offer for the expiry below.
          await page.context().clearCookies();
          await go(
            `/booking?offer=${await offerOf(page, key)}`,
            page.getByRole('heading', { level: 1, name: 'Enter Passenger Details' }),
          );
        }

        // The expiry: the warning that stays, then the offer expired (nothing redirects).
        await page.clock.fastForward('26:00');
        const warning = page.getByRole('alert').filter({ hasText: 'Offer Expiring Soon' });
        await check('expiry warning', warning);
        await page.clock.fastForward('05:00');
        await check(
          'offer expired',
          page.getByRole('alert').filter({ hasText: 'This flight offer has expired.' }),
        );
        await expect(page).toHaveURL(/\/booking/);
        expect(problems).toEqual([]);
      });
    }
  });
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`the cookie banner on a ${viewport}`, () => {
    test.use(VIEWPORTS[viewport]);

    test('never hides the focus while tabbing the FAQ', async ({ page }) => {
      await askForCookies(page);
      await page.goto('/faq');
      const banner = page.getByRole('region', { name: 'Cookies' });
      await waitForSettled(page, banner);
      for (let press = 1; press <= 40; press += 1) {
        await page.keyboard.press('Tab');
        // The banner's own controls are in it, not under it.
        await expectFocusNotObscured(page, `faq with the cookie banner, Tab ${press}`);
      }
    });
  });
}
