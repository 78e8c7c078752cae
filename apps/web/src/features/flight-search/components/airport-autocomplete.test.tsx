import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { apiErrorResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { testAirports } from '../../../test/offers';
import { AirportAutocomplete } from './airport-autocomplete';

function Harness({ initial = '' }: { initial?: string }) {
  const [code, setCode] = useState(initial);
  return (
    <div>
      <label htmlFor="origin">From</label>
      <AirportAutocomplete id="origin" icon="takeoff" value={code} onChange={setCode} />
      <span data-testid="code">{code}</span>
      <button type="button">Elsewhere</button>
    </div>
  );
}

function renderField(initial?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'From' });
}

const airportsAnswer = () => jsonResponse({ airports: testAirports });

describe('AirportAutocomplete', () => {
  it("has the spec's placeholder and loads airports only when it gets focus", async () => {
    const requests = stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    expect(input).toHaveAttribute('placeholder', 'City or airport');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(requests).toHaveLength(0);

    await user.click(input);
    await waitFor(() => {
      expect(requests.map((request) => request.path)).toEqual(['/api/airports']);
    });
  });

  it('opens once 2 characters are typed, ranked, each with name, city, country and code', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'l');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(input, 'ond');

    const listbox = await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'London (all airports)United KingdomLON',
      'London Heathrow AirportLondon, GBLHR',
      'London Gatwick AirportLondon, GBLGW',
      'London Stansted AirportLondon, GBSTN',
      'London City AirportLondon, GBLCY',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
  });

  it("stores the IATA code of the chosen airport and shows 'City (CODE)'", async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'new y');
    await user.click(await screen.findByRole('option', { name: /LaGuardia/ }));

    expect(screen.getByTestId('code')).toHaveTextContent('LGA');
    expect(input).toHaveValue('New York (LGA)');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('works from the keyboard: arrows move, Enter chooses, Escape closes keeping the text', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'london');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    // How many suggestions there are is announced.
    const count = screen.getByText(/suggestions, up and down arrows to choose$/);
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(count).toHaveTextContent(`${options.length} suggestions`);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[4]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('code')).toHaveTextContent('LGW');
    expect(input).toHaveValue('London (LGW)');

    await user.clear(input);
    await user.type(input, 'paris');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(count).toHaveTextContent('');
    // Closing keeps what was typed, and the airport chosen before until another is chosen.
    expect(input).toHaveValue('paris');
    expect(input).toHaveFocus();
    expect(screen.getByTestId('code')).toHaveTextContent('LGW');
    // The list comes back with the arrow key.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeVisible();
  });

  it('closes on a click outside, taking the highlighted suggestion', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'dub');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('code')).toHaveTextContent('DUB');
    expect(input).toHaveValue('Dublin (DUB)');
  });

  it('takes a typed code on Tab instead of emptying the field', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'JFK');
    await screen.findByRole('listbox');
    await user.tab();
    expect(screen.getByTestId('code')).toHaveTextContent('JFK');
    expect(input).toHaveValue('New York (JFK)');
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('takes the highlighted suggestion on Tab, the one the arrows moved to', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'lon');
    await screen.findByRole('listbox');
    await user.tab();
    expect(screen.getByTestId('code')).toHaveTextContent('LON');
    expect(input).toHaveValue('London (LON)');

    await user.clear(input);
    await user.type(input, 'lon');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByTestId('code')).toHaveTextContent('LHR');
    expect(input).toHaveValue('London (LHR)');
  });

  it('keeps text that names no airport, with no code, when the field is left', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField('JFK');
    await waitFor(() => {
      expect(input).toHaveValue('New York (JFK)');
    });

    await user.clear(input);
    await user.type(input, 'zzq');
    await screen.findByRole('status');
    await user.tab();
    expect(input).toHaveValue('zzq');
    expect(screen.getByTestId('code')).toBeEmptyDOMElement();

    // One character opens no list, and names nothing.
    await user.click(input);
    await user.clear(input);
    await user.type(input, 'x');
    await user.tab();
    expect(input).toHaveValue('x');
  });

  it('settles text left before the list arrived once it does', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({
      'GET /api/airports': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'cdg');
    await user.tab();
    expect(input).toHaveValue('cdg');
    await act(async () => {
      answer(airportsAnswer());
    });
    await waitFor(() => {
      expect(screen.getByTestId('code')).toHaveTextContent('CDG');
    });
    expect(input).toHaveValue('Paris (CDG)');
  });

  it('matches without accents and lists a city before its airports, indented', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'sao paulo');
    expect(await screen.findByRole('option', { name: /Guarulhos/ })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'lo');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('London (all airports)');
    expect(options[0]).not.toHaveClass('pl-12');
    expect(options[1]).toHaveTextContent('London Heathrow Airport');
    expect(options[1]).toHaveClass('pl-12');
  });

  it("says 'Loading airports...' while the list loads", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({
      'GET /api/airports': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'pa');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading airports...');
    await act(async () => {
      answer(airportsAnswer());
    });
    expect(await screen.findByRole('option', { name: /Charles de Gaulle/ })).toBeInTheDocument();
  });

  it('shows the error message when the list cannot load, and asks again on the next focus', async () => {
    let fail = true;
    stubFetch({
      'GET /api/airports': () =>
        fail ? apiErrorResponse(500, 'internal_error', 'Internal error') : airportsAnswer(),
    });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'pa');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Error loading airports. Please try again.',
    );

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('pa');
    await user.click(input);
    await user.clear(input);
    await user.type(input, 'pa');
    expect(await screen.findByRole('option', { name: /Charles de Gaulle/ })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'zzq');
    expect(await screen.findByRole('status')).toHaveTextContent('No airports found for "zzq"');
  });

  it('shows a preset code as its city once the list is in', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const input = renderField('JFK');
    await waitFor(() => {
      expect(input).toHaveValue('New York (JFK)');
    });
  });
});
