import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse } from '../../../test/fetch-stub';
import { buildSeatMaps, daysFromNow } from '../test/checkout-factories';
import {
  findToast,
  renderCheckoutAt,
  stubCheckout,
  travellerDrafts,
} from '../test/checkout-harness';

/** The seat step of a checkout whose passengers are filled in (as a reload finds it). */
async function openSeatStep() {
  renderCheckoutAt('seats');
  await screen.findByRole('heading', { name: 'Choose Your Seats' }, { timeout: 5000 });
}

function seatMap() {
  return within(screen.getByRole('group', { name: /^Seat map/ }));
}

function flightButton(name: RegExp) {
  return within(screen.getByRole('navigation', { name: 'Flights' })).getByRole('button', { name });
}

describe('checkout: seat step', { timeout: 20_000 }, () => {
  it('draws each flight under Outbound and Return with cabins, legend, exits and prices', async () => {
    stubCheckout({ seatMaps: buildSeatMaps({ '10A': '25.00', '10B': null, '12D': '0.00' }) });
    await openSeatStep();

    const flights = screen.getByRole('navigation', { name: 'Flights' });
    expect(within(flights).getByRole('heading', { name: 'Outbound' })).toBeVisible();
    expect(within(flights).getByRole('heading', { name: 'Return' })).toBeVisible();
    expect(flightButton(/BA117 · LHR → JFK/)).toHaveAttribute('aria-pressed', 'true');
    expect(flightButton(/BA178 · JFK → LHR/)).toHaveAttribute('aria-pressed', 'false');

    expect(screen.getByRole('region', { name: 'Economy cabin' })).toBeVisible();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Available');
    expect(legend).toHaveTextContent('Selected');
    expect(legend).toHaveTextContent('Unavailable');

    const map = seatMap();
    expect(map.getByRole('button', { name: 'Seat 10A, window, $25' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(map.getByRole('button', { name: 'Seat 10B, aisle, unavailable' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(map.getByRole('button', { name: 'Seat 11B, aisle, $10' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(
      map.getByRole('button', { name: 'Seat 12D, window, exit row, Free' }),
    ).not.toHaveAttribute('aria-disabled');
    expect(map.getAllByText(/Exit/)).not.toHaveLength(0);
    expect(map.getByText('Galley')).toBeVisible();
  });

  it('seats each passenger in turn; choosing again replaces their seat', async () => {
    stubCheckout({ seatMaps: buildSeatMaps({ '10A': '25.00' }) });
    const user = userEvent.setup();
    await openSeatStep();

    const passengers = screen.getByRole('radiogroup', { name: 'Choose a seat for' });
    expect(within(passengers).getByRole('radio', { name: /1\. Ada Lovelace/ })).toBeChecked();

    await user.click(seatMap().getByRole('button', { name: 'Seat 10A, window, $25' }));
    expect(await findToast('Seat Selected')).toBeVisible();
    expect(await findToast('Seat 10A for Ada Lovelace on LHR → JFK')).toBeVisible();
    expect(seatMap().getByRole('button', { name: /^Seat 10A/ })).toHaveTextContent('1');
    // On to the second passenger, for whom 10A is now taken.
    expect(within(passengers).getByRole('radio', { name: /2\. Charles Babbage/ })).toBeChecked();
    expect(
      seatMap().getByRole('button', { name: 'Seat 10A, window, selected for Ada Lovelace' }),
    ).toHaveAttribute('aria-disabled', 'true');

    await user.click(seatMap().getByRole('button', { name: 'Seat 11D, window, $10' }));
    expect(seatMap().getByRole('button', { name: 'Seat 11D, window, $10' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(flightButton(/BA117/)).toHaveTextContent('2/2');

    // Ada again: her new seat replaces 10A.
    await user.click(within(passengers).getByRole('radio', { name: /1\. Ada Lovelace/ }));
    await user.click(seatMap().getByRole('button', { name: 'Seat 12A, window, exit row, $10' }));
    expect(within(passengers).getByRole('radio', { name: /1\. Ada Lovelace/ })).toHaveTextContent(
      '12A',
    );
    expect(seatMap().getByRole('button', { name: 'Seat 10A, window, $25' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it("says 'Seat Selection Required' until every passenger has a seat on every flight", async () => {
    stubCheckout();
    const user = userEvent.setup();
    await openSeatStep();

    await user.click(seatMap().getByRole('button', { name: 'Seat 10A, window, $10' }));
    await user.click(seatMap().getByRole('button', { name: 'Seat 10B, aisle, $10' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await findToast('Seat Selection Required')).toBeVisible();
    expect(await findToast('Please select seats for all passengers')).toBeVisible();
    // It shows the flight still missing seats.
    expect(flightButton(/BA178/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();

    await user.click(seatMap().getByRole('button', { name: 'Seat 11A, window, $10' }));
    await user.click(seatMap().getByRole('button', { name: 'Seat 11B, aisle, $10' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toBeVisible();
  });

  it('can be skipped: no seats and nothing added to the total', async () => {
    stubCheckout();
    const user = userEvent.setup();
    await openSeatStep();

    await user.click(seatMap().getByRole('button', { name: 'Seat 10A, window, $10' }));
    await user.click(screen.getByRole('button', { name: 'Skip Seat Selection' }));

    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toBeVisible();
    expect(screen.getAllByTestId('order-total')[0]).toHaveTextContent('$2,143.00');
  });

  it('falls back to a notice and only Continue to Payment when the seat maps fail', async () => {
    stubCheckout({
      seatMaps: () => apiErrorResponse(504, 'supplier_timeout', 'The airline did not answer.'),
    });
    const user = userEvent.setup();
    await openSeatStep();

    expect(await screen.findByText('Seat selection is not available')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skip Seat Selection' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toBeVisible();
  });

  it('falls back the same way when there are no seat maps', async () => {
    stubCheckout({ seatMaps: [] });
    await openSeatStep();

    expect(await screen.findByText('Seat selection is not available')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('keeps exit rows from a passenger under 16 on the day of the flight, saying why', async () => {
    stubCheckout({ seatMaps: buildSeatMaps({ '12D': '0.00' }) });
    const draft = travellerDrafts();
    const teenager = draft.passengers[1];
    if (!teenager) throw new Error('no second passenger');
    // 13 on the day of the flight: an adult fare, too young for an exit row.
    teenager.dateOfBirth = daysFromNow(21 - 13 * 365);
    const user = userEvent.setup();
    renderCheckoutAt('seats', { draft });
    await screen.findByRole('heading', { name: 'Choose Your Seats' }, { timeout: 5000 });

    expect(
      seatMap().getByRole('button', { name: 'Seat 12D, window, exit row, Free' }),
    ).not.toHaveAttribute('aria-disabled');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Choose a seat for' })).getByRole('radio', {
        name: /2\. Charles Babbage/,
      }),
    );
    expect(
      seatMap().getByRole('button', {
        name: 'Seat 12D, window, exit row, not available: Exit row seats are for passengers aged 16 or over',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
  });
  it('is one tab stop: arrows move seat to seat, and the focus stays on a seat once chosen', async () => {
    stubCheckout({ seatMaps: buildSeatMaps({ '10A': '25.00', '10B': null }) });
    const user = userEvent.setup();
    await openSeatStep();

    const map = seatMap();
    const seat = (name: RegExp) => map.getByRole('button', { name });
    // One seat of the map is in the tab order: the first the passenger may take.
    const stops = seatMap()
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(stops).toEqual([seat(/^Seat 10A,/)]);
    expect(screen.getAllByRole('grid').length).toBeGreaterThan(0);

    seat(/^Seat 10A,/).focus();
    await user.keyboard('{ArrowRight}');
    // 10B is unavailable, yet the arrows reach it (it says so) and it holds the tab stop now.
    expect(seat(/^Seat 10B,/)).toHaveFocus();
    expect(seat(/^Seat 10B,/)).toHaveAttribute('tabindex', '0');
    expect(seat(/^Seat 10A,/)).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    expect(seat(/^Seat 10B,/)).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{ArrowDown}');
    expect(seat(/^Seat 11B,/)).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(seat(/^Seat 10A,/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Seat 10[A-Z],/);
    await user.keyboard('{Home}');
    expect(seat(/^Seat 10A,/)).toHaveFocus();

    // Choosing 10A for the first passenger makes it taken for the second: the focus stays.
    await user.keyboard('{Enter}');
    const taken = seat(/^Seat 10A, window, selected for Ada Lovelace$/);
    expect(taken).toHaveFocus();
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(seat(/^Seat 11A,/)).toHaveAttribute('aria-pressed', 'true');
    expect(seat(/^Seat 11A,/)).toHaveFocus();
  });
});
