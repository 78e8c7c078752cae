import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The API tests that also run on PGlite when the suite runs on a server: those of `src/db` (the
 * embedded database's directory lock and its notifications; the ones about losing a server's
 * connection skip themselves there), and the job queue's (pg-boss on PGlite, decisions 019 and 026).
 */
const EMBEDDED_DATABASE_TESTS = ['src/db/', 'src/jobs/'];

/** The test files in `folder` of the workspace at `root`, as paths under `root`. */
function testFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

/** The API test files (paths under apps/api) that EMBEDDED_DATABASE_TESTS leaves out. */
function serverOnlyApiTests(): string[] {
  return [...testFiles('apps/api', 'src'), ...testFiles('apps/api', 'test')].filter(
    (file) => !EMBEDDED_DATABASE_TESTS.some((kept) => file.startsWith(kept)),
  );
}

/**
 * The API suite, on one database. Without DATABASE_URL it runs whole on embedded PGlite, the
 * database `npm start` uses by default. With DATABASE_URL it runs whole on that PostgreSQL server,
 * the production database: that run holds the SQL to what PostgreSQL 15 accepts (PGlite is
 * PostgreSQL 18) and puts the concurrency tests on a real pool of connections. PGlite then runs
 * only EMBEDDED_DATABASE_TESTS: the rest of the embedded path is run end to end by the browser
 * journeys (their server is on PGlite), `test/npm-start.process.test.ts` and the embedded cases of
 * the cluster and several-processes tests, which start servers on it. Running the whole suite on
 * both took about a fifth of the Vitest run (decision 003).
 */
function apiProject(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  const besideServer = database === 'pglite' && process.env.DATABASE_URL;
  return {
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: {
      name: `api:${database}`,
      env: { CONTRAIL_TEST_DB: database },
      // `extends` adds this to the project's own exclusions.
      ...(besideServer ? { exclude: serverOnlyApiTests() } : {}),
    },
  };
}

/** The web test files (paths under apps/web), by whether they replace a module with `vi.mock`. */
function webTestFiles(): { mocking: string[]; others: string[] } {
  const root = 'apps/web';
  const files = testFiles(root, 'src');
  const mocking = new Set(
    files.filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock(')),
  );
  return { mocking: [...mocking], others: files.filter((file) => !mocking.has(file)) };
}

/**
 * The web suite's files share each worker's loaded libraries (`isolate: false`; the app's own
 * modules are loaded afresh for each file, `src/test/setup.ts`): loading React, the router and
 * Radix again for every file cost more than the tests themselves (123 s against about 60). A
 * module replaced by `vi.mock` would stay replaced for the worker's next files, so the files that
 * mock a module run apart, each isolated. (`extends` adds these exclusions to the project's own.)
 */
function webProjects(): TestProjectInlineConfiguration[] {
  const { mocking, others } = webTestFiles();
  const project = (test: TestProjectInlineConfiguration['test']) => ({
    extends: './apps/web/vitest.config.ts',
    root: './apps/web',
    test,
  });
  return [
    project({ name: 'web', isolate: false, exclude: mocking }),
    project({ name: 'web:mocks', exclude: others }),
  ];
}

export default defineConfig({
  test: {
    // One worker per core, and one more. Vitest keeps a core for itself by default, which on a
    // two-core machine runs every file one after another; its own work is small beside the
    // tests'. The extra worker takes the core a file leaves idle while it waits (the tests that
    // start server processes, PostgreSQL's answers): on two cores, three workers ran the suite in
    // 260–282 s against 306–342 s for two.
    maxWorkers: availableParallelism() + 1,
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
      ...webProjects(),
      apiProject('pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
