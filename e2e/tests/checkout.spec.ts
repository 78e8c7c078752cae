import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../fixtures';

// The checkout against the sandbox airline and card processor: LHR→JFK return for two adults
// (an international trip, so passports are required). The offer comes straight from the search
// API; the search pages are not part of this journey.

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function expiryYear(): string {
  return String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function findOffer(page: Page): Promise<string> {
  const response = await page.request.post('/api/flights/search', {
    headers: SAME_ORIGIN,
    data: {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: daysAhead(24),
      returnDate: daysAhead(31),
      cabinClass: 'economy',
      adultsCount: 2,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { offers: { id: string }[] };
  const [offer] = body.offers;
  if (!offer) throw new Error('The sandbox found no LHR→JFK offers');
  return offer.id;
}

async function openCheckout(page: Page) {
  const offerId = await findOffer(page);
  await page.goto(`/booking?offer=${encodeURIComponent(offerId)}&adults=2&children=0&infants=0`);
  await expect(page.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
}

async function fillPassengers(page: Page, email: string) {
  const travellers = [
    { first: 'Ada', last: 'Lovelace', born: '1985-04-12', passport: 'gb 123 456 7' },
    { first: 'Charles', last: 'Babbage', born: '1979-12-26', passport: 'GB7654321' },
  ];
  for (const [index, traveller] of travellers.entries()) {
    const card = page.getByRole('group', { name: new RegExp(`^Passenger ${index + 1}: Adult`) });
    await card.getByLabel('First Name').fill(traveller.first);
    await card.getByLabel('Last Name').fill(traveller.last);
    await card.getByLabel('Date of Birth').fill(traveller.born);
    if (index === 0) {
      await card.getByLabel('Email', { exact: true }).fill(email);
      await card.getByLabel('Phone Number', { exact: true }).fill('+44 20 7946 0000');
    }
    await card.getByLabel('Passport Number').fill(traveller.passport);
    await card.getByLabel('Passport Expiry Date').fill(daysAhead(3_000));
    await card.getByRole('combobox', { name: 'Issuing Country' }).click();
    await page.getByRole('option', { name: 'United Kingdom' }).click();
  }
  // The passport field strips spaces and upper-cases as typed.
  await expect(
    page.getByRole('group', { name: /^Passenger 1/ }).getByLabel('Passport Number'),
  ).toHaveValue('GB1234567');
  await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
}

/** A seat for each passenger on every flight, chosen passenger by passenger. */
async function chooseSeats(page: Page) {
  const flights = page.getByRole('navigation', { name: 'Flights' }).getByRole('button');
  await expect(flights.first()).toBeVisible();
  const flightCount = await flights.count();
  expect(flightCount).toBeGreaterThanOrEqual(2);
  const passengers = page.getByRole('radiogroup', { name: 'Choose a seat for' }).getByRole('radio');
  for (let flight = 0; flight < flightCount; flight += 1) {
    await flights.nth(flight).click();
    await expect(flights.nth(flight)).toHaveAttribute('aria-pressed', 'true');
    for (let passenger = 0; passenger < 2; passenger += 1) {
      await passengers.nth(passenger).click();
      const seat = page
        .getByRole('group', { name: /^Seat map/ })
        .locator('button[data-state="available"]')
        .first();
      const name = (await seat.getAttribute('aria-label')) ?? '';
      expect(name).toMatch(/^Seat \d+[A-Z], (window|middle|aisle)/);
      const designator = /^Seat (\w+),/.exec(name)?.[1] ?? '';
      await seat.click();
      await expect(toasts(page).getByText('Seat Selected', { exact: true })).toBeVisible();
      // The passenger's chip shows the seat.
      await expect(passengers.nth(passenger)).toContainText(designator);
    }
    await expect(flights.nth(flight)).toContainText('2/2');
  }
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
}

async function pay(page: Page, number: string) {
  const cardNumber = page.getByLabel('Card Number');
  await cardNumber.pressSequentially(number);
  await page.getByLabel('Cardholder Name').fill('Ada Lovelace');
  await page.getByLabel('Expiry Month').fill('12');
  await page.getByLabel('Expiry Year').fill(expiryYear());
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Complete Booking/ }).click();
}

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
    await expect(page.getByRole('heading', { name: 'Your New Account' })).toBeVisible();
    await expect(page.getByTestId('account-username')).toHaveText(/\S{3,}/);
    await expect(page.getByTestId('account-password')).toHaveText(/\S{12,}/);
    await expect(page.getByText(/This password is shown only now/)).toBeVisible();
    // The new account is signed in.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      /\/my-trips/,
    );
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
