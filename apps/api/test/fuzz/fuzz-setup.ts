import { searchOffersOf } from '@contrail/contracts/search-results';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { createPlatformAdmin } from '../../src/modules/auth/admin-bootstrap';
import { amountOf, passengersFor, TEST_CARD } from '../booking-flow';
import type { Identity } from './fuzz-run';
import { routeRecorder, type RouteSpec } from './route-table';
import type { Hints } from './schema-arbitrary';

/** The day the fuzzed app lives in: offers searched for December are bookable. */
const FUZZ_NOW = new Date('2026-11-22T10:00:00Z');
/** The seed `npm test` runs with; the bench takes its own. */
export const FUZZ_SEED = 20_261_116;

const ADMIN_PASSWORD = 'Platform-Admin-Pass-1!';
const TRAVELLER_PASSWORD = 'Blue-Horizon-42';

/** A built web app of one page, so that page requests are answered as in production. */
function fakeWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-fuzz-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><link rel="icon" href="/favicon.svg" />' +
      '<title>Contrail</title><script id="boot-data" type="application/json">null</script>' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

export interface FuzzTarget {
  app: FastifyInstance;
  routes: RouteSpec[];
  cookies: Record<Identity, string | undefined>;
  hints: Hints;
  examples: Record<string, () => fc.Arbitrary<unknown>>;
}

function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = values.find((value) => value.startsWith('contrail_session='));
  return session?.split(';')[0];
}

/**
 * The real app on a seeded database, its route table, a signed-in traveller and a stepped-up
 * admin, and real offer ids and airports for the generators to use now and then.
 */
export async function fuzzTarget(database: DatabaseHandle, dataDir: string): Promise<FuzzTarget> {
  const recorder = routeRecorder();
  const app = await buildApp({
    config: parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      EMAIL_DELIVERY_INTERVAL_MS: '0',
      WEB_DIST_DIR: fakeWebApp(),
    }),
    database,
    logger: false,
    settlingJobs: false,
    clock: () => FUZZ_NOW,
    onRoute: recorder.onRoute,
  });
  await app.ready();

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { host: 'localhost:3000', ...(cookie ? { cookie } : {}) },
      remoteAddress: '10.9.9.9',
    });

  await post('/api/auth/register', {
    username: 'traveller',
    email: 'traveller@example.com',
    firstName: 'Tess',
    lastName: 'Traveller',
    password: TRAVELLER_PASSWORD,
  });
  const traveller = sessionCookie(
    (await post('/api/auth/login', { username: 'traveller', password: TRAVELLER_PASSWORD }))
      .headers['set-cookie'],
  );
  await createPlatformAdmin(database.db, { username: 'root', password: ADMIN_PASSWORD });
  const admin = sessionCookie(
    (await post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD })).headers[
      'set-cookie'
    ],
  );
  if (!traveller || !admin) throw new Error('could not sign in the fuzzing identities');
  await post('/api/admin/login', { password: ADMIN_PASSWORD }, admin);

  const search = await post('/api/flights/search', {
    origin: 'LHR',
    destination: 'JFK',
    departureDate: '2026-12-20',
    returnDate: '2026-12-27',
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
    tripType: 'round-trip',
  });
  const offers = searchOffersOf(search.json()).slice(0, 5);
  const paymentFor = (offer: SearchOffer) => ({
    offerId: offer.id,
    amount: amountOf(offer),
    currency: offer.total_currency,
    passengers: passengersFor(offer),
    cardDetails: TEST_CARD,
  });
  // Cards the traveller authorised, each good for one booking: by the traveller a booking is
  // made; by anyone else it must be refused without a write.
  const payments: { offer: SearchOffer; paymentId: string }[] = [];
  for (const offer of offers.slice(0, 3)) {
    const paid = await post('/api/payments/process-card', paymentFor(offer), traveller);
    const { paymentId } = z.object({ paymentId: z.string() }).parse(paid.json());
    payments.push({ offer, paymentId });
  }
  const offerIds = offers.map((offer) => offer.id);
  const amounts = offers.map((offer) => offer.total_amount);
  const airports = ['LHR', 'JFK', 'CDG', 'SFO', 'DXB', 'SIN'];

  const hints: Hints = {
    offerId: () => fc.constantFrom(...offerIds),
    id: () => fc.constantFrom(...offerIds),
    origin: () => fc.constantFrom(...airports),
    destination: () => fc.constantFrom(...airports),
    amount: () => fc.constantFrom(...amounts),
    currency: () => fc.constantFrom('USD', 'EUR', 'GBP'),
    key: () => fc.constantFrom('skyhop.localhost', 'default'),
    code: () => fc.constantFrom('BA', 'AA', 'LH'),
    username: () => fc.constantFrom('traveller', 'root'),
    password: () => fc.constantFrom(TRAVELLER_PASSWORD, ADMIN_PASSWORD),
    currentPassword: () => fc.constant(TRAVELLER_PASSWORD),
    reference: () => fc.constantFrom('ABC123', 'ZZZ999'),
  };

  const examples = {
    // A message that is stored, so that a mutation of it reaches the database.
    'POST /api/contact': () =>
      fc.constantFrom(
        {
          kind: 'contact',
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.com',
          reason: 'booking',
          message: 'My flight time changed; what are my options?',
          consent: true,
        },
        {
          kind: 'support',
          fullName: 'Grace Hopper',
          email: 'grace@example.com',
          subject: 'Seat question',
          message: 'Can I change my seat after booking?',
        },
      ),
    'POST /api/payments/process-card': () => fc.constantFrom(...offers).map(paymentFor),
    'POST /api/bookings': () =>
      fc.constantFrom(...payments).map(({ offer, paymentId }) => ({
        offerId: offer.id,
        passengers: passengersFor(offer),
        paymentDetails: { paymentId, amount: amountOf(offer), currency: offer.total_currency },
      })),
  };

  return {
    app,
    routes: recorder.routes,
    cookies: { anonymous: undefined, traveller, admin },
    hints,
    examples,
  };
}
