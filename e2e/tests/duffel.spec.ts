import { expect, test } from '@playwright/test';
import { registerAndSignIn } from '../support/a11y';
import {
  chooseSeats,
  daysAhead,
  fillPassengers,
  openCheckout,
  pay,
  toasts,
  tripDay,
} from '../support/checkout';

// Against the app whose test mode's flights come from Duffel (DUFFEL_TEST_TOKEN, and
// DUFFEL_API_URL pointed at the repository's Duffel-compatible server; playwright.config.ts
// starts both): the same journey as with the sandbox, every flight call going through the SDK.

test.describe('flights from Duffel', () => {
  test('a traveller finds Duffel flights, books them with a seat each and cancels the trip', async ({
    page,
  }) => {
    // A whole checkout, as in checkout.spec.ts, each flight call also crossing the SDK and the
    // Duffel-compatible server.
    test.setTimeout(90_000);
    const departure = daysAhead(tripDay());
    const returning = daysAhead(tripDay() + 7);
    await page.goto(
      `/search?origin=LHR&destination=JFK&departureDate=${departure}&returnDate=${returning}&cabinClass=economy&adultsCount=2&childrenCount=0&infantsCount=0&tripType=round-trip`,
    );
    const results = page.getByRole('list', { name: 'Flight results' });
    await expect(results.getByRole('article').first()).toBeVisible({ timeout: 20_000 });

    // A traveller signed in: the trip is theirs at once.
    const { username } = await registerAndSignIn(page.request);
    const email = `${username}@example.com`;
    const offer = await openCheckout(page);
    // The offer id names its provider and mode: Duffel, test mode.
    expect(offer.id).toMatch(/^duffel-test~off_/);
    await fillPassengers(page, email);
    await chooseSeats(page);
    await pay(page, '4242424242424242');

    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({
      timeout: 30_000,
    });
    const reference = page.getByTestId('booking-reference');
    await expect(reference).toHaveText(/^[A-Z0-9]{6}$/);
    const bookingReference = (await reference.textContent()) ?? '';

    await page.goto('/my-trips');
    const card = page
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ hasText: bookingReference });
    await expect(card.getByText('Confirmed')).toBeVisible();
    await card.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(confirm.getByText('Refund amount')).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
    await expect(toasts(page).getByText('Booking cancelled')).toBeVisible();

    await page.getByRole('tab', { name: /^Cancelled/ }).click();
    await expect(
      page
        .getByRole('tabpanel')
        .getByRole('article')
        .filter({ hasText: bookingReference })
        .getByText('Cancelled', { exact: true }),
    ).toBeVisible();
  });
});
