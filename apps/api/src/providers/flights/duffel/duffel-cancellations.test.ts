import type { Offer } from '@contrail/contracts/offers';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { bornOnForAge } from '@contrail/sandbox/test-factories';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlightSupplier, SupplierOrderInput } from '../flight-supplier';
import { cancellationOf } from './duffel-cancellation-mapping';
import { createDuffelSupplier } from './duffel-supplier';
import { createMemoryOfferReplacements } from './offer-replacements';

/**
 * Duffel's cancellations through the official SDK against the Duffel-compatible server (a refund
 * the carrier did not quote, a refund to airline credits, the order's cancellations listed page
 * by page), and each `refund_to` Duffel documents, mapped from its own shapes.
 */

const TOKEN = 'duffel_test_cancellations0123456';
const START = new Date('2026-01-10T09:00:00Z');

let running: DuffelServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function duffel(): Promise<FlightSupplier> {
  running = createDuffelServer({ clock: () => START, tokens: [TOKEN] });
  return createDuffelSupplier({
    token: TOKEN,
    apiUrl: await running.listen(),
    live: false,
    replacements: createMemoryOfferReplacements(),
    clock: () => START,
    sleep: () => Promise.resolve(),
    orderLookupWaitsMs: [0],
    cancellationPageSize: 1,
  });
}

async function order(supplier: FlightSupplier, origin: string, destination: string, count = 1) {
  const { offers } = await supplier.search({
    slices: [{ origin, destination, departureDate: '2026-02-02' }],
    passengers: Array.from({ length: count }, () => ({ type: 'adult' as const })),
    cabinClass: 'economy',
    currency: 'USD',
  });
  const offer = await supplier.getOffer(offers[0]?.id ?? '');
  return supplier.createOrder(orderInput(offer));
}

function orderInput(offer: Offer): SupplierOrderInput {
  const travelDate = (offer.slices[0]?.segments[0]?.departing_at ?? '').slice(0, 10);
  return {
    offerId: offer.id,
    reference: `b-${offer.id.slice(-6)}`,
    amount: offer.total_amount,
    currency: offer.total_currency,
    services: [],
    passengers: offer.passengers.map((p, i) => ({
      id: p.id,
      title: 'ms',
      givenName: ['Amelia', 'Jean'][i % 2] ?? 'Alex',
      familyName: 'Earhart',
      gender: 'f',
      bornOn: bornOnForAge(35, travelDate),
      email: 'amelia@example.com',
      phoneNumber: '+442080160509',
    })),
  };
}

describe('Duffel cancellations through the SDK', () => {
  it('keeps a refund the carrier did not quote unknown (null), not 0.00', async () => {
    const supplier = await duffel();
    const made = await order(supplier, 'LCY', 'STN');
    const quote = await supplier.quoteCancellation(made.id);
    expect(quote).toMatchObject({
      refundAmount: null,
      refundCurrency: 'USD',
      refundTo: 'original_payment',
    });
    const confirmed = await supplier.confirmCancellation(quote.id);
    expect(confirmed.refundAmount).toBeNull();
    expect((await supplier.getCancellation(quote.id)).confirmedAt).not.toBeNull();
  });

  it('maps a refund to airline credits: nothing to the card, each credit with its code and expiry', async () => {
    const supplier = await duffel();
    const made = await order(supplier, 'LTN', 'STN', 2);
    const quote = await supplier.quoteCancellation(made.id);
    expect(quote.refundTo).toBe('airline_credits');
    expect(Number(quote.refundAmount)).toBe(0);
    expect(quote.airlineCredits).toHaveLength(2);
    expect(quote.airlineCredits[0]).toMatchObject({
      name: 'Future Flight Credit',
      code: expect.stringMatching(/^\d{13}$/) as unknown,
      currency: 'USD',
      expiresAt: expect.stringMatching(/^2027-/) as unknown,
      passengerId: expect.stringMatching(/^pas_/) as unknown,
    });
  });

  it('lists every cancellation of an order across Duffel’s pages, the confirmed one among them', async () => {
    const supplier = await duffel();
    const made = await order(supplier, 'LHR', 'EDI');
    await supplier.quoteCancellation(made.id);
    await supplier.quoteCancellation(made.id);
    const last = await supplier.quoteCancellation(made.id);
    await supplier.confirmCancellation(last.id);
    const listed = await supplier.listCancellations(made.id);
    expect(listed).toHaveLength(3);
    expect(listed.filter((c) => c.confirmedAt !== null).map((c) => c.id)).toEqual([last.id]);
    expect(listed.every((c) => c.orderId === made.id)).toBe(true);
  });
});

describe('Duffel’s refund destinations', () => {
  const context = { now: START, currency: 'GBP' };
  // The SDK's own fixture (mockOrderCancellations.ts).
  const fixture = {
    refund_to: 'arc_bsp_cash',
    refund_currency: 'GBP',
    refund_amount: '90.80',
    order_id: 'ord_00009hthhsUZ8W4LxQgkjo',
    live_mode: false,
    id: 'ore_00009qzZWzjDipIkqpaUAj',
    expires_at: '2020-01-17T10:42:14.545052Z',
    created_at: '2020-04-11T15:48:11.642Z',
    confirmed_at: '2020-01-17T11:51:43.114803Z',
    airline_credits: [],
  };

  it.each([
    ['arc_bsp_cash', 'original_payment', '90.80'],
    ['balance', 'original_payment', '90.80'],
    ['card', 'original_payment', '90.80'],
    ['awaiting_payment', 'none', '0.00'],
    ['something_new', 'none', '0.00'],
  ])('refund_to %s: %s, %s to the card', (refundTo, destination, amount) => {
    expect(cancellationOf({ ...fixture, refund_to: refundTo }, context)).toMatchObject({
      refundTo: destination,
      refundAmount: amount,
      refundCurrency: 'GBP',
      airlineCredits: [],
    });
  });

  it('reads a voucher without listed credits as one credit of the refund’s amount', () => {
    expect(cancellationOf({ ...fixture, refund_to: 'voucher' }, context)).toMatchObject({
      refundTo: 'airline_credits',
      refundAmount: '0.00',
      airlineCredits: [{ name: 'Airline voucher', amount: '90.80', currency: 'GBP', code: null }],
    });
  });

  it('reads airline credits as the SDK types them (no expiry given)', () => {
    const credit = {
      id: 'acd_0000AuiZQIN1qg4B78P79U',
      credit_name: 'Future Flight Credit',
      credit_code: '1234567890123',
      credit_amount: '90.80',
      credit_currency: 'GBP',
      issued_on: '2020-01-17',
      passenger_id: 'pas_00009hj8USM7Ncg31cBCLL',
    };
    const mapped = cancellationOf(
      { ...fixture, refund_to: 'airline_credits', airline_credits: [credit] },
      context,
    );
    expect(mapped?.airlineCredits).toEqual([
      {
        id: credit.id,
        name: 'Future Flight Credit',
        code: '1234567890123',
        amount: '90.80',
        currency: 'GBP',
        expiresAt: null,
        passengerId: credit.passenger_id,
      },
    ]);
  });

  it('keeps a null refund_amount (Duffel v2: no quote from the carrier) unknown', () => {
    expect(
      cancellationOf({ ...fixture, refund_amount: null, refund_currency: null }, context),
    ).toMatchObject({ refundAmount: null, refundCurrency: 'GBP' });
  });
});
