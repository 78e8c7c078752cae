import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The API suite runs on embedded PGlite, and again on the PostgreSQL server when DATABASE_URL is set. */
function apiProject(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: { name: `api:${database}`, env: { CONTRAIL_TEST_DB: database } },
  };
}

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/web',
      apiProject('pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
