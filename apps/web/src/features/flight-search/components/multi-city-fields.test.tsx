import { multiCityMessages, searchMessages } from '@contrail/contracts/search-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { searchAnswer, testAirports } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';
import { TRIP_TYPE_STORAGE_KEY } from '../lib/saved-search';

const TODAY = '2026-03-01';

function stubApi(): RecordedRequest[] {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'POST /api/flights/search': () => jsonResponse(searchAnswer([])),
  });
}

async function openMultiCity(user: UserEvent) {
  const view = renderApp({ path: '/' });
  await screen.findByRole('form', { name: 'Flight search' });
  await user.click(screen.getByRole('tab', { name: 'Multi-City' }));
  return view;
}

/** The fields of flight `n` (1-based). */
function flight(n: number) {
  return within(screen.getByRole('group', { name: `Flight ${n}` }));
}

async function chooseAirport(user: UserEvent, n: number, label: 'From' | 'To', query: string) {
  const field = flight(n).getByRole('combobox', { name: label });
  await user.clear(field);
  await user.type(field, query);
  await user.click(await screen.findByRole('option', { name: new RegExp(query, 'i') }));
}

function setDate(n: number, value: string) {
  fireEvent.change(flight(n).getByLabelText('Departure'), { target: { value } });
}

function flightTitles() {
  const list = screen.getByRole('list', { name: 'Flights' });
  return within(list)
    .getAllByRole('group')
    .map((group) => group.getAttribute('aria-labelledby'))
    .map((id) => document.getElementById(id ?? '')?.textContent);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T10:00:00Z`));
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the Multi-City tab', () => {
  it('starts with two flights from the trip on the form, and adds and removes flights', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp({ path: '/' });
    await screen.findByRole('form', { name: 'Flight search' });
    const from = screen.getByRole('combobox', { name: 'From' });
    await user.type(from, 'heathrow');
    await user.click(await screen.findByRole('option', { name: /Heathrow/ }));
    await user.click(screen.getByRole('tab', { name: 'Multi-City' }));

    expect(flightTitles()).toEqual(['Flight 1', 'Flight 2']);
    expect(flight(1).getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    expect(flight(1).getByLabelText('Departure')).toHaveValue(TODAY);
    // Two flights are the fewest: none can be removed.
    expect(screen.queryByRole('button', { name: /^Remove flight/ })).not.toBeInTheDocument();

    await chooseAirport(user, 2, 'To', 'paris');
    await user.click(screen.getByRole('button', { name: 'Add another flight' }));
    expect(flightTitles()).toEqual(['Flight 1', 'Flight 2', 'Flight 3']);
    // The new flight leaves from where the last one lands, a few days later; its To is next.
    expect(flight(3).getByRole('combobox', { name: 'From' })).toHaveValue('Paris (CDG)');
    expect(flight(3).getByLabelText('Departure')).toHaveValue('2026-03-11');
    await waitFor(() => {
      expect(flight(3).getByRole('combobox', { name: 'To' })).toHaveFocus();
    });

    await user.click(screen.getByRole('button', { name: 'Add another flight' }));
    await user.click(screen.getByRole('button', { name: 'Add another flight' }));
    expect(flightTitles()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add another flight' })).not.toBeInTheDocument();
    expect(screen.getByText(multiCityMessages.tooManySlices)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove flight 2' }));
    expect(flightTitles()).toEqual(['Flight 1', 'Flight 2', 'Flight 3', 'Flight 4']);
    // The flight that was third moved up.
    expect(flight(2).getByRole('combobox', { name: 'From' })).toHaveValue('Paris (CDG)');
  });

  it('a new To is the next flight’s From, and each date starts from the flight before', async () => {
    stubApi();
    const user = userEvent.setup();
    await openMultiCity(user);

    await chooseAirport(user, 1, 'To', 'dublin');
    expect(flight(2).getByRole('combobox', { name: 'From' })).toHaveValue('Dublin (DUB)');

    setDate(1, '2026-03-20');
    const second = flight(2).getByLabelText('Departure');
    expect(second).toHaveAttribute('min', '2026-03-20');
    // A flight that would now leave before the one ahead of it moves with it.
    expect(second).toHaveValue('2026-03-20');
  });

  it('marks the right field of the right flight, and does not search', async () => {
    const requests = stubApi();
    const user = userEvent.setup();
    const { router } = await openMultiCity(user);

    await user.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(await flight(1).findByText(searchMessages.originRequired)).toBeInTheDocument();
    expect(flight(2).getByRole('combobox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');

    await chooseAirport(user, 1, 'From', 'heathrow');
    // The field's message goes as the field changes.
    expect(flight(1).queryByText(searchMessages.originRequired)).not.toBeInTheDocument();
    await chooseAirport(user, 1, 'To', 'paris');
    await chooseAirport(user, 2, 'To', 'dublin');
    setDate(1, '2026-03-10');
    setDate(2, '2026-03-08');
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));

    const date = flight(2).getByLabelText('Departure');
    await waitFor(() => {
      expect(date).toHaveAttribute('aria-invalid', 'true');
    });
    expect(date).toHaveAccessibleDescription(multiCityMessages.sliceBeforePrevious);
    expect(flight(1).getByLabelText('Departure')).not.toHaveAttribute('aria-invalid');
    expect(router.state.location.pathname).toBe('/');
    expect(requests.some((request) => request.path === '/api/flights/search')).toBe(false);
  });

  it('searches: /search carries the flights, and Multi-City is remembered', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = await openMultiCity(user);

    await chooseAirport(user, 1, 'From', 'heathrow');
    await chooseAirport(user, 1, 'To', 'paris');
    await chooseAirport(user, 2, 'To', 'dublin');
    await user.click(screen.getByRole('button', { name: 'Add another flight' }));
    await chooseAirport(user, 3, 'To', 'heathrow');
    setDate(1, '2026-03-10');
    setDate(2, '2026-03-13');
    setDate(3, '2026-03-17');
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    expect(router.state.location.search).toEqual({
      tripType: 'multi-city',
      slices: 'LHR.CDG.2026-03-10_CDG.DUB.2026-03-13_DUB.LHR.2026-03-17',
      cabinClass: 'business',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    });
    expect(localStorage.getItem(TRIP_TYPE_STORAGE_KEY)).toBe('multi-city');
  });
});
