import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import { createPostgresSandboxStore } from '../src/providers/flights/sandbox/sandbox-store';
import { createSandboxSupplier } from '../src/providers/flights/sandbox/sandbox-supplier';
import { createSandboxPayments } from '../src/providers/payments/sandbox/sandbox-payments';
import { parseConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { resetDatabase, testDatabase } from './database';
import { checkAnswers, takeAnswerProblems } from './strict-answers';

let dataDir: string | undefined;

/**
 * The test configuration: quiet, e-mail sent and price alerts checked only when a test asks
 * (`app.jobs.deliverEmails`, `app.jobs.checkPriceAlerts`),
 * and a data folder of the worker's own, where mail goes as .eml files without SMTP_URL.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  dataDir ??= mkdtempSync(join(tmpdir(), 'contrail-api-test-'));
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    EMAIL_DELIVERY_INTERVAL_MS: '0',
    // The price-alert job's queue (pg-boss) is started only by the tests of it.
    ALERT_JOBS: 'false',
    ...overrides,
  });
}

type TestDeps = Omit<AppDeps, 'config' | 'database' | 'logger'>;

/**
 * Live mode's providers for tests of the switch and of what it changes: the sandbox airline and
 * card processor of this database, standing in for Duffel and Stripe.
 */
export function sandboxLiveProviders(
  database: DatabaseHandle,
  clock: () => Date = () => new Date(),
): Pick<TestDeps, 'liveFlightSupplier' | 'livePaymentProvider'> {
  const store = createPostgresSandboxStore(database.db);
  return {
    liveFlightSupplier: createSandboxSupplier({
      store,
      findOrderIdByBooking: (reference) => store.findOrderIdByBooking(reference),
      clock,
      secret: 'live-sandbox-test-secret-0123456789abcdef',
    }),
    livePaymentProvider: createSandboxPayments(database.db, clock),
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/**
 * Registers hooks that build the real app on the worker's database before the file's tests and
 * reset the data before each test. Use the returned object's fields inside tests.
 */
export function useTestApp(
  env: Record<string, string> = {},
  deps: TestDeps | ((database: DatabaseHandle) => TestDeps) = {},
): TestApp {
  const context = {} as TestApp;
  beforeAll(async () => {
    context.database = await testDatabase();
    const given = typeof deps === 'function' ? deps(context.database) : deps;
    context.app = await buildApp({
      config: testConfig(env),
      database: context.database,
      logger: false,
      settlingJobs: false,
      alertJobs: false,
      ...given,
      // Every answer is held to its route's response schema, strictly (test/strict-answers.ts).
      onRoute: (route) => {
        given.onRoute?.(route);
        checkAnswers(route);
      },
    });
    await context.app.ready();
  });
  afterEach(() => {
    expect(takeAnswerProblems(), 'answers that break their response schema').toEqual([]);
  });
  beforeEach(async () => {
    await resetDatabase(context.database);
    context.app.dropCaches();
  });
  afterAll(async () => {
    await context.app.close();
  });
  return context;
}
