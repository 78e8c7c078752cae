import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../fixtures';
import {
  VIEWPORTS,
  a11yTest as test,
  expect,
  expectNoSeriousViolations,
  firstOfferId,
  isoDate,
  searchPath,
  useSession,
  waitForSettled,
  watchConsole,
  type ViewportName,
} from '../support/a11y';
import { REFLOW_OF, sidewaysScrollWhenReflowed } from '../support/wcag';

// Every route of both specifications, on a phone and on a desktop: no serious or critical axe
// violation, no console error, and nothing scrolls sideways once narrowed to 320 px (on the
// phone) or with the text at 200 % (on the desktop). A new page is one more row in PAGES.

interface PageCheck {
  name: string;
  /** The URL, or how to make it (an offer id from the search API, say). */
  path: string | ((page: Page) => Promise<string>);
  /** Signed in as a traveller who has a booking, or as the platform admin. */
  as?: 'traveller' | 'admin';
  /** What shows once the page has loaded its data (default: the h1). */
  ready?: (page: Page) => Locator;
  /** Only on these viewports (default: all). */
  viewports?: ViewportName[];
  /** Then brings the page into the state to check (a dialog open, say); returns what shows. */
  interact?: (page: Page) => Promise<Locator>;
  /** The page's own HTTP status, when not 200: the browser logs it as a console error. */
  status?: 404;
}

