import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
} from '../../../test/fetch-stub';
import { buildJourney, buildOffer, places, testAirports } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';
import { LAST_SEARCH_STORAGE_KEY } from '../lib/saved-search';

const criteria =
  'origin=LHR&destination=JFK&departureDate=2026-03-10&returnDate=2026-03-17&cabinClass=economy&adultsCount=1&childrenCount=0&infantsCount=0&tripType=round-trip';

const back = (options: Parameters<typeof buildJourney>[0] = {}) =>
  buildJourney({ from: places.JFK, to: places.LHR, date: '2026-03-17', ...options });

const offers = [
  buildOffer({
    id: 'off_nonstop',
    total_amount: '1300.00',
    slices: [buildJourney({ date: '2026-03-10' }), back()],
  }),
  buildOffer({
    id: 'off_one_stop',
    total_amount: '1072.00',
    slices: [
      buildJourney({ date: '2026-03-10', airline: 'AA', via: [places.KEF] }),
      back({ airline: 'AA' }),
    ],
  }),
  buildOffer({
    id: 'off_two_stops',
    total_amount: '990.00',
    slices: [
      buildJourney({ date: '2026-03-10', airline: 'FI', via: [places.DUB, places.KEF] }),
      back({ airline: 'FI', via: [places.KEF] }),
    ],
  }),
];

const datePrices = {
  currency: 'USD',
  days: [-3, -2, -1, 0, 1, 2, 3].map((offset) => ({
    departureDate: `2026-03-${String(10 + offset).padStart(2, '0')}`,
    returnDate: `2026-03-${String(17 + offset).padStart(2, '0')}`,
    cheapestAmount: offset === 2 ? null : `${1000 + offset * 10}.00`,
  })),
};

function stubApi(
  search: () => Response | Promise<Response> = () =>
    jsonResponse({ searchId: 's', offers, expiresAt: '2099-01-01T00:30:00.000Z' }),
) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'POST /api/flights/search': search,
    'POST /api/flights/date-prices': () => jsonResponse(datePrices),
  });
}

function cards() {
  return within(screen.getByRole('list', { name: 'Flight results' })).getAllByRole('article');
}

