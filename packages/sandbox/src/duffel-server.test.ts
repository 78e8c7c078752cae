import { afterEach, describe, expect, it } from 'vitest';
import { createDuffelServer, type DuffelServer, type DuffelServerOptions } from './duffel-server';
import { must, orderInputFor } from './test-factories';
import type { Offer, OfferRequest, Order, OrderCancellation, SeatMap } from './types';

const TOKEN = 'duffel_test_contrail';
const NOW = new Date('2026-01-10T09:00:00Z');

let running: DuffelServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: DuffelServerOptions = {}) {
  running = createDuffelServer({ clock: () => NOW, ...options });
  const base = await running.listen();
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'duffel-version': 'v2',
        'content-type': 'application/json',
        accept: 'application/json',
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify({ data: body }) }),
    });
    // Typed loosely on purpose: the tests look at whatever Duffel's shapes carry.
    const json = (await response.json()) as { data: never; meta?: never; errors?: never };
    return { status: response.status, headers: response.headers, json };
  };
  return { base, call };
}

const search = (
  origin = 'LHR',
  destination = 'JFK',
  passengers: unknown[] = [{ type: 'adult' }],
) => ({
  slices: [{ origin, destination, departure_date: '2026-02-02' }],
  passengers,
  cabin_class: 'economy',
});

