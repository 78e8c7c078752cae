import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { uniqueName } from '../fixtures';
import {
  TRAVELLERS,
  chooseSeats,
  daysAhead,
  tripDay,
  fillPassengers,
  findOffer,
  openCheckout,
  passengerCard,
  pay,
  toasts,
  typePassengers,
} from '../support/checkout';

// What makes the checkout trustworthy at its edges: every rule before any money, no silent price
// change, nothing lost on reload or expiry, seats taken meanwhile named.

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Every card authorisation the page asks for. */
function authorisations(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/payments/process-card')) seen.push(request.url());
  });
  return seen;
}

interface StoredCheckout {
  seatChoices: Record<string, Record<string, string>>;
}

async function storedCheckout(page: Page, offerId: string): Promise<StoredCheckout> {
  const raw = await page.evaluate(
    (key) => sessionStorage.getItem(key),
    `contrail.checkout.${offerId}`,
  );
  if (!raw) throw new Error('the checkout is not stored');
  return JSON.parse(raw) as StoredCheckout;
}

test.describe('a checkout a traveller can trust', () => {
  test.setTimeout(90_000);

  test('refuses each passenger problem at its field before any payment, keeping what was typed', async ({
    page,
  }) => {
    const authorised = authorisations(page);
    await openCheckout(page);
    await typePassengers(page, `${uniqueName('ada')}@example.com`);
    const lead = passengerCard(page, 0);
    const second = passengerCard(page, 1);
    await lead.getByLabel('First Name').fill('St. John');
    // Valid today, but it expires before the return flight a week after departure.
    await second.getByLabel('Passport Expiry Date').fill(daysAhead(tripDay() + 4));
    await lead.getByLabel('Country Code', { exact: true }).selectOption('US');
    await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();

    await expect(
      page.getByText('Please complete all required passenger information before continuing.'),
    ).toBeVisible();
    await expect(lead.getByLabel('First Name')).toHaveAccessibleDescription(
      'Use letters, spaces, hyphens and apostrophes only, as printed in the passport',
    );
    await expect(lead.getByLabel('Phone Number', { exact: true })).toHaveAccessibleDescription(
      'Please enter a valid phone number',
    );
    await expect(second.getByLabel('Passport Expiry Date')).toHaveAccessibleDescription(
      'The passport must be valid beyond the last flight of this trip',
    );
    await expect(second.getByLabel('Last Name')).toHaveValue('Babbage');

    await lead.getByLabel('First Name').fill('St John');
    await lead.getByLabel('Country Code', { exact: true }).selectOption('GB');
    await second.getByLabel('Passport Expiry Date').fill(daysAhead(3_000));
    await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
    expect(authorised).toEqual([]);
  });

  test('keeps the passengers and the step across a reload', async ({ page }) => {
    await openCheckout(page);
    await fillPassengers(page, `${uniqueName('ada')}@example.com`);
    await expect(page).toHaveURL(/step=seats/);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
    await expect(passengerCard(page, 1).getByLabel('Last Name')).toHaveValue('Babbage');
    await expect(passengerCard(page, 0).getByLabel('Phone Number', { exact: true })).toHaveValue(
      '07911 123456',
    );
  });

  test('shows the old and new totals of a price change and charges only the one agreed', async ({
    page,
  }) => {
    // The sandbox's price-changed route: the airline re-prices the offer after the search.
    const searched = await findOffer(page, {
      origin: 'LHR',
      destination: 'STN',
      adults: 1,
      oneWay: true,
    });
    // The traveller saw the search's price on the results page.
    await page.goto('/');
    await page.evaluate(({ key, price }) => sessionStorage.setItem(key, price), {
      key: `contrail.seenPrice.${searched.id}`,
      price: JSON.stringify({ amount: searched.total_amount, currency: searched.total_currency }),
    });
    const authorised = authorisations(page);
    await page.goto(`/booking?offer=${encodeURIComponent(searched.id)}&adults=1`);
    await expect(page.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'Price Changed' });
    await expect(notice).toContainText('Price you saw');
    await expect(notice).toContainText('Price now');

    await typePassengers(page, `${uniqueName('ada')}@example.com`, TRAVELLERS.slice(0, 1));
    await page.getByRole('button', { name: 'Continue to Seat Selection' }).click();
    await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
    await pay(page, '4242424242424242');

    const dialog = page.getByRole('alertdialog', { name: 'Price Changed' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Previous total');
    await expect(dialog).toContainText('New total');
    expect(authorised).toEqual([]);
    const accept = dialog.getByRole('button', { name: /Accept and Pay/ });
    const agreed = (await accept.textContent()) ?? '';
    await accept.click();

    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({
      timeout: 20_000,
    });
    expect(authorised).toHaveLength(1);
    // What was charged is the total the traveller agreed to.
    const paid = agreed.replace(/^Accept and Pay\s*/, '').trim();
    await expect(page.getByText(paid).first()).toBeVisible();
  });

  test('disables Book on the offer page once the offer has expired', async ({ page }) => {
    const offer = await findOffer(page);
    await page.clock.install();
    await page.goto(`/flight/${encodeURIComponent(offer.id)}`);
    await expect(
      page.getByRole('link', { name: /Book This Flight|Book Now/ }).first(),
    ).toBeVisible();
    await page.clock.fastForward('31:00');
    await expect(page.getByRole('button', { name: 'Offer Expired' }).first()).toBeDisabled();
    await expect(page.getByRole('link', { name: /Book This Flight|Book Now/ })).toHaveCount(0);
  });

  test('counts the offer down, warns before it expires, waits when it has, and carries the travellers to a new search', async ({
    page,
  }) => {
    const offer = await findOffer(page);
    await page.clock.install();
    await page.goto(`/booking?offer=${encodeURIComponent(offer.id)}&adults=2`);
    await expect(page.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
    await expect(page.getByText(/Price held for \d+:\d\d/)).toBeVisible();
    await typePassengers(page, `${uniqueName('ada')}@example.com`);
    // Under five minutes left: a warning that stays (no toast that goes by itself), with the way
    // to search again, until the traveller dismisses it.
    await page.clock.fastForward('26:00');
    const warning = page.getByRole('alert').filter({ hasText: 'Offer Expiring Soon' });
    await expect(warning).toContainText(/This flight offer will expire in \d minutes\.\.\./);
    await expect(warning.getByRole('button', { name: 'Search Again' })).toBeVisible();
    await page.clock.fastForward('01:00');
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toBeHidden();
    await page.clock.fastForward('04:00');
    const banner = page.getByRole('alert').filter({ hasText: 'Search Again' });
    await expect(banner).toContainText('This flight offer has expired.');
    await expect(page.getByRole('button', { name: 'Offer Expired' })).toBeDisabled();
    // Nothing leaves the page by itself.
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/booking/);
    await expect(passengerCard(page, 0).getByLabel('First Name')).toHaveValue('Ada');

    await banner.getByRole('button', { name: 'Search Again' }).click();
    await expect(page).toHaveURL(/\/search\?/);
    // A new offer for the same trip: the travellers typed before are offered.
    await page.clock.setSystemTime(new Date());
    const next = await findOffer(page);
    await page.goto(`/booking?offer=${encodeURIComponent(next.id)}&adults=2`);
    await page.getByRole('button', { name: 'Use These Details' }).click();
    await expect(passengerCard(page, 0).getByLabel('First Name')).toHaveValue('Ada');
    await expect(passengerCard(page, 1).getByLabel('Passport Number')).toHaveValue('GB7654321');
  });

  test('names the seats someone else bought meanwhile and lets the traveller choose again', async ({
    page,
    baseURL,
  }) => {
    const offer = await openCheckout(page);
    await fillPassengers(page, `${uniqueName('ada')}@example.com`);
    await chooseSeats(page);
    const { seatChoices } = await storedCheckout(page, offer.id);

    // Another traveller buys the same seats first.
    const other = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
    await buySeats(other, offer.id, seatChoices);
    await other.dispose();

    await pay(page, '4242424242424242');
    await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'Please choose your seats again' });
    await expect(alert).toContainText(/has just been taken by someone else|have just been taken/);
    const [[segmentId, seats]] = Object.entries(seatChoices) as [[string, Record<string, string>]];
    const designator = Object.values(seats)[0] ?? '';
    await expect(alert).toContainText(designator);
    expect(segmentId).toMatch(/^seg_/);

    await chooseSeats(page);
    // The card is still there: the traveller only confirms.
    await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Complete Booking/ }).click();
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(toasts(page).getByText('Booking confirmed!')).toBeVisible();
  });
});

