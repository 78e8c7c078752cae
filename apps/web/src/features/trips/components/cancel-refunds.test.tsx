import { tripMessages, type BookingView } from '@contrail/contracts/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { buildCurrentUser } from '../../auth/testing/current-user-factory';
import { buildBooking, buildCancelledBooking, buildQuote } from '../test/trip-factories';

// The whole app renders and the page loads lazily.
vi.setConfig({ testTimeout: 15_000 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function stubTrips(bookings: BookingView[], handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/auth/user': () => jsonResponse(buildCurrentUser()),
    'GET /api/site': siteHandler,
    'GET /api/bookings': () => jsonResponse({ bookings }),
    ...handlers,
  });
}

const credit = {
  name: 'Future Flight Credit',
  code: '1234567890123',
  amount: '849.50',
  currency: 'USD',
  expiresAt: '2027-11-05T12:00:00.000Z',
  passengerName: 'Ada Lovelace',
};

async function openCancel() {
  const user = userEvent.setup();
  const card = await screen.findByRole('article');
  await user.click(within(card).getByRole('button', { name: 'Cancel' }));
  const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' }));
  return { user, dialog };
}

describe('/my-trips cancellation refunds', () => {
  it('shows the new quote when the one confirmed has expired, and confirms the new one only when asked', async () => {
    const booking = buildBooking();
    let quotes = 0;
    const requests = stubTrips([booking], {
      [`GET /api/bookings/${booking.id}/cancellation`]: () => {
        quotes += 1;
        return jsonResponse(
          quotes === 1
            ? buildQuote()
            : buildQuote({
                id: 'sandbox~ore_quote2',
                refund: { amount: '800.00', currency: 'USD' },
              }),
        );
      },
      [`POST /api/bookings/${booking.id}/cancel`]: (request) =>
        (request.body as { quoteId: string }).quoteId === 'sandbox~ore_quote1'
          ? apiErrorResponse(409, 'cancellation_quote_expired', tripMessages.quoteExpired)
          : jsonResponse({
              success: true,
              message: 'Booking was cancelled successfully',
              booking: buildCancelledBooking({ id: booking.id }),
            }),
    });
    renderApp({ path: '/my-trips' });
    const { user, dialog } = await openCancel();
    await dialog.findByText('$849.50');
    await user.click(dialog.getByRole('button', { name: 'Yes, Cancel Booking' }));

    // Nothing cancelled: the airline's new amount is shown, and the dialog waits for the traveller.
    expect(await dialog.findByRole('alert')).toHaveTextContent(tripMessages.quoteExpired);
    expect(await dialog.findByText('$800.00')).toBeInTheDocument();
    const cancels = () => requests.filter((r) => r.path.endsWith('/cancel'));
    expect(cancels()).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: 'Yes, Cancel Booking' }));
    await waitFor(() => {
      expect(cancels().map((r) => r.body)).toEqual([
        { quoteId: 'sandbox~ore_quote1' },
        { quoteId: 'sandbox~ore_quote2' },
      ]);
    });
  });

  it.each([
    [
      'a refund the airline has not stated',
      buildQuote({ refund: null }),
      [tripMessages.refundUnknown],
    ],
    [
      'airline credits',
      buildQuote({
        refund: { amount: '0.00', currency: 'USD' },
        refundTo: 'airline_credits',
        credits: [credit],
      }),
      [
        'Refund as airline credits',
        'Future Flight Credit for Ada Lovelace: $849.50, valid until Nov 5, 2027 (code 1234567890123)',
      ],
    ],
  ])('quotes %s in words, never as $0.00', async (_case, quote, texts) => {
    const booking = buildBooking();
    stubTrips([booking], {
      [`GET /api/bookings/${booking.id}/cancellation`]: () => jsonResponse(quote),
    });
    renderApp({ path: '/my-trips' });
    const { dialog } = await openCancel();
    for (const text of texts) expect(await dialog.findByText(text)).toBeInTheDocument();
    expect(dialog.queryByText('$0.00')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Yes, Cancel Booking' })).toBeEnabled();
  });

  it('shows a cancelled trip refunded in airline credits, and one whose refund the airline has yet to state', async () => {
    const credits = buildCancelledBooking({
      bookingReference: 'CRD123',
      cancellation: {
        refund: { amount: '0.00', currency: 'USD' },
        refundStatus: 'credits',
        credits: [credit],
        cancelledAt: '2026-11-05T12:00:00.000Z',
      },
    });
    const unknown = buildCancelledBooking({
      id: '5b0f3a4c-1d2e-4f60-8a9b-0c1d2e3f4a5b',
      bookingReference: 'UNK456',
      cancellation: {
        refund: null,
        refundStatus: 'awaiting_airline',
        credits: [],
        cancelledAt: '2026-11-04T12:00:00.000Z',
      },
    });
    stubTrips([credits, unknown]);
    renderApp({ path: '/my-trips?tab=cancelled' });
    const creditCard = (await screen.findByText('CRD123')).closest('[role="article"]');
    const unknownCard = screen.getByText('UNK456').closest('[role="article"]');
    if (!(creditCard instanceof HTMLElement) || !(unknownCard instanceof HTMLElement)) {
      throw new Error('no cards');
    }
    expect(within(creditCard).getByText('Airline credits: $849.50')).toBeInTheDocument();
    expect(within(unknownCard).getByText(tripMessages.refundUnknown)).toBeInTheDocument();
    expect(within(unknownCard).queryByText('$0.00')).not.toBeInTheDocument();
  });
});
