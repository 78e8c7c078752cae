import { randomUUID } from 'node:crypto';
import { bookingMessages } from '@contrail/contracts/bookings';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { type SearchOffer } from '@contrail/contracts/search-results-schema';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { Duffel } from '@duffel/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { TEST_CARD, amountOf, passengersFor } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';
import {
  adminBookingDetailSchema,
  adminBookingListSchema,
} from '@contrail/contracts/back-office-bookings';
import { TestClient } from '../../../test/http';
import { createPostgresBalanceAlerts } from '../../providers/flights/duffel/balance-alerts';
import { createDuffelSupplier } from '../../providers/flights/duffel/duffel-supplier';
import { createMemoryOfferReplacements } from '../../providers/flights/duffel/offer-replacements';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { BookingStep } from './bookings.service';
import { oneWaySearch } from '../../../test/searches';

// Booking against the Duffel-compatible server's order failures, through the official SDK, with
// the sandbox card processor: whatever Duffel answers, the card's money ends as the airline's
// state (ordered and captured, or not ordered and released), and what is not known stays held,
// re-checked and in the operator's sight, never released on its own.

const TOKEN = 'duffel_test_orderfaults0123456789';
const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const clock = () => now;
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60 * 1000);
};
let server: DuffelServer | undefined;
let baseUrl = '';
const logged: { level: number; msg: string; bookingId?: string; providerCode?: string }[] = [];
let supplier: FlightSupplier | undefined;

beforeAll(async () => {
  server = createDuffelServer({ clock, tokens: [TOKEN] });
  baseUrl = await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await server?.close();
});

const noWait = () => Promise.resolve();
/** The step after which the process "dies" (the request fails there; the reconciler finishes). */
let crashAfter: BookingStep | null = null;

