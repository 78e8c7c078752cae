import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
  }
}

export const TEST_DATABASE_PREFIX = 'contrail_test_';

/**
 * With DATABASE_URL set, each test worker creates its own database named after this run's id,
 * so parallel runs on one server never collide; this teardown drops this run's databases.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('testRunId', runId);
  return async () => {
    const url = process.env.DATABASE_URL;
    if (!url || process.env.CONTRAIL_TEST_DB === 'pglite') return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${TEST_DATABASE_PREFIX}${runId}_%`],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    } finally {
      await client.end();
    }
  };
}
