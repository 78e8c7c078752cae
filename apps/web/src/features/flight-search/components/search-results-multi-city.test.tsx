import { multiCityMessages } from '@contrail/contracts/search-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../../../test/fetch-stub';
import { buildJourney, buildOffer, places, searchAnswer, testAirports } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';
import { LAST_SEARCH_STORAGE_KEY } from '../lib/saved-search';

const slices = 'LHR.CDG.2026-03-10_CDG.DUB.2026-03-13_DUB.LHR.2026-03-17';
const criteria = `tripType=multi-city&slices=${slices}&cabinClass=economy&adultsCount=1&childrenCount=0&infantsCount=0`;

/** London, Paris, Dublin and home: a morning and an evening way of flying it. */
const threeCities = (departAt: string, airline: 'BA' | 'AA') => [
  buildJourney({ from: places.LHR, to: places.CDG, date: '2026-03-10', departAt, airline }),
  buildJourney({ from: places.CDG, to: places.DUB, date: '2026-03-13', departAt, airline }),
  buildJourney({ from: places.DUB, to: places.LHR, date: '2026-03-17', departAt, airline }),
];
const offers = [
  buildOffer({ id: 'off_morning', total_amount: '640.00', slices: threeCities('08:00', 'BA') }),
  buildOffer({ id: 'off_evening', total_amount: '520.00', slices: threeCities('18:00', 'AA') }),
];

function stubApi(search: () => Response = () => jsonResponse(searchAnswer(offers))) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'POST /api/flights/search': search,
  });
}

function cards() {
  return within(screen.getByRole('list', { name: 'Flight results' })).getAllByRole('article');
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

describe('/search for a multi-city trip', () => {
  it('searches every flight and shows each one on every card, with its date', async () => {
    const requests = stubApi();
    renderApp({ path: `/search?${criteria}` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'London → Paris → Dublin → London' }),
    ).toBeInTheDocument();
    // Under the title, and on the phone's one-line search.
    expect(
      screen.getAllByText('3 flights, Tue, Mar 10 – Tue, Mar 17 · 1 Adult · Economy'),
    ).toHaveLength(2);
    expect(screen.getByText('LHR → CDG → DUB → LHR')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Flight results' });
    expect(cards()).toHaveLength(2);
    for (const card of cards()) {
      expect(within(card).getAllByTestId('offer-stops')).toHaveLength(3);
      for (const route of ['LHR–CDG', 'CDG–DUB', 'DUB–LHR']) {
        expect(within(card).getAllByText(route).length).toBeGreaterThan(0);
      }
      for (const date of ['Tue, Mar 10', 'Fri, Mar 13', 'Tue, Mar 17']) {
        expect(card).toHaveTextContent(date);
      }
    }

    const search = requests.find((request) => request.path === '/api/flights/search');
    expect(search?.body).toMatchObject({
      tripType: 'multi-city',
      slices: [
        { origin: 'LHR', destination: 'CDG', departureDate: '2026-03-10' },
        { origin: 'CDG', destination: 'DUB', departureDate: '2026-03-13' },
        { origin: 'DUB', destination: 'LHR', departureDate: '2026-03-17' },
      ],
    });
    // No other days, calendar or price alert for a multi-city trip.
    expect(screen.queryByRole('button', { name: 'Track prices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Price calendar' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/flights/date-prices')).toBe(false);
  });

  it('filters the times of each flight on its own', async () => {
    stubApi();
    renderApp({ path: `/search?${criteria}&flight3Depart=12-24` });
    await screen.findByRole('list', { name: 'Flight results' });

    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    // The panel's code loads beside the search.
    expect(await filters.findByText('Flight 1 · LHR → CDG')).toBeInTheDocument();
    for (const title of ['Flight 1 · LHR → CDG', 'Flight 2 · CDG → DUB', 'Flight 3 · DUB → LHR']) {
      expect(filters.getByText(title)).toBeInTheDocument();
    }
    expect(filters.getAllByRole('slider', { name: /^Flight 3 departure/ })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: '1 of 2 flights' })).toBeInTheDocument();
    expect(cards()[0]).toHaveTextContent('18:00');
  });

  it('fills the edit form from the URL, and keeps the search for the offer page’s way back', async () => {
    stubApi();
    renderApp({ path: `/search?${criteria}` });
    await screen.findByRole('list', { name: 'Flight results' });

    // The form's code loads beside the results.
    const form = within(await screen.findByRole('form', { name: 'Edit search' }));
    expect(form.getByLabelText('Trip type')).toHaveValue('multi-city');
    const third = within(form.getByRole('group', { name: 'Flight 3' }));
    await waitFor(() => {
      expect(third.getByRole('combobox', { name: 'From' })).toHaveValue('Dublin (DUB)');
    });
    expect(third.getByLabelText('Departure')).toHaveValue('2026-03-17');

    const link = within(cards()[0] ?? document.body).getAllByRole('link', { name: /Select/ })[0];
    const href = new URL(link?.getAttribute('href') ?? '', 'http://localhost');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      from_tripType: 'multi-city',
      from_slices: slices,
    });
    expect(href.searchParams.has('from_origin')).toBe(false);
    expect(JSON.parse(localStorage.getItem(LAST_SEARCH_STORAGE_KEY) ?? '{}')).toMatchObject({
      tripType: 'multi-city',
      slices,
    });
  });

  it('puts the fields the API refused on the right flight, the form opened on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubApi(() =>
      jsonResponse(
        {
          error: {
            code: 'invalid_search',
            message: multiCityMessages.sliceBeforePrevious,
            fields: { 'slices.1.departureDate': multiCityMessages.sliceBeforePrevious },
          },
        },
        { status: 422 },
      ),
    );
    renderApp({ path: `/search?${criteria}` });

    const form = within(await screen.findByRole('form', { name: 'Edit search' }));
    const date = within(form.getByRole('group', { name: 'Flight 2' })).getByLabelText('Departure');
    await waitFor(() => {
      expect(date).toHaveAccessibleDescription(multiCityMessages.sliceBeforePrevious);
    });
    expect(
      within(form.getByRole('group', { name: 'Flight 1' })).getByLabelText('Departure'),
    ).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: /Close/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says which flight of a link cannot be searched, and opens the form on Multi-City', async () => {
    const requests = stubApi();
    renderApp({
      path: `/search?${criteria.replace('DUB.LHR.2026-03-17', 'DUB.LHR.2026-03-11')}`,
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Flight 3, Departure: ${multiCityMessages.sliceBeforePrevious}`,
    );
    // The form's code loads once the link is found wanting.
    expect(await screen.findByRole('tab', { name: 'Multi-City' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const third = within(screen.getByRole('group', { name: 'Flight 3' }));
    expect(third.getByLabelText('Departure')).toHaveAccessibleDescription(
      multiCityMessages.sliceBeforePrevious,
    );
    await waitFor(() => {
      expect(third.getByRole('combobox', { name: 'From' })).toHaveValue('Dublin (DUB)');
    });
    expect(requests.some((request) => request.path === '/api/flights/search')).toBe(false);
  });
});
