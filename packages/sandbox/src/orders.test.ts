import { describe, expect, it } from 'vitest';
import { SandboxError } from './errors';
import { parseAmount } from './money';
import {
  createTestSandbox,
  orderInputFor,
  sumAmounts,
  type TestSandbox,
  must,
} from './test-factories';
import type { CreateOrderInput, Offer, SearchOffersInput, SeatElement } from './types';

async function rejection(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}

const transatlantic: SearchOffersInput = {
  slices: [
    { origin: 'LHR', destination: 'JFK', departure_date: '2026-03-04' },
    { origin: 'JFK', destination: 'LHR', departure_date: '2026-03-11' },
  ],
  passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 8 }, { type: 'infant_without_seat' }],
  currency: 'GBP',
};

async function offerFor(test: TestSandbox, brand: string, input = transatlantic): Promise<Offer> {
  const request = await test.sandbox.searchOffers(input);
  const offer = request.offers.find((o) => must(o.slices[0]).fare_brand_name === brand);
  if (offer === undefined) throw new Error(`no ${brand} offer`);
  return offer;
}

async function freeSeats(test: TestSandbox, offer: Offer, segment = 0): Promise<SeatElement[]> {
  const maps = await test.sandbox.getSeatMaps(offer.id);
  return (maps[segment]?.cabins ?? [])
    .flatMap((c) => c.rows)
    .flatMap((r) => r.sections)
    .flatMap((s) => s.elements)
    .filter((e): e is SeatElement => e.type === 'seat' && e.available_services.length > 0);
}

