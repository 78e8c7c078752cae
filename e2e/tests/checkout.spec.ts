import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { uniqueName } from '../fixtures';
import {
  chooseSeats,
  claimGuestAccount,
  fillPassengers,
  openCheckout,
  pay,
  toasts,
} from '../support/checkout';

test.describe('checkout', () => {
  test.setTimeout(90_000);

  test('a guest books a return trip for two adults with a seat each on every flight', async ({
    page,
  }) => {
    const email = `${uniqueName('ada')}@example.com`;
    await openCheckout(page);
    await fillPassengers(page, email);
    await chooseSeats(page);

    const summary = page.getByRole('region', { name: 'Order Summary' }).last();
    await expect(summary).toContainText('Round Trip');
    await expect(summary.getByText('Seats')).toBeVisible();
    await pay(page, '4242424242424242');
    await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');

    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(toasts(page).getByText('Booking confirmed!')).toBeVisible();
    await expect(page.getByTestId('booking-reference')).toHaveText(/^[A-Z0-9]{6}$/);
    await expect(page.getByText('Visa •••• 4242')).toBeVisible();
    // The same words whether or not the address has an account; nobody is signed in.
    await expect(
      page.getByText(`We have also e-mailed ${email} how to see this trip`),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      /\/my-trips/,
    );

    // The trip for a calendar: a file named after the booking, an event for each of its flights.
    const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to Calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`trip-${reference}.ics`);
    const calendar = readFileSync(await file.path(), 'utf8');
    expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(calendar.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThanOrEqual(2);
    expect(calendar).toContain(`UID:${reference}-1-1@contrail`);
    expect(calendar).toContain(`UID:${reference}-2-1@contrail`);

    // The e-mail about the account: choosing its password confirms the address, and the trip
    // is in My Trips.
    await claimGuestAccount(page, email, 'Quiet-Harbour-Lights');
    await page.goto('/my-trips');
    await expect(
      page.getByRole('tabpanel').getByRole('article').filter({ hasText: reference }),
    ).toBeVisible();
  });

  test('a declined card says Payment Failed and books nothing', async ({ page }) => {
    await openCheckout(page);
    await fillPassengers(page, `${uniqueName('grace')}@example.com`);
    await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();

    await pay(page, '4000000000000002');

    await expect(toasts(page).getByText('Payment Failed', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByLabel('Card Number')).toHaveValue('');
    await expect(page.getByLabel('Card Number')).toBeFocused();
    await expect(page.getByLabel('Cardholder Name')).toHaveValue('Ada Lovelace');
    await expect(page.getByRole('button', { name: /^Complete Booking/ })).toBeEnabled();
    await expect(page.getByTestId('booking-reference')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toHaveCount(0);
  });
});
