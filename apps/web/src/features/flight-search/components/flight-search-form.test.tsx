import { searchMessages } from '@contrail/contracts/search-rules';
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
import { buildOffer, testAirports, searchAnswer } from '../../../test/offers';
import { renderApp } from '../../../test/render-app';
import { LAST_SEARCH_STORAGE_KEY, TRIP_TYPE_STORAGE_KEY } from '../lib/saved-search';

const TODAY = '2026-03-01';

function stubApi(): RecordedRequest[] {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/airports': () => jsonResponse({ airports: testAirports }),
    'POST /api/flights/search': () =>
      jsonResponse(searchAnswer([buildOffer()], '2099-01-01T00:30:00.000Z', 'srch_1')),
    'POST /api/flights/date-prices': () => jsonResponse({ currency: 'USD', days: [] }),
  });
}

async function openHome() {
  const view = renderApp({ path: '/' });
  const form = await screen.findByRole('form', { name: 'Flight search' });
  return { ...view, form: within(form) };
}

async function chooseAirport(user: UserEvent, label: string, query: string, option: RegExp) {
  const field = screen.getByRole('combobox', { name: label });
  await user.clear(field);
  await user.type(field, query);
  await user.click(await screen.findByRole('option', { name: option }));
}

function setDate(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The toast on screen (one at a time). */
async function findToast(): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = document.querySelector<HTMLElement>('[data-sonner-toast]');
    if (!toast) throw new Error('no toast yet');
    return toast;
  });
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

