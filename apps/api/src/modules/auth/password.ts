import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m=19 MiB, t=2, p=1). `Algorithm.Argon2id` is a const enum that
 * isolated modules cannot inline, hence the literal.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so that a sign-in for a user who does not exist costs the
 * same time as one with a wrong password.
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('contrail-timing-equaliser');
  await verifyPassword(await dummy, password);
}
