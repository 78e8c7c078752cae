import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The API suite runs on embedded PGlite, and again on the PostgreSQL server when DATABASE_URL is
 * set. Tests of real server processes (`*.process.test.ts`, slow: each starts servers) run once:
 * on the server when there is one, else on PGlite.
 */
function apiProject(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  const onceOnServer = database === 'pglite' && process.env.DATABASE_URL;
  return {
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: {
      name: `api:${database}`,
      env: { CONTRAIL_TEST_DB: database },
      ...(onceOnServer ? { exclude: ['**/node_modules/**', 'test/**/*.process.test.ts'] } : {}),
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      // The repository's own checks (the import boundaries of `npm run lint`).
      {
        test: {
          name: 'repo',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      'packages/*',
      'apps/web',
      apiProject('pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
