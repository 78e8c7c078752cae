import type { Database } from '../../db/client';
import { createSettingsRepository } from '../system';
import { createUsersRepository } from './auth.repository';
import { generatePassword, hashPassword } from './password';

const ADMIN_SEED_MARKER = 'seed:admin:v1';
export interface AdminAccount {
  username: string;
  /** Present only when the password was generated: the one time it can be shown. */
  generatedPassword?: string;
}

export async function createPlatformAdmin(
  db: Database,
  {
    username,
    password,
    email,
  }: { username: string; password?: string | undefined; email?: string },
): Promise<AdminAccount | undefined> {
  const generatedPassword = password === undefined ? generatePassword() : undefined;
  const user = await createUsersRepository(db).insert({
    brandId: null,
    username,
    email: email ?? `${username.toLowerCase()}@admin.invalid`,
    firstName: 'Platform',
    lastName: 'Admin',
    isAdmin: true,
    // A generated password was shown on a console: it must be replaced at the first sign-in.
    passwordTemporary: generatedPassword !== undefined,
    passwordHash: await hashPassword(password ?? generatedPassword ?? ''),
    // The operator's own configuration names the address.
    emailVerifiedAt: new Date(),
  });
  if (!user) return undefined;
  return generatedPassword === undefined ? { username } : { username, generatedPassword };
}

/**
 * Gives a fresh database its platform admin, once (the marker is written in the same
 * transaction). Answers the account when this call created it.
 */
export async function bootstrapPlatformAdmin(
  db: Database,
  options: { username: string; password?: string | undefined },
): Promise<AdminAccount | undefined> {
  return db.transaction(async (tx) => {
    const first = await createSettingsRepository(tx).insertIfAbsent(
      ADMIN_SEED_MARKER,
      new Date().toISOString(),
    );
    if (!first) return undefined;
    return createPlatformAdmin(tx, options);
  });
}