describe('createOrder', () => {
  it('books an offer and answers a Duffel order', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Standard');
    const order = await test.sandbox.createOrder(orderInputFor(offer));
    expect(order.id).toMatch(/^ord_[0-9A-Za-z]{22}$/);
    expect(order.booking_reference).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(order).toMatchObject({
      live_mode: false,
      type: 'instant',
      offer_id: offer.id,
      cancelled_at: null,
      total_amount: offer.total_amount,
      base_amount: offer.base_amount,
      tax_amount: offer.tax_amount,
      total_currency: 'GBP',
      conditions: offer.conditions,
      available_actions: ['cancel'],
      payment_status: { awaiting_payment: false },
    });
    expect(order.passengers.map((p) => p.type)).toEqual([
      'adult',
      'adult',
      'child',
      'infant_without_seat',
    ]);
    expect(must(order.passengers[0]).infant_passenger_id).toBe(must(offer.passengers[3]).id);
    expect(order.slices.map((s) => s.id)).toEqual(offer.slices.map((s) => s.id));
    expect(order.documents).toHaveLength(4);
    for (const document of order.documents) expect(document.unique_identifier).toMatch(/^\d{13}$/);
    await expect(test.sandbox.getOrder(order.id)).resolves.toEqual(order);
  });

  it('books seats and bags, charging exactly the offer plus services', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Basic');
    const read = await test.sandbox.getOffer(offer.id);
    const bag = must(read.available_services[0]);
    const seat = must(
      (await freeSeats(test, offer)).find((s) =>
        s.available_services.some((a) => a.passenger_id === must(offer.passengers[1]).id),
      ),
    );
    const seatService = must(
      seat.available_services.find((a) => a.passenger_id === must(offer.passengers[1]).id),
    );
    const services = [
      { id: bag.id, quantity: 2, amount: bag.total_amount },
      { id: seatService.id, quantity: 1, amount: seatService.total_amount },
    ];
    const order = await test.sandbox.createOrder(orderInputFor(offer, { services }));
    expect(order.total_amount).toBe(
      sumAmounts('GBP', [
        offer.total_amount,
        bag.total_amount,
        bag.total_amount,
        seatService.total_amount,
      ]),
    );
    expect(
      must(parseAmount(order.base_amount, 'GBP')) + must(parseAmount(order.tax_amount, 'GBP')),
    ).toBe(parseAmount(order.total_amount, 'GBP'));
    expect(order.services.map((s) => [s.type, s.quantity])).toEqual([
      ['seat', 1],
      ['baggage', 2],
    ]);
    const booked = must(must(order.slices[0]).segments[0]).passengers.find(
      (p) => p.passenger_id === must(offer.passengers[1]).id,
    );
    expect(booked?.seat?.designator).toBe(seat.designator);
    expect(test.store.soldSeatCount()).toBe(1);
  });

  it('refuses a payment that is not exactly the total', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Standard');
    const input = orderInputFor(offer);
    const wrong = (amount: string): CreateOrderInput => ({
      ...input,
      payments: [{ type: 'balance', amount, currency: 'GBP' }],
    });
    const oneCentMore = sumAmounts('GBP', [offer.total_amount, '0.01']);
    for (const amount of [oneCentMore, '1.00', '10.999', 'abc', '']) {
      const error = await rejection(test.sandbox.createOrder(wrong(amount)));
      expect(error.code, amount).toBe('validation_error');
      expect(Object.keys(error.details.fields ?? {})).toContain('payments[0].amount');
    }
    const otherCurrency = await rejection(
      test.sandbox.createOrder({
        ...input,
        payments: [{ type: 'balance', amount: offer.total_amount, currency: 'USD' }],
      }),
    );
    expect(otherCurrency.details.fields).toHaveProperty('payments[0].currency');
    expect(test.store.soldSeatCount()).toBe(0);
  });

  it('checks passengers against the offer', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Standard');
    const tooYoung = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, { passengers: (i) => (i === 0 ? { born_on: '2020-01-01' } : {}) }),
      ),
    );
    expect(tooYoung.details.fields).toHaveProperty('passengers[0].born_on');
    const wrongChildAge = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, { passengers: (i) => (i === 2 ? { born_on: '2015-01-01' } : {}) }),
      ),
    );
    expect(wrongChildAge.message).toContain('priced for age 8');
    const noPassport = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, { passengers: (i) => (i === 1 ? { identity_documents: [] } : {}) }),
      ),
    );
    expect(noPassport.details.fields).toHaveProperty('passengers[1].identity_documents');
    const expiredPassport = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, {
          passengers: (i) =>
            i === 0
              ? {
                  identity_documents: [
                    {
                      type: 'passport',
                      unique_identifier: 'X1234567',
                      issuing_country_code: 'GB',
                      expires_on: '2026-03-05',
                    },
                  ],
                }
              : {},
        }),
      ),
    );
    expect(expiredPassport.details.fields).toHaveProperty(
      'passengers[0].identity_documents[0].expires_on',
    );
    const input = orderInputFor(offer);
    const missing = await rejection(
      test.sandbox.createOrder({ ...input, passengers: input.passengers.slice(1) }),
    );
    expect(missing.code).toBe('validation_error');
    const duplicated = await rejection(
      test.sandbox.createOrder({
        ...input,
        passengers: [
          must(input.passengers[0]),
          must(input.passengers[0]),
          ...input.passengers.slice(2),
        ],
      }),
    );
    expect(duplicated.code).toBe('validation_error');
    const infantAlone = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, { passengers: () => ({ infant_passenger_id: null }) }),
      ),
    );
    expect(infantAlone.message).toContain('infant');
    const badPhone = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, { passengers: () => ({ phone_number: '0208 016 0509' }) }),
      ),
    );
    expect(badPhone.details.fields).toHaveProperty('passengers[0].phone_number');
  });

  it('refuses services from another offer and seats for the wrong passenger', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Basic');
    const request = await test.sandbox.searchOffers(transatlantic);
    const other = must(request.offers.find((o) => o.id !== offer.id));
    const foreign = must((await test.sandbox.getOffer(other.id)).available_services[0]);
    const error = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, {
          services: [{ id: foreign.id, quantity: 1, amount: foreign.total_amount }],
        }),
      ),
    );
    expect(error.details.fields).toHaveProperty('services[0].id');
    const seat = must((await freeSeats(test, offer))[0]);
    const service = must(seat.available_services[0]);
    const twice = await rejection(
      test.sandbox.createOrder(
        orderInputFor(offer, {
          services: [{ id: service.id, quantity: 2, amount: service.total_amount }],
        }),
      ),
    );
    expect(twice.details.fields).toHaveProperty('services[0].quantity');
  });

  it('keeps exit rows for adults of 16 and over without an infant', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Basic');
    const seats = await freeSeats(test, offer);
    const exit = must(
      seats.find((s) => s.name === 'Exit row seat' && s.available_services.length >= 2),
    );
    const forPassenger = (i: number) =>
      must(exit.available_services.find((a) => a.passenger_id === offer.passengers[i]?.id));
    const book = (i: number, born?: string) =>
      test.sandbox.createOrder(
        orderInputFor(offer, {
          services: [{ id: forPassenger(i).id, quantity: 1, amount: forPassenger(i).total_amount }],
          passengers: (p) => (p === i && born !== undefined ? { born_on: born } : {}),
        }),
      );
    // Passenger 0 holds the infant; passenger 1 is an adult aged 14.
    expect((await rejection(book(0))).message).toContain('infant');
    expect((await rejection(book(1, '2011-06-01'))).message).toContain('16');
    await expect(book(1)).resolves.toMatchObject({ services: [{ type: 'seat' }] });
  });

  it('sells a seat once: of two orders for it, exactly one wins', async () => {
    const test = createTestSandbox();
    const input = { ...transatlantic, passengers: [{ type: 'adult' as const }] };
    const first = await offerFor(test, 'Basic', input);
    const second = must(
      (await test.sandbox.searchOffers(input)).offers.find(
        (o) =>
          o.id !== first.id &&
          must(o.slices[0]).comparison_key === must(first.slices[0]).comparison_key,
      ),
    );
    const seat = must((await freeSeats(test, first))[0]);
    const seatIn = async (offer: Offer) =>
      must(
        must((await freeSeats(test, offer)).find((s) => s.designator === seat.designator))
          .available_services[0],
      );
    const [a, b] = [await seatIn(first), await seatIn(second)];
    const results = await Promise.allSettled([
      test.sandbox.createOrder(
        orderInputFor(first, { services: [{ id: a.id, quantity: 1, amount: a.total_amount }] }),
      ),
      test.sandbox.createOrder(
        orderInputFor(second, { services: [{ id: b.id, quantity: 1, amount: b.total_amount }] }),
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(
      failed?.status === 'rejected' && failed.reason instanceof SandboxError && failed.reason.code,
    ).toBe('seat_unavailable');
    if (failed?.status === 'rejected' && failed.reason instanceof SandboxError) {
      expect(failed.reason.status).toBe(409);
      expect(failed.reason.details.taken?.[0]?.designator).toBe(seat.designator);
    }
    expect(test.store.soldSeatCount()).toBe(1);
  });

  it('answers validation_error, never a crash, for malformed requests', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Basic');
    const input = orderInputFor(offer);
    const garbage: unknown[] = [
      null,
      'order',
      { ...input, selected_offers: 'off_x' },
      { ...input, passengers: [null, ...input.passengers.slice(1)] },
      { ...input, services: [null] },
      { ...input, services: 'all' },
      { ...input, payments: [null] },
      { ...input, payments: [] },
      { ...input, metadata: { key: 42 } },
      { ...input, type: 'pay_later' },
      { ...input, passengers: input.passengers.map((p) => ({ ...p, identity_documents: [null] })) },
    ];
    for (const body of garbage) {
      const error = await rejection(test.sandbox.createOrder(body as CreateOrderInput));
      expect(error.code).toBe('validation_error');
    }
    const searches: unknown[] = [
      null,
      7,
      { slices: [null], passengers: [{ type: 'adult' }] },
      { slices: [], passengers: [null] },
    ];
    for (const body of searches) {
      const error = await rejection(test.sandbox.searchOffers(body as SearchOffersInput));
      expect(error.code).toBe('validation_error');
    }
    expect(
      (
        await rejection(
          test.sandbox.quoteOrderCancellation(null as unknown as { order_id: string }),
        )
      ).code,
    ).toBe('validation_error');
  });

  it('refuses expired and unknown offers', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Basic');
    test.setNow('2026-01-10T09:45:00Z');
    expect((await rejection(test.sandbox.createOrder(orderInputFor(offer)))).code).toBe(
      'offer_expired',
    );
    expect(
      (
        await rejection(
          test.sandbox.createOrder({ ...orderInputFor(offer), selected_offers: ['off_nope'] }),
        )
      ).code,
    ).toBe('not_found');
    expect((await rejection(test.sandbox.getOrder('ord_missing'))).code).toBe('not_found');
  });
});

