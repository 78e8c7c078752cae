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

  it('works from the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'london');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[3]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('code')).toHaveTextContent('LGW');
    expect(input).toHaveValue('London (LGW)');

    await user.clear(input);
    await user.type(input, 'paris');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Closing without a choice keeps the airport chosen before.
    expect(input).toHaveValue('London (LGW)');
    expect(screen.getByTestId('code')).toHaveTextContent('LGW');
  });

  it('closes on a click outside', async () => {
    stubFetch({ 'GET /api/airports': airportsAnswer });
    const user = userEvent.setup();
    const input = renderField();

    await user.type(input, 'dub');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
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
    await user.click(input);
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
