import { bookingMessages } from '@contrail/contracts/bookings';
import { passengerMessages } from '@contrail/contracts/passenger-messages';
import { cardMessages } from '@contrail/contracts/payments';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';
import {
  buildAuthorization,
  buildBookingResponse,
  buildSeatMaps,
  buildVerification,
} from '../test/checkout-factories';
import { checkoutTexts } from '../lib/checkout-texts';
import { fillCard, findToast, renderCheckoutAt, stubCheckout } from '../test/checkout-harness';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** 10A costs 25.00, every other seat 10.00: four seats add 55.00 to the 2,143.00 fare. */
const SEAT_MAPS = buildSeatMaps({ '10A': '25.00' });
const TOTAL = '2198.00';
const SEAT_TAKEN =
  'Seat 10A (BA117) has just been taken by someone else. Please choose another seat.';

/** Passengers filled in and a seat for each on both flights (as a reload finds them): payment. */
async function goToPayment() {
  const view = renderCheckoutAt('payment', {
    seatChoices: {
      seg_out: { pas_adult_1: '10A', pas_adult_2: '10B' },
      seg_back: { pas_adult_1: '11A', pas_adult_2: '11B' },
    },
  });
  await screen.findByRole('heading', { name: 'Payment Details' }, { timeout: 5000 });
  return view;
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
    await goToPayment();

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
    await goToPayment();

    await fillCard(user, card);
    await user.click(completeBooking());

    expect(await findToast(title)).toBeVisible();
    expect(await findToast(description)).toBeVisible();
    expect(posts(requests, '/api/payments/process-card')).toHaveLength(0);
  });

  it('authorises exactly the summary total (fare + seats), books with an Idempotency-Key and confirms', async () => {
    const requests = stubCheckout({
      seatMaps: SEAT_MAPS,
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () => jsonResponse(buildBookingResponse(), { status: 201 }),
      currentUser: () => apiErrorResponse(401, 'not_authenticated', 'Not authenticated'),
    });
    const user = userEvent.setup();
    await goToPayment();

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
    // A guest: the same words whether or not the address has an account; an e-mail says which.
    expect(screen.getByText(checkoutTexts.guestAccount('ada@example.com'))).toBeVisible();
    expect(screen.queryByText(/password:/i)).toBeNull();
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
    // The guest stays signed out: signing in a new address's account only would tell it apart.
    expect(screen.getByRole('banner')).toHaveTextContent('Sign In');
  });

  it('on a decline says Payment Failed, clears the card but the name and focuses the number', async () => {
    const requests = checkout({
      processCard: () => apiErrorResponse(402, 'card_declined', cardMessages.declined),
    });
    const user = userEvent.setup();
    await goToPayment();

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
    await goToPayment();

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
    await goToPayment();

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
    await goToPayment();

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

  it('says the airline is being asked when it could not confirm the order, and retries with the same key', async () => {
    let attempts = 0;
    const requests = checkout({
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () => {
        attempts += 1;
        if (attempts === 1) {
          return apiErrorResponse(503, 'order_unconfirmed', bookingMessages.orderUnconfirmed);
        }
        return jsonResponse(buildBookingResponse(), { status: 201 });
      },
    });
    const user = userEvent.setup();
    await goToPayment();

    await fillCard(user);
    await user.click(completeBooking());

    expect(await findToast('Booking Failed')).toBeVisible();
    expect(await findToast(bookingMessages.orderUnconfirmed)).toBeVisible();
    expect(screen.getByText('Your booking is not confirmed yet')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Retry Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const bookings = posts(requests, '/api/bookings');
    expect(bookings[1]?.headers.get('Idempotency-Key')).toBe(
      bookings[0]?.headers.get('Idempotency-Key'),
    );
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
    const { history } = await goToPayment();
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

  it("warns with 'Offer Expiring Soon' under 5 minutes left, until dismissed, with a way to search again", async () => {
    checkout({ verify: () => jsonResponse(buildVerification(3)) });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await goToPayment();

    const alert = await screen.findByText('This flight offer will expire in 3 minutes...');
    const box = alert.closest('[role="alert"]');
    expect(box).not.toBeNull();
    expect(box).toHaveTextContent('Offer Expiring Soon');
    // It does not go by itself, as a toast would (WCAG 2.2.1).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByText('This flight offer will expire in 3 minutes...')).toBeVisible();
    expect(within(box as HTMLElement).getByRole('button', { name: 'Search Again' })).toBeVisible();

    await user.click(within(box as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(
      screen.queryByText('This flight offer will expire in 3 minutes...'),
    ).not.toBeInTheDocument();
    // Payment goes on: nothing was cleared.
    expect(completeBooking()).toBeEnabled();
  });

  it('stays on the payment step when the offer expires, keeps the card, and searches again on request', async () => {
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
    const { history } = await goToPayment();
    expect(history.location.search).toContain('step=payment');
    await fillCard(user);

    expired = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });

    expect(await findToast('Flight Offer Expired')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Offer Expired' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(history.location.pathname).toBe('/booking');
    expect(screen.getByLabelText('Cardholder Name')).toHaveValue('Ada Lovelace');

    await user.click(screen.getByRole('button', { name: 'Search Again' }));
    await waitFor(() => expect(history.location.pathname).toBe('/search'));
    expect(history.location.search).toContain('offer=');
    expect(history.location.search).toContain('adults=2');
  });

  it('sends the passengers with the payment and, when the server refuses one, shows it at its field and keeps the card', async () => {
    const requests = checkout({
      processCard: () =>
        jsonResponse(
          {
            error: {
              code: 'passengers_invalid',
              message: passengerMessages.nameCharacters,
              fields: { 'passengers.1.lastName': passengerMessages.nameCharacters },
            },
          },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    await goToPayment();
    await fillCard(user);
    await user.click(completeBooking());

    expect(await screen.findByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
    const [payment] = posts(requests, '/api/payments/process-card');
    expect(payment?.body).toMatchObject({
      passengers: [
        { id: 'pas_adult_1', title: 'ms', firstName: 'Ada', phone: '+442079460000' },
        { id: 'pas_adult_2', title: 'mr', firstName: 'Charles' },
      ],
    });
    expect(
      within(screen.getByRole('group', { name: /^Passenger 2/ })).getByLabelText('Last Name'),
    ).toHaveAccessibleDescription(passengerMessages.nameCharacters);
    expect(
      within(screen.getByRole('group', { name: /^Passenger 1/ })).getByLabelText('First Name'),
    ).toHaveValue('Ada');
    expect(posts(requests, '/api/bookings')).toHaveLength(0);

    // Fixed, the traveller returns to a card still filled in.
    const lastName = within(screen.getByRole('group', { name: /^Passenger 2/ })).getByLabelText(
      'Last Name',
    );
    await user.clear(lastName);
    await user.type(lastName, 'Babbage');
    await user.click(screen.getByRole('button', { name: 'Continue to Seat Selection' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(screen.getByLabelText('Card Number')).toHaveValue('4242 4242 4242 4242');
  });

  it('names the seats someone else took, drops them and asks for seats again, keeping the card', async () => {
    checkout({
      processCard: () =>
        jsonResponse(
          {
            error: {
              code: 'seat_unavailable',
              message: SEAT_TAKEN,
              fields: { 'seats.0': SEAT_TAKEN },
              details: { taken: 'seg_out:10A' },
            },
          },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    await goToPayment();
    await fillCard(user);
    await user.click(completeBooking());

    expect(await screen.findByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.textContent.includes('Please choose your seats again'));
    expect(alert).toHaveTextContent(SEAT_TAKEN);
    const passengers = screen.getByRole('radiogroup', { name: 'Choose a seat for' });
    expect(
      within(passengers).getByRole('radio', { name: /Ada Lovelace\s*· No seat/ }),
    ).toBeVisible();
    expect(
      within(passengers).getByRole('radio', { name: /Charles Babbage\s*· 10B/ }),
    ).toBeVisible();
  });

  it('asks before paying when the price differs from the one the traveller chose', async () => {
    const requests = checkout({
      processCard: () => jsonResponse(buildAuthorization(TOTAL)),
      createBooking: () => jsonResponse(buildBookingResponse(), { status: 201 }),
    });
    // The results showed 2,100.00; the airline now asks 2,143.00 for the fare.
    sessionStorage.setItem(
      'contrail.seenPrice.off_test_1',
      JSON.stringify({ amount: '2100.00', currency: 'USD' }),
    );
    const user = userEvent.setup();
    await goToPayment();
    await fillCard(user);
    await user.click(completeBooking());

    const dialog = await screen.findByRole('alertdialog', { name: 'Price Changed' });
    expect(within(dialog).getByText('$2,155.00')).toBeVisible();
    expect(within(dialog).getByText('$2,198.00')).toBeVisible();
    expect(posts(requests, '/api/payments/process-card')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: /Accept and Pay/ }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    expect(posts(requests, '/api/payments/process-card')[0]?.body).toMatchObject({ amount: TOTAL });
  });
});
