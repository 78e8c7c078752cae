import { searchOffersOf } from '@contrail/contracts/search-results';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIntentResponseSchema } from '@contrail/contracts/payments';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/prepare';
import { createStripeClient } from '../src/providers/payments/stripe/stripe-payments';
import { testConfig } from './app';
import { amountOf, passengersFor } from './booking-flow';
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

// As booking-crash.process.test.ts, with Stripe as the card processor: real server processes
// (the bundle `npm start` runs) with Stripe test keys, pointed at the Stripe sandbox, killed with
// SIGKILL while travellers pay in "the browser" and book. Once the reconciler and the hold sweep
// have run, asking Stripe: every booking is confirmed with its intent captured, or failed with its
// intent cancelled; no hold is left; no order exists without a confirmed booking.

const ROUNDS = 4;
const TRAVELLERS_PER_ROUND = 6;
const ADMIN_PASSWORD = 'Crash-Test-Admin-Pass-1!';
const STRIPE = {
  STRIPE_TEST_SECRET_KEY: 'sk_test_contrail0000000crash',
  STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_contrail0000000crash',
  STRIPE_WEBHOOK_SECRET: 'whsec_contrail0000000crash',
};

describe('Stripe bookings survive a server killed at any moment', () => {
  let dataDir: string;
  let bundle: ServerBundle;
  let databaseUrl: string | undefined;
  let sandbox: StripeServer;
  let apiUrl: string;
  /** What travellers' browsers do in Stripe's Payment Element, and what we ask Stripe after. */
  let stripe: Stripe;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contrail-stripe-crash-'));
    databaseUrl = await scratchDatabaseUrl('stripe_crash');
    sandbox = createStripeServer({ apiKeys: [STRIPE.STRIPE_TEST_SECRET_KEY] });
    apiUrl = await sandbox.listen();
    stripe = createStripeClient({
      secretKey: STRIPE.STRIPE_TEST_SECRET_KEY,
      apiUrl,
      maxNetworkRetries: 0,
    });
    bundle = await buildServer('stripe-crash-test');
  }, 120_000);

  afterAll(async () => {
    await sandbox.close();
    await bundle.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startServer(bundle, {
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        ADMIN_PASSWORD,
        ...STRIPE,
        STRIPE_API_URL: apiUrl,
      },
    });

  const kill = (running: ServerProcess) => stopServer(running, 'SIGKILL');

  /** One traveller: the intent, the card confirmed at Stripe, the booking. Any step may meet the kill. */
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
    const key = randomUUID();
    const created = await post(
      '/api/payments/intents',
      { offerId: offer.id, amount, currency: offer.total_currency, passengers },
      { 'idempotency-key': key },
    );
    if (!created.ok) return;
    const intent = createIntentResponseSchema.parse(await created.json());
    await stripe.paymentIntents.confirm(intent.paymentId, { payment_method: 'pm_card_visa' });
    onPaid();
    await post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers,
        paymentDetails: { paymentId: intent.paymentId, amount, currency: offer.total_currency },
      },
      { 'idempotency-key': key },
    );
  }

  it('ends every booking confirmed-and-captured or failed-and-voided at Stripe, with no hold left', async () => {
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
        return sleep(i * 60 + randomInt(0, 60)).then(() =>
          travel(running.base, offer, n, paid).catch(() => undefined),
        );
      });
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
      ...STRIPE,
      STRIPE_API_URL: apiUrl,
    });
    const { database } = await prepareDatabase(config);
    const intents = async () =>
      new Map(
        (await stripe.paymentIntents.list({ limit: 100 })).data.map((intent) => [
          intent.id,
          intent.status,
        ]),
      );
    const before = await intents();
    const [open] = await queryRows(
      database,
      sql`select count(*)::int as bookings from bookings
          where status in ('pending', 'ordering', 'capturing', 'voiding')`,
    );
    // The kills must have caught something between its steps, or this proves nothing.
    expect(
      Number(open?.bookings) + [...before.values()].filter((s) => s === 'requires_capture').length,
    ).toBeGreaterThan(0);
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
      const atStripe = await intents();
      const bookings = await rows(sql`
          select b.id, b.status, p.provider_payment_id as intent_id, o.id as order_id, o.cancelled
          from bookings b
          left join payment_authorizations p on p.id = b.payment_id and p.booking_id = b.id
          left join (
            select id, document->'metadata'->>'contrail_booking' as booking_id,
                   document->>'cancelled_at' is not null as cancelled
            from sandbox_orders
          ) o on o.booking_id = b.id::text`);
      expect(bookings.length).toBeGreaterThan(0);
      for (const booking of bookings) {
        const intent =
          typeof booking.intent_id === 'string' ? atStripe.get(booking.intent_id) : undefined;
        if (booking.status === 'confirmed') {
          expect(intent, 'a confirmed booking is captured').toBe('succeeded');
          expect(booking.order_id, 'and ordered').not.toBeNull();
          expect(booking.cancelled).toBe(false);
        } else {
          expect(booking.status, 'nothing is left between steps').toBe('failed');
          expect(booking.order_id, 'a failed booking has no order').toBeNull();
          expect(['canceled', undefined]).toContain(intent);
        }
      }
      expect(
        [...atStripe.entries()].filter(([, status]) => status === 'requires_capture'),
        'no card hold is left open',
      ).toEqual([]);
      expect(
        await rows(sql`
            select o.id from sandbox_orders o
            left join bookings b on b.id::text = o.document->'metadata'->>'contrail_booking'
            where b.status is distinct from 'confirmed'`),
        'no airline order without a confirmed booking',
      ).toEqual([]);
      const confirmedIntents = new Set(
        (
          await rows(sql`
            select p.provider_payment_id from payment_authorizations p
            join bookings b on b.id = p.booking_id and b.status = 'confirmed'`)
        ).flatMap((row) =>
          typeof row.provider_payment_id === 'string' ? [row.provider_payment_id] : [],
        ),
      );
      expect(
        [...atStripe.entries()].filter(
          ([id, status]) => status === 'succeeded' && !confirmedIntents.has(id),
        ),
        'no capture without a confirmed booking',
      ).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);
});
