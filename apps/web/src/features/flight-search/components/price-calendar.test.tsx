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
import { buildJourney, buildOffer, places, searchAnswer, testAirports } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';
import { priceCalendarTexts } from './price-calendar-dialog';

const roundTrip =
  'origin=LHR&destination=JFK&departureDate=2026-03-10&returnDate=2026-03-17&cabinClass=economy&adultsCount=1&childrenCount=0&infantsCount=0&tripType=round-trip';
const oneWay =
  'origin=LHR&destination=JFK&departureDate=2026-03-10&cabinClass=business&adultsCount=1&childrenCount=0&infantsCount=0&tripType=one-way';

const offers = [
  buildOffer({
    id: 'off_one',
    total_amount: '1000.00',
    slices: [
      buildJourney({ date: '2026-03-10' }),
      buildJourney({ from: places.JFK, to: places.LHR, date: '2026-03-17' }),
    ],
  }),
];

/** March 2026: 2nd to 13th priced at 900 + 10 a day, but the 12th; the cheapest third is 2–5. */
function marchPrices() {
  return Array.from({ length: 12 }, (_, i) => i + 2)
    .filter((day) => day !== 12)
    .map((day) => ({
      date: `2026-03-${String(day).padStart(2, '0')}`,
      amount: `${String(900 + day * 10)}.00`,
      currency: 'USD',
    }));
}

/** The query of every calendar request made so far. */
function calendarQueries(): Record<string, string>[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) =>
        new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'),
    )
    .filter((url) => url.pathname === '/api/flights/calendar')
    .map((url) => Object.fromEntries(url.searchParams));
}

function stubApi(calendar: () => Response = () => jsonResponse(marchPrices())) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'POST /api/flights/search': () =>
      jsonResponse(searchAnswer(offers, '2099-01-01T00:30:00.000Z')),
    'POST /api/flights/date-prices': () => jsonResponse({ currency: 'USD', days: [] }),
    'GET /api/flights/calendar': calendar,
  });
}

