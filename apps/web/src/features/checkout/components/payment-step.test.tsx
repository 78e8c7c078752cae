import type { CurrentUser } from '@contrail/contracts/auth';
import { cardMessages } from '@contrail/contracts/payments';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';
import {
  buildAuthorization,
  buildBookingResponse,
  buildSeatMaps,
  buildVerification,
} from '../test/checkout-factories';
import {
  completePassengers,
  fillCard,
  findToast,
  renderCheckout,
  stubCheckout,
} from '../test/checkout-harness';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The guest account the booking created, as `GET /api/auth/user` then answers. */
const GUEST: CurrentUser = {
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  createdAt: new Date().toISOString(),
  mustChangePassword: false,
};

/** 10A costs 25.00, every other seat 10.00: four seats add 55.00 to the 2,143.00 fare. */
const SEAT_MAPS = buildSeatMaps({ '10A': '25.00' });
const TOTAL = '2198.00';

function seat(name: string) {
  return within(screen.getByRole('group', { name: /^Seat map/ })).getByRole('button', { name });
}

/** Passengers, a seat for each on both flights, then the payment step. */
async function goToPayment(user: UserEvent) {
  await completePassengers(user);
  await user.click(seat('Seat 10A, window, $25'));
  await user.click(seat('Seat 10B, aisle, $10'));
  await user.click(
    within(screen.getByRole('navigation', { name: 'Flights' })).getByRole('button', {
      name: /BA178/,
    }),
  );
  await user.click(seat('Seat 11A, window, $10'));
  await user.click(seat('Seat 11B, aisle, $10'));
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await screen.findByRole('heading', { name: 'Payment Details' });
}

function completeBooking() {
  return screen.getByRole('button', { name: /^Complete Booking/ });
}

function posts(requests: RecordedRequest[], path: string) {
  return requests.filter((request) => request.method === 'POST' && request.path === path);
}

function checkout(options: { processCard?: Handler; createBooking?: Handler; verify?: Handler }) {
  return stubCheckout({ seatMaps: SEAT_MAPS, ...options });
}

