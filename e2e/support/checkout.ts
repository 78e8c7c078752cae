import { expect, type Locator, type Page, test } from '@playwright/test';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { mailMatching } from './mailbox';

// Steps of the checkout against the sandbox airline and card processor. By default LHR→JFK return
// for two adults (an international trip, so passports are required). Offers come straight from
// the search API; the search pages are not part of these journeys.

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How many days ahead the current test's trip leaves. Tests running side by side fly on different
 * days, so they never choose the same seats on the same flight (the sandbox sells a seat once);
 * tests one after another in a worker find the seats the earlier ones took already sold.
 */
export function tripDay(): number {
  return 24 + test.info().parallelIndex * 2;
}

export function expiryYear(): string {
  return String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
}

export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

export interface FoundOffer {
  id: string;
  total_amount: string;
  total_currency: string;
}

interface Trip {
  origin?: string;
  destination?: string;
  adults?: number;
  oneWay?: boolean;
}

/** An offer straight from the search API (the search pages are not part of these journeys). */
export async function findOffer(
  page: Page,
  { origin = 'LHR', destination = 'JFK', adults = 2, oneWay = false }: Trip = {},
): Promise<FoundOffer> {
  const response = await page.request.post('/api/flights/search', {
    headers: SAME_ORIGIN,
    data: {
      origin,
      destination,
      departureDate: daysAhead(tripDay()),
      ...(oneWay ? {} : { returnDate: daysAhead(tripDay() + 7) }),
      cabinClass: 'economy',
      adultsCount: adults,
      childrenCount: 0,
      infantsCount: 0,
      tripType: oneWay ? 'one-way' : 'round-trip',
    },
  });
  expect(response.status()).toBe(200);
  const [offer] = searchOffersOf(await response.json());
  if (!offer) throw new Error(`The sandbox found no ${origin}→${destination} offers`);
  return offer;
}

export async function openCheckout(page: Page, trip: Trip = {}): Promise<FoundOffer> {
  const offer = await findOffer(page, trip);
  await page.goto(
    `/booking?offer=${encodeURIComponent(offer.id)}&adults=${trip.adults ?? 2}&children=0&infants=0`,
  );
  await expect(page.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
  return offer;
}

export interface Traveller {
  title: string;
  gender: string;
  first: string;
  last: string;
  born: string;
  passport: string;
}

export const TRAVELLERS: Traveller[] = [
  {
    title: 'Ms',
    gender: 'Female',
    first: 'Ada',
    last: 'Lovelace',
    born: '1985-04-12',
    passport: 'gb 123 456 7',
  },
  {
    title: 'Mr',
    gender: 'Male',
    first: 'Charles',
    last: 'Babbage',
    born: '1979-12-26',
    passport: 'GB7654321',
  },
];

export function passengerCard(page: Page, index: number) {
  return page.getByRole('group', { name: new RegExp(`^Passenger ${index + 1}: Adult`) });
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function typePassengers(page: Page, email: string, travellers = TRAVELLERS) {
  for (const [index, traveller] of travellers.entries()) {
    const card = passengerCard(page, index);
    await choose(page, card.getByRole('combobox', { name: 'Title' }), traveller.title);
    await choose(page, card.getByRole('combobox', { name: 'Gender' }), traveller.gender);
    await card.getByLabel('First Name').fill(traveller.first);
    await card.getByLabel('Last Name').fill(traveller.last);
    await card.getByLabel('Date of Birth').fill(traveller.born);
    if (index === 0) {
      await card.getByLabel('Email', { exact: true }).fill(email);
      // A UK mobile typed as people type it at home, read in the country chosen for it.
      await card.getByLabel('Country Code', { exact: true }).selectOption('GB');
      await card.getByLabel('Phone Number', { exact: true }).fill('07911 123456');
    }
    await card.getByLabel('Passport Number').fill(traveller.passport);
    await card.getByLabel('Passport Expiry Date').fill(daysAhead(3_000));
    await card.getByLabel('Issuing Country').selectOption('GB');
  }
}

export async function fillPassengers(page: Page, email: string) {
  await typePassengers(page, email);
  // The passport field strips spaces and upper-cases as typed.
  await expect(passengerCard(page, 0).getByLabel('Passport Number')).toHaveValue('GB1234567');
  await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
}

/** A seat for each passenger on every flight, chosen passenger by passenger. */
export async function chooseSeats(page: Page) {
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
      // The newest toast comes first; the one it replaces may still be leaving (Sonner's exit).
      await expect(toasts(page).getByText('Seat Selected', { exact: true }).first()).toBeVisible();
      // The passenger's chip shows the seat.
      await expect(passengers.nth(passenger)).toContainText(designator);
    }
    await expect(flights.nth(flight)).toContainText('2/2');
  }
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
}

export async function pay(page: Page, number: string) {
  const cardNumber = page.getByLabel('Card Number');
  await cardNumber.pressSequentially(number);
  await page.getByLabel('Cardholder Name').fill('Ada Lovelace');
  await page.getByLabel('Expiry Month').fill('12');
  await page.getByLabel('Expiry Year').fill(expiryYear());
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Complete Booking/ }).click();
}

/**
 * A guest takes the account the booking's e-mail offers: the "choose a password" link of the
 * e-mail about the account, the new password, then signing in with the username it names.
 */
export async function claimGuestAccount(page: Page, email: string, password: string) {
  const mail = await mailMatching(email, /and your .+ account$/);
  const username = /username is (\S+?)\./i.exec(mail.text)?.[1];
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!username || !link) throw new Error(`no username or link in the e-mail:\n${mail.text}`);
  await page.goto(link);
  const main = page.getByRole('main');
  await main.getByLabel('New Password', { exact: true }).fill(password);
  await main.getByLabel('Confirm New Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=done/);
  await main.getByLabel('Username', { exact: true }).fill(username);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  // Signed in, the page leaves the sign-in form (on a phone the header hides its links).
  await expect(page).not.toHaveURL(/\/login/);
  return { username, mail };
}