describe('the Duffel-compatible server', () => {
  it('refuses a request without a bearer token, with an unknown token or without Duffel-Version, in Duffel’s error shape', async () => {
    const { call } = await start({ tokens: [TOKEN] });
    const missing = await call('GET', '/air/orders', undefined, { authorization: '' });
    expect(missing.status).toBe(401);
    const wrong = await call('GET', '/air/orders', undefined, {
      authorization: 'Bearer duffel_test_someone_else',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({
      errors: [{ type: 'authentication_error', code: 'invalid_authorization_header' }],
      meta: { status: 401 },
    });
    const noVersion = await call('GET', '/air/orders', undefined, { 'duffel-version': '' });
    expect(noVersion.status).toBe(400);
    const old = await call('GET', '/air/orders', undefined, { 'duffel-version': 'v1' });
    expect(old.json).toMatchObject({ errors: [{ code: 'unsupported_version' }] });
    const unknown = await call('GET', '/air/planes');
    expect(unknown.status).toBe(404);
    const [error] = unknown.json.errors as unknown as Record<string, unknown>[];
    expect(Object.keys(error ?? {}).sort()).toEqual([
      'code',
      'documentation_url',
      'message',
      'title',
      'type',
    ]);
    expect(error?.documentation_url).toBe('https://duffel.com/docs/api/overview/errors');
    const meta = unknown.json.meta as unknown as { request_id: string };
    expect(unknown.headers.get('x-request-id')).toBe(meta.request_id);
  });

  it('creates offer requests with offers, passenger ages and ids of their own', async () => {
    const { call } = await start();
    const first = await call(
      'POST',
      '/air/offer_requests/?return_offers=true',
      search('LHR', 'JFK', [{ type: 'adult' }, { age: 5 }, { age: 1 }]),
    );
    expect(first.status).toBe(201);
    const request = first.json.data as OfferRequest;
    expect(request.id).toMatch(/^orq_/);
    expect(request.passengers.map((p) => [p.type, p.age])).toEqual([
      ['adult', null],
      ['child', 5],
      ['infant_without_seat', 1],
    ]);
    expect(request.offers.length).toBeGreaterThan(10);
    const offer = must(request.offers[0]);
    expect(offer.id).toMatch(/^off_[0-9A-Za-z]{22}$/);
    expect(offer.passengers.map((p) => p.id)).toEqual(request.passengers.map((p) => p.id));
    expect(offer.total_currency).toBe('USD');

    // The same search again is another offer request: other offers, other passengers.
    const second = (
      await call(
        'POST',
        '/air/offer_requests',
        search('LHR', 'JFK', [{ type: 'adult' }, { age: 5 }, { age: 1 }]),
      )
    ).json.data as OfferRequest;
    expect(second.id).not.toBe(request.id);
    expect(second.offers[0]?.id).not.toBe(offer.id);
    expect(second.passengers[0]?.id).not.toBe(request.passengers[0]?.id);
    expect(second.offers[0]?.total_amount).toBe(offer.total_amount);

    const without = await call('POST', '/air/offer_requests?return_offers=false', search());
    expect(without.json.data).not.toHaveProperty('offers');
  });

  it('prices in the account currency it was given', async () => {
    const { call } = await start({ currency: 'GBP' });
    const request = (await call('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    expect(new Set(request.offers.map((o) => o.total_currency))).toEqual(new Set(['GBP']));
  });

  it('lists offers in pages with after and limit cursors, and sorts them', async () => {
    const { call } = await start();
    const request = (await call('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await call(
        'GET',
        `/air/offers?offer_request_id=${request.id}&limit=7${after ? `&after=${after}` : ''}`,
      );
      expect(page.status).toBe(200);
      const data = page.json.data as Offer[];
      expect(data.length).toBeLessThanOrEqual(7);
      seen.push(...data.map((o) => o.id));
      after = (page.json.meta as unknown as { after: string | null; limit: number }).after;
      pages += 1;
    } while (after !== null);
    expect(pages).toBe(Math.ceil(request.offers.length / 7));
    expect(seen).toEqual(request.offers.map((o) => o.id));
    const sorted = (
      await call('GET', `/air/offers?offer_request_id=${request.id}&sort=-total_amount&limit=200`)
    ).json.data as Offer[];
    const totals = sorted.map((o) => Number(o.total_amount));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect((await call('GET', '/air/offers?limit=500&offer_request_id=' + request.id)).status).toBe(
      422,
    );
    expect((await call('GET', '/air/offers')).status).toBe(422);
  });

  it('answers one offer with its services only when asked, and its seat maps', async () => {
    const { call } = await start();
    const request = (await call('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    const id = must(request.offers[0]).id;
    const plain = (await call('GET', `/air/offers/${id}`)).json.data as Offer;
    expect(plain.available_services).toEqual([]);
    const full = (await call('GET', `/air/offers/${id}?return_available_services=true`)).json
      .data as Offer;
    expect(full.available_services.length).toBeGreaterThan(0);
    expect(full.available_services[0]?.passenger_ids).toEqual([request.passengers[0]?.id]);
    const maps = (await call('GET', `/air/seat_maps?offer_id=${id}`)).json.data as SeatMap[];
    expect(maps[0]?.segment_id).toBe(full.slices[0]?.segments[0]?.id);
  });

  it('books an offer once per offer request, finds the order by name and reference, and cancels it', async () => {
    const { call } = await start();
    const request = (await call('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    const offer = (
      await call('GET', `/air/offers/${must(request.offers[0]).id}?return_available_services=true`)
    ).json.data as Offer;
    const maps = (await call('GET', `/air/seat_maps?offer_id=${offer.id}`)).json.data as SeatMap[];
    const seat = must(
      must(maps[0])
        .cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))
        .find((e) => e.type === 'seat' && e.available_services.length > 0),
    );
    const service = must(seat.type === 'seat' ? seat.available_services[0] : undefined);
    const input = {
      ...orderInputFor(offer, {
        services: [{ id: service.id, quantity: 1, amount: service.total_amount }],
        passengers: () => ({ family_name: 'Lindbergh' }),
      }),
      metadata: { contrail_booking: 'b-1' },
    };
    const created = await call('POST', '/air/orders', input);
    expect(created.status).toBe(201);
    const order = created.json.data as Order;
    expect(order.offer_id).toBe(offer.id);
    expect(order.passengers[0]?.id).toBe(request.passengers[0]?.id);
    expect(order.metadata).toEqual({ contrail_booking: 'b-1' });
    expect(order.slices[0]?.segments[0]?.passengers[0]?.seat?.designator).toBe(
      seat.type === 'seat' ? seat.designator : '',
    );

    const again = await call('POST', '/air/orders', orderInputFor(must(request.offers[1])));
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ errors: [{ code: 'offer_request_already_booked' }] });

    expect(
      ((await call('GET', `/air/orders/${order.id}`)).json.data as Order).booking_reference,
    ).toBe(order.booking_reference);
    const byName = (await call('GET', '/air/orders?passenger_name[]=lindbergh')).json
      .data as Order[];
    expect(byName.map((o) => o.id)).toEqual([order.id]);
    expect((await call('GET', '/air/orders?passenger_name[]=nobody')).json.data as Order[]).toEqual(
      [],
    );
    const byReference = (
      await call('GET', `/air/orders?booking_reference=${order.booking_reference}`)
    ).json.data as Order[];
    expect(byReference).toHaveLength(1);

    const quote = await call('POST', '/air/order_cancellations', { order_id: order.id });
    expect(quote.status).toBe(201);
    const cancellation = quote.json.data as OrderCancellation;
    expect(cancellation.id).toMatch(/^ore_/);
    const confirmed = await call(
      'POST',
      `/air/order_cancellations/${cancellation.id}/actions/confirm`,
    );
    expect((confirmed.json.data as OrderCancellation).confirmed_at).not.toBeNull();
    const twice = await call('POST', '/air/order_cancellations', { order_id: order.id });
    expect(twice.json).toMatchObject({
      errors: [{ code: 'already_cancelled', type: 'invalid_state_error' }],
    });
  });

  it('answers a passenger problem as a validation error pointing at the field', async () => {
    const { call } = await start();
    const request = (await call('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    const input = orderInputFor(must(request.offers[0]), {
      passengers: () => ({ born_on: '2030-01-01' }),
    });
    const refused = await call('POST', '/air/orders', input);
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      errors: [
        {
          type: 'validation_error',
          source: { field: 'born_on', pointer: '/passengers/0/born_on' },
        },
      ],
    });
    // Duffel's validation codes, one per kind of problem.
    const missing = await call('GET', '/air/seat_maps');
    expect(missing.json).toMatchObject({
      errors: [{ type: 'validation_error', code: 'validation_required' }],
    });
    const noBody = await call('POST', '/air/orders', undefined);
    expect(noBody.json).toMatchObject({ errors: [{ code: 'validation_required' }] });
    const badAmount = await call('POST', '/air/orders', {
      ...input,
      passengers: orderInputFor(must(request.offers[0])).passengers,
      payments: [{ type: 'balance', amount: 'lots', currency: 'USD' }],
    });
    expect(badAmount.json).toMatchObject({
      errors: [{ code: 'validation_format', source: { pointer: '/payments/0/amount' } }],
    });
  });

  it('plays the order failures Duffel names: nothing made, made but listed late, unknown, balance, price', async () => {
    let now = NOW;
    const { call } = await start({ clock: () => now, lateOrderMs: 60_000 });
    const first = async (from: string, to: string) =>
      must(
        ((await call('POST', '/air/offer_requests', search(from, to))).json.data as OfferRequest)
          .offers[0],
      );
    const listed = async () => (await call('GET', '/air/orders')).json.data as Order[];

    const notCreated = await call('POST', '/air/orders', orderInputFor(await first('LGW', 'STN')));
    expect([notCreated.status, notCreated.json]).toMatchObject([
      502,
      { errors: [{ type: 'api_error', code: 'order_not_created' }] },
    ]);
    const timedOut = await call('POST', '/air/orders', orderInputFor(await first('LGW', 'LTN')));
    expect([timedOut.status, timedOut.json]).toMatchObject([
      504,
      { errors: [{ code: 'gateway_timeout_error' }] },
    ]);
    const unknown = await call('POST', '/air/orders', orderInputFor(await first('STN', 'LGW')));
    expect([unknown.status, unknown.json]).toMatchObject([
      502,
      { errors: [{ type: 'airline_error', code: 'airline_unknown' }] },
    ]);
    const stale = await call('POST', '/air/orders', orderInputFor(await first('LTN', 'LHR')));
    expect(stale.json).toMatchObject({ errors: [{ code: 'price_changed' }] });
    const mismatch = await call('POST', '/air/orders', orderInputFor(await first('LCY', 'LGW')));
    expect(mismatch.json).toMatchObject({
      errors: [{ code: 'payment_amount_does_not_match_order_amount' }],
    });
    expect(await listed()).toEqual([]);

    const late = await call('POST', '/air/orders', orderInputFor(await first('LGW', 'LCY')));
    expect(late.status).toBe(500);
    expect(await listed()).toEqual([]);
    now = new Date(NOW.getTime() + 60_000);
    expect(await listed()).toHaveLength(1);
    // Duffel's other filters: no sandbox order awaits payment or belongs to a customer user.
    expect((await call('GET', '/air/orders?awaiting_payment=true')).json.data).toEqual([]);
    expect((await call('GET', '/air/orders?awaiting_payment=false')).json.data).toHaveLength(1);

    const dry = await call('POST', '/air/orders', orderInputFor(await first('LCY', 'LHR')));
    expect([dry.status, dry.json]).toMatchObject([
      422,
      { errors: [{ type: 'invalid_state_error', code: 'insufficient_balance' }] },
    ]);
    running?.setBalance('0.00');
    const anywhere = await call('POST', '/air/orders', orderInputFor(await first('LHR', 'JFK')));
    expect(anywhere.json).toMatchObject({ errors: [{ code: 'insufficient_balance' }] });
    running?.setBalance('100000.00');
    const topped = await call('POST', '/air/orders', orderInputFor(await first('LCY', 'LHR')));
    expect(topped.status).toBe(201);
  });

  it('answers the sandbox’s failure routes as Duffel errors', async () => {
    const { call } = await start();
    const first = async (from: string, to: string) =>
      must(
        ((await call('POST', '/air/offer_requests', search(from, to))).json.data as OfferRequest)
          .offers[0],
      );

    const gone = await call('GET', `/air/offers/${(await first('LGW', 'LHR')).id}`);
    expect([gone.status, gone.json]).toMatchObject([
      422,
      { errors: [{ type: 'airline_error', code: 'offer_no_longer_available' }] },
    ]);

    const dearer = await first('LHR', 'STN');
    const changed = await call('POST', '/air/orders', orderInputFor(dearer));
    expect(changed.json).toMatchObject({ errors: [{ code: 'price_changed' }] });

    const refused = await call('POST', '/air/orders', orderInputFor(await first('LHR', 'LCY')));
    expect(refused.json).toMatchObject({
      errors: [{ type: 'airline_error', code: 'order_creation_failed' }],
    });

    const limited = await call('POST', '/air/offer_requests', search('LHR', 'LTN'));
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({
      errors: [{ type: 'rate_limit_error', code: 'rate_limit_exceeded' }],
    });
    expect(Date.parse(limited.headers.get('ratelimit-reset') ?? '')).toBeGreaterThan(
      NOW.getTime() - 1000,
    );
    expect((await call('POST', '/air/offer_requests', search('LHR', 'LTN'))).status).toBe(201);

    const lost = await first('LHR', 'LGW');
    const failed = await call('POST', '/air/orders', {
      ...orderInputFor(lost),
      metadata: { contrail_booking: 'b-lost' },
    });
    expect(failed.status).toBe(500);
    expect(failed.json).toMatchObject({ errors: [{ type: 'api_error' }] });
    const orders = (await call('GET', '/air/orders?limit=200')).json.data as Order[];
    expect(orders.filter((o) => o.metadata.contrail_booking === 'b-lost')).toHaveLength(1);
  });

  it('leaves an airline slower than supplier_timeout out of the answer', async () => {
    const { call } = await start({ slowSearchMs: 60_000 });
    const answer = await call(
      'POST',
      '/air/offer_requests?supplier_timeout=2000',
      search('STN', 'LHR'),
    );
    expect(answer.status).toBe(201);
    expect((answer.json.data as OfferRequest).offers).toEqual([]);
  });

  it('holds each offer request for the latency it was given before answering it', async () => {
    const waits: number[] = [];
    let answer: () => void = () => undefined;
    const { call } = await start({
      offerRequestLatencyMs: 3000,
      sleep: (ms) => {
        waits.push(ms);
        return new Promise<void>((resolve) => (answer = resolve));
      },
    });
    let answered = false;
    const pending = call('POST', '/air/offer_requests', search()).then((response) => {
      answered = true;
      return response;
    });
    for (let i = 0; i < 500 && waits.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(waits).toEqual([3000]);
    // Other requests are answered meanwhile; the offer request only once its latency is over.
    expect((await call('GET', '/air/orders')).status).toBe(200);
    expect(answered).toBe(false);
    answer();
    const response = await pending;
    expect(response.status).toBe(201);
    expect((response.json.data as OfferRequest).offers.length).toBeGreaterThan(0);
    expect(() => createDuffelServer({ offerRequestLatencyMs: -1 })).toThrow(TypeError);
  });

  it('answers each offer request with the number of offers it was given, repeats reading and booking as themselves', async () => {
    const { call: natural } = await start();
    const sandboxOffers = (
      (await natural('POST', '/air/offer_requests', search())).json.data as OfferRequest
    ).offers;
    await running?.close();
    expect(sandboxOffers.length).toBeLessThan(200);

    const { call } = await start({ offersPerRequest: 200 });
    const padded = (await call('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    expect(padded.offers).toHaveLength(200);
    expect(new Set(padded.offers.map((o) => o.id)).size).toBe(200);
    const n = sandboxOffers.length;
    const repeat = must(padded.offers[n]);
    const first = must(padded.offers[0]);
    expect({ ...repeat, id: first.id }).toEqual(first);
    expect(padded.offers.map((o) => o.total_amount)).toEqual(
      Array.from({ length: 200 }, (_, i) => must(sandboxOffers[i % n]).total_amount),
    );
    const page = await call('GET', `/air/offers?offer_request_id=${padded.id}&limit=200`);
    expect((page.json.data as Offer[]).map((o) => o.id)).toEqual(padded.offers.map((o) => o.id));
    const read = (await call('GET', `/air/offers/${repeat.id}`)).json.data as Offer;
    expect(read.id).toBe(repeat.id);
    expect(read.total_amount).toBe(first.total_amount);
    const booked = await call('POST', '/air/orders', orderInputFor(read));
    expect(booked.status).toBe(201);
    expect((booked.json.data as Order).offer_id).toBe(repeat.id);

    await running?.close();
    const { call: capped } = await start({ offersPerRequest: 3 });
    const few = (await capped('POST', '/air/offer_requests', search())).json.data as OfferRequest;
    expect(few.offers.map((o) => o.total_amount)).toEqual(
      sandboxOffers.slice(0, 3).map((o) => o.total_amount),
    );
  });

  it('counts requests per token and answers 429 with ratelimit headers past the limit', async () => {
    const { call } = await start({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const one = await call('GET', '/air/orders');
    expect(one.headers.get('ratelimit-limit')).toBe('2');
    expect(one.headers.get('ratelimit-remaining')).toBe('1');
    expect(one.headers.get('ratelimit-reset')).toBe(new Date(NOW.getTime() + 60_000).toUTCString());
    await call('GET', '/air/orders');
    const third = await call('GET', '/air/orders');
    expect(third.status).toBe(429);
  });

  it('answers requests past the budget 429 as Duffel does, also when they come at once', async () => {
    const clockAt = new Date('2026-01-10T09:00:00.400Z');
    const { call } = await start({
      clock: () => clockAt,
      rateLimit: { limit: 3, windowMs: 2_000 },
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/air/offer_requests?return_offers=false', search()),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    // The window ends on a whole second after 2 s, which ratelimit-reset (an HTTP date) says.
    const reset = 'Sat, 10 Jan 2026 09:00:03 GMT';
    for (const limited of answers.filter((a) => a.status === 429)) {
      expect(limited.json).toEqual({
        errors: [
          {
            type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            title: 'Rate limit exceeded',
            message: expect.any(String) as unknown,
            documentation_url: 'https://duffel.com/docs/api/overview/errors',
          },
        ],
        meta: { status: 429, request_id: limited.headers.get('x-request-id') },
      });
      expect(limited.headers.get('ratelimit-limit')).toBe('3');
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('ratelimit-reset')).toBe(reset);
    }
    const last = answers
      .filter((a) => a.status === 201)
      .map((a) => a.headers.get('ratelimit-remaining'));
    expect(last.sort()).toEqual(['0', '1', '2']);
  });

  it('ignores a supplier_timeout out of Duffel’s 2 to 60 seconds, as Duffel does', async () => {
    const { call } = await start();
    const answer = await call('POST', '/air/offer_requests?supplier_timeout=500', search());
    expect(answer.status).toBe(201);
    expect((answer.json.data as OfferRequest).offers.length).toBeGreaterThan(0);
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const { base } = await start();
    const response = await fetch(`${base}/air/offer_requests`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'duffel-version': 'v2',
        'accept-encoding': 'gzip',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ data: search() }),
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses already; the raw size says the body travelled compressed.
    const body = JSON.parse(Buffer.from(await response.arrayBuffer()).toString()) as {
      data: OfferRequest;
    };
    expect(body.data.offers.length).toBeGreaterThan(0);
    expect(Number(response.headers.get('content-length'))).toBeLessThan(
      JSON.stringify(body).length / 3,
    );
  });
});
