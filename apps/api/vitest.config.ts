import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // One database per worker, shared by that worker's files and reset between tests: starting
    // PostgreSQL (PGlite) or creating a database costs far more than a test.
    pool: 'forks',
    isolate: false,
    env: { TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
