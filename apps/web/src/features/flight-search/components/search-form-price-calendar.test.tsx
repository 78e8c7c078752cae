import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../../../test/fetch-stub';
import { testAirports } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';

const prices = [
  { date: '2026-03-05', amount: '950.00', currency: 'USD' },
  { date: '2026-03-06', amount: '960.00', currency: 'USD' },
];

function stubApi() {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'GET /api/flights/calendar': () => jsonResponse(prices),
  });
}

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

async function chooseAirport(user: UserEvent, label: string, query: string, option: RegExp) {
  const field = screen.getByRole('combobox', { name: label });
  await user.clear(field);
  await user.type(field, query);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The search the app navigated to: /search's query, as a record. */
function searchedFor(router: ReturnType<typeof renderApp>['router']): Record<string, string> {
  const { pathname, searchStr } = router.state.location;
  expect(pathname).toBe('/search');
  return Object.fromEntries(new URLSearchParams(searchStr));
}

async function openWithRoute() {
  const user = userEvent.setup();
  const { router } = renderApp({ path: '/' });
  const form = within(await screen.findByRole('form', { name: 'Flight search' }));
  expect(form.getByRole('button', { name: 'Price calendar' })).toBeDisabled();
  await chooseAirport(user, 'From', 'lond', /Heathrow/);
  expect(form.getByRole('button', { name: 'Price calendar' })).toBeDisabled();
  await chooseAirport(user, 'To', 'new y', /John F Kennedy/);
  return { user, form, router };
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

describe('the search form price calendar', () => {
  it('opens once both airports are chosen; a day searches it, with the trip length return', async () => {
    stubApi();
    const { user, form, router } = await openWithRoute();
    fireEvent.change(form.getByLabelText('Return'), { target: { value: '2026-03-04' } });

    await user.click(form.getByRole('button', { name: 'Price calendar' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Prices for London to New York' }),
    );
    expect(dialog.getByLabelText('Trip length')).toHaveValue('3');
    const chosen = await dialog.findByRole('button', { name: /March 6, 2026, \$960/ });
    // Only the form's own departure day is the current date, not every priced day.
    expect(chosen).not.toHaveAttribute('aria-current');
    const current = dialog
      .getAllByRole('button', { name: /\$\d/ })
      .filter((day) => day.getAttribute('aria-current') === 'date');
    expect(current.length).toBeLessThanOrEqual(1);
    await user.click(chosen);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(searchedFor(router)).toMatchObject({
        origin: 'LHR',
        destination: 'JFK',
        departureDate: '2026-03-06',
        returnDate: '2026-03-09',
        tripType: 'round-trip',
      }),
    );
    expect(calendarQueries()[0]).toMatchObject({
      origin: 'LHR',
      destination: 'JFK',
      month: '2026-03',
      tripLength: '3',
    });
  });

  it('one way: a day searches that departure only and prices one-way fares', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/' });
    const form = within(await screen.findByRole('form', { name: 'Flight search' }));
    await user.click(form.getByRole('tab', { name: 'One Way' }));
    await chooseAirport(user, 'From', 'lond', /Heathrow/);
    await chooseAirport(user, 'To', 'new y', /John F Kennedy/);

    await user.click(form.getByRole('button', { name: 'Price calendar' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByLabelText('Trip length')).toBeNull();
    await user.click(await dialog.findByRole('button', { name: /March 5, 2026/ }));

    await waitFor(() =>
      expect(searchedFor(router)).toMatchObject({
        departureDate: '2026-03-05',
        tripType: 'one-way',
      }),
    );
    expect(searchedFor(router)).not.toHaveProperty('returnDate');
    expect(calendarQueries()[0]).not.toHaveProperty('tripLength');
  });
});
