import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';
import {
  buildAuthorization,
  buildBagService as bag,
  buildBookingResponse,
  buildOffer,
} from '../test/checkout-factories';
import { fillCard, renderCheckoutAt, stubCheckout } from '../test/checkout-harness';

/** The 2,143.00 round trip for two, selling a bag per traveller and slice. */
const OFFER = buildOffer({
  available_services: [
    bag('ase_out_1', 'pas_adult_1', 'seg_out', '35.00', 2),
    bag('ase_out_2', 'pas_adult_2', 'seg_out', '35.00', 2),
    bag('ase_back_1', 'pas_adult_1', 'seg_back', '40.00', 1),
    bag('ase_back_2', 'pas_adult_2', 'seg_back', '40.00', 1),
  ],
});

const posts = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

describe('checkout: extra bags', { timeout: 20_000 }, () => {
  it('adds bags beside the seats, within each maximum, to the total, the payment and the booking', async () => {
    // Fare 2,143.00 + 2 × 35.00 outbound + 40.00 back for Ada = 2,253.00.
    const total = '2253.00';
    const requests = stubCheckout({
      offer: OFFER,
      processCard: () => jsonResponse(buildAuthorization(total)),
      createBooking: () => jsonResponse(buildBookingResponse(), { status: 201 }),
    });
    const user = userEvent.setup();
    renderCheckoutAt('seats', { offer: OFFER });
    const bags = await screen.findByRole(
      'region',
      { name: 'Extra Checked Bags' },
      { timeout: 5000 },
    );
    expect(within(bags).getByRole('heading', { name: 'Outbound · LHR → JFK' })).toBeVisible();
    expect(within(bags).getByRole('heading', { name: 'Return · JFK → LHR' })).toBeVisible();

    const add = (who: string, where: string) =>
      within(bags).getByRole('button', { name: `Add a bag for ${who}, ${where}` });
    const out = 'Outbound · LHR → JFK';
    const back = 'Return · JFK → LHR';
    await user.click(add('Ada Lovelace', out));
    await user.click(add('Ada Lovelace', out));
    expect(add('Ada Lovelace', out)).toBeDisabled();
    await user.click(add('Ada Lovelace', back));
    expect(add('Ada Lovelace', back)).toBeDisabled();
    // One too many taken off again.
    await user.click(add('Charles Babbage', back));
    await user.click(
      within(bags).getByRole('button', { name: `Remove a bag for Charles Babbage, ${back}` }),
    );
    expect(
      within(bags).getByRole('group', { name: `Extra bags for Ada Lovelace, ${out}` }),
    ).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'Skip Seat Selection' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    const [summary] = screen.getAllByRole('region', { name: 'Order Summary' });
    if (!summary) throw new Error('no order summary');
    expect(within(summary).getByText('Extra bags')).toBeVisible();
    expect(within(summary).getByText('$70.00')).toBeVisible();
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('$2,253.00');

    await fillCard(user, { number: '4242 4242 4242 4242' });
    await user.click(screen.getByRole('button', { name: /^Complete Booking/ }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

    const services = [
      { id: 'ase_out_1', quantity: 2 },
      { id: 'ase_back_1', quantity: 1 },
    ];
    const [payment] = posts(requests, '/api/payments/process-card');
    expect(payment?.body).toMatchObject({ amount: total, services });
    expect(payment?.body).not.toHaveProperty('seats');
    const [booking] = posts(requests, '/api/bookings');
    expect(booking?.body).toMatchObject({ services, paymentDetails: { amount: total } });
    expect(screen.getByText('2 extra bags')).toBeVisible();
    expect(screen.getByText('1 extra bag')).toBeVisible();
  });

  it('shows no bag section for an offer that sells none', async () => {
    stubCheckout();
    renderCheckoutAt('seats');
    await screen.findByRole('heading', { name: 'Choose Your Seats' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Extra Checked Bags' })).toBeNull();
  });
});