const PAGES: PageCheck[] = [
  { name: 'home', path: '/' },
  { name: 'home, SkyHop brand', path: '/?brand=skyhop.localhost' },
  {
    name: 'search results',
    path: searchPath(),
    ready: (page) =>
      page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
  },
  {
    name: 'search results, SkyHop brand',
    path: `${searchPath()}&brand=skyhop.localhost`,
    // The longest page to check: the brand's tints on the results once, on the wide layout.
    viewports: ['desktop'],
    ready: (page) =>
      page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
  },
  {
    name: 'flight offer',
    path: async (page) => `/flight/${encodeURIComponent(await firstOfferId(page.request))}`,
    ready: (page) => page.getByRole('region', { name: 'Price Summary' }),
  },
  {
    name: 'checkout, passengers step',
    path: async (page) => `/booking?offer=${encodeURIComponent(await firstOfferId(page.request))}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Enter Passenger Details' }),
  },
  {
    name: 'my trips, signed out (sent to sign in)',
    path: '/my-trips',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Sign In' }),
  },
  {
    name: 'my trips, signed in with a booking',
    path: '/my-trips',
    as: 'traveller',
    ready: (page) => page.getByRole('tabpanel').getByRole('article').first(),
  },
  {
    name: 'my trips, booking details dialog',
    path: '/my-trips',
    as: 'traveller',
    ready: (page) => page.getByRole('tabpanel').getByRole('article').first(),
    interact: async (page) => {
      await page.getByRole('button', { name: 'View Details' }).first().click();
      return page.getByRole('dialog', { name: 'Booking Details' });
    },
  },
  {
    name: 'my trips, cancel confirmation',
    path: '/my-trips',
    as: 'traveller',
    ready: (page) => page.getByRole('tabpanel').getByRole('article').first(),
    interact: async (page) => {
      await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
      const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await expect(dialog.getByTestId('refund-amount')).toBeVisible();
      return dialog;
    },
  },
  {
    name: 'menu open',
    path: '/manage-booking',
    viewports: ['phone'],
    interact: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'account menu open',
    path: '/manage-booking',
    as: 'traveller',
    viewports: ['desktop'],
    interact: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Ada' }).click();
      return page.getByRole('menu');
    },
  },
  { name: 'manage booking', path: '/manage-booking' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'account settings', path: '/account-settings', as: 'traveller' },
  {
    name: 'price alert link (stop)',
    path: '/price-alert?stop=00000000-0000-0000-0000-000000000000.not-a-real-signature',
  },
  {
    name: 'search results, Track prices dialog',
    path: searchPath(),
    viewports: ['desktop'],
    ready: (page) =>
      page.getByRole('list', { name: 'Flight results' }).getByRole('article').first(),
    interact: async (page) => {
      await page.getByRole('button', { name: 'Track prices' }).click();
      return page.getByRole('dialog', { name: 'Track prices' });
    },
  },
  {
    name: 'admin settings',
    path: '/admin-settings',
    as: 'admin',
    ready: (page) => page.getByRole('switch', { name: 'Live mode' }),
  },
  {
    name: 'brand manager',
    path: '/admin/brands',
    as: 'admin',
    ready: (page) => page.getByRole('listitem', { name: 'SkyHop' }),
  },
  { name: 'privacy', path: '/privacy' },
  { name: 'privacy policy', path: '/privacy-policy' },
  { name: 'terms', path: '/terms' },
  { name: 'cookies', path: '/cookies' },
  { name: 'cancellation policy', path: '/cancellation-policy' },
  { name: 'about', path: '/about' },
  { name: 'partner page (expedia)', path: '/expedia' },
  { name: 'support', path: '/support' },
  { name: 'faq', path: '/faq' },
  { name: 'contact', path: '/contact' },
  { name: 'page not found', path: '/no/such/page', status: 404 },
];

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`accessibility on a ${viewport}`, () => {
    test.use(VIEWPORTS[viewport]);

    for (const check of PAGES.filter((row) => row.viewports?.includes(viewport) ?? true)) {
      test(check.name, async ({ page, sessions }) => {
        // The results page is the largest the scan reads (some 50 cards): its scan alone took
        // 15 s on a loaded two-core machine.
        if (check.name.startsWith('search results')) test.slow();
        if (check.as) await useSession(page.context(), (await sessions())[check.as]);
        const problems = watchConsole(page);
        const path = typeof check.path === 'string' ? check.path : await check.path(page);

        const response = await page.goto(path);
        expect(response?.status()).toBe(check.status ?? 200);
        await waitForSettled(page, check.ready?.(page));
        if (check.interact) await waitForSettled(page, await check.interact(page));

        await expectNoSeriousViolations(page, `${check.name} (${viewport})`);
        if (!check.interact) {
          // Reflow (1.4.10): narrowed to 320 px on the phone, 200 % text on the desktop.
          expect(
            await sidewaysScrollWhenReflowed(page, viewport),
            `sideways at ${REFLOW_OF[viewport]}`,
          ).toBe(0);
        }
        const ownStatus = `the server responded with a status of ${String(check.status)}`;
        expect(
          problems.filter((problem) => !(check.status && problem.includes(ownStatus))),
          'console errors',
        ).toEqual([]);
      });
    }

    test('checkout: every step up to the confirmation', async ({ page, sessions }) => {
      // Eight axe scans and a booking: 13–18 s with two workers on two cores, several times that
      // when other work shares the machine.
      test.setTimeout(180_000);
      // On the phone a guest with a new address; on the desktop a guest whose address already has
      // an account. Both see the same confirmation, and nobody is signed in.
      const email =
        viewport === 'phone'
          ? `${uniqueName('a11y-guest')}@example.com`
          : (await sessions()).travellerEmail;
      const problems = watchConsole(page);
      await page.goto(`/booking?offer=${encodeURIComponent(await firstOfferId(page.request))}`);
      const heading = (name: string) => page.getByRole('heading', { level: 1, name });

      await waitForSettled(page, heading('Enter Passenger Details'));
      // An empty form's errors are announced and pass as well.
      await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
      await expect(page.getByLabel('First Name').first()).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, `passenger details with errors (${viewport})`);
      const traveller = page.getByRole('group', { name: /^Passenger 1/ });
      await traveller.getByRole('combobox', { name: 'Title' }).click();
      await page.getByRole('option', { name: 'Ms', exact: true }).click();
      await traveller.getByRole('combobox', { name: 'Gender' }).click();
      await page.getByRole('option', { name: 'Female', exact: true }).click();
      await traveller.getByLabel('First Name').fill('Ada');
      await traveller.getByLabel('Last Name').fill('Lovelace');
      await traveller.getByLabel('Date of Birth').fill('1985-04-12');
      await traveller.getByLabel('Email', { exact: true }).fill(email);
      await traveller.getByLabel('Phone Number', { exact: true }).fill('+44 20 7946 0000');
      await traveller.getByLabel('Passport Number').fill('GB1234567');
      await traveller.getByLabel('Passport Expiry Date').fill(isoDate(3_000));
      await traveller.getByLabel('Issuing Country').selectOption('GB');
      await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();

      await waitForSettled(page, heading('Choose Your Seats'));
      await expect(
        page
          .getByRole('group', { name: /^Seat map/ })
          .locator('button')
          .first(),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `seat selection (${viewport})`);
      await page
        .getByRole('group', { name: /^Seat map/ })
        .locator('button[data-state="available"]')
        .first()
        .click();
      await waitForSettled(page, heading('Choose Your Seats'));
      await expectNoSeriousViolations(page, `seat selection, a seat chosen (${viewport})`);
      // Continuing needs a seat on every flight; this journey only looks at the map.
      await page.getByRole('button', { name: 'Skip Seat Selection' }).click();

      await waitForSettled(page, heading('Payment Details'));
      await expectNoSeriousViolations(page, `payment (${viewport})`);
      // The errors of an empty form are announced and pass too.
      await page.getByRole('button', { name: /^Complete Booking/ }).click();
      await expect(page.getByLabel('Card Number')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, `payment with errors (${viewport})`);
      await page.getByLabel('Card Number').pressSequentially('4242424242424242');
      await page.getByLabel('Cardholder Name').fill('Ada Lovelace');
      await page.getByLabel('Expiry Month').fill('12');
      await page
        .getByLabel('Expiry Year')
        .fill(String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'));
      await page.getByLabel('CVV').fill('123');
      await page.getByRole('button', { name: /^Complete Booking/ }).click();

      await expect(heading('Booking Confirmed!')).toBeVisible({ timeout: 20_000 });
      await waitForSettled(page, heading('Booking Confirmed!'));
      await expectNoSeriousViolations(page, `confirmation (${viewport})`);
      expect(problems, 'console errors').toEqual([]);
    });
  });
}
