import { searchOffersOf } from '@contrail/contracts/search-results';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/db/prepare';
import { testConfig } from './app';
import { amountOf, passengersFor, TEST_CARD } from './booking-flow';
import { queryRows, scratchDatabaseUrl } from './database';
import { buildServer, inDays, sleep, startServer, type ServerBundle } from './server-process';

// The real server (the bundle `npm start` runs) stopped by signals while travellers book: every
// booking in flight still gets its answer and is confirmed and captured, and the process exits 0,
// whichever shutdown signals arrive and however often (a supervisor repeating SIGTERM, Ctrl-C
// reaching the whole group, a terminal closing).

const ADMIN_PASSWORD = 'Drain-Test-Admin-Pass-1!';
const TRAVELLERS = 6;

/**
 * A booking whose body arrives in two parts: the server has its headers (the request is in
 * flight) and waits for the rest until `finish` sends it.
 */
function slowBooking(
  port: number,
  body: unknown,
  cookie: string,
): { finish: () => void; answer: Promise<{ status: number; text: string }> } {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  let request: ClientRequest | undefined;
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/bookings',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'sec-fetch-site': 'same-origin',
          'idempotency-key': randomUUID(),
          cookie,
        },
      },
      (response: IncomingMessage) => {
        let received = '';
        response.on('data', (chunk: Buffer) => (received += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: received }));
      },
    );
    request.on('error', reject);
    request.write(text.slice(0, half));
  });
  return { finish: () => request?.end(text.slice(half)), answer };
}

describe('shutdown while travellers book', () => {
  let dataDir: string;
  let bundle: ServerBundle;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contrail-drain-'));
    databaseUrl = await scratchDatabaseUrl('drain');
    bundle = await buildServer('drain-test');
  }, 60_000);

  afterAll(async () => {
    await bundle.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers every booking in flight, confirmed and captured, and exits 0 through SIGTERM twice, SIGINT and SIGHUP', async () => {
    const server = await startServer(bundle, {
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        ADMIN_PASSWORD,
        LOG_LEVEL: 'info',
      },
    });
    const { base, process: child, exited: exit, output } = server;
    const port = Number(new URL(base).port);

    const search = await fetch(`${base}/api/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({
        origin: 'LHR',
        destination: 'JFK',
        departureDate: inDays(30),
        cabinClass: 'economy',
        adultsCount: 1,
        childrenCount: 0,
        infantsCount: 0,
        tripType: 'one-way',
      }),
    });
    expect(search.status, output()).toBe(200);
    const offers = searchOffersOf(await search.json());

    // Each traveller's card is authorised; then every booking is sent, its body half-way.
    const bookings = await Promise.all(
      Array.from({ length: TRAVELLERS }, async (_, i) => {
        const offer = offers[i % offers.length];
        if (!offer) throw new Error('no offers');
        const amount = amountOf(offer);
        const passengers = passengersFor(offer, `drain${String(i)}@example.com`);
        const payment = await fetch(`${base}/api/payments/process-card`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
          body: JSON.stringify({
            offerId: offer.id,
            amount,
            currency: offer.total_currency,
            passengers,
            cardDetails: TEST_CARD,
          }),
        });
        expect(payment.status, output()).toBe(200);
        const { paymentId } = (await payment.json()) as { paymentId: string };
        // The guest checkout cookie: the payment is usable only by the browser that made it.
        const cookie = payment.headers
          .getSetCookie()
          .map((header) => header.split(';')[0] ?? '')
          .join('; ');
        return slowBooking(
          port,
          {
            offerId: offer.id,
            passengers,
            paymentDetails: { paymentId, amount, currency: offer.total_currency },
          },
          cookie,
        );
      }),
    );
    await sleep(300);

    // Signals, again and again, while every booking is in flight.
    for (const signal of ['SIGTERM', 'SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      child.kill(signal);
      await sleep(50);
    }
    // The bodies arrive after the signals: the server still answers each in full.
    for (const booking of bookings) booking.finish();
    const answers = await Promise.all(bookings.map((booking) => booking.answer));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);

    expect(await exit).toBe(0);
    expect(output()).toContain('shutting down: finishing the requests in flight');
    expect(output()).toContain('already shutting down');
    expect(output()).toContain('shut down cleanly');

    // What the answers said is what the database holds: confirmed, captured, nothing between.
    const { database } = await prepareDatabase(
      testConfig({
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ADMIN_PASSWORD,
      }),
    );
    try {
      const rows = await queryRows(
        database,
        sql`select b.status, i.status as intent
            from bookings b
            join payment_authorizations p on p.id = b.payment_id
            join sandbox_payment_intents i on i.id = p.provider_payment_id`,
      );
      expect(rows).toHaveLength(TRAVELLERS);
      for (const row of rows) expect(row).toEqual({ status: 'confirmed', intent: 'succeeded' });
    } finally {
      await database.close();
    }
  }, 180_000);
});
