import { offerSchema, seatMapSchema, type Offer, type SeatMap } from '@contrail/contracts/offers';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { bornOnForAge } from '@contrail/sandbox/test-factories';
import { afterEach, describe, expect, it } from 'vitest';
import { SupplierError, type FlightSupplier, type SupplierOrderInput } from '../flight-supplier';
import { createDuffelSupplier, type DuffelSupplierOptions } from './duffel-supplier';
import { createMemoryOfferReplacements } from './offer-replacements';

/**
 * The adapter through the official SDK, over HTTP, against the Duffel-compatible server in
 * packages/sandbox: what Duffel answers (envelopes, errors, pages, rate limits) is what the
 * adapter meets here.
 */

const TOKEN = 'duffel_test_adapter0123456789';
const START = new Date('2026-01-10T09:00:00Z');

interface Harness {
  supplier: FlightSupplier;
  server: DuffelServer;
  calls: { method: string; path: string; status: number }[];
  logs: { level: string; details: Record<string, unknown>; message: string }[];
  waits: number[];
  currencies: string[];
  setNow(date: Date): void;
}

let running: DuffelServer | undefined;
afterEach(async () => {
  await running?.close().catch(() => undefined);
  running = undefined;
});

async function harness(
  overrides: Partial<DuffelSupplierOptions> = {},
  server: { currency?: 'USD' | 'GBP' } = {},
): Promise<Harness> {
  let now = START;
  const calls: Harness['calls'] = [];
  const logs: Harness['logs'] = [];
  const waits: number[] = [];
  const currencies: string[] = [];
  running = createDuffelServer({
    clock: () => now,
    tokens: [TOKEN],
    onRequest: (entry) => calls.push(entry),
    ...(server.currency ? { currency: server.currency } : {}),
  });
  const apiUrl = await running.listen();
  const supplier = createDuffelSupplier({
    token: TOKEN,
    apiUrl,
    live: false,
    replacements: createMemoryOfferReplacements(),
    clock: () => now,
    // A pause passes at once, and the clock moves on by it.
    sleep: (ms) => {
      waits.push(ms);
      now = new Date(now.getTime() + ms);
      return Promise.resolve();
    },
    log: {
      info: (details, message) => logs.push({ level: 'info', details, message }),
      warn: (details, message) => logs.push({ level: 'warn', details, message }),
    },
    onCurrency: (currency) => currencies.push(currency),
    orderLookupWaitsMs: [0],
    ...overrides,
  });
  return {
    supplier,
    server: running,
    calls,
    logs,
    waits,
    currencies,
    setNow: (date) => {
      now = date;
    },
  };
}

const adults = (count: number) => Array.from({ length: count }, () => ({ type: 'adult' as const }));

async function search(
  supplier: FlightSupplier,
  origin = 'LHR',
  destination = 'JFK',
  passengers: { type: 'adult' | 'child' | 'infant_without_seat'; age?: number }[] = adults(1),
) {
  return supplier.search({
    slices: [{ origin, destination, departureDate: '2026-02-02' }],
    passengers,
    cabinClass: 'economy',
    currency: 'USD',
  });
}

/** An order for every passenger of the offer, at `amount` (the offer's total by default). */
function orderInput(
  offer: Offer,
  reference: string,
  {
    amount = offer.total_amount,
    serviceIds = [] as string[],
    familyName = 'Earhart',
    bags = [] as SupplierOrderInput['services'],
  } = {},
): SupplierOrderInput {
  const ageDate = (offer.slices.at(-1)?.segments[0]?.departing_at ?? '').slice(0, 10);
  const infants = offer.passengers.filter((p) => p.type === 'infant_without_seat');
  let nextInfant = 0;
  return {
    offerId: offer.id,
    reference,
    amount,
    currency: offer.total_currency,
    services: [...serviceIds.map((id) => ({ id, quantity: 1 })), ...bags],
    passengers: offer.passengers.map((p, i) => {
      const age = p.age ?? (p.type === 'adult' ? 35 : p.type === 'child' ? 8 : 1);
      const infant = p.type === 'adult' ? infants[nextInfant++] : undefined;
      return {
        id: p.id,
        title: p.type === 'adult' ? 'ms' : 'miss',
        givenName: ['Amelia', 'Jean', 'Bessie'][i % 3] ?? 'Alex',
        familyName,
        gender: 'f',
        bornOn: bornOnForAge(age, ageDate),
        email: 'amelia@example.com',
        phoneNumber: '+442080160509',
        ...(infant ? { infantPassengerId: infant.id } : {}),
        ...(offer.passenger_identity_documents_required
          ? {
              passport: {
                number: `P${1_000_000 + i}`,
                issuingCountryCode: 'GB',
                expiresOn: '2035-01-01',
              },
            }
          : {}),
      };
    }),
  };
}

