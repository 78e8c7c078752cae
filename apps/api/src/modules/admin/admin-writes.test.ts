import type { BrandInput } from '@contrail/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxLiveProviders, useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';

// An admin change and its audit record are written together or not at all: a connection lost
// between the two must not leave a mode switch or a brand that nobody is recorded to have made.
// The loss is made by a trigger that refuses the audit record.

describe('admin changes and their audit record', () => {
  const t = useTestApp({}, (database) => sandboxLiveProviders(database));

  async function refuseAuditRecords(): Promise<void> {
    await t.database.db.execute(sql`
      create or replace function contrail_test_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'connection lost (simulated)'; end $$`);
    await t.database.db.execute(sql`
      create trigger contrail_test_refuse before insert on audit_log
      for each row execute function contrail_test_refuse()`);
  }

  afterEach(async () => {
    await t.database.db.execute(sql`drop trigger if exists contrail_test_refuse on audit_log`);
  });

  async function steppedUpAdmin(): Promise<TestClient> {
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await c.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
    return c;
  }

  it('leaves the mode as it was when the audit record cannot be written', async () => {
    const c = await steppedUpAdmin();
    await refuseAuditRecords();
    const failed = await c.post('/api/admin/settings', { enableLiveMode: true });
    expect(failed.statusCode).toBe(500);
    expect((await c.get('/api/system/mode')).json()).toEqual({ isLiveMode: false, mode: 'test' });

    await t.database.db.execute(sql`drop trigger contrail_test_refuse on audit_log`);
    expect((await c.post('/api/admin/settings', { enableLiveMode: true })).statusCode).toBe(200);
    expect((await c.get('/api/system/mode')).json()).toEqual({ isLiveMode: true, mode: 'live' });
    expect(await queryRows(t.database, sql`select action from audit_log`)).toEqual([
      { action: 'system.mode_changed' },
    ]);
  });

  it('creates no brand when the audit record cannot be written', async () => {
    const c = await steppedUpAdmin();
    await refuseAuditRecords();
    const input: BrandInput = {
      name: 'Jetwise',
      domain: 'jetwise.example',
      logo: 'https://cdn.jetwise.example/logo.svg',
      theme: {
        primary: '#7C3AED',
        secondary: '#1e1b4b',
        accent: '#facc15',
        background: '#ffffff',
        text: '#111827',
        font: 'Inter, sans-serif',
      },
      contact: { email: 'help@jetwise.example', phone: '+1 212 555 0199', address: '5 Main St' },
      social: { facebook: '', twitter: '', instagram: null },
      markupPercent: 15,
      currency: 'EUR',
    };
    expect((await c.post('/api/admin/brands', input)).statusCode).toBe(500);
    expect(
      await queryRows(t.database, sql`select id from brands where domain = 'jetwise.example'`),
    ).toEqual([]);
  });
});
