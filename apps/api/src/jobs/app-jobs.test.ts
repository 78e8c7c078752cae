import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app';
import { resetDatabase, testDatabase } from '../../test/database';
import { TestClient } from '../../test/http';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import type { MailMessage } from '../modules/email/email.service';
import { JOBS } from './registry';

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the app's jobs on its job queue", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
    await resetDatabase(database);
  });

  it('are started with the app, send a queued e-mail at once, and stop with it', async () => {
    const sent: MailMessage[] = [];
    const app = await buildApp({
      config: testConfig({ ALERT_JOBS: 'true' }),
      database,
      logger: false,
      // Polled once a minute, as the e-mail sweep's slot: only the wake-up explains a prompt send.
      emailIntervalMs: 60_000,
      mailer: {
        send: (message) => {
          sent.push(message);
          return Promise.resolve();
        },
      },
    });
    let closed = false;
    try {
      await app.ready();
      const { rows } = await database.executeSql(
        'select name, cron from pgboss.schedule where name = any($1) order by name',
        [Object.values(JOBS).map(({ queue }) => queue)],
      );
      expect(rows).toEqual(
        Object.values(JOBS)
          .map(({ queue, cron }) => ({ name: queue, cron }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );

      const client = new TestClient(app);
      const response = await client.post('/api/auth/register', {
        username: 'amelia',
        email: 'amelia@example.com',
        firstName: 'Amelia',
        lastName: 'Earhart',
        password: 'Blue-Horizon-42',
      });
      expect(response.statusCode).toBe(201);
      // Queued as the account was made, before the answer.
      const answered = Date.now();
      await until(() => sent.length === 1, 10_000);
      expect(Date.now() - answered).toBeLessThan(3_000);
      expect(sent[0]?.to).toBe('amelia@example.com');

      const closing = Date.now();
      await app.close();
      closed = true;
      expect(Date.now() - closing).toBeLessThan(5_000);
    } finally {
      if (!closed) await app.close();
    }
  });
});