describe('cancellations', () => {
  it('refund a flexible fare in full and a basic one its taxes', async () => {
    const test = createTestSandbox();
    const flex = await test.sandbox.createOrder(orderInputFor(await offerFor(test, 'Flex')));
    const quote = await test.sandbox.quoteOrderCancellation({ order_id: flex.id });
    expect(quote).toMatchObject({
      order_id: flex.id,
      refund_amount: flex.total_amount,
      refund_currency: 'GBP',
      refund_to: 'balance',
      confirmed_at: null,
      expires_at: '2026-01-10T09:15:00.000Z',
    });
    expect(quote.id).toMatch(/^ore_/);
    const basic = await test.sandbox.createOrder(orderInputFor(await offerFor(test, 'Basic')));
    const basicQuote = await test.sandbox.quoteOrderCancellation({ order_id: basic.id });
    expect(basicQuote.refund_amount).toBe(basic.tax_amount);
  });

  it('cancel once, release the seats and answer already_cancelled afterwards', async () => {
    const test = createTestSandbox();
    const offer = await offerFor(test, 'Standard', {
      ...transatlantic,
      passengers: [{ type: 'adult' }],
    });
    const seat = must(must((await freeSeats(test, offer))[0]).available_services[0]);
    const order = await test.sandbox.createOrder(
      orderInputFor(offer, { services: [{ id: seat.id, quantity: 1, amount: seat.total_amount }] }),
    );
    expect(test.store.soldSeatCount()).toBe(1);
    const quote = await test.sandbox.quoteOrderCancellation({ order_id: order.id });
    test.setNow('2026-01-10T09:05:00Z');
    const confirmed = await test.sandbox.confirmOrderCancellation(quote.id);
    expect(confirmed.confirmed_at).toBe('2026-01-10T09:05:00.000Z');
    expect(test.store.soldSeatCount()).toBe(0);
    const cancelled = await test.sandbox.getOrder(order.id);
    expect(cancelled.cancelled_at).toBe('2026-01-10T09:05:00.000Z');
    expect(cancelled.available_actions).toEqual([]);
    expect((await rejection(test.sandbox.confirmOrderCancellation(quote.id))).code).toBe(
      'already_cancelled',
    );
    expect(
      (await rejection(test.sandbox.quoteOrderCancellation({ order_id: order.id }))).code,
    ).toBe('already_cancelled');
    await expect(test.sandbox.getOrderCancellation(quote.id)).resolves.toEqual(confirmed);
  });

  it('let only one of two racing confirmations through', async () => {
    const test = createTestSandbox();
    const order = await test.sandbox.createOrder(orderInputFor(await offerFor(test, 'Flex')));
    const quotes = [
      await test.sandbox.quoteOrderCancellation({ order_id: order.id }),
      await test.sandbox.quoteOrderCancellation({ order_id: order.id }),
    ];
    const results = await Promise.allSettled(
      quotes.map((q) => test.sandbox.confirmOrderCancellation(q.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('expire quotes and refuse orders whose first flight has left', async () => {
    const test = createTestSandbox();
    const order = await test.sandbox.createOrder(orderInputFor(await offerFor(test, 'Flex')));
    const quote = await test.sandbox.quoteOrderCancellation({ order_id: order.id });
    test.setNow('2026-01-10T09:15:00Z');
    const expired = await rejection(test.sandbox.confirmOrderCancellation(quote.id));
    expect(expired.code).toBe('order_cancellation_expired');
    test.setNow('2026-03-05T12:00:00Z');
    expect(
      (await rejection(test.sandbox.quoteOrderCancellation({ order_id: order.id }))).code,
    ).toBe('order_not_cancellable');
    expect((await rejection(test.sandbox.confirmOrderCancellation('ore_missing'))).code).toBe(
      'not_found',
    );
  });
});