describe('checkout: payment step', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('groups the card number in fours as typed, 19 characters at most', async () => {
    checkout({});
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    const number = screen.getByLabelText('Card Number');
    expect(number).toHaveAttribute('maxlength', '19');
    await user.type(number, '42424242x42424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.type(number, '9');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry Month')).toHaveAttribute('maxlength', '2');
    expect(screen.getByLabelText('Expiry Year')).toHaveAttribute('maxlength', '2');
    expect(screen.getByLabelText('CVV')).toHaveAttribute('maxlength', '4');
  });

  it.each([
    [
      'a number failing the Luhn check',
      { number: '4242424242424241' },
      cardMessages.invalidNumberTitle,
      cardMessages.invalidNumber,
    ],
    ['a missing expiry month', { expiryMonth: '' }, cardMessages.invalidExpiry, /expiry month/],
    ['month 13', { expiryMonth: '13' }, cardMessages.invalidExpiry, /expiry month/],
    ['an expired card', { expiryYear: '20' }, cardMessages.invalidExpiry, cardMessages.expired],
    ['a two-digit CVV', { cvv: '12' }, cardMessages.invalidCvv, /security code/],
    ['a short holder name', { holderName: 'Al' }, cardMessages.invalidHolder, /name/],
  ])('refuses %s with its toast and sends nothing', async (_case, card, title, description) => {
    const requests = checkout({});
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    await fillCard(user, card);
    await user.click(completeBooking());

    expect(await findToast(title)).toBeVisible();
    expect(await findToast(description)).toBeVisible();
    expect(posts(requests, '/api/payments/process-card')).toHaveLength(0);
  });

  it('authorises exactly the summary total (fare + seats), books with an Idempotency-Key and confirms', async () => {
    let signedIn = false;
    const requests = stubCheckout({
      seatMaps: SEAT_MAPS,
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () => {
        signedIn = true;
        return jsonResponse(buildBookingResponse(), { status: 201 });
      },
      currentUser: () =>
        signedIn
          ? jsonResponse(GUEST)
          : apiErrorResponse(401, 'not_authenticated', 'Not authenticated'),
    });
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    const [summary] = screen.getAllByRole('region', { name: 'Order Summary' });
    if (!summary) throw new Error('no order summary');
    expect(within(summary).getByText('Round Trip')).toBeVisible();
    expect(within(summary).getByText('$1,698.00')).toBeVisible();
    expect(within(summary).getByText('$445.00')).toBeVisible();
    expect(within(summary).getByText('$25.00')).toBeVisible();
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('$2,198.00');

    await fillCard(user, { number: '4242 4242 4242 4242' });
    await user.click(completeBooking());

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const [payment] = posts(requests, '/api/payments/process-card');
    const [booking] = posts(requests, '/api/bookings');
    expect(payment?.body).toMatchObject({
      offerId: 'off_test_1',
      amount: TOTAL,
      currency: 'USD',
      cardDetails: { number: '4242424242424242', holderName: 'Ada Lovelace', cvv: '123' },
    });
    expect(payment?.body).toHaveProperty('seats', [
      { passengerId: 'pas_adult_1', segmentId: 'seg_out', designator: '10A' },
      { passengerId: 'pas_adult_2', segmentId: 'seg_out', designator: '10B' },
      { passengerId: 'pas_adult_1', segmentId: 'seg_back', designator: '11A' },
      { passengerId: 'pas_adult_2', segmentId: 'seg_back', designator: '11B' },
    ]);
    expect(booking?.body).toMatchObject({
      offerId: 'off_test_1',
      paymentDetails: { paymentId: 'pay_test_1', amount: TOTAL, currency: 'USD' },
      passengers: [
        { id: 'pas_adult_1', type: 'adult', firstName: 'Ada', email: 'ada@example.com' },
        { id: 'pas_adult_2', type: 'adult', firstName: 'Charles' },
      ],
    });
    expect(booking?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    expect(screen.getByTestId('booking-reference')).toHaveTextContent('K7QX2M');
    expect(screen.getByTestId('account-username')).toHaveTextContent('ada');
    expect(screen.getByTestId('account-password')).toHaveTextContent('Tq7#vLm2-Xe9!pRw');
    expect(screen.getByText(/shown only now/)).toBeVisible();
    expect(screen.getByText('Visa •••• 4242')).toBeVisible();
    expect(screen.getByText('$2,198.00')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      '/my-trips',
    );
    expect(screen.getByRole('link', { name: 'Book Another Flight' })).toHaveAttribute('href', '/');
    expect(await findToast('Booking confirmed!')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copy booking reference' }));
    expect(await findToast('Copied to clipboard')).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe('K7QX2M');
    // The guest is now signed in: the header learns it from a fresh current-user request.
    await waitFor(() => expect(screen.getByRole('banner')).not.toHaveTextContent('Sign In'));
    expect(await findToast('Account created!', 5_000)).toBeVisible();
  });

  it('on a decline says Payment Failed, clears the card but the name and focuses the number', async () => {
    const requests = checkout({
      processCard: () => apiErrorResponse(402, 'card_declined', cardMessages.declined),
    });
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    await fillCard(user, { number: '4000000000000002' });
    await user.click(completeBooking());

    expect(await findToast('Payment Failed')).toBeVisible();
    expect(await findToast(cardMessages.declined)).toBeVisible();
    const number = screen.getByLabelText('Card Number');
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveValue('');
    expect(screen.getByLabelText('Expiry Month')).toHaveValue('');
    expect(screen.getByLabelText('Expiry Year')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
    expect(screen.getByLabelText('Cardholder Name')).toHaveValue('Ada Lovelace');
    expect(completeBooking()).toBeEnabled();
    expect(posts(requests, '/api/bookings')).toHaveLength(0);
    expect(screen.queryByTestId('booking-reference')).not.toBeInTheDocument();
  });

  it('on 409 amount_changed shows the new total and pays it once confirmed', async () => {
    let calls = 0;
    const requests = checkout({
      processCard: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              {
                error: {
                  code: 'amount_changed',
                  message: cardMessages.amountChanged,
                  details: { amount: '2250.00', currency: 'USD' },
                },
              },
              { status: 409 },
            )
          : jsonResponse(buildAuthorization('2250.00'));
      },
      createBooking: () => jsonResponse(buildBookingResponse(), { status: 201 }),
    });
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    await fillCard(user);
    await user.click(completeBooking());

    const dialog = await screen.findByRole('alertdialog', { name: 'Price Changed' });
    expect(dialog).toHaveTextContent(cardMessages.amountChanged);
    expect(dialog).toHaveTextContent('New total$2,250.00');
    expect(dialog).toHaveTextContent('Previous total$2,198.00');
    // Nothing was charged, so the card is still there.
    expect(screen.getByLabelText('Card Number')).toHaveValue('4242 4242 4242 4242');

    await user.click(within(dialog).getByRole('button', { name: /Accept and Pay/ }));

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const payments = posts(requests, '/api/payments/process-card');
    expect(payments).toHaveLength(2);
    expect(payments[1]?.body).toMatchObject({ amount: '2250.00', currency: 'USD' });
  });

  it('says Booking Failed with the server message when the airline refuses the order', async () => {
    const requests = checkout({
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () =>
        apiErrorResponse(
          422,
          'order_failed',
          'The airline could not confirm this booking. Your card has not been charged.',
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    await fillCard(user);
    await user.click(completeBooking());

    expect(await findToast('Booking Failed')).toBeVisible();
    expect(await findToast(/Your card has not been charged/)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Card Number')).toHaveFocus());
    expect(screen.getByLabelText('Card Number')).toHaveValue('');
    expect(screen.getByLabelText('Cardholder Name')).toHaveValue('Ada Lovelace');
    expect(posts(requests, '/api/bookings')).toHaveLength(1);
    expect(screen.queryByTestId('booking-reference')).not.toBeInTheDocument();
  });

  it('retries a booking whose answer was lost with the same Idempotency-Key, never a new payment', async () => {
    let attempts = 0;
    const requests = checkout({
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(buildBookingResponse(), { status: 201 });
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    await fillCard(user);
    await user.click(completeBooking());

    expect(await findToast('Booking Failed')).toBeVisible();
    expect(await findToast('Something went wrong. Please try again.')).toBeVisible();
    expect(screen.getByText('Your booking is not confirmed yet')).toBeVisible();
    expect(completeBooking()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry Booking' }));

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const bookings = posts(requests, '/api/bookings');
    expect(bookings).toHaveLength(2);
    expect(bookings[1]?.headers.get('Idempotency-Key')).toBe(
      bookings[0]?.headers.get('Idempotency-Key'),
    );
    expect(bookings[1]?.body).toEqual(bookings[0]?.body);
    expect(posts(requests, '/api/payments/process-card')).toHaveLength(1);
  });

  it('does not leave a booking awaiting its retry when the offer expires meanwhile', async () => {
    let expired = false;
    let attempts = 0;
    checkout({
      verify: () =>
        expired
          ? apiErrorResponse(
              410,
              'offer_expired',
              'This flight offer has expired. Please select another flight.',
            )
          : jsonResponse(buildVerification()),
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(buildBookingResponse(), { status: 201 });
      },
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { history } = renderCheckout();
    await goToPayment(user);
    await fillCard(user);
    await user.click(completeBooking());
    expect(await screen.findByText('Your booking is not confirmed yet')).toBeVisible();

    expired = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(await findToast('Flight Offer Expired')).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(history.location.pathname).toBe('/booking');

    // The retry answers with the booking the first request made.
    await user.click(screen.getByRole('button', { name: 'Retry Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(history.location.pathname).toBe('/booking');
  });

  it("warns once with 'Offer Expiring Soon' when under 5 minutes remain", async () => {
    checkout({ verify: () => jsonResponse(buildVerification(3)) });
    const user = userEvent.setup();
    renderCheckout();
    await goToPayment(user);

    expect(await findToast('Offer Expiring Soon')).toBeVisible();
    expect(await findToast('This flight offer will expire in 3 minutes...')).toBeVisible();
  });

  it('sends the traveller to /search 4 s after the offer expires during payment', async () => {
    let expired = false;
    checkout({
      verify: () =>
        expired
          ? apiErrorResponse(
              410,
              'offer_expired',
              'This flight offer has expired. Please select another flight.',
            )
          : jsonResponse(buildVerification()),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { history } = renderCheckout();
    await goToPayment(user);
    expect(history.location.search).toContain('step=payment');

    expired = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });

    expect(await findToast('Flight Offer Expired')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Offer Expired' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    await waitFor(() => expect(history.location.pathname).toBe('/search'));
    expect(history.location.search).toContain('offer=');
    expect(history.location.search).toContain('adults=2');
  });
});