function firstSeat(maps: readonly SeatMap[], passengerId: string) {
  for (const element of maps[0]?.cabins.flatMap((c) =>
    c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)),
  ) ?? []) {
    if (element.type !== 'seat') continue;
    const service = element.available_services.find((s) => s.passenger_id === passengerId);
    if (service && element.disclosures.length === 0)
      return { designator: element.designator, service };
  }
  throw new Error('no seat for sale');
}

/** The item at `index`, which the test expects to be there. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`Expected an item at ${index} of ${items.length}`);
  return item;
}

async function failure(promise: Promise<unknown>): Promise<SupplierError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SupplierError);
  return error as SupplierError;
}

describe('the Duffel supplier, through the SDK, against the Duffel-compatible server', () => {
  it('searches with ages, reads every page of offers and maps them to the contract', async () => {
    const h = await harness({ offerPageSize: 20 }, { currency: 'GBP' });
    const result = await search(h.supplier, 'LHR', 'JFK', [
      { type: 'adult' },
      { type: 'child', age: 7 },
      { type: 'infant_without_seat', age: 1 },
    ]);
    expect(result.id).toMatch(/^orq_/);
    expect(result.offers.length).toBeGreaterThan(40);
    const pages = h.calls.filter((c) => c.method === 'GET' && c.path === '/air/offers');
    expect(pages.length).toBe(Math.ceil(result.offers.length / 20));
    expect(new Set(result.offers.map((o) => o.id)).size).toBe(result.offers.length);
    for (const offer of result.offers) expect(() => offerSchema.parse(offer)).not.toThrow();
    const offer = at(result.offers, 0);
    expect(offer.passengers.map((p) => [p.type, p.age])).toEqual([
      ['adult', null],
      ['child', 7],
      ['infant_without_seat', 1],
    ]);
    expect(offer.total_currency).toBe('GBP');
    expect(h.currencies).toEqual(['GBP']);
    const totals = result.offers.map((o) => Number(o.total_amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(offer.slices[0]?.fare_brand_name).toBeTruthy();
    expect(offer.total_emissions_kg).toMatch(/^\d+$/);
    expect(offer.slices[0]?.segments[0]?.airline.logo_url).toBeTruthy();
  });

  it('reads one offer with its bags, and its seat maps', async () => {
    const h = await harness();
    const [found] = (await search(h.supplier)).offers;
    const offer = await h.supplier.getOffer(found?.id ?? '');
    expect(offerSchema.parse(offer).id).toBe(found?.id);
    expect(offer.available_services[0]).toMatchObject({
      type: 'baggage',
      name: 'Extra checked bag',
    });
    const maps = await h.supplier.getSeatMaps(offer.id);
    expect(maps.map((m) => seatMapSchema.parse(m).segment_id)).toEqual(
      offer.slices.flatMap((s) => s.segments.map((g) => g.id)),
    );
  });

  it('books with a seat paid from the balance, finds the order by our booking id, and cancels it', async () => {
    const h = await harness();
    const [found] = (await search(h.supplier)).offers;
    const offer = await h.supplier.getOffer(found?.id ?? '');
    const maps = await h.supplier.getSeatMaps(offer.id);
    const seat = firstSeat(maps, offer.passengers[0]?.id ?? '');
    const amount = (Number(offer.total_amount) + Number(seat.service.total_amount)).toFixed(2);
    const order = await h.supplier.createOrder(
      orderInput(offer, 'booking-1', { amount, serviceIds: [seat.service.id] }),
    );
    expect(order.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.totalAmount).toBe(amount);
    expect(order.seats).toEqual([
      expect.objectContaining({
        designator: seat.designator,
        totalAmount: seat.service.total_amount,
      }),
    ]);
    expect((await h.supplier.getOrder(order.id)).id).toBe(order.id);
    expect(
      (await h.supplier.findOrderByReference('booking-1', { familyName: 'Earhart' }))?.id,
    ).toBe(order.id);
    expect(await h.supplier.findOrderByReference('booking-2')).toBeNull();

    // Each Duffel request id is logged, the order's with our booking's id; the token never is.
    const created = h.logs.find(
      (l) => (l.details.duffel as { operation: string }).operation === 'orders.create',
    );
    expect(created?.details).toMatchObject({
      bookingId: 'booking-1',
      duffel: { requestId: expect.any(String) as unknown },
    });
    expect(JSON.stringify(h.logs)).not.toContain(TOKEN);

    const quote = await h.supplier.quoteCancellation(order.id);
    expect(Number(quote.refundAmount)).toBeGreaterThanOrEqual(0);
    const confirmed = await h.supplier.confirmCancellation(quote.id);
    expect(confirmed.confirmedAt).not.toBeNull();
    expect((await failure(h.supplier.quoteCancellation(order.id))).code).toBe('already_cancelled');
  });

  it('answers Duffel’s refusals in our vocabulary: gone, price changed, refused, expired, not found', async () => {
    const h = await harness();
    const gone = at((await search(h.supplier, 'LGW', 'LHR')).offers, 0);
    expect((await failure(h.supplier.getOffer(gone.id))).code).toBe('offer_unavailable');

    const dearer = at((await search(h.supplier, 'LHR', 'STN')).offers, 0);
    const changed = await failure(h.supplier.createOrder(orderInput(dearer, 'b-price')));
    expect(changed.code).toBe('price_changed');
    const now = await h.supplier.getOffer(dearer.id);
    expect(changed.details.totalAmount).toBe(now.total_amount);
    expect(Number(now.total_amount)).toBe(Number(dearer.total_amount) + 10);

    const refused = at((await search(h.supplier, 'LHR', 'LCY')).offers, 0);
    const refusal = await failure(h.supplier.createOrder(orderInput(refused, 'b-refused')));
    expect(refusal.code).toBe('order_refused');
    expect(refusal.details.requestId).toEqual(expect.any(String));

    const later = at((await search(h.supplier)).offers, 0);
    h.setNow(new Date(START.getTime() + 31 * 60_000));
    expect((await failure(h.supplier.getOffer(later.id))).code).toBe('offer_expired');
    expect((await failure(h.supplier.getOrder('ord_0000AAAAAAAAAAAAAAAAAA'))).code).toBe(
      'not_found',
    );
  });

  it('answers the airline’s passenger errors on the checkout form’s fields', async () => {
    const h = await harness();
    const offer = at((await search(h.supplier, 'LHR', 'JFK', adults(2))).offers, 0);
    const input = orderInput(offer, 'b-dob');
    const second = input.passengers[1];
    if (second) second.bornOn = '2030-01-01';
    const refused = await failure(h.supplier.createOrder(input));
    expect(refused.code).toBe('validation');
    expect(Object.keys(refused.details.fields ?? {})).toEqual(['passengers.1.dateOfBirth']);
  });

  it('waits for ratelimit-reset and tries a search again; gives up when the wait is too long', async () => {
    const h = await harness();
    const result = await search(h.supplier, 'LHR', 'LTN');
    expect(result.offers.length).toBeGreaterThan(0);
    const attempts = h.calls.filter((c) => /^\/air\/offer_requests\/?$/.test(c.path));
    expect(attempts.map((c) => c.status)).toEqual([429, 201]);
    expect(h.waits).toHaveLength(1);
    expect(h.waits[0]).toBeGreaterThan(0);
    expect(h.waits[0]).toBeLessThanOrEqual(1000);

    // A reset after the search's deadline is not waited for: the search is refused at once.
    const impatient = await harness({ searchDeadlineMs: 500 });
    const limited = await failure(search(impatient.supplier, 'LHR', 'LTN'));
    expect(limited.code).toBe('rate_limited');
    expect(limited.details.retryAt).toBe(START.getTime() + 1000);
    expect(impatient.waits).toEqual([]);
    expect(impatient.calls.map((c) => c.status)).toEqual([429]);
  });

  it('finds the order after a 5xx instead of ordering again (the order was made)', async () => {
    const h = await harness();
    const offer = at((await search(h.supplier, 'LHR', 'LGW')).offers, 0);
    const order = await h.supplier.createOrder(
      orderInput(offer, 'b-lost', { familyName: 'Lindbergh' }),
    );
    expect(order.bookingReference).toHaveLength(6);
    const posts = h.calls.filter((c) => c.method === 'POST' && c.path === '/air/orders');
    expect(posts.map((c) => c.status)).toEqual([500]);
    expect(h.calls.some((c) => c.method === 'GET' && c.path === '/air/orders')).toBe(true);
  });

  it('finds the order after its answer took too long, without a second order', async () => {
    const h = await harness({ orderTimeoutMs: 1, orderLookupWaitsMs: [0, 400, 800] });
    const offer = at((await search(h.supplier)).offers, 0);
    const order = await h.supplier.createOrder(orderInput(offer, 'b-slow'));
    expect(order.id).toMatch(/^ord_/);
    expect(h.calls.filter((c) => c.method === 'POST' && c.path === '/air/orders')).toHaveLength(1);
  });

  it('says the order is unconfirmed, not failed, when Duffel cannot be reached to make or find it', async () => {
    const h = await harness();
    const offer = at((await search(h.supplier)).offers, 0);
    await h.server.close();
    const unknown = await failure(h.supplier.createOrder(orderInput(offer, 'b-down')));
    expect(unknown.code).toBe('order_unconfirmed');
  });

  it('books extra checked bags with their quantity, paid from the balance with the fare', async () => {
    const h = await harness();
    const [found] = (await search(h.supplier)).offers;
    const offer = await h.supplier.getOffer(found?.id ?? '');
    const bag = at(offer.available_services, 0);
    expect(bag.maximum_quantity).toBeGreaterThanOrEqual(2);
    const amount = (Number(offer.total_amount) + 2 * Number(bag.total_amount)).toFixed(2);
    const order = await h.supplier.createOrder(
      orderInput(offer, 'b-bags', { amount, bags: [{ id: bag.id, quantity: 2 }] }),
    );
    // Duffel takes the balance payment only for the fare plus every service ordered.
    expect(order.totalAmount).toBe(amount);

    const fareOnly = await failure(
      h.supplier.createOrder(
        orderInput(offer, 'b-bags-short', { bags: [{ id: bag.id, quantity: 1 }] }),
      ),
    );
    expect(fareOnly.code).not.toBe('order_unconfirmed');
  });

  it('books a bag on a replacement offer: the same kind of bag for the same passenger and flights', async () => {
    const h = await harness();
    const { offers } = await search(h.supplier, 'LHR', 'JFK', adults(2));
    await h.supplier.createOrder(orderInput(at(offers, 0), 'b-first'));
    const mine = await h.supplier.getOffer(at(offers, 1).id);
    const bag = at(
      mine.available_services.filter((s) => s.passenger_ids[0] === mine.passengers[1]?.id),
      0,
    );
    const amount = (Number(mine.total_amount) + Number(bag.total_amount)).toFixed(2);
    const order = await h.supplier.createOrder(
      orderInput(mine, 'b-second', { amount, bags: [{ id: bag.id, quantity: 1 }] }),
    );
    const posts = h.calls.filter((c) => c.method === 'POST' && c.path === '/air/orders');
    expect(posts.map((c) => c.status)).toEqual([201, 422, 201]);
    expect(order.totalAmount).toBe(amount);
  });

  it('books an offer of an offer request someone else booked: the same flights and fare from a fresh request, under the old ids', async () => {
    const h = await harness();
    const { offers } = await search(h.supplier, 'LHR', 'JFK', adults(2));
    const first = at(offers, 0);
    await h.supplier.createOrder(orderInput(first, 'b-first'));

    // Another traveller, another offer of the same (shared) offer request, with a seat.
    const mine = await h.supplier.getOffer(at(offers, 1).id);
    const seat = firstSeat(await h.supplier.getSeatMaps(mine.id), mine.passengers[1]?.id ?? '');
    const amount = (Number(mine.total_amount) + Number(seat.service.total_amount)).toFixed(2);
    const order = await h.supplier.createOrder(
      orderInput(mine, 'b-second', { amount, serviceIds: [seat.service.id] }),
    );
    const posts = h.calls.filter((c) => c.method === 'POST' && c.path === '/air/orders');
    expect(posts.map((c) => c.status)).toEqual([201, 422, 201]);
    expect(h.calls.filter((c) => /^\/air\/offer_requests\/?$/.test(c.path))).toHaveLength(2);
    expect(order.totalAmount).toBe(amount);
    // The traveller's ids stand: flights and the seat's passenger are the offer's they hold.
    expect(order.slices.map((s) => s.segments.map((g) => g.id))).toEqual(
      mine.slices.map((s) => s.segments.map((g) => g.id)),
    );
    expect(order.seats).toEqual([
      expect.objectContaining({ passengerId: mine.passengers[1]?.id, designator: seat.designator }),
    ]);
    expect((await h.supplier.findOrderByReference('b-second'))?.slices[0]?.id).toBe(
      mine.slices[0]?.id,
    );
  });

  it('answers a new price when the fresh offer request prices the flights differently, and books at it', async () => {
    const h = await harness();
    const { offers } = await search(h.supplier);
    await h.supplier.createOrder(orderInput(at(offers, 0), 'b-first'));
    const mine = at(offers, 2);
    // What the traveller agreed to is not what the flights cost now.
    const agreed = (Number(mine.total_amount) - 5).toFixed(2);
    const changed = await failure(
      h.supplier.createOrder(orderInput(mine, 'b-second', { amount: agreed })),
    );
    expect(changed.code).toBe('price_changed');
    expect(changed.details.totalAmount).toBe(mine.total_amount);

    // The offer id the traveller holds now reads the replacement, in the traveller's ids.
    const reread = await h.supplier.getOffer(mine.id);
    expect(reread.id).toBe(mine.id);
    expect(reread.passengers.map((p) => p.id)).toEqual(mine.passengers.map((p) => p.id));
    const order = await h.supplier.createOrder(orderInput(reread, 'b-second'));
    expect(order.totalAmount).toBe(reread.total_amount);
    expect(h.calls.filter((c) => /^\/air\/offer_requests\/?$/.test(c.path))).toHaveLength(2);
  });

  it('refuses ids that are not Duffel’s of the kind asked for, before any request', async () => {
    const h = await harness();
    const offer = at((await search(h.supplier)).offers, 0);
    const searched = h.calls.length;
    const crafted = (valid: string) => [
      `${valid}/../../orders`,
      '../../air/orders',
      '..',
      `${valid}?limit=200`,
      `${valid}#x`,
      `${valid}%2F..`,
      `${valid}Ñ`,
      `${valid.slice(0, 4)}${'A'.repeat(65)}`,
      valid.slice(0, 4),
      valid.toUpperCase(),
      `xyz_${valid.slice(4)}`,
    ];
    const refused = async (promise: Promise<unknown>, id: string) => {
      const error = await failure(promise);
      expect(error.code, id).toBe('not_found');
    };
    for (const id of [...crafted(offer.id), 'ord_0000A3tQcCRZ9R8OY0QlxA']) {
      await refused(h.supplier.getOffer(id), id);
      await refused(h.supplier.getSeatMaps(id), id);
      await refused(h.supplier.createOrder({ ...orderInput(offer, 'b-x'), offerId: id }), id);
    }
    const passengerId = at(offer.passengers, 0).id;
    for (const id of [...crafted(passengerId), 'ase_0000A3tQcCRZ9R8OY0QlxA']) {
      const input = orderInput(offer, 'b-x');
      const passengers = input.passengers.map((p, i) => (i === 0 ? { ...p, id } : p));
      await refused(h.supplier.createOrder({ ...input, passengers }), id);
    }
    for (const id of [...crafted('ase_0000A3tQcCRZ9R8OY0QlxA'), passengerId]) {
      const input = orderInput(offer, 'b-x', { serviceIds: [id] });
      await refused(h.supplier.createOrder(input), id);
    }
    for (const id of [...crafted('ord_0000A3tQcCRZ9R8OY0QlxA'), offer.id]) {
      await refused(h.supplier.getOrder(id), id);
      await refused(h.supplier.quoteCancellation(id), id);
    }
    for (const id of [...crafted('ore_00009qzZWzjDipIkqpaUAj'), 'ord_0000A3tQcCRZ9R8OY0QlxA']) {
      await refused(h.supplier.confirmCancellation(id), id);
    }
    expect(h.calls.slice(searched)).toEqual([]);
    // Nothing was asked, so nothing is logged as a Duffel failure.
    expect(h.logs.filter((entry) => entry.level === 'warn')).toEqual([]);
  });
});