/** Books `choices` (segment → passenger → seat) on the offer for another guest, over the API. */
async function buySeats(
  api: Awaited<ReturnType<typeof playwrightRequest.newContext>>,
  offerId: string,
  choices: Record<string, Record<string, string>>,
) {
  const offer = (await (await api.get(`/api/flights/offer/${offerId}`)).json()) as {
    total_amount: string;
    total_currency: string;
    passengers: { id: string; type: string }[];
  };
  const maps = (await (await api.get(`/api/flights/seatmaps/${offerId}`)).json()) as {
    data: {
      segment_id: string;
      cabins: {
        rows: {
          sections: {
            elements: {
              type: string;
              designator?: string;
              available_services?: { passenger_id: string; total_amount: string }[];
            }[];
          }[];
        }[];
      }[];
    }[];
  };
  const seats = Object.entries(choices).flatMap(([segmentId, bySeat]) =>
    Object.entries(bySeat).map(([passengerId, designator]) => ({
      passengerId,
      segmentId,
      designator,
    })),
  );
  let totalMinor = Math.round(Number(offer.total_amount) * 100);
  for (const seat of seats) {
    const element = maps.data
      .find((map) => map.segment_id === seat.segmentId)
      ?.cabins.flatMap((cabin) =>
        cabin.rows.flatMap((row) => row.sections.flatMap((s) => s.elements)),
      )
      .find((e) => e.designator === seat.designator);
    const price = element?.available_services?.find((s) => s.passenger_id === seat.passengerId);
    totalMinor += Math.round(Number(price?.total_amount ?? '0') * 100);
  }
  const amount = (totalMinor / 100).toFixed(2);
  const email = `${uniqueName('rival')}@example.com`;
  const passengers = offer.passengers.map((p, i) => ({
    id: p.id,
    type: p.type,
    title: 'mr',
    firstName: i === 0 ? 'Rival' : 'Friend',
    lastName: 'Traveller',
    gender: 'male',
    dateOfBirth: '1980-01-01',
    email: i === 0 ? email : '',
    phone: i === 0 ? '+44 20 7946 0000' : '',
    passportNumber: `R${1234567 + i}`,
    passportExpiryDate: daysAhead(3_000),
    passportIssuingCountry: 'GB',
  }));
  const payment = await api.post('/api/payments/process-card', {
    data: {
      offerId,
      amount,
      currency: offer.total_currency,
      seats,
      passengers,
      cardDetails: {
        number: '4242424242424242',
        holderName: 'Rival Traveller',
        expiryMonth: '12',
        expiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
        cvv: '123',
      },
    },
  });
  expect(payment.status()).toBe(200);
  const { paymentId } = (await payment.json()) as { paymentId: string };
  const booked = await api.post('/api/bookings', {
    headers: { 'idempotency-key': `rival-${uniqueName('key')}` },
    data: {
      offerId,
      passengers,
      seats,
      paymentDetails: { paymentId, amount, currency: offer.total_currency },
    },
  });
  expect(booked.status()).toBe(201);
}