describe('Duffel order failures and the card', () => {
  const t = useTestApp({}, (database) => {
    supplier = createDuffelSupplier({
      token: TOKEN,
      apiUrl: baseUrl,
      live: false,
      replacements: createMemoryOfferReplacements(),
      balanceAlerts: createPostgresBalanceAlerts(database.db),
      clock,
      sleep: noWait,
      orderLookupWaitsMs: [0, 0],
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: (_details, msg) => logged.push({ level: 50, msg }),
      },
    });
    return {
      clock,
      afterBookingStep: (step: BookingStep) => {
        if (step === crashAfter) throw new Error(`crashed after ${step}`);
      },
      // `supplier` is made above with the server's address, known once it listens.
      flightSupplier: new Proxy({} as FlightSupplier, {
        get: (_, key) => {
          const value: unknown = (supplier as unknown as Record<string | symbol, unknown>)[key];
          return typeof value === 'function'
            ? (value as (...args: unknown[]) => unknown).bind(supplier)
            : value;
        },
      }),
      logger: {
        level: 'error',
        stream: {
          write: (line: string) => {
            logged.push(JSON.parse(line) as (typeof logged)[number]);
          },
        },
      },
    };
  });

  async function offerFor(origin: string, destination: string): Promise<SearchOffer> {
    const c = new TestClient(t.app);
    const response = await c.post('/api/flights/search', oneWaySearch(destination, { origin }));
    expect(response.statusCode).toBe(200);
    const offer = searchOffersOf(response.json())[0];
    if (!offer) throw new Error(`no offer ${origin}-${destination}`);
    return offer;
  }

  async function pay(c: TestClient, offer: SearchOffer, amount = amountOf(offer)) {
    return c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: offer.total_currency,
      passengers: passengersFor(offer),
      cardDetails: TEST_CARD,
    });
  }

  async function book(origin: string, destination: string) {
    const c = new TestClient(t.app);
    const offer = await offerFor(origin, destination);
    const amount = amountOf(offer);
    const payment = await pay(c, offer, amount);
    expect(payment.statusCode).toBe(200);
    const response = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer),
        paymentDetails: {
          paymentId: payment.json<{ paymentId: string }>().paymentId,
          amount,
          currency: offer.total_currency,
        },
      },
      { 'idempotency-key': randomUUID() },
    );
    return { response, offer };
  }

  const duffelOrders = async () => {
    const duffel = new Duffel({ token: TOKEN, basePath: baseUrl });
    return (await duffel.orders.list({ limit: 200 })).data;
  };
  const money = async () =>
    (
      await queryRows(
        t.database,
        sql`select b.status, p.status as hold, b.order_checks, b.order_uncertainty,
              b.order_escalated_at is not null as escalated, b.provider_order_id
            from bookings b join payment_authorizations a on a.id = b.payment_id
            join sandbox_payment_intents p on p.id = a.provider_payment_id
            order by b.created_at desc limit 1`,
      )
    )[0] as {
      status: string;
      hold: string;
      order_checks: number;
      order_uncertainty: { providerCode: string } | null;
      escalated: boolean;
      provider_order_id: string | null;
    };

  it('order_not_created releases the hold at once: Duffel made nothing', async () => {
    now = START;
    const { response } = await book('LGW', 'STN');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'order_failed', message: bookingMessages.orderFailed },
    });
    expect(await money()).toMatchObject({ status: 'failed', hold: 'canceled' });
  });

  it.each([
    ['a timeout (504)', 'LGW', 'LTN', 'gateway_timeout_error'],
    ['airline_unknown (502)', 'STN', 'LGW', 'airline_unknown'],
  ])(
    'after %s the hold is kept, re-checked on a schedule and escalated, never released',
    async (_, origin, destination, code) => {
      now = START;
      logged.length = 0;
      const { response } = await book(origin, destination);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: { code: 'order_unconfirmed' } });
      expect(await money()).toMatchObject({
        status: 'ordering',
        hold: 'requires_capture',
        order_uncertainty: { providerCode: code },
      });
      expect(logged.some((line) => line.level === 50 && line.msg.includes('Order uncertain'))).toBe(
        true,
      );
      // In the operator's queue, with what Duffel said and when the hold lapses.
      await createAdmin(t.database);
      const admin = new TestClient(t.app);
      expect(
        (await admin.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const queue = adminBookingListSchema.parse(
        (await admin.get('/api/admin/bookings?queue=order_uncertain')).json(),
      );
      expect(queue.items.map((item) => item.status)).toEqual(['ordering']);
      const detail = adminBookingDetailSchema.parse(
        (await admin.get(`/api/admin/bookings/${queue.items[0]?.id ?? ''}`)).json(),
      );
      expect(detail.orderCheck).toMatchObject({
        providerCode: code,
        checks: 0,
        escalated: false,
        holdExpiresAt: new Date(START.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
      });
      expect(detail.orderCheck?.providerRequestId).toMatch(/\w+/);

      // Asked again on its schedule (2, then 5 minutes), and not in between.
      later(3);
      expect(await t.app.jobs.reconcileBookings()).toBe(1);
      expect(await money()).toMatchObject({ status: 'ordering', hold: 'requires_capture' });
      later(1);
      expect(await t.app.jobs.reconcileBookings()).toBe(0);
      later(5);
      expect(await t.app.jobs.reconcileBookings()).toBe(1);
      expect((await money()).order_checks).toBe(2);

      // A day before the hold lapses (seven days), the operator is told again; still held.
      now = new Date(START.getTime() + 6.5 * 24 * 60 * 60 * 1000);
      expect(await t.app.jobs.reconcileBookings()).toBe(1);
      expect(await money()).toMatchObject({
        status: 'ordering',
        hold: 'requires_capture',
        escalated: true,
      });
      expect(
        logged.some((line) => line.level === 50 && line.msg.includes('lapses within a day')),
      ).toBe(true);
      expect(await duffelOrders()).toHaveLength(0);
    },
  );

  it('an order Duffel lists only minutes later is found on a re-check and captured', async () => {
    now = START;
    const { response } = await book('LGW', 'LCY');
    expect(response.statusCode).toBe(503);
    expect(await money()).toMatchObject({ status: 'ordering', hold: 'requires_capture' });
    later(3);
    await t.app.jobs.reconcileBookings();
    expect(await money()).toMatchObject({ status: 'ordering', hold: 'requires_capture' });
    // The server lists it five minutes after it was made; the next check is at 3 + 5 minutes.
    later(6);
    expect(await t.app.jobs.reconcileBookings()).toBe(1);
    const settled = await money();
    expect(settled).toMatchObject({ status: 'confirmed', hold: 'succeeded' });
    expect((await duffelOrders()).map((o) => `duffel-test~${o.id}`)).toContain(
      settled.provider_order_id,
    );
  });

  it('insufficient_balance releases the hold and refuses bookings before any card is touched, until a re-check succeeds', async () => {
    now = START;
    logged.length = 0;
    const { response } = await book('LCY', 'LHR');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: { code: 'bookings_paused', message: bookingMessages.bookingsPaused },
    });
    expect(await money()).toMatchObject({ status: 'failed', hold: 'canceled' });
    expect(logged.some((line) => line.level === 50 && line.msg.includes('balance too low'))).toBe(
      true,
    );

    // Any other flight: refused at the payment step, no hold placed.
    const c = new TestClient(t.app);
    const other = await offerFor('LHR', 'JFK');
    const holds = async () =>
      (await queryRows(t.database, sql`select id from sandbox_payment_intents`)).length;
    const before = await holds();
    const refused = await pay(c, other);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toMatchObject({ error: { code: 'bookings_paused' } });
    expect(await holds()).toBe(before);

    // Ten minutes on, one booking may try again; its success clears the alert.
    later(11);
    const again = await book('LHR', 'JFK');
    expect(again.response.statusCode).toBe(201);
    expect(await queryRows(t.database, sql`select mode from duffel_balance_alerts`)).toEqual([]);
  });

  it('price_changed with a new price shows it once, before a new hold', async () => {
    now = START;
    const c = new TestClient(t.app);
    const offer = await offerFor('LHR', 'STN');
    const refused = await pay(c, offer);
    expect(refused.statusCode).toBe(409);
    const amount = refused.json<{ error: { details: { amount: string } } }>().error.details.amount;
    expect(amount).not.toBe(amountOf(offer));
    expect((await pay(c, offer, amount)).statusCode).toBe(200);
  });

  it('price_changed whose re-read shows the same price is refused, never asked again', async () => {
    now = START;
    const { response } = await book('LTN', 'LHR');
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ error: { code: 'offer_unavailable' } });
    expect(await money()).toMatchObject({ status: 'failed', hold: 'canceled' });
    expect(await duffelOrders()).toHaveLength(0);
  });

  it('payment_amount_does_not_match_order_amount on the same price is refused the same way', async () => {
    now = START;
    const { response } = await book('LCY', 'LGW');
    expect(response.statusCode).toBe(410);
    expect(await money()).toMatchObject({ status: 'failed', hold: 'canceled' });
    expect(await duffelOrders()).toHaveLength(0);
  });

  it.each([
    ['claimed', 'failed', 'canceled', 0],
    ['ordered', 'confirmed', 'succeeded', 1],
    ['captured', 'confirmed', 'succeeded', 1],
  ] as const)(
    'a process that dies after the %s step leaves a booking the reconciler settles as the airline has it',
    async (step, status, hold, orders) => {
      now = START;
      const before = (await duffelOrders()).length;
      crashAfter = step;
      try {
        const { response } = await book('LHR', 'BOS');
        expect(response.statusCode).toBe(500);
      } finally {
        crashAfter = null;
      }
      later(3);
      expect(await t.app.jobs.reconcileBookings()).toBe(1);
      expect(await money()).toMatchObject({ status, hold });
      expect(await duffelOrders()).toHaveLength(before + orders);
    },
  );
});
