import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { createSettingsRepository } from '../system/system.repository';
import { createUsersRepository } from './auth.repository';
import { hashPassword } from './password';

const ADMIN_SEED_MARKER = 'seed:admin:v1';
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A strong random password: 20 characters from 57, about 117 bits, with every class present. */
export function generatePassword(length = 20): string {
  const required = [
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    'abcdefghijkmnopqrstuvwxyz',
    '23456789',
    '!@#$%&*-_=+',
  ];
  const chars = required.map((set) => set[randomInt(set.length)] ?? '');
  while (chars.length < length) chars.push(ALPHABET[randomInt(ALPHABET.length)] ?? '');
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

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
