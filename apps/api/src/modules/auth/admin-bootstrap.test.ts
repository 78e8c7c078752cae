import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../test/database';
import { bootstrapPlatformAdmin, createPlatformAdmin } from './admin-bootstrap';
import { createUsersRepository } from './auth.repository';
import { generatePassword, useTestHashCost, verifyPassword } from './password';

describe('platform admin bootstrap', () => {
  // The server's own cost, not the one the other suites hash at.
  beforeAll(() => useTestHashCost(false));
  afterAll(() => useTestHashCost(true));
  beforeEach(async () => resetDatabase(await testDatabase()));

  it('creates the admin once, with a generated temporary password stored only as a hash', async () => {
    const { db } = await testDatabase();
    const created = await bootstrapPlatformAdmin(db, { username: 'admin' });
    expect(created?.username).toBe('admin');
    const password = created?.generatedPassword ?? '';
    expect(password).toHaveLength(20);
    const row = await createUsersRepository(db).findForSignIn(
      '00000000-0000-0000-0000-000000000000',
      'admin',
    );
    expect(row).toMatchObject({ brandId: null, isAdmin: true, passwordTemporary: true });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(password);
    expect(await verifyPassword(row?.passwordHash ?? '', password)).toBe(true);

    expect(await bootstrapPlatformAdmin(db, { username: 'admin' })).toBeUndefined();
  });

  it('uses ADMIN_PASSWORD when given, as a permanent password', async () => {
    const { db } = await testDatabase();
    const created = await bootstrapPlatformAdmin(db, {
      username: 'ops',
      password: 'Operator-Pass-2026!',
    });
    expect(created).toEqual({ username: 'ops' });
    const row = await createUsersRepository(db).findForSignIn(
      '00000000-0000-0000-0000-000000000000',
      'ops',
    );
    expect(row?.passwordTemporary).toBe(false);
    expect(await verifyPassword(row?.passwordHash ?? '', 'Operator-Pass-2026!')).toBe(true);
  });

  it('refuses a second admin with the same name', async () => {
    const { db } = await testDatabase();
    expect(await createPlatformAdmin(db, { username: 'root-admin' })).toBeDefined();
    expect(await createPlatformAdmin(db, { username: 'Root-Admin' })).toBeUndefined();
  });

  it('generates passwords that pass the change-password rule and differ every time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });
});
