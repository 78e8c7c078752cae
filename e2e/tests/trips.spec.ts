import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueName } from '../fixtures';

// Trips are booked through the API (search, authorise the card, book), as checkout would, in the
// context whose pages then look at them: a guest booking signs that context in.

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

interface Offer {
  id: string;
  total_amount: string;
  total_currency: string;
  passengers: { id: string; type: string }[];
  conditions: { refundable: boolean };
}

function isoDate(daysFromNow: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + daysFromNow);
  return date.toISOString().slice(0, 10);
}

async function bookRefundableTrip(
  request: APIRequestContext,
  email: string,
): Promise<{ bookingReference: string }> {
  const search = await request.post('/api/flights/search', {
    headers: SAME_ORIGIN,
    data: {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: isoDate(40),
      returnDate: isoDate(47),
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
    },
  });
  expect(search.status(), await search.text()).toBe(200);
  const { offers } = (await search.json()) as { offers: Offer[] };
  const offer = offers.find((candidate) => candidate.conditions.refundable);
  if (!offer) throw new Error('the sandbox offered no refundable fare');

  const payment = await request.post('/api/payments/process-card', {
    headers: SAME_ORIGIN,
    data: {
      offerId: offer.id,
      amount: offer.total_amount,
      currency: offer.total_currency,
      cardDetails: {
        number: '4242424242424242',
        holderName: 'Ada Lovelace',
        expiryMonth: '12',
        expiryYear: '30',
        cvv: '123',
      },
    },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  const { paymentId } = (await payment.json()) as { paymentId: string };

  const booking = await request.post('/api/bookings', {
    headers: { ...SAME_ORIGIN, 'Idempotency-Key': randomUUID() },
    data: {
      offerId: offer.id,
      passengers: offer.passengers.map((passenger) => ({
        id: passenger.id,
        type: passenger.type,
        title: 'ms',
        firstName: 'Ada',
        lastName: 'Lovelace',
        gender: 'female',
        dateOfBirth: '1985-12-10',
        email,
        phone: '+44 20 7946 0000',
        passportNumber: 'P1234567',
        passportExpiryDate: '2032-01-01',
        passportIssuingCountry: 'GB',
      })),
      paymentDetails: { paymentId, amount: offer.total_amount, currency: offer.total_currency },
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  return (await booking.json()) as { bookingReference: string };
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test.describe('my trips', () => {
  test('a booked trip is under Upcoming, is cancelled after seeing the refund, then is under Cancelled', async ({
    page,
  }) => {
    const email = `${uniqueName('trips')}@example.com`;
    const { bookingReference } = await bookRefundableTrip(page.request, email);

    await page.goto('/my-trips');
    await expect(page.getByRole('heading', { level: 1, name: 'My Trips' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveText(/1/);
    const card = page
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ hasText: bookingReference });
    await expect(card.getByRole('heading', { name: 'London to New York' })).toBeVisible();
    await expect(card.getByText('Confirmed')).toBeVisible();

    await card.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(confirm.getByText('Refund amount')).toBeVisible();
    const refund = confirm.getByTestId('refund-amount');
    await expect(refund).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const refundText = (await refund.textContent()) ?? '';
    expect(refundText).not.toBe('$0.00');
    await expect(
      confirm.getByText('The airline takes 7 to 30 business days to process it.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, Cancel Booking' }).click();

    await expect(toasts(page).getByText('Booking cancelled')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveText(/0/);

    await page.getByRole('tab', { name: /^Cancelled/ }).click();
    await expect(page).toHaveURL(/tab=cancelled/);
    const cancelled = page
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ hasText: bookingReference });
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(cancelled.getByText(refundText, { exact: true })).toBeVisible();
    await expect(cancelled.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await cancelled.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await expect(details.getByText(/^Cancelled on /)).toBeVisible();
    await expect(details.getByText(refundText, { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  });

  test('a guest finds a booking by reference and e-mail, read-only', async ({
    browser,
    request,
  }) => {
    const email = `${uniqueName('guest')}@example.com`;
    // Booked in another context: the page below is a stranger with only the reference.
    const { bookingReference } = await bookRefundableTrip(request, email);

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('/manage-booking');
      const box = page.getByRole('region', { name: 'Retrieve a booking' });
      await box.getByLabel('Booking Reference').fill(bookingReference.toLowerCase());
      await box.getByLabel('Email Address').fill(email.toUpperCase());
      await box.getByRole('button', { name: 'Find Booking' }).click();

      const result = page.getByRole('region', { name: 'London to New York' });
      await expect(result.getByText(bookingReference, { exact: true })).toBeVisible();
      await expect(result.getByText('Confirmed')).toBeVisible();
      await expect(result.getByRole('article', { name: 'Outbound flight' })).toBeVisible();
      await expect(result.getByRole('article', { name: 'Return flight' })).toBeVisible();
      await expect(result.getByText('Ada Lovelace')).toBeVisible();
      await expect(result.getByText('Want to make changes?')).toBeVisible();
      await expect(result.getByRole('button', { name: /Cancel/ })).toHaveCount(0);

      await box.getByLabel('Email Address').fill('someone-else@example.com');
      await box.getByRole('button', { name: 'Find Booking' }).click();
      await expect(box.getByRole('alert')).toHaveText(
        'We could not find a booking with that reference and e-mail address.',
      );
    } finally {
      await context.close();
    }
  });
});
