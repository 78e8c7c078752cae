import { searchOffersOf } from '@contrail/contracts/search-results';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/prepare';
import { testConfig } from './app';
import { amountOf, passengersFor, TEST_CARD } from './booking-flow';
import { queryRows, scratchDatabaseUrl } from './database';
import {
  buildServer,
  inDays,
  sleep,
  startServer,
  stopServer,
  type ServerBundle,
  type ServerProcess,
} from './server-process';

// Real server processes (the bundle `npm start` runs) killed with SIGKILL while travellers book,
// again and again on one database. Whatever moment the kill lands on, once the reconciler and the
// hold sweep have run: every booking is confirmed and captured or failed with its hold released,
// no card hold is left open, and no airline order exists without a confirmed booking.

const ROUNDS = 5;
const TRAVELLERS_PER_ROUND = 6;
const ADMIN_PASSWORD = 'Crash-Test-Admin-Pass-1!';

describe('bookings survive a server killed at any moment', () => {
  let dataDir: string;
  let bundle: ServerBundle;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contrail-crash-'));
    databaseUrl = await scratchDatabaseUrl('crash');
    bundle = await buildServer('crash-test');
  }, 60_000);

  afterAll(async () => {
    await bundle.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startServer(bundle, {
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        ADMIN_PASSWORD,
      },
    });

  const kill = (running: ServerProcess) => stopServer(running, 'SIGKILL');

  /** One traveller's booking: authorise, then book. Any step may meet the kill. */
  async function travel(
    base: string,
    offer: SearchOffer,
    n: number,
    onPaid: () => void,
  ): Promise<void> {
    const cookies: string[] = [];
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
      });
      for (const header of response.headers.getSetCookie())
        cookies.push(header.split(';')[0] ?? '');
      return response;
    };
    const amount = amountOf(offer);
    const passengers = passengersFor(offer, `crash${String(n)}@example.com`);
    const payment = await post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: offer.total_currency,
      passengers,
      cardDetails: TEST_CARD,
    });
    if (!payment.ok) return;
    const { paymentId } = (await payment.json()) as { paymentId: string };
    onPaid();
    await post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers,
        paymentDetails: { paymentId, amount, currency: offer.total_currency },
      },
      { 'idempotency-key': randomUUID() },
    );
  }

  it('ends every booking confirmed-and-captured or failed-and-voided, with no hold left open', async () => {
    let traveller = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const running = await start();
      const search = await fetch(`${running.base}/api/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({
          origin: 'LHR',
          destination: 'JFK',
          departureDate: inDays(30 + round),
          cabinClass: 'economy',
          adultsCount: 1,
          childrenCount: 0,
          infantsCount: 0,
          tripType: 'one-way',
        }),
      });
      expect(search.status, running.output()).toBe(200);
      const offers = searchOffersOf(await search.json());
      let paid: () => void = () => undefined;
      const firstPaid = new Promise<void>((resolve) => (paid = resolve));
      const flights = Array.from({ length: TRAVELLERS_PER_ROUND }, (_, i) => {
        const offer = offers[i % offers.length];
        if (!offer) throw new Error('no offers');
        traveller += 1;
        const n = traveller;
        // Travellers start apart, so the kill finds them at different steps.
        return sleep(i * 60 + randomInt(0, 60)).then(() =>
          travel(running.base, offer, n, paid).catch(() => undefined),
        );
      });
      // Once money is moving, at a random moment.
      await Promise.race([firstPaid, sleep(5_000)]);
      await sleep(randomInt(0, 250));
      await kill(running);
      await Promise.all(flights);
    }

    // The restart, later: the reconciler and the hold sweep settle what the kills left.
    const later = new Date(Date.now() + 40 * 60 * 1000);
    const config = testConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_PASSWORD,
    });
    const { database } = await prepareDatabase(config);
    // The kills must have caught bookings between their steps, or this proves nothing.
    const [left] = await queryRows(
      database,
      sql`select
            (select count(*)::int from bookings
              where status in ('pending', 'ordering', 'capturing', 'voiding')) as bookings,
            (select count(*)::int from sandbox_payment_intents
              where status = 'requires_capture') as holds`,
    );
    expect(Number(left?.bookings) + Number(left?.holds)).toBeGreaterThan(0);
    const app = await buildApp({
      config,
      database,
      logger: false,
      clock: () => later,
      settlingJobs: false,
      emailIntervalMs: 0,
    });
    try {
      for (let pass = 0; pass < 10; pass += 1) {
        const settled = (await app.jobs.reconcileBookings()) + (await app.jobs.sweepHolds());
        if (settled === 0) break;
      }
      const rows = (query: ReturnType<typeof sql>) => queryRows(database, query);

      const bookings = await rows(sql`
          select b.id, b.status, i.status as intent, o.id as order_id, o.cancelled
          from bookings b
          left join payment_authorizations p on p.id = b.payment_id and p.booking_id = b.id
          left join sandbox_payment_intents i on i.id = p.provider_payment_id
          left join (
            select id, document->'metadata'->>'contrail_booking' as booking_id,
                   document->>'cancelled_at' is not null as cancelled
            from sandbox_orders
          ) o on o.booking_id = b.id::text`);
      expect(bookings.length).toBeGreaterThan(0);
      for (const booking of bookings) {
        if (booking.status === 'confirmed') {
          expect(booking, 'a confirmed booking is captured and ordered').toMatchObject({
            intent: 'succeeded',
            cancelled: false,
          });
          expect(booking.order_id).not.toBeNull();
        } else {
          expect(booking.status, 'nothing is left between steps').toBe('failed');
          expect(booking.order_id, 'a failed booking has no order').toBeNull();
          expect(['canceled', null]).toContain(booking.intent);
        }
      }
      expect(
        await rows(sql`select id from sandbox_payment_intents where status = 'requires_capture'`),
        'no card hold is left open',
      ).toEqual([]);
      expect(
        await rows(sql`
            select o.id from sandbox_orders o
            left join bookings b on b.id::text = o.document->'metadata'->>'contrail_booking'
            where b.status is distinct from 'confirmed'`),
        'no airline order without a confirmed booking',
      ).toEqual([]);
      expect(
        await rows(sql`
            select i.id from sandbox_payment_intents i
            where i.status = 'succeeded' and not exists (
              select 1 from payment_authorizations p
              join bookings b on b.id = p.booking_id and b.status = 'confirmed'
              where p.provider_payment_id = i.id)`),
        'no capture without a confirmed booking',
      ).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 240_000);
});
