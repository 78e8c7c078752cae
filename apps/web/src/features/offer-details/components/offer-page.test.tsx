import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
} from '../../../test/fetch-stub';
import { buildJourney, buildOffer, places, testAirports, searchAnswer } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';

const NOW = new Date('2026-03-01T10:00:00Z');
const offer = buildOffer({
  id: 'off_123',
  slices: [
    buildJourney({ date: '2026-03-10', via: [places.KEF], departAt: '21:00' }),
    buildJourney({ from: places.JFK, to: places.LHR, date: '2026-03-17', checkedBags: 0 }),
  ],
  available_services: [
    {
      id: 'ase_1',
      type: 'baggage',
      name: 'Extra checked bag',
      description: 'One additional checked bag up to 23 kg',
      total_amount: '75.00',
      total_currency: 'USD',
      maximum_quantity: 2,
      passenger_ids: ['pas_0001'],
      segment_ids: [],
    },
  ],
  expires_at: '2026-03-01T10:29:30.000Z',
});
const outboundSegments = offer.slices[0]?.segments ?? [];
offer.available_services[0]?.segment_ids.push(...outboundSegments.map((segment) => segment.id));

const seatMap: SeatMap = {
  id: 'sea_1',
  segment_id: outboundSegments[0]?.id ?? '',
  slice_id: offer.slices[0]?.id ?? '',
  cabins: [],
};

function stubApi({
  answer = () => jsonResponse(offer),
  verify = () =>
    jsonResponse({
      valid: true,
      offer_id: 'off_123',
      expires_at: '2026-03-01T10:29:30.000Z',
      minutes_remaining: 29,
      message: 'This flight offer is still available.',
    }),
  seatMaps = [seatMap],
}: {
  answer?: () => Response;
  verify?: () => Response;
  seatMaps?: SeatMap[];
} = {}) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/flights/offer/off_123': answer,
    'GET /api/flights/verify-offer/off_123': verify,
    'GET /api/flights/seatmaps/off_123': () => jsonResponse({ data: seatMaps }),
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'POST /api/flights/search': () => jsonResponse(searchAnswer([], '2099-01-01T00:30:00.000Z')),
    'POST /api/flights/date-prices': () => jsonResponse({ currency: 'USD', days: [] }),
  });
}

const carried =
  'from_origin=LHR&from_destination=JFK&from_departureDate=2026-03-10&from_returnDate=2026-03-17&from_cabinClass=economy&from_adultsCount=1&from_childrenCount=0&from_infantsCount=0&from_tripType=round-trip&from_sort=cheapest&from_stops=0';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

async function openOffer(query = carried) {
  const view = renderApp({ path: `/flight/off_123?${query}` });
  await screen.findByRole('heading', { name: 'Flight Summary' });
  return view;
}

