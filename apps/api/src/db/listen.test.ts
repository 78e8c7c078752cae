import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/database';

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('DatabaseHandle.listen', () => {
  it('calls back on each NOTIFY of its channel only, and confirms it is listening', async () => {
    const database = await testDatabase();
    let notified = 0;
    const gaps: boolean[] = [];
    const stop = await database.listen('contrail_test_channel', {
      onNotify: () => (notified += 1),
      onGap: (listening) => gaps.push(listening),
    });
    try {
      expect(gaps).toEqual([true]);
      await database.db.execute(sql`select pg_notify('contrail_test_channel', 'a')`);
      await database.db.execute(sql`select pg_notify('contrail_other_channel', 'b')`);
      await until(() => notified === 1, 'the notification');
      await database.db.execute(sql`select pg_notify('contrail_test_channel', 'c')`);
      await until(() => notified === 2, 'the second notification');
    } finally {
      await stop();
    }
    await database.db.execute(sql`select pg_notify('contrail_test_channel', 'd')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notified).toBe(2);
  });

  it.runIf(process.env.CONTRAIL_TEST_DB === 'postgres')(
    'reports the gap when its connection drops, listens again, and hears later notifications',
    async () => {
      const database = await testDatabase();
      let notified = 0;
      const gaps: boolean[] = [];
      const stop = await database.listen('contrail_test_reconnect', {
        onNotify: () => (notified += 1),
        onGap: (listening) => gaps.push(listening),
      });
      try {
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query = 'LISTEN "contrail_test_reconnect"'`,
        );
        await until(() => gaps.length === 3, 'the connection to come back');
        expect(gaps).toEqual([true, false, true]);
        await database.db.execute(sql`select pg_notify('contrail_test_reconnect', '')`);
        await until(() => notified === 1, 'the notification after reconnecting');
      } finally {
        await stop();
      }
    },
  );
});
