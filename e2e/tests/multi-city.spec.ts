import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueName } from '../fixtures';
import {
  VIEWPORTS,
  expectNoSeriousViolations,
  waitForSettled,
  watchConsole,
  type ViewportName,
} from '../support/a11y';
import {
  claimGuestAccount,
  pay,
  toasts,
  TRAVELLERS,
  tripDay,
  typePassengers,
} from '../support/checkout';
import { mailMatching } from '../support/mailbox';
import { chooseAirport, daysFromToday } from '../support/forms';

// London, Paris, Rome and home, searched on the home page's Multi-City tab and booked as a guest.

const TITLE = 'London → Paris → Rome → London';
const BEFORE_PREVIOUS = 'Each flight must depart on or after the flight before it';

/** A date `days` from today, `YYYY-MM-DD` in the browser's calendar (it shares this clock). */

/** Flight `n` of the Multi-City tab (1-based). */
function flight(page: Page, n: number): Locator {
  return page.getByRole('group', { name: `Flight ${n}` });
}

/** The three flights on the form, each date `dates[i]`. */
async function fillThreeCities(page: Page, dates: readonly string[]) {
  const form = page.getByRole('form', { name: 'Flight search' });
  await form.getByRole('tab', { name: 'Multi-City' }).click();
  await chooseAirport(page, 'From', 'heathrow', /London Heathrow/, flight(page, 1));
  await chooseAirport(page, 'To', 'charles de', /Charles de Gaulle/, flight(page, 1));
  // The next flight leaves from where the last one lands.
  await expect(flight(page, 2).getByRole('combobox', { name: 'From' })).toHaveValue('Paris (CDG)');
  await chooseAirport(page, 'To', 'fiumicino', /Fiumicino/, flight(page, 2));
  await form.getByRole('button', { name: 'Add another flight' }).click();
  await expect(flight(page, 3).getByRole('combobox', { name: 'From' })).toHaveValue('Rome (FCO)');
  await chooseAirport(page, 'To', 'heathrow', /London Heathrow/, flight(page, 3));
  for (const [index, date] of dates.entries()) {
    await flight(page, index + 1)
      .getByLabel('Departure')
      .fill(date);
  }
}

/** A flight dated before the one ahead of it: said on that flight, and nothing is searched. */
async function refuseOutOfOrder(page: Page, dates: readonly string[]) {
  const second = flight(page, 2).getByLabel('Departure');
  await second.fill(daysFromToday(tripDay() - 1));
  await page.getByRole('button', { name: 'Search Flights' }).click();
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await expect(second).toHaveAccessibleDescription(BEFORE_PREVIOUS);
  await expect(flight(page, 1).getByLabel('Departure')).not.toHaveAttribute('aria-invalid');
  await expect(toasts(page).getByText(BEFORE_PREVIOUS)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await second.fill(dates[1] ?? '');
  await expect(second).not.toHaveAttribute('aria-invalid');
}

async function checkResults(page: Page, name: ViewportName, slices: string) {
  await expect(page).toHaveURL(/\/search\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
    tripType: 'multi-city',
    slices,
  });
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const first = page.getByRole('list', { name: 'Flight results' }).getByRole('article').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  for (const route of ['LHR–CDG', 'CDG–FCO', 'FCO–LHR']) await expect(first).toContainText(route);
  // No other days, calendar or price alert for a multi-city trip.
  await expect(page.getByRole('button', { name: 'Track prices' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Price calendar' })).toHaveCount(0);
  await waitForSettled(page);
  await expectNoSeriousViolations(page, `multi-city results (${name})`);
}

async function checkOffer(page: Page) {
  await expect(page).toHaveURL(/\/flight\/off_/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Flight Summary' });
  for (const n of [1, 2, 3]) {
    await expect(summary.getByRole('region', { name: `Flight ${n}` })).toBeVisible();
  }
}

async function bookAsGuest(page: Page, name: ViewportName, email: string) {
  await page
    .getByRole('link', { name: name === 'phone' ? 'Book Now' : 'Book This Flight' })
    .click();
  await expect(page.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
  await typePassengers(page, email, TRAVELLERS.slice(0, 1));
  await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
  // A seat map per flight, under each flight's name.
  const flights = page.getByRole('navigation', { name: 'Flights' });
  for (const n of [1, 2, 3]) await expect(flights).toContainText(`Flight ${n}`);
  await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' }).last();
  await expect(summary).toContainText('Multi-City');
  await expect(summary).toContainText('Flight 3');
  await expectNoSeriousViolations(page, `multi-city payment (${name})`);
  await pay(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({
    timeout: 20_000,
  });
}

for (const [name, device] of Object.entries(VIEWPORTS) as [
  ViewportName,
  typeof VIEWPORTS.phone,
][]) {
  test.describe(`multi-city on ${name}`, () => {
    test.use(device);
    test.setTimeout(150_000);

    test('searches London, Paris, Rome and home, and books it as a guest: confirmation, e-mail and My Trips', async ({
      page,
    }) => {
      const errors = watchConsole(page);
      const email = `${uniqueName('multi')}@example.com`;
      const dates = [0, 3, 7].map((offset) => daysFromToday(tripDay() + offset));
      const slices = `LHR.CDG.${dates[0]}_CDG.FCO.${dates[1]}_FCO.LHR.${dates[2]}`;

      await page.goto('/');
      await fillThreeCities(page, dates);
      await expectNoSeriousViolations(page, `multi-city form (${name})`);
      await refuseOutOfOrder(page, dates);
      await page.getByRole('button', { name: 'Search Flights' }).click();
      await checkResults(page, name, slices);

      // A reload keeps the search, and the edit form is filled from the URL.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      const results = page.getByRole('list', { name: 'Flight results' });
      await expect(results.getByRole('article').first()).toBeVisible({ timeout: 20_000 });

      await results
        .getByRole('article')
        .first()
        .getByRole('link', { name: /^Select/ })
        .first()
        .click();
      await checkOffer(page);
      // Back to the same results, and forward to the offer again.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('slices')).toBe(slices);
      await page.goForward();
      await checkOffer(page);

      await bookAsGuest(page, name, email);
      const confirmed = page.getByRole('region', { name: 'Flight Summary' });
      for (const n of [1, 2, 3]) await expect(confirmed).toContainText(`Flight ${n}`);
      for (const route of ['LHR', 'CDG', 'FCO']) await expect(confirmed).toContainText(route);
      await expectNoSeriousViolations(page, `multi-city confirmation (${name})`);

      const mail = await mailMatching(email, /booking confirmed/);
      for (const leg of [
        'London (LHR) to Paris (CDG)',
        'Paris (CDG) to Rome (FCO)',
        'Rome (FCO) to London (LHR)',
      ]) {
        expect(mail.text).toContain(leg);
      }

      // The guest takes the account the e-mail offers: the trip lists every flight.
      await claimGuestAccount(page, email, 'Quiet-Harbour-Lights');
      await page.goto('/my-trips');
      const trip = page.getByRole('article').first();
      await expect(trip.getByRole('heading', { name: TITLE })).toBeVisible();
      await expect(trip).toContainText('LHR – CDG – FCO – LHR · Multi-city');
      for (const n of [1, 2, 3]) await expect(trip).toContainText(`Flight ${n}`);
      await trip.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Booking Details' });
      for (const n of [1, 2, 3]) {
        await expect(details.getByRole('article', { name: `Flight ${n}` })).toBeVisible();
      }
      await waitForSettled(page, details);
      await expectNoSeriousViolations(page, `multi-city trip details (${name})`);
      expect(errors).toEqual([]);
    });
  });
}