async function openCalendar(path = roundTrip) {
  const user = userEvent.setup();
  const view = renderApp({ path: `/search?${path}` });
  await user.click(await screen.findByRole('button', { name: 'Price calendar' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Prices for London to New York' }),
  );
  return { ...view, user, dialog };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('price calendar', () => {
  it("shows the searched month's days Monday first, each price a link, the searched day marked", async () => {
    stubApi();
    const { dialog, user, router } = await openCalendar();

    expect(dialog.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    const table = dialog.getByRole('table', { name: 'Prices for London to New York, March 2026' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    await waitFor(() => {
      expect(within(table).getAllByRole('link')).toHaveLength(10);
    });
    // 1 March 2026 is a Sunday: the first week is six blanks, then the 1st.
    const [, firstRow] = within(table).getAllByRole('row');
    if (!firstRow) throw new Error('The month has no weeks');
    const firstWeek = within(firstRow).getAllByRole('cell');
    expect(firstWeek.map((cell) => cell.textContent)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '1—Sunday, March 1, 2026, no price',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(7);

    // The search shown: choosing it only closes the calendar.
    const searched = dialog.getByRole('button', { name: 'Tuesday, March 10, 2026, $1,000' });
    expect(searched).toHaveAttribute('aria-current', 'date');
    expect(searched).toHaveTextContent('$1,000');
    expect(dialog.queryByRole('link', { name: /March 12, 2026/ })).toBeNull();
    expect(dialog.getByText('Thursday, March 12, 2026, no price')).toBeInTheDocument();
    expect(calendarQueries()).toEqual([
      {
        origin: 'LHR',
        destination: 'JFK',
        month: '2026-03',
        cabinClass: 'economy',
        tripLength: '7',
      },
    ]);

    await user.click(searched);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toMatchObject({ departureDate: '2026-03-10' });
  });

  it('marks the cheapest third of the month as low prices, in words as well as colour', async () => {
    stubApi();
    const { dialog } = await openCalendar();

    await waitFor(() => {
      expect(dialog.getAllByRole('link', { name: /, low price$/ })).toHaveLength(4);
    });
    const low = dialog.getAllByRole('link', { name: /, low price$/ });
    expect(low.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Monday, March 2, 2026, $920, low price',
      'Tuesday, March 3, 2026, $930, low price',
      'Wednesday, March 4, 2026, $940, low price',
      'Thursday, March 5, 2026, $950, low price',
    ]);
    expect(low[0]?.querySelector('svg')).not.toBeNull();
    expect(dialog.getByRole('link', { name: 'Friday, March 6, 2026, $960' })).toBeInTheDocument();
    expect(dialog.getByText('Low price')).toBeInTheDocument();
  });

  it('moves month by month from this month to the booking horizon, asking for each', async () => {
    stubApi(() => jsonResponse([]));
    const { dialog, user } = await openCalendar();

    const previous = dialog.getByRole('button', { name: priceCalendarTexts.previous });
    const next = dialog.getByRole('button', { name: priceCalendarTexts.next });
    expect(previous).toBeDisabled();
    for (let i = 0; i < 11; i += 1) await user.click(next);
    expect(dialog.getByRole('heading', { name: 'February 2027' })).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    await waitFor(() => {
      expect(calendarQueries().at(-1)).toMatchObject({ month: '2027-02' });
    });
    await user.click(previous);
    expect(dialog.getByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
  });

  it('asks again for a new trip length, and a chosen day returns that many days later', async () => {
    stubApi();
    const { dialog, user, router } = await openCalendar();

    const length = dialog.getByRole('combobox', { name: priceCalendarTexts.tripLength });
    expect(length).toHaveValue('7');
    await user.selectOptions(length, '3');
    await waitFor(() => {
      expect(calendarQueries().at(-1)).toMatchObject({ month: '2026-03', tripLength: '3' });
    });
    // Another trip length: the searched day is now a link to a new search, still marked.
    expect(
      await dialog.findByRole('link', { name: 'Tuesday, March 10, 2026, $1,000' }),
    ).toHaveAttribute('aria-current', 'date');
    await user.click(dialog.getByRole('link', { name: /March 4, 2026/ }));

    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({
        departureDate: '2026-03-04',
        returnDate: '2026-03-07',
        origin: 'LHR',
        destination: 'JFK',
        tripType: 'round-trip',
      });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('one way: no trip length, and a chosen day opens its one-way results', async () => {
    stubApi();
    const { dialog, user, router } = await openCalendar(oneWay);

    expect(dialog.queryByRole('combobox', { name: priceCalendarTexts.tripLength })).toBeNull();
    expect(dialog.getByText(priceCalendarTexts.oneWay)).toBeInTheDocument();
    await user.click(await dialog.findByRole('link', { name: /March 11, 2026/ }));

    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({
        departureDate: '2026-03-11',
        cabinClass: 'business',
        tripType: 'one-way',
      });
    });
    expect(router.state.location.search).not.toHaveProperty('returnDate');
    expect(calendarQueries()[0]).toEqual({
      origin: 'LHR',
      destination: 'JFK',
      month: '2026-03',
      cabinClass: 'business',
    });
  });

  it('says when the prices cannot load, and Try Again asks again', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? apiErrorResponse(503, 'server_busy', 'Busy', 'Service Unavailable')
        : jsonResponse(marchPrices()),
    );
    const { dialog, user } = await openCalendar();

    const alert = await dialog.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(priceCalendarTexts.error);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(
      await dialog.findByRole('button', { name: 'Tuesday, March 10, 2026, $1,000' }),
    ).toBeInTheDocument();
  });

  it('says when the month has no prices', async () => {
    stubApi(() => jsonResponse([]));
    const { dialog } = await openCalendar();

    expect(await dialog.findByRole('status')).toHaveTextContent(priceCalendarTexts.empty);
    expect(dialog.queryAllByRole('link')).toHaveLength(0);
  });
});
