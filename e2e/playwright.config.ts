import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_ADMIN } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// Every run starts the built server on a fresh embedded database (workers inherit the path).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'contrail-e2e-'));
// The server sends its mail to the run's SMTP sink (global-setup.ts), which keeps each message
// as an .eml file in E2E_MAIL_DIR for the tests to read (support/mailbox.ts).
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'contrail-e2e-mail-'));
process.env.E2E_SMTP_PORT ??= String(PORT + 20_000);

// A second app whose test mode's flights come from Duffel: the repository's Duffel-compatible
// server on the next port, the app on the one after, on a database of its own.
const DUFFEL_PORT = PORT + 1;
const DUFFEL_APP_PORT = PORT + 2;
export const DUFFEL_APP_URL = `http://127.0.0.1:${DUFFEL_APP_PORT}`;
const DUFFEL_TOKEN = 'duffel_test_e2e0123456789';
process.env.E2E_DUFFEL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'contrail-e2e-duffel-'));

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CHROMIUM_USE = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  },
};

const ADMIN_MUTATIONS = /admin-mutations\.spec\.ts/;
const DUFFEL = /duffel\.spec\.ts/;
/** The accessibility audit's files: playwright.a11y.config.ts runs them (`npm run test:a11y`). */
export const ACCESSIBILITY_AUDIT = /(accessibility|wcag-brands|wcag22)\.spec\.ts/;

const API_SERVER = `exec node --enable-source-maps ${process.env.E2E_API_DIST_DIR ?? '../apps/api/dist'}/server.js`;
const SERVER_ENV = {
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  NODE_ENV: 'production',
  // A web build elsewhere than apps/web/dist (several checkouts building side by side).
  ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
};

/** The built app on `port`, with `env` beside the settings every run's app has. */
function appServer(port: number, env: Record<string, string | undefined>) {
  return {
    // exec: the shell Playwright starts the command with becomes the server, so stopping the
    // run stops the server rather than leaving it holding the port.
    command: API_SERVER,
    url: `http://127.0.0.1:${String(port)}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...SERVER_ENV, PORT: String(port), ...env },
  } satisfies PlaywrightTestConfig['webServer'];
}

/** The app on the run's fresh embedded database, sending its mail to the run's SMTP sink. */
export const APP_SERVER = appServer(PORT, {
  DATA_DIR: process.env.E2E_DATA_DIR,
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
  EMAIL_FROM: 'Contrail <no-reply@contrail.example>',
  // Mail goes out a moment after it is queued, so a test waits for it briefly.
  EMAIL_DELIVERY_INTERVAL_MS: '250',
});

// `npm test` (this file): the journeys, every browser test but the accessibility audit's.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    // No trace: recording one for every test, to keep those of the failures, took about a third
    // of the suite's processor time (three journey files on two cores: 172 s of CPU without, 254
    // with; 218 and 234 with only its DOM snapshots or only its screenshots). A failure's
    // screenshot is kept; for its trace, run the test again with `--trace on` (CONTRIBUTING.md).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'journeys',
      use: CHROMIUM_USE,
      testIgnore: [ADMIN_MUTATIONS, DUFFEL, ACCESSIBILITY_AUDIT],
    },
    {
      // The journeys against the app whose flights come from Duffel.
      name: 'duffel',
      use: { ...CHROMIUM_USE, baseURL: DUFFEL_APP_URL },
      testMatch: DUFFEL,
    },
    {
      // Tests that change shared data (the demo brand's colours) run after every other test, so
      // the others see the seeded data whatever the order of the parallel run.
      name: 'admin-mutations',
      use: CHROMIUM_USE,
      testMatch: ADMIN_MUTATIONS,
      dependencies: ['journeys'],
    },
  ],
  webServer: [
    APP_SERVER,
    {
      // The Duffel-compatible server (npm run sandbox:duffel); it answers 401 without a token.
      command: `exec node --import tsx ../packages/sandbox/scripts/duffel-server.ts --port ${DUFFEL_PORT} --token ${DUFFEL_TOKEN}`,
      url: `http://127.0.0.1:${DUFFEL_PORT}/air/airlines`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    appServer(DUFFEL_APP_PORT, {
      DATA_DIR: process.env.E2E_DUFFEL_DATA_DIR,
      DUFFEL_TEST_TOKEN: DUFFEL_TOKEN,
      DUFFEL_API_URL: `http://127.0.0.1:${DUFFEL_PORT}`,
    }),
  ],
});
