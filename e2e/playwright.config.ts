import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// Every run starts the built server on a fresh embedded database (workers inherit the path).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'contrail-e2e-'));
// The server sends its mail to the run's SMTP sink (global-setup.ts), which keeps each message
// as an .eml file in E2E_MAIL_DIR for the tests to read (support/mailbox.ts).
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'contrail-e2e-mail-'));
process.env.E2E_SMTP_PORT ??= String(PORT + 20_000);

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

const CHROMIUM_USE = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  },
};

const ADMIN_MUTATIONS = /admin-mutations\.spec\.ts/;

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: CHROMIUM_USE,
      testIgnore: ADMIN_MUTATIONS,
    },
    {
      // Tests that change shared data (the demo brand's colours) run after every other test, so
      // the others see the seeded data whatever the order of the parallel run.
      name: 'admin-mutations',
      use: CHROMIUM_USE,
      testMatch: ADMIN_MUTATIONS,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    // exec: the shell Playwright starts the command with becomes the server, so stopping the run
    // stops the server rather than leaving it holding the port.
    command: `exec node --enable-source-maps ${process.env.E2E_API_DIST_DIR ?? '../apps/api/dist'}/server.js`,
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      EMAIL_FROM: 'Contrail <no-reply@contrail.example>',
      // Mail goes out a moment after it is queued, so a test waits for it briefly.
      EMAIL_DELIVERY_INTERVAL_MS: '250',
      // A web build elsewhere than apps/web/dist (several checkouts building side by side).
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  },
});
