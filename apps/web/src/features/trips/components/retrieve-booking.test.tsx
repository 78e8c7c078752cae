import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { buildBooking } from '../test/trip-factories';

// The whole app renders, its pages load lazily and forms are typed into key by key.
vi.setConfig({ testTimeout: 15_000 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function stubLookup(lookup: Handler) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/bookings/lookup': lookup,
  });
}

/** The recorded requests drop the query string: read the look-up's URL from the fetch mock. */
function lookupUrl(): URL {
  const call = vi
    .mocked(fetch)
    .mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()))
    .find((url) => url.startsWith('/api/bookings/lookup'));
  if (!call) throw new Error('no look-up was sent');
  return new URL(call, 'http://localhost');
}

async function findBooking(user: UserEvent, reference: string, email: string) {
  const form = await screen.findByRole('region', { name: 'Retrieve a booking' });
  if (reference) await user.type(within(form).getByLabelText('Booking Reference'), reference);
  if (email) await user.type(within(form).getByLabelText('Email Address'), email);
  await user.click(within(form).getByRole('button', { name: 'Find Booking' }));
  return form;
}

describe('retrieve a booking', () => {
  it("offers 'Log In', 'View My Trips' and the retrieve box in Support's My Bookings", async () => {
    stubLookup(() => jsonResponse(buildBooking()));
    renderApp({ path: '/support#my-bookings' });

    const section = within(await screen.findByRole('region', { name: 'My Bookings' }));
    expect(section.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fmy-trips',
    );
    expect(section.getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      '/my-trips',
    );
    expect(section.getByRole('region', { name: 'Retrieve a booking' })).toBeInTheDocument();
  });

  it('checks both fields before asking the server', async () => {
    const requests = stubLookup(() => jsonResponse(buildBooking()));
    renderApp({ path: '/manage-booking' });
    const user = userEvent.setup();

    const form = within(await findBooking(user, '', ''));
    expect(await form.findByText('Please enter your booking reference')).toBeInTheDocument();
    expect(
      form.getByText('Please enter the e-mail address used for the booking'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/bookings/lookup')).toBe(false);
  });

  it('shows the booking found, read-only, with a hint to sign in to manage it', async () => {
    const booking = buildBooking({ bookingReference: 'ABC123' });
    stubLookup(() => jsonResponse(booking));
    renderApp({ path: '/manage-booking' });
    const user = userEvent.setup();

    await findBooking(user, ' abc123 ', 'Ada@Example.com');

    const result = within(await screen.findByRole('region', { name: 'London to New York' }));
    expect(result.getByText('Confirmed')).toBeInTheDocument();
    expect(result.getByRole('article', { name: 'Outbound flight' })).toBeInTheDocument();
    expect(result.getByRole('article', { name: 'Return flight' })).toBeInTheDocument();
    expect(result.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(result.getByText('$1,072.00')).toBeInTheDocument();
    expect(result.getByText('Want to make changes?')).toBeInTheDocument();
    expect(result.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fmy-trips',
    );
    expect(result.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();

    const url = lookupUrl();
    expect(url.searchParams.get('reference')).toBe('ABC123');
    expect(url.searchParams.get('email')).toBe('Ada@Example.com');
  });

  it("looks the booking up at once from the confirmation e-mail's link", async () => {
    const requests = stubLookup(() => jsonResponse(buildBooking({ bookingReference: 'ABC123' })));
    renderApp({ path: '/manage-booking?reference=ABC123&email=ada%40example.com' });

    expect(await screen.findByRole('region', { name: 'London to New York' })).toBeInTheDocument();
    const form = within(screen.getByRole('region', { name: 'Retrieve a booking' }));
    expect(form.getByLabelText('Booking Reference')).toHaveValue('ABC123');
    expect(form.getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(requests.filter((r) => r.path === '/api/bookings/lookup')).toHaveLength(1);
    const url = lookupUrl();
    expect(url.searchParams.get('reference')).toBe('ABC123');
    expect(url.searchParams.get('email')).toBe('ada@example.com');
  });

  it("shows the server's message for a wrong reference and e-mail", async () => {
    stubLookup(() =>
      apiErrorResponse(
        404,
        'booking_not_found',
        'We could not find a booking with that reference and e-mail address.',
      ),
    );
    renderApp({ path: '/support#my-bookings' });
    const user = userEvent.setup();

    const form = within(await findBooking(user, 'ZZZ999', 'nobody@example.com'));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'We could not find a booking with that reference and e-mail address.',
    );
    expect(screen.queryByRole('article', { name: 'Outbound flight' })).not.toBeInTheDocument();
  });

  it('shows the rate limit message after too many attempts', async () => {
    stubLookup(() =>
      apiErrorResponse(429, 'rate_limited', 'Too many attempts. Please try again later.'),
    );
    renderApp({ path: '/manage-booking' });
    const user = userEvent.setup();

    const form = within(await findBooking(user, 'ABC123', 'ada@example.com'));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again later.',
    );
  });

  it("wraps a server failure in 'Unable to retrieve booking details'", async () => {
    stubLookup(() => apiErrorResponse(503, 'service_unavailable', 'Service Unavailable'));
    renderApp({ path: '/manage-booking' });
    const user = userEvent.setup();

    const form = within(await findBooking(user, 'ABC123', 'ada@example.com'));
    await waitFor(() => {
      expect(form.getByRole('alert')).toHaveTextContent(
        'Unable to retrieve booking details: Service Unavailable',
      );
    });
  });
});