function prices() {
  return screen.getAllByTestId('offer-price').map((price) => price.textContent);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('/search', () => {
  it('sends the traveller to the form without valid criteria', async () => {
    stubApi();
    const { router } = renderApp({ path: '/search?origin=LHR&destination=J' });
    expect(await screen.findByRole('region', { name: 'Search Flights' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('searches with the URL criteria and lists the offers, best first', async () => {
    const requests = stubApi();
    renderApp({ path: `/search?${criteria}` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'London to New York' }),
    ).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Flight results' });
    expect(screen.getByRole('heading', { name: '3 flights' })).toBeInTheDocument();
    expect(prices()).toEqual(['$1,300', '$1,072', '$990']);
    expect(cards()[0]).toHaveTextContent('Non-stop');
    expect(cards()[0]).toHaveTextContent('Price is for all passengers');
    expect(cards()[1]).toHaveTextContent('1 stop');
    expect(cards()[2]).toHaveTextContent('2 stops');
    expect(screen.getAllByRole('img', { name: 'British Airways' }).length).toBeGreaterThan(0);

    const search = requests.find((request) => request.path === '/api/flights/search');
    expect(search?.body).toEqual({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-03-10',
      returnDate: '2026-03-17',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
    });
  });

  it('sorts by Cheapest and Fastest through the URL', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });

    await user.click(screen.getByRole('radio', { name: /Cheapest/ }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ sort: 'cheapest' });
    });
    expect(prices()).toEqual(['$990', '$1,072', '$1,300']);

    await user.click(screen.getByRole('radio', { name: /Fastest/ }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ sort: 'fastest' });
    });
    expect(prices()).toEqual(['$1,300', '$1,072', '$990']);
  });

  it('filters by stops through the URL, with counts and clearing', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));

    await user.click(filters.getByRole('checkbox', { name: /Non-stop/ }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ stops: 0 });
    });
    expect(router.state.location.href).toContain('stops=0');
    expect(screen.getByRole('heading', { name: '1 of 3 flights' })).toBeInTheDocument();
    for (const card of cards()) expect(card).toHaveTextContent('Non-stop');

    await user.click(filters.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).not.toHaveProperty('stops');
    });
    expect(cards()).toHaveLength(3);
  });

  it('rebuilds the view from a shared link', async () => {
    stubApi();
    renderApp({ path: `/search?${criteria}&sort=cheapest&airlines=AA,FI&maxPrice=1100` });
    await screen.findByRole('list', { name: 'Flight results' });

    expect(screen.getByRole('radio', { name: /Cheapest/ })).toBeChecked();
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(filters.getByRole('checkbox', { name: /American Airlines/ })).toBeChecked();
    expect(filters.getByRole('checkbox', { name: /Icelandair/ })).toBeChecked();
    expect(filters.getByRole('checkbox', { name: /British Airways/ })).not.toBeChecked();
    expect(prices()).toEqual(['$990', '$1,072']);
    expect(screen.getByRole('heading', { name: '2 of 3 flights' })).toBeInTheDocument();
  });

  it('offers to clear filters when none of the flights pass them', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}&maxPrice=500` });

    const empty = within(
      await screen.findByRole('status', { name: 'No flights match your filters' }),
    );
    await user.click(empty.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).not.toHaveProperty('maxPrice');
    });
    expect(await screen.findByRole('list', { name: 'Flight results' })).toBeInTheDocument();
  });

  it('says when no flights fly', async () => {
    stubApi(() =>
      jsonResponse({ searchId: 's', offers: [], expiresAt: '2099-01-01T00:30:00.000Z' }),
    );
    renderApp({ path: `/search?${criteria}` });
    expect(await screen.findByText('No flights found')).toBeInTheDocument();
  });

  it("shows the API's message on failure, and Retry searches again", async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? apiErrorResponse(
            504,
            'supplier_timeout',
            'The airline did not answer in time. Please try again.',
          )
        : jsonResponse({ searchId: 's', offers, expiresAt: '2099-01-01T00:30:00.000Z' }),
    );
    const user = userEvent.setup();
    renderApp({ path: `/search?${criteria}` });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The airline did not answer in time. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Flight results' })).toBeInTheDocument();
  });

  it('does not offer Retry for a search the API refuses', async () => {
    stubApi(() =>
      jsonResponse(
        { error: { code: 'invalid_search', message: 'Departure date cannot be in the past' } },
        { status: 422 },
      ),
    );
    renderApp({ path: `/search?${criteria}` });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Departure date cannot be in the past');
    expect(alert).toHaveTextContent('Change the search above to try again.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows a skeleton and a busy search button while searching', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderApp({ path: `/search?${criteria}` });

    expect(
      await screen.findByRole('heading', { name: 'Searching for flights...' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    await act(async () => {
      answer(jsonResponse({ searchId: 's', offers, expiresAt: '2099-01-01T00:30:00.000Z' }));
    });
    expect(await screen.findByRole('list', { name: 'Flight results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search Flights' })).toBeEnabled();
  });

  it('shows the cheapest price of the days around, and moves both dates on a click', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}&sort=cheapest` });
    const strip = within(await screen.findByRole('navigation', { name: 'Prices on nearby dates' }));

    await waitFor(() => {
      expect(strip.getByText('$1,000')).toBeInTheDocument();
    });
    expect(strip.getAllByRole('listitem')).toHaveLength(7);
    expect(strip.getByText('$1,000').closest('[aria-current="date"]')).not.toBeNull();
    expect(strip.getByText('—')).toBeInTheDocument();

    await user.click(strip.getByRole('link', { name: /Mar 11/ }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({
        departureDate: '2026-03-11',
        returnDate: '2026-03-18',
        sort: 'cheapest',
      });
    });
  });

  it('links each offer with the search carried along, and keeps the search for the way back', async () => {
    stubApi();
    renderApp({ path: `/search?${criteria}&stops=0` });
    await screen.findByRole('list', { name: 'Flight results' });

    const link = within(screen.getByRole('article', { name: 'British Airways, $1,300' })).getByRole(
      'link',
      { name: /Select/ },
    );
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/flight/off_nonstop');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      from_origin: 'LHR',
      from_destination: 'JFK',
      from_departureDate: '2026-03-10',
      from_returnDate: '2026-03-17',
      from_stops: '0',
      from_tripType: 'round-trip',
    });
    expect(JSON.parse(localStorage.getItem(LAST_SEARCH_STORAGE_KEY) ?? '{}')).toMatchObject({
      origin: 'LHR',
      stops: 0,
    });
  });
});
