import type { BookingView } from '@contrail/contracts/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { buildJourney, places } from '../../../test/offers';
import { buildCurrentUser } from '../../auth/testing/current-user-factory';
import { buildBooking, buildCancelledBooking, buildQuote } from '../test/trip-factories';

// The whole app renders and the page loads lazily.
vi.setConfig({ testTimeout: 15_000 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function stubTrips(bookings: BookingView[] | Handler, handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/auth/user': () => jsonResponse(buildCurrentUser()),
    'GET /api/site': siteHandler,
    'GET /api/bookings':
      typeof bookings === 'function' ? bookings : () => jsonResponse({ bookings }),
    ...handlers,
  });
}

/** The toast region: reachable by assistive tech even while a modal dialog is open. */
function toastRegion() {
  return within(screen.getByRole('region', { name: /^Notifications/ }));
}

async function expectToast(title: string, description?: string) {
  await waitFor(() => {
    expect(toastRegion().getByText(title)).toBeInTheDocument();
  });
  if (description !== undefined) expect(toastRegion().getByText(description)).toBeInTheDocument();
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

function cardOf(reference: string): HTMLElement {
  const card = screen.getByText(reference).closest('[role="article"]');
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${reference}`);
  return card;
}

/** Opens the details of the only booking card. */
async function openDetails(user: UserEvent) {
  const card = await screen.findByRole('article');
  await user.click(within(card).getByRole('button', { name: 'View Details' }));
  return within(await screen.findByRole('dialog', { name: 'Booking Details' }));
}

/** Presses a card's Cancel and waits for the quote in the confirm dialog. */
async function openCancel(user: UserEvent) {
  const card = await screen.findByRole('article');
  await user.click(within(card).getByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
  await within(dialog).findByText('$849.50');
  return within(dialog);
}

describe('/my-trips list', () => {
  it('puts confirmed and pending under Upcoming, completed under Past, then Cancelled, with counts', async () => {
    const confirmed = buildBooking();
    const pending = buildBooking({ status: 'pending', canCancel: false });
    const completed = buildBooking({ status: 'completed', canCancel: false });
    const cancelled = buildCancelledBooking();
    stubTrips([cancelled, completed, pending, confirmed]);
    renderApp({ path: '/my-trips' });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Trips' })).toBeInTheDocument();
    await screen.findByRole('tablist');
    expect(tab('Upcoming')).toHaveAccessibleName('Upcoming 2');
    expect(tab('Past')).toHaveAccessibleName('Past 1');
    expect(tab('Cancelled')).toHaveAccessibleName('Cancelled 1');
    expect(tab('Upcoming')).toHaveAttribute('aria-selected', 'true');

    const upcoming = within(screen.getByRole('tabpanel'));
    expect(upcoming.getAllByRole('article')).toHaveLength(2);
    expect(upcoming.getByText(confirmed.bookingReference)).toBeInTheDocument();
    expect(upcoming.getByText(pending.bookingReference)).toBeInTheDocument();

    const card = within(cardOf(confirmed.bookingReference));
    expect(card.getByRole('heading', { name: 'London to New York' })).toBeInTheDocument();
    expect(card.getByText('Confirmed')).toBeInTheDocument();
    expect(card.getByText('$1,072.00')).toBeInTheDocument();
    expect(card.getByText(/1 passenger/)).toBeInTheDocument();
    expect(card.getByText('Sun, Dec 13')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // Pending bookings cannot be cancelled yet.
    expect(
      within(cardOf(pending.bookingReference)).queryByRole('button', { name: 'Cancel' }),
    ).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(tab('Past'));
    const past = within(screen.getByRole('tabpanel'));
    expect(past.getByText(completed.bookingReference)).toBeInTheDocument();
    expect(past.getByText('Completed')).toBeInTheDocument();
    expect(past.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await user.click(tab('Cancelled'));
    const gone = within(screen.getByRole('tabpanel'));
    expect(gone.getByText(cancelled.bookingReference)).toBeInTheDocument();
    expect(gone.getByText('$849.50')).toBeInTheDocument();
    expect(gone.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('opens the tab the URL names and keeps the chosen tab in the URL', async () => {
    stubTrips([buildCancelledBooking()]);
    const { router } = renderApp({ path: '/my-trips?tab=cancelled' });

    await screen.findByRole('tablist');
    expect(tab('Cancelled')).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(tab('Past'));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ tab: 'past' });
    });
  });

  it('gives each empty tab its own message and a way to search flights', async () => {
    stubTrips([]);
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'No upcoming trips' })).toBeInTheDocument();
    expect(tab('Upcoming')).toHaveAccessibleName('Upcoming 0');
    expect(screen.getByRole('link', { name: 'Search flights' })).toHaveAttribute(
      'href',
      '/#search',
    );

    await user.click(tab('Past'));
    expect(screen.getByRole('heading', { name: 'No past trips' })).toBeInTheDocument();
    await user.click(tab('Cancelled'));
    expect(screen.getByRole('heading', { name: 'No cancelled trips' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search flights' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in and back, without asking for bookings', async () => {
    const requests = stubFetch({
      'GET /api/auth/user': () => apiErrorResponse(401, 'not_authenticated', 'Not authenticated'),
      'GET /api/site': siteHandler,
      'GET /api/bookings': () => apiErrorResponse(401, 'not_authenticated', 'Not authenticated'),
    });
    const { router } = renderApp({ path: '/my-trips' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/my-trips' });
    // The session already said signed out: a bookings call would only log a 401.
    expect(requests.some((request) => request.path === '/api/bookings')).toBe(false);
  });

  it('asks to sign in again, and come back, when the session ended and the bookings call answers 401', async () => {
    const requests = stubTrips(() =>
      apiErrorResponse(401, 'not_authenticated', 'Not authenticated'),
    );
    renderApp({ path: '/my-trips' });

    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your trips' }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fmy-trips',
    );
    expect(main.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    expect(requests.some((request) => request.path === '/api/bookings')).toBe(true);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it("shows 'Unable to retrieve your bookings' with a retry that loads them", async () => {
    let calls = 0;
    const booking = buildBooking();
    stubTrips(() => {
      calls += 1;
      return calls === 1
        ? apiErrorResponse(500, 'internal_error', 'Internal Server Error')
        : jsonResponse({ bookings: [booking] });
    });
    renderApp({ path: '/my-trips' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to retrieve your bookings: Internal Server Error',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(booking.bookingReference)).toBeInTheDocument();
  });
});

describe('/my-trips cancellation', () => {
  it('shows the refund before confirming and cancels only on Yes, Cancel Booking', async () => {
    const booking = buildBooking();
    const cancelled = buildCancelledBooking({
      id: booking.id,
      bookingReference: booking.bookingReference,
    });
    let listed: BookingView[] = [booking];
    const requests = stubTrips(() => jsonResponse({ bookings: listed }), {
      [`GET /api/bookings/${booking.id}/cancellation`]: () => jsonResponse(buildQuote()),
      [`POST /api/bookings/${booking.id}/cancel`]: () => {
        listed = [cancelled];
        return jsonResponse({
          success: true,
          message: 'Booking was cancelled successfully',
          booking: cancelled,
        });
      },
    });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();
    const cancelRequests = () => requests.filter((r) => r.path.endsWith('/cancel'));

    const dialog = await openCancel(user);
    expect(dialog.getByText('Refund amount')).toBeInTheDocument();
    expect(dialog.getByText(/original payment method/)).toHaveTextContent(
      'The refund goes to the original payment method (your Visa ending in 4242).',
    );
    expect(
      dialog.getByText('We start the refund with the airline within 24-48 hours of your request.'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('The airline takes 7 to 30 business days to process it.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Service fees are non-refundable.')).toBeInTheDocument();

    // Keeping the booking sends nothing.
    await user.click(dialog.getByRole('button', { name: 'No, Keep Booking' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(cancelRequests()).toHaveLength(0);

    const again = await openCancel(user);
    expect(cancelRequests()).toHaveLength(0);
    await user.click(again.getByRole('button', { name: 'Yes, Cancel Booking' }));

    await expectToast('Booking cancelled');
    expect(cancelRequests()).toHaveLength(1);
    expect(cancelRequests()[0]?.method).toBe('POST');
    expect(cancelRequests()[0]?.body).toEqual({ quoteId: 'sandbox~ore_quote1' });
    await waitFor(() => {
      expect(tab('Cancelled')).toHaveAccessibleName('Cancelled 1');
    });
    expect(tab('Upcoming')).toHaveAccessibleName('Upcoming 0');
    expect(requests.filter((r) => r.path === '/api/bookings')).toHaveLength(2);
  });

  it("waits for the quote before 'Yes, Cancel Booking' can be pressed", async () => {
    const booking = buildBooking();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubTrips([booking], {
      [`GET /api/bookings/${booking.id}/cancellation`]: async () => {
        await gate;
        return jsonResponse(buildQuote({ refund: { amount: '0.00', currency: 'USD' } }));
      },
    });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Cancel' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Calculating your refund...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, Cancel Booking' })).toBeDisabled();
    release();
    expect(await within(dialog).findByText('$0.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, Cancel Booking' })).toBeEnabled();
  });

  it.each([
    [
      'the reason the server gives',
      apiErrorResponse(409, 'already_cancelled', 'This booking has already been cancelled'),
      'Unable to cancel booking: This booking has already been cancelled',
    ],
    [
      'the fallback when the server fails',
      apiErrorResponse(500, 'internal_error', 'Internal Server Error'),
      'Unable to cancel booking: Please try again later or contact customer support.',
    ],
  ])("says 'Cancellation failed' with %s", async (_case, answer, description) => {
    const booking = buildBooking();
    stubTrips([booking], {
      [`GET /api/bookings/${booking.id}/cancellation`]: () => jsonResponse(buildQuote()),
      [`POST /api/bookings/${booking.id}/cancel`]: () => answer,
    });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    const dialog = await openCancel(user);
    await user.click(dialog.getByRole('button', { name: 'Yes, Cancel Booking' }));

    await expectToast('Cancellation failed', description);
  });
});

describe('/my-trips booking details', () => {
  it('says a lap infant has no seat of their own, and a passenger without one gets it at check-in', async () => {
    const booking = buildBooking({
      passengers: [
        { id: 'pas_1', type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
        { id: 'pas_3', type: 'infant_without_seat', firstName: 'Ida', lastName: 'Lovelace' },
      ],
    });
    stubTrips([booking], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(booking) });
    renderApp({ path: '/my-trips' });
    const dialog = await openDetails(userEvent.setup());
    const infant = dialog.getByText('Ida Lovelace').closest('li');
    if (!infant) throw new Error('no passenger entry');
    const passengers = within(infant);
    expect(
      passengers.getByText('Travels on an adult’s lap: no seat of their own.'),
    ).toBeInTheDocument();
    expect(passengers.queryByText(/assigned at check-in/)).toBeNull();
    expect(dialog.getAllByText('No seats chosen: seats are assigned at check-in.')).toHaveLength(1);
  });

  it('shows the whole booking: flights, passengers with seats, payment, and a copyable reference', async () => {
    const booking = buildBooking({
      passengers: [
        { id: 'pas_1', type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
        { id: 'pas_2', type: 'child', firstName: 'Byron', lastName: 'Lovelace' },
      ],
    });
    const outboundSegment = booking.slices[0]?.segments[0];
    if (!outboundSegment) throw new Error('no segment');
    const withSeats = {
      ...booking,
      seats: [{ passengerId: 'pas_1', segmentId: outboundSegment.id, designator: '23A' }],
      bags: [
        {
          passengerId: 'pas_2',
          segmentIds: [outboundSegment.id],
          quantity: 2,
          amount: '70.00',
          currency: 'USD',
        },
      ],
    };
    stubTrips([withSeats], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(withSeats) });
    renderApp({ path: '/my-trips' });
    // user-event puts a clipboard of its own on `navigator`.
    const user = userEvent.setup();

    const dialog = await openDetails(user);
    const outbound = within(dialog.getByRole('article', { name: 'Outbound flight' }));
    expect(outbound.getByText('09:00')).toBeInTheDocument();
    expect(outbound.getByText('12:00')).toBeInTheDocument();
    expect(outbound.getByText('BA100')).toBeInTheDocument();
    expect(outbound.getByText('London Heathrow Airport')).toBeInTheDocument();
    expect(outbound.getByText('3h 0m')).toBeInTheDocument();
    expect(dialog.getByRole('article', { name: 'Return flight' })).toBeInTheDocument();
    expect(dialog.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(dialog.getByText('Byron Lovelace')).toBeInTheDocument();
    expect(
      within(dialog.getByRole('list', { name: 'Seats of Ada Lovelace' })).getByText('Seat 23A'),
    ).toBeInTheDocument();
    expect(
      within(dialog.getByRole('list', { name: 'Extra bags of Byron Lovelace' })).getByText(
        '2 extra checked bags',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('list', { name: 'Extra bags of Ada Lovelace' })).toBeNull();
    expect(dialog.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add to Calendar' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel Booking' })).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: 'Copy booking reference' }));
    expect(await navigator.clipboard.readText()).toBe(booking.bookingReference);
    await expectToast('Copied to clipboard');
  });

  it('lists every flight of a multi-city trip, on its card and in its details', async () => {
    const booking = buildBooking({
      slices: [
        buildJourney({ from: places.LHR, to: places.CDG, date: '2026-12-13' }),
        buildJourney({ from: places.CDG, to: places.DUB, date: '2026-12-16' }),
        buildJourney({ from: places.DUB, to: places.LHR, date: '2026-12-20' }),
      ],
    });
    stubTrips([booking], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(booking) });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    const card = within(await screen.findByRole('article'));
    expect(
      card.getByRole('heading', { name: 'London → Paris → Dublin → London' }),
    ).toBeInTheDocument();
    expect(card.getByText(/LHR – CDG – DUB – LHR · Multi-city/)).toBeInTheDocument();
    for (const [label, date] of [
      ['Flight 1', 'Sun, Dec 13'],
      ['Flight 2', 'Wed, Dec 16'],
      ['Flight 3', 'Sun, Dec 20'],
    ] as const) {
      expect(card.getByText(label).parentElement).toHaveTextContent(date);
    }

    const dialog = await openDetails(user);
    expect(dialog.getByRole('article', { name: 'Flight 2' })).toHaveTextContent('CDG');
    expect(dialog.getByRole('article', { name: 'Flight 3' })).toHaveTextContent(
      'Sun, Dec 20, 2026',
    );
  });

  // The confirmation's opener (Cancel Booking) goes with the cancellation: the focus goes to the
  // refund shown in its place, and closing the confirmation does not take it elsewhere.
  it('cancels from the details, then shows the refund there', async () => {
    const booking = buildBooking();
    const cancelled = buildCancelledBooking({
      id: booking.id,
      bookingReference: booking.bookingReference,
    });
    let current = booking;
    stubTrips(() => jsonResponse({ bookings: [current] }), {
      [`GET /api/bookings/${booking.id}`]: () => jsonResponse(current),
      [`GET /api/bookings/${booking.id}/cancellation`]: () => jsonResponse(buildQuote()),
      [`POST /api/bookings/${booking.id}/cancel`]: () => {
        current = cancelled;
        return jsonResponse({
          success: true,
          message: 'Booking was cancelled successfully',
          booking: cancelled,
        });
      },
    });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    const details = await openDetails(user);
    await user.click(details.getByRole('button', { name: 'Cancel Booking' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(await within(confirm).findByText('$849.50')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Cancel Booking' }));

    await expectToast('Booking cancelled');
    const summary = await details.findByText('Cancelled on Nov 5, 2026');
    await waitFor(() => {
      expect(summary.closest('[data-slot="alert"]')).toHaveFocus();
    });
    expect(details.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
    // A cancelled trip is nothing to put in a calendar.
    expect(details.queryByRole('button', { name: 'Add to Calendar' })).not.toBeInTheDocument();
  });

  it("shows the 'Non-Refundable Ticket' notice, and no cancellation, when the fare cannot be cancelled", async () => {
    const booking = buildBooking({ refundable: false, canCancel: false });
    stubTrips([booking], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(booking) });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    const card = within(await screen.findByRole('article'));
    expect(card.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const dialog = await openDetails(user);
    expect(await dialog.findByText('Non-Refundable Ticket')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });

  it('tells a past trip it can no longer be cancelled', async () => {
    const booking = buildBooking({ status: 'completed', canCancel: false, refundable: false });
    stubTrips([booking], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(booking) });
    renderApp({ path: '/my-trips?tab=past' });
    const user = userEvent.setup();

    const dialog = await openDetails(user);
    expect(await dialog.findByText('Non-Refundable Ticket')).toBeInTheDocument();
    expect(
      dialog.getByText('This trip has already taken place and can no longer be cancelled.'),
    ).toBeInTheDocument();
  });

  it('shows the refund and the date of a cancelled booking', async () => {
    const booking = buildCancelledBooking();
    stubTrips([booking], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(booking) });
    renderApp({ path: '/my-trips?tab=cancelled' });
    const user = userEvent.setup();

    const dialog = await openDetails(user);
    expect(await dialog.findByText('Cancelled on Nov 5, 2026')).toBeInTheDocument();
    expect(dialog.getByText(/Refund:/)).toHaveTextContent(
      'Refund: $849.50 to your Visa ending in 4242.',
    );
    expect(dialog.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });

  it('tells of a refund the agency made, and of a dispute instead of a refund of 0.00', async () => {
    const booking = buildCancelledBooking({
      cancellation: {
        refund: { amount: '0.00', currency: 'USD' },
        refundStatus: 'dispute',
        credits: [],
        cancelledAt: '2026-11-05T12:00:00.000Z',
      },
      cardActivity: { refundedByAgency: { amount: '25.00', currency: 'USD' }, dispute: 'open' },
    });
    stubTrips([booking], { [`GET /api/bookings/${booking.id}`]: () => jsonResponse(booking) });
    renderApp({ path: '/my-trips?tab=cancelled' });
    const user = userEvent.setup();

    const card = await screen.findByRole('article');
    expect(within(card).getByText('Refund').nextElementSibling).toHaveTextContent(
      'Through your bank (card dispute)',
    );
    const dialog = await openDetails(user);
    expect(
      await dialog.findByText(
        'Your bank is handling this payment as a dispute: any refund comes from your bank.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByText(/Refund:/)).not.toBeInTheDocument();
    expect(dialog.getByText('Refunded by the agency').nextElementSibling).toHaveTextContent(
      '$25.00',
    );
    expect(dialog.getByText('Card dispute').nextElementSibling).toHaveTextContent(
      'Your bank is looking into this payment',
    );
  });

  it("shows 'Unable to load booking details' when the booking cannot be loaded", async () => {
    const booking = buildBooking();
    stubTrips([booking], {
      [`GET /api/bookings/${booking.id}`]: () =>
        apiErrorResponse(404, 'booking_not_found', 'Booking not found'),
    });
    renderApp({ path: '/my-trips' });
    const user = userEvent.setup();

    const dialog = await openDetails(user);
    expect(await dialog.findByText('Unable to load booking details')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });
});
