import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { queryRows, resetDatabase, testDatabase } from '../../../test/database';
import { brandId } from '../../../test/users';
import {
  createPasswordResetsRepository,
  createSessionsRepository,
  createUsersRepository,
} from './auth.repository';

// A password change or reset is several writes (the password, the sessions, the links). If the
// connection drops between two of them, none may stay: a new password with the old sessions
// still signed in would leave whoever prompted the change in. The failure is made by a trigger
// that refuses to end sessions, the step after the password.

const DAY = 24 * 60 * 60 * 1000;

describe('password writes are all or nothing', () => {
  let database: DatabaseHandle;
  let userId: string;

  beforeEach(async () => {
    database = await testDatabase();
    await resetDatabase(database);
    const user = await createUsersRepository(database.db).insert({
      brandId: await brandId(database),
      username: 'grace',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: 'old-hash',
    });
    userId = user?.id ?? '';
    const sessions = createSessionsRepository(database.db);
    for (const idHash of ['kept', 'other']) {
      await sessions.insert({
        idHash,
        userId,
        brandId: await brandId(database),
        requiresPasswordChange: true,
        expiresAt: new Date(Date.now() + DAY),
      });
    }
    await database.db.execute(sql`
      create or replace function contrail_test_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'connection lost (simulated)'; end $$`);
    await database.db.execute(sql`
      create trigger contrail_test_refuse before delete on sessions
      for each row execute function contrail_test_refuse()`);
  });

  afterEach(async () => {
    await database.db.execute(sql`drop trigger if exists contrail_test_refuse on sessions`);
  });

  const state = async () => ({
    password: (await queryRows(database, sql`select password_hash from users`))[0]?.password_hash,
    sessions: (
      await queryRows(
        database,
        sql`select id_hash, requires_password_change from sessions order by id_hash`,
      )
    ).map((row) => `${String(row.id_hash)}:${String(row.requires_password_change)}`),
  });

  it('a password change that fails at the sessions keeps the old password and every session', async () => {
    const before = await state();
    await expect(
      createUsersRepository(database.db).changePassword(userId, 'new-hash', 'kept'),
    ).rejects.toThrow();
    expect(await state()).toEqual(before);
    expect(before).toEqual({ password: 'old-hash', sessions: ['kept:true', 'other:true'] });

    await database.db.execute(sql`drop trigger contrail_test_refuse on sessions`);
    await createUsersRepository(database.db).changePassword(userId, 'new-hash', 'kept');
    expect(await state()).toEqual({ password: 'new-hash', sessions: ['kept:false'] });
  });

  it('a reset that fails at the sessions keeps the old password, every session and the link', async () => {
    const resets = createPasswordResetsRepository(database.db);
    const now = new Date();
    await resets.insert({
      tokenHash: 'link',
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DAY),
    });
    const before = await state();
    await expect(resets.redeem('link', now, 'new-hash')).rejects.toThrow();
    expect(await state()).toEqual(before);
    expect((await resets.findLive('link', now))?.id).toBe(userId);

    await database.db.execute(sql`drop trigger contrail_test_refuse on sessions`);
    expect(await resets.redeem('link', now, 'new-hash')).toBe(true);
    expect(await state()).toEqual({ password: 'new-hash', sessions: [] });
    expect(await resets.redeem('link', now, 'newer-hash')).toBe(false);
  });
});
