import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m=19 MiB, t=2, p=1). `Algorithm.Argon2id` is a const enum that
 * isolated modules cannot inline, hence the literal.
 */
const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

type Argon2Options = Omit<typeof ARGON2_OPTIONS, 'memoryCost' | 'timeCost'> & {
  memoryCost: number;
  timeCost: number;
};

/**
 * The cost the test suites hash at: argon2id at its smallest (1 MiB, one pass). Hundreds of test
 * users each cost a production hash otherwise, a third of some suites' time. The server never
 * calls `useTestHashCost`; `admin-bootstrap.test.ts` checks the production parameters.
 */
const TEST_ARGON2_OPTIONS: Argon2Options = { ...ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 };
let hashOptions: Argon2Options = ARGON2_OPTIONS;

/** For the test suites' setup only (`test/setup.ts`): hash at the test cost, or back at OWASP's. */
export function useTestHashCost(enabled: boolean): void {
  hashOptions = enabled ? TEST_ARGON2_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Computes the throwaway hash ahead of the first sign-in, so that one is not slower either. */
export function prepareTimingEqualiser(): void {
  dummy ??= hashPassword('contrail-timing-equaliser');
}

/**
 * Verifies against a throwaway hash so that a sign-in for a user who does not exist costs the
 * same time as one with a wrong password.
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('contrail-timing-equaliser');
  await verifyPassword(await dummy, password);
}

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