describe('/flight/$id', () => {
  it('shows Loading, then the Flight Summary with every flight', async () => {
    stubApi();
    renderApp({ path: '/flight/off_123' });
    expect(await screen.findByText('Loading flight details...')).toBeInTheDocument();

    const summary = within(await screen.findByRole('region', { name: 'Flight Summary' }));
    const outbound = within(summary.getByRole('region', { name: 'Outbound Flight' }));
    expect(outbound.getByText('Tue, Mar 10, 2026')).toBeInTheDocument();
    expect(outbound.getByText('7h 0m · 1 stop via KEF')).toBeInTheDocument();
    expect(outbound.getByText('21:00')).toBeInTheDocument();
    // 21:00 + 3h lands at midnight, the next day.
    expect(outbound.getAllByText(/^00:00/)[0]).toHaveTextContent('+1');
    expect(
      outbound.getByText('1h 0m layover in Reykjavík (KEF)', { exact: false }),
    ).toBeInTheDocument();
    expect(outbound.getByText('British Airways · BA100')).toBeInTheDocument();
    expect(outbound.getAllByRole('img', { name: 'British Airways' })).toHaveLength(2);
    expect(outbound.getAllByText('Wi-Fi')).toHaveLength(2);
    expect(outbound.getAllByText('Meal')).toHaveLength(2);
    expect(outbound.getAllByText('Baggage Included')).toHaveLength(2);

    const inbound = within(summary.getByRole('region', { name: 'Return Flight' }));
    expect(inbound.getByText('3h 0m · Non-stop')).toBeInTheDocument();
    expect(inbound.queryByText('Baggage Included')).not.toBeInTheDocument();
  });

  it('names every city and each flight of a multi-city trip, and goes back to its results', async () => {
    const threeCities = buildOffer({
      id: 'off_123',
      slices: [
        buildJourney({ from: places.LHR, to: places.CDG, date: '2026-03-10' }),
        buildJourney({ from: places.CDG, to: places.DUB, date: '2026-03-13' }),
        buildJourney({ from: places.DUB, to: places.LHR, date: '2026-03-17' }),
      ],
      expires_at: '2026-03-01T10:29:30.000Z',
    });
    stubApi({ answer: () => jsonResponse(threeCities) });
    const slices = 'LHR.CDG.2026-03-10_CDG.DUB.2026-03-13_DUB.LHR.2026-03-17';
    const { router } = await openOffer(
      `from_tripType=multi-city&from_slices=${slices}&from_cabinClass=economy&from_adultsCount=1&from_childrenCount=0&from_infantsCount=0`,
    );

    expect(
      screen.getByRole('heading', { level: 1, name: 'London → Paris → Dublin → London' }),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('Multi-city · Tue, Mar 10 – Tue, Mar 17 · 1 Adult'),
    ).not.toHaveLength(0);
    const summary = within(screen.getByRole('region', { name: 'Flight Summary' }));
    expect(summary.getByRole('region', { name: 'Flight 1' })).toHaveTextContent(
      'Tue, Mar 10, 2026',
    );
    expect(summary.getByRole('region', { name: 'Flight 2' })).toHaveTextContent(
      'Fri, Mar 13, 2026',
    );
    expect(summary.getByRole('region', { name: 'Flight 3' })).toHaveTextContent(
      'Tue, Mar 17, 2026',
    );

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('link', { name: 'Back to Search Results' })[0] as Element);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    expect(router.state.location.search).toMatchObject({ tripType: 'multi-city', slices });
  });

  it('shows the Price Summary and the booking bars', async () => {
    stubApi({
      answer: () =>
        jsonResponse({ ...offer, conditions: { ...offer.conditions, refundable: true } }),
    });
    await openOffer();

    const price = within(screen.getByRole('region', { name: 'Price Summary' }));
    expect(price.getByText('Base fare').nextSibling).toHaveTextContent('$849.50');
    expect(price.getByText('Taxes & fees').nextSibling).toHaveTextContent('$222.50');
    expect(price.getByText('Total').nextSibling).toHaveTextContent('$1,072.00');
    expect(price.getByText(/Price is for all passengers/)).toBeInTheDocument();
    expect(price.getByText('Refundable')).toBeInTheDocument();
    expect(price.getByText('Changes allowed, fees may apply')).toBeInTheDocument();

    for (const name of ['Book This Flight', 'Book Now']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute(
        'href',
        '/booking?offer=off_123&adults=1&children=0&infants=0',
      );
    }
  });

  it('counts the minutes the offer has left', async () => {
    stubApi();
    await openOffer();
    const notice = within(screen.getByRole('region', { name: 'Flight Offer Expiration' }));
    expect(await notice.findByText('This offer expires in 29 minutes.')).toBeInTheDocument();
    expect(notice.getByText(/typically expire after about 30 minutes/)).toBeInTheDocument();
  });

  it('says so when the verification finds the offer expired', async () => {
    stubApi({
      verify: () =>
        apiErrorResponse(
          410,
          'offer_expired',
          'This flight offer has expired. Please select another flight.',
        ),
    });
    await openOffer();
    const notice = within(screen.getByRole('region', { name: 'Flight Offer Expiration' }));
    expect(
      await notice.findByText('This flight offer has expired. Please select another flight.'),
    ).toBeInTheDocument();
    expect(notice.getByRole('link', { name: /Back to Search Results/ })).toBeInTheDocument();
  });

  it('goes back to the exact results view it came from', async () => {
    stubApi();
    await openOffer();
    const back = screen.getAllByRole('link', { name: /Back to Search Results/ })[0];
    const href = new URL(back?.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/search');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-03-10',
      returnDate: '2026-03-17',
      cabinClass: 'economy',
      adultsCount: '1',
      childrenCount: '0',
      infantsCount: '0',
      tripType: 'round-trip',
      sort: 'cheapest',
      stops: '0',
    });
  });

  it('falls back to the last search saved on this device, then to the home page', async () => {
    stubApi();
    localStorage.setItem(
      'contrail.lastSearch',
      JSON.stringify({
        origin: 'LGW',
        destination: 'JFK',
        departureDate: '2026-03-12',
        cabinClass: 'economy',
        adultsCount: 2,
        childrenCount: 0,
        infantsCount: 0,
        tripType: 'one-way',
      }),
    );
    const first = await openOffer('');
    const back = screen.getAllByRole('link', { name: /Back to Search Results/ })[0];
    expect(back?.getAttribute('href')).toContain('origin=LGW');
    first.unmount();

    localStorage.clear();
    await openOffer('');
    expect(screen.getAllByRole('link', { name: /Back to Search Results/ })[0]).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('keeps the open tab in the URL: Flight Details, Fare Rules, Seat Maps', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = await openOffer();

    expect(screen.getByRole('tab', { name: 'Flight Details' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Fare Rules' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({
        tab: 'fare-rules',
        from_sort: 'cheapest',
      });
    });
    const rules = within(screen.getByRole('tabpanel'));
    expect(rules.getByText('Refundable').nextSibling).toHaveTextContent('No');
    expect(rules.getByText('Changeable').nextSibling).toHaveTextContent('Yes (fee $75.00)');
    expect(rules.getByText('Extra checked bag')).toBeInTheDocument();
    expect(rules.getByText('$75.00')).toBeInTheDocument();
    expect(rules.getByText('Passenger Identity Requirements')).toBeInTheDocument();
    expect(rules.getByText(/A valid passport is required/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Seat Maps' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ tab: 'seat-maps' });
    });
    expect(
      await screen.findByText('Seat selection will be available during booking.'),
    ).toBeInTheDocument();
  });

  it('says when there are no services or seat maps', async () => {
    const bare: Offer = {
      ...offer,
      available_services: [],
      passenger_identity_documents_required: false,
    };
    stubApi({ answer: () => jsonResponse(bare), seatMaps: [] });
    renderApp({ path: '/flight/off_123?tab=fare-rules' });
    expect(
      await screen.findByText('No additional services available for this flight.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/No identity documents are needed/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Seat Maps' }));
    expect(
      await screen.findByText(/Seat maps are not available for this flight/),
    ).toBeInTheDocument();
  });

  it("shows 'Price unavailable' for a service without a readable price", async () => {
    const odd: Offer = {
      ...offer,
      available_services: offer.available_services.map((service) => ({
        ...service,
        total_currency: '123',
      })),
    };
    stubApi({ answer: () => jsonResponse(odd) });
    renderApp({ path: '/flight/off_123?tab=fare-rules' });
    expect(await screen.findByText('Price unavailable')).toBeInTheDocument();
  });

  it("shows the spec's message for an expired offer, with the way back", async () => {
    stubApi({
      answer: () =>
        apiErrorResponse(
          410,
          'offer_expired',
          'This flight offer has expired. Please select another flight.',
        ),
    });
    renderApp({ path: `/flight/off_123?${carried}` });
    const alert = within(await screen.findByRole('alert'));
    expect(
      alert.getByRole('heading', {
        name: 'This flight offer has expired. Please select another flight.',
      }),
    ).toBeInTheDocument();
    expect(
      alert.getByRole('link', { name: 'Back to Search Results' }).getAttribute('href'),
    ).toContain('sort=cheapest');
  });

  it('an old shared link: the expired offer leads to its search, which names the past date', async () => {
    stubApi({
      answer: () =>
        apiErrorResponse(
          410,
          'offer_expired',
          'This flight offer has expired. Please select another flight.',
        ),
    });
    const user = userEvent.setup();
    const { router } = renderApp({
      path: `/flight/off_123?${carried.replace('2026-03-10', '2026-02-10').replace('2026-03-17', '2026-02-17')}`,
    });
    const alert = within(await screen.findByRole('alert'));
    await user.click(alert.getByRole('link', { name: 'Back to Search Results' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    await screen.findByRole('heading', { level: 1, name: 'Check this search' });
    expect(screen.getByText(/cannot run/).closest('[role="alert"]')).toHaveTextContent(
      'Departure: Departure date cannot be in the past',
    );
    const form = within(screen.getByRole('form', { name: 'Flight search' }));
    await waitFor(() => {
      expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    });
    expect(form.getByRole('combobox', { name: 'To' })).toHaveValue('New York (JFK)');
    expect(form.getByLabelText('Departure')).toHaveValue('');
  });

  it("shows 'Error Loading Flight Details' with the message, or the spec's fallback", async () => {
    stubApi({ answer: () => apiErrorResponse(404, 'offer_not_found', 'Flight offer not found') });
    const first = renderApp({ path: '/flight/off_123' });
    let alert = within(await screen.findByRole('alert'));
    expect(
      alert.getByRole('heading', { name: 'Error Loading Flight Details' }),
    ).toBeInTheDocument();
    expect(alert.getByText('Flight offer not found')).toBeInTheDocument();
    expect(alert.getByRole('link', { name: 'Back to Search' })).toHaveAttribute('href', '/');
    first.unmount();

    stubApi({ answer: () => jsonResponse({ nonsense: true }) });
    renderApp({ path: '/flight/off_123' });
    alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Unable to load flight details. Please try again.')).toBeInTheDocument();
  });
});