describe('the home search form', () => {
  it("starts from the spec's defaults", async () => {
    stubApi();
    const { form } = await openHome();

    expect(form.getByRole('tab', { name: 'Round Trip' })).toHaveAttribute('aria-selected', 'true');
    expect(form.getByLabelText('Departure')).toHaveValue(TODAY);
    expect(form.getByLabelText('Departure')).toHaveAttribute('min', TODAY);
    expect(form.getByLabelText('Return')).toHaveValue('2026-03-08');
    expect(form.getByRole('radio', { name: 'Economy' })).toBeChecked();
    expect(form.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Economy',
      'Premium Economy',
      'Business',
      'First',
    ]);
    expect(form.getByLabelText('Passengers')).toHaveTextContent('1 Adult');
  });

  it('searches: /search gets the spec parameters, and the trip type is saved', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = await openHome();

    await chooseAirport(user, 'From', 'lond', /Heathrow/);
    await chooseAirport(user, 'To', 'new y', /John F Kennedy/);
    setDate('Departure', '2026-03-10');
    setDate('Return', '2026-03-17');
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    expect(router.state.location.search).toEqual({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-03-10',
      returnDate: '2026-03-17',
      cabinClass: 'business',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
    });
    expect(localStorage.getItem(TRIP_TYPE_STORAGE_KEY)).toBe('round-trip');
  });

  it('swaps origin and destination', async () => {
    stubApi();
    const user = userEvent.setup();
    await openHome();

    await chooseAirport(user, 'From', 'lond', /Heathrow/);
    await chooseAirport(user, 'To', 'dublin', /Dublin/);
    await user.click(screen.getByRole('button', { name: 'Swap origin and destination' }));

    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('Dublin (DUB)');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('London (LHR)');
  });

  it('One Way clears and disables Return, and searches without a return date', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = await openHome();

    await user.click(screen.getByRole('tab', { name: 'One Way' }));
    expect(screen.getByLabelText('Return')).toBeDisabled();
    expect(screen.getByLabelText('Return')).toHaveValue('');

    await chooseAirport(user, 'From', 'lond', /Gatwick/);
    await chooseAirport(user, 'To', 'paris', /Charles de Gaulle/);
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    expect(router.state.location.search).not.toHaveProperty('returnDate');
    expect(router.state.location.search).toMatchObject({ tripType: 'one-way', origin: 'LGW' });
    expect(localStorage.getItem(TRIP_TYPE_STORAGE_KEY)).toBe('one-way');

    // Back to a round trip, the return date comes back.
    router.history.back();
    await user.click(await screen.findByRole('tab', { name: 'Round Trip' }));
    expect(screen.getByLabelText('Return')).toBeEnabled();
  });

  it('restores the last trip type', async () => {
    stubApi();
    localStorage.setItem(TRIP_TYPE_STORAGE_KEY, 'one-way');
    await openHome();

    expect(screen.getByRole('tab', { name: 'One Way' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Return')).toBeDisabled();
  });

  it('starts from the last search on this device, its past dates moved to today', async () => {
    stubApi();
    localStorage.setItem(
      LAST_SEARCH_STORAGE_KEY,
      JSON.stringify({
        origin: 'LHR',
        destination: 'JFK',
        departureDate: '2026-02-20',
        returnDate: '2026-02-27',
        cabinClass: 'business',
        adultsCount: 2,
        childrenCount: 0,
        infantsCount: 0,
        tripType: 'round-trip',
        sort: 'cheapest',
      }),
    );
    const { form } = await openHome();

    await waitFor(() => {
      expect(form.getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    });
    expect(form.getByRole('combobox', { name: 'To' })).toHaveValue('New York (JFK)');
    expect(form.getByLabelText('Departure')).toHaveValue(TODAY);
    // The trip keeps its week.
    expect(form.getByLabelText('Return')).toHaveValue('2026-03-08');
    expect(form.getByRole('radio', { name: 'Business' })).toBeChecked();
    expect(form.getByLabelText('Passengers')).toHaveTextContent('2 Adults');
  });

  it('keeps searching when the trip type cannot be stored, with a warning', async () => {
    stubApi();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    const { router } = await openHome();

    await chooseAirport(user, 'From', 'lond', /Heathrow/);
    await chooseAirport(user, 'To', 'new y', /John F Kennedy/);
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    expect(warn).toHaveBeenCalled();
  });

  describe('each problem is an error toast that blocks the search', () => {
    it.each([
      ['no origin', searchMessages.originRequired],
      ['no destination', searchMessages.destinationRequired],
      ['the same airports', searchMessages.sameAirports],
      ['a past departure', searchMessages.departureInPast],
      ['a return before departure', searchMessages.returnBeforeDeparture],
      ['no departure date', searchMessages.departureDateRequired],
      ['no return date', searchMessages.returnDateRequired],
      ['a departure beyond 11 months', searchMessages.tooFarAhead],
    ])('%s', async (situation, message) => {
      const requests = stubApi();
      const user = userEvent.setup();
      const { router } = await openHome();

      if (situation !== 'no origin') await chooseAirport(user, 'From', 'lond', /Heathrow/);
      if (situation === 'the same airports') {
        await chooseAirport(user, 'To', 'lond', /Heathrow/);
      } else if (situation !== 'no destination' && situation !== 'no origin') {
        await chooseAirport(user, 'To', 'new y', /John F Kennedy/);
      }
      if (situation === 'a past departure') setDate('Departure', '2026-02-27');
      if (situation === 'a return before departure') {
        setDate('Departure', '2026-03-10');
        setDate('Return', '2026-03-09');
      }
      if (situation === 'no departure date') setDate('Departure', '');
      if (situation === 'no return date') setDate('Return', '');
      if (situation === 'a departure beyond 11 months') {
        setDate('Departure', '2027-02-10');
        setDate('Return', '2027-02-12');
      }

      await user.click(screen.getByRole('button', { name: 'Search Flights' }));
      const toast = await findToast();
      expect(toast).toHaveTextContent(message);
      expect(toast).toHaveAttribute('data-type', 'error');
      expect(router.state.location.pathname).toBe('/');
      expect(requests.some((request) => request.path === '/api/flights/search')).toBe(false);
    });

    it('marks the fields at fault', async () => {
      stubApi();
      const user = userEvent.setup();
      await openHome();

      await user.click(screen.getByRole('button', { name: 'Search Flights' }));
      expect(await screen.findAllByText(searchMessages.originRequired)).not.toHaveLength(0);
      expect(screen.getByRole('combobox', { name: 'From' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(screen.getByRole('combobox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');
    });
  });

  describe('passengers', () => {
    it('asks the age of each child and infant, and searches with them', async () => {
      stubApi();
      const user = userEvent.setup();
      const { router } = await openHome();

      await chooseAirport(user, 'From', 'lond', /Heathrow/);
      await chooseAirport(user, 'To', 'new y', /John F Kennedy/);
      await user.click(screen.getByLabelText('Passengers'));
      await user.click(screen.getByRole('button', { name: 'Add one child' }));
      await user.click(screen.getByRole('button', { name: 'Add one child' }));
      await user.click(screen.getByRole('button', { name: 'Add one infant' }));
      await user.selectOptions(screen.getByLabelText('Age of child 1'), '9');
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Search Flights' }));

      // An age not chosen stops the search, said by the passengers field and its choices.
      expect(await screen.findAllByText(searchMessages.childAgesRequired)).not.toHaveLength(0);
      expect(router.state.location.pathname).toBe('/');
      await user.click(screen.getByLabelText('Passengers'));
      expect(screen.getByLabelText('Age of child 2')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Age of child 1')).toHaveValue('9');
      await user.selectOptions(screen.getByLabelText('Age of child 2'), '2');
      await user.selectOptions(screen.getByLabelText('Age of infant 1'), 'Under 1');
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Search Flights' }));

      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/search');
      });
      expect(router.state.location.search).toMatchObject({
        childrenCount: 2,
        childrenAges: '9,2',
        infantsCount: 1,
        infantsAges: 0,
      });
    });

    it('steppers stay within the limits', async () => {
      stubApi();
      const user = userEvent.setup();
      await openHome();

      await user.click(screen.getByLabelText('Passengers'));
      const removeAdult = screen.getByRole('button', { name: 'Remove one adult' });
      const addInfant = screen.getByRole('button', { name: 'Add one infant' });
      // At a limit a button says so and keeps the focus (a disabled one would drop it).
      expect(removeAdult).toHaveAttribute('aria-disabled', 'true');
      await user.click(removeAdult);
      expect(removeAdult).toHaveFocus();
      expect(screen.getByRole('group', { name: 'Adults' })).toHaveTextContent('1');

      await user.click(addInfant);
      // One infant per adult: a second needs a second adult.
      expect(addInfant).toHaveAttribute('aria-disabled', 'true');
      const addAdult = screen.getByRole('button', { name: 'Add one adult' });
      let clicks = 0;
      while (addAdult.getAttribute('aria-disabled') !== 'true' && clicks < 20) {
        await user.click(addAdult);
        clicks += 1;
      }
      expect(clicks).toBe(8);
      expect(screen.getByRole('group', { name: 'Adults' })).toHaveTextContent('9');
      // Nine seats taken: no room for a child.
      expect(screen.getByRole('button', { name: 'Add one child' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      clicks = 0;
      while (addInfant.getAttribute('aria-disabled') !== 'true' && clicks < 20) {
        await user.click(addInfant);
        clicks += 1;
      }
      expect(screen.getByRole('group', { name: 'Infants (under 2)' })).toHaveTextContent('5');

      await user.click(screen.getByRole('button', { name: 'Remove one infant' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Passengers' })).not.toBeInTheDocument();
      const trigger = screen.getByRole('button', { name: 'Passengers' });
      expect(trigger).toHaveTextContent('9 Adults, 4 Infants');
      expect(trigger).toHaveFocus();
    });
  });
});
