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
import { searchMessages } from '@contrail/contracts/search-rules';
import { readSeenPrice } from '../../../lib/seen-prices';
import {
  buildFares,
  buildJourney,
  buildOffer,
  economyFares,
  places,
  testAirports,
  searchAnswer,
} from '../../../test/offers';
import { renderApp } from '../../../test/render-app';
import { LAST_SEARCH_STORAGE_KEY } from '../lib/saved-search';
import { searchLinkTexts } from '../lib/link-problems';

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
    jsonResponse(searchAnswer(offers, '2099-01-01T00:30:00.000Z')),
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
  it('sends the traveller to the form when the link asks for no search', async () => {
    stubApi();
    const { router } = renderApp({ path: '/search?sort=cheapest' });
    expect(await screen.findByRole('region', { name: 'Search Flights' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says what is wrong with a link it cannot search, and keeps the rest in the form', async () => {
    const requests = stubApi();
    renderApp({
      path: `/search?${criteria.replace('departureDate=2026-03-10', 'departureDate=2026-02-30').replace('destination=JFK', 'destination=ZZZ')}`,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Check this search' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent(
        `To: ${searchLinkTexts.unknownAirport('ZZZ')}. ${searchMessages.destinationRequired}`,
      );
    });
    expect(alert).toHaveTextContent(
      `Departure: ${searchLinkTexts.notADate('2026-02-30')}. ${searchMessages.departureDateRequired}`,
    );
    const form = within(screen.getByRole('form', { name: 'Flight search' }));
    expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    expect(form.getByRole('combobox', { name: 'To' })).toHaveValue('');
    expect(form.getByLabelText('Departure')).toHaveValue('');
    expect(form.getByLabelText('Departure')).toHaveAccessibleDescription(
      searchMessages.departureDateRequired,
    );
    expect(form.getByLabelText('Return')).toHaveValue('2026-03-17');
    expect(requests.some((request) => request.path === '/api/flights/search')).toBe(false);
  });

  it('shows the fares of the same flights as one card, side by side, each its own offer', async () => {
    stubApi(() =>
      jsonResponse(
        searchAnswer(
          [
            ...buildFares({
              id: 'off_ba',
              slices: [buildJourney({ date: '2026-03-10' }), back()],
              fares: economyFares(1000),
              passengers: [
                { id: 'pas_1', type: 'adult', age: null },
                { id: 'pas_2', type: 'adult', age: null },
              ],
              total_emissions_kg: '900',
            }),
            ...buildFares({
              id: 'off_aa',
              slices: [
                buildJourney({ date: '2026-03-10', airline: 'AA', via: [places.KEF] }),
                back({ airline: 'AA' }),
              ],
              fares: economyFares(800),
              passengers: [
                { id: 'pas_1', type: 'adult', age: null },
                { id: 'pas_2', type: 'adult', age: null },
              ],
              total_emissions_kg: '1100',
            }),
          ],
          '2099-01-01T00:30:00.000Z',
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp({
      path: `/search?${criteria.replace('adultsCount=1', 'adultsCount=2')}&sort=cheapest`,
    });
    await screen.findByRole('list', { name: 'Flight results' });

    expect(screen.getByRole('heading', { name: '2 flights' })).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'American Airlines, from $800' }));
    // The card leads with its cheapest fare, which is also the first of the fares.
    expect(card.getAllByText('$400 per person')).toHaveLength(2);
    expect(card.getByText('1h 0m layover in Reykjavík (KEF)')).toBeInTheDocument();
    // The median of 900 and 1,100 is 1,000.
    expect(card.getByTestId('itinerary-emissions')).toHaveTextContent(
      '1,100 kg CO₂10% more than typical',
    );
    const fares = card.getAllByRole('group', { name: /fare$/ });
    expect(fares.map((fare) => fare.getAttribute('aria-label'))).toEqual([
      'Basic fare',
      'Standard fare',
      'Flex fare',
    ]);
    const standard = within(card.getByRole('group', { name: 'Standard fare' }));
    expect(standard.getByText('$950')).toBeInTheDocument();
    expect(standard.getByText('$475 per person')).toBeInTheDocument();
    expect(standard.getByText('1 checked bag')).toBeInTheDocument();
    expect(standard.getByText('Changes: $75 fee')).toBeInTheDocument();
    expect(standard.getByText('No refunds')).toBeInTheDocument();
    expect(
      within(card.getByRole('group', { name: 'Flex fare' })).getByText('Full refund'),
    ).toBeInTheDocument();

    await user.click(standard.getByRole('link', { name: /^Select/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flight/off_aa_standard');
    });
    expect(readSeenPrice('off_aa_standard')).toEqual({ amount: '950.00', currency: 'USD' });
  });

  it('with children or infants, the price per person is said to be an average', async () => {
    stubApi(() =>
      jsonResponse(
        searchAnswer(
          buildFares({
            id: 'off_family',
            slices: [buildJourney({ date: '2026-03-10' }), back()],
            fares: economyFares(1000),
            passengers: [
              { id: 'pas_1', type: 'adult', age: null },
              { id: 'pas_2', type: 'adult', age: null },
              { id: 'pas_3', type: 'child', age: 7 },
              { id: 'pas_4', type: 'infant_without_seat', age: 1 },
            ],
          }),
          '2099-01-01T00:30:00.000Z',
        ),
      ),
    );
    renderApp({
      path: `/search?${criteria.replace('adultsCount=1&childrenCount=0&infantsCount=0', 'adultsCount=2&childrenCount=1&childrenAges=6&infantsCount=1&infantsAges=1')}`,
    });
    const card = within((await screen.findAllByRole('article'))[0] ?? document.body);
    expect(card.getAllByText('$250 per person on average')).toHaveLength(2);
    expect(card.queryByText('$250 per person')).not.toBeInTheDocument();
  });

  it('with "checked bag included", leads with the cheapest fare that has one', async () => {
    stubApi(() =>
      jsonResponse(
        searchAnswer(
          buildFares({
            id: 'off_ba',
            slices: [buildJourney({ date: '2026-03-10' }), back()],
            fares: economyFares(1000),
          }),
          '2099-01-01T00:30:00.000Z',
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));

    await user.click(filters.getByRole('checkbox', { name: /Checked bag included/ }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ bags: 1 });
    });
    const card = within(screen.getByRole('article', { name: 'British Airways, from $1,150' }));
    expect(card.queryByRole('group', { name: 'Basic fare' })).not.toBeInTheDocument();
    expect(card.getByRole('group', { name: 'Standard fare' })).toBeInTheDocument();
  });

  it('starts the search with the navigation, before the page renders, and only once', async () => {
    let pageShownAtRequest: boolean | undefined;
    const requests = stubApi(() => {
      pageShownAtRequest ??= document.getElementById('results') !== null;
      // An answer that takes a while, as over a network: the page mounts meanwhile.
      const answer = jsonResponse(searchAnswer(offers, '2099-01-01T00:30:00.000Z'));
      return new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 100));
    });
    renderApp({ path: `/search?${criteria}` });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(pageShownAtRequest).toBe(false);
    expect(requests.filter((request) => request.path === '/api/flights/search')).toHaveLength(1);
  });

  it('a new sort or filter does not search again', async () => {
    const requests = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });
    await user.click(screen.getByRole('radio', { name: /Cheapest/ }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ sort: 'cheapest' });
    });
    await user.click(
      within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('checkbox', {
        name: /Non-stop/,
      }),
    );
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ stops: 0 });
    });
    expect(requests.filter((request) => request.path === '/api/flights/search')).toHaveLength(1);
  });

  it('a link that cannot be searched starts no search', async () => {
    const requests = stubApi();
    renderApp({ path: `/search?${criteria.replace('origin=LHR', 'origin=L')}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: searchLinkTexts.title }),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/flights/'))).toBe(false);
  });

  it('on a phone the filters are drawn only in their sheet, not hidden beside the list', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubApi();
    const user = userEvent.setup();
    renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('slider')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(sheet.getByRole('checkbox', { name: /Non-stop/ })).toBeInTheDocument();
    expect(sheet.getByRole('slider', { name: 'Maximum price' })).toBeInTheDocument();
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
      childrenAges: [],
      infantsAges: [],
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

  it('ticks a box as it is clicked, and a second click at once builds on the first', async () => {
    stubApi();
    const { router } = renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    const american = filters.getByRole('checkbox', { name: /American Airlines/ });
    const icelandair = filters.getByRole('checkbox', { name: /Icelandair/ });

    // Both clicks before the address has changed.
    act(() => {
      american.click();
    });
    expect(american).toBeChecked();
    act(() => {
      icelandair.click();
    });
    expect(icelandair).toBeChecked();
    expect(american).toBeChecked();
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ airlines: 'AA,FI' });
    });
    // The list follows the address in a transition: it may commit a moment after it.
    expect(await screen.findByRole('heading', { name: '2 of 3 flights' })).toBeInTheDocument();
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

  it('moves a slider filter step by step from the keyboard, the thumb keeping the focus', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));

    // $990 to $1,300 in $10 steps: each key press is a new maximum in the URL.
    const price = filters.getByRole('slider', { name: 'Maximum price' });
    expect(price).toHaveAttribute('aria-valuetext', 'Up to $1,300');
    act(() => price.focus());
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ maxPrice: 1290 });
    });
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ maxPrice: 1270 });
    });
    const moved = filters.getByRole('slider', { name: 'Maximum price' });
    expect(moved).toHaveFocus();
    expect(moved).toHaveAttribute('aria-valuetext', 'Up to $1,270');

    // Departure hours, the same way.
    const earliest = filters.getByRole('slider', { name: 'Outbound departure: earliest' });
    act(() => earliest.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => {
      expect(router.state.location.href).toContain('outboundDepart=2-24');
    });
    expect(filters.getByRole('slider', { name: 'Outbound departure: earliest' })).toHaveFocus();

    // Clearing the filter puts the thumb back at the top: no maximum.
    // (The name's space sits inside the visually hidden text, which jsdom's name leaves out.)
    await user.click(filters.getByRole('button', { name: /^Clear ?price filter$/ }));
    await waitFor(() => {
      expect(router.state.location.search).not.toHaveProperty('maxPrice');
    });
    expect(filters.getByRole('slider', { name: 'Maximum price' })).toHaveAttribute(
      'aria-valuetext',
      'Up to $1,300',
    );
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
    stubApi(() => jsonResponse(searchAnswer([], '2099-01-01T00:30:00.000Z')));
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
        : jsonResponse(searchAnswer(offers, '2099-01-01T00:30:00.000Z')),
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
    // What is being searched, in words, where the results will be.
    const status = await screen.findByText(
      'Searching for flights from London (LHR) to New York (JFK) on Tue, Mar 10, returning Tue, Mar 17...',
    );
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    await act(async () => {
      answer(jsonResponse(searchAnswer(offers, '2099-01-01T00:30:00.000Z')));
    });
    // The results take its place as soon as they arrive.
    expect(await screen.findByRole('list', { name: 'Flight results' })).toBeInTheDocument();
    expect(screen.queryByText(/^Searching for flights from/)).not.toBeInTheDocument();
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
