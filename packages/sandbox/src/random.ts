/**
 * Seeded, hash-based randomness. The sandbox never calls Math.random: every "random" choice is a
 * pure function of a string key (route, date, flight, seed), so every process answers the same.
 */

// The hashes are the reference data's (its airline marks are drawn from them too).
import { hashString } from '@contrail/reference-data/hash';

export { hashString, mixInts } from '@contrail/reference-data/hash';

/** A number in [0, 1) fixed by the key. */
export function unitFromKey(key: string): number {
  return hashString(key) / 4294967296;
}

/** A number in [0, 1) fixed by a 32-bit hash. */
export function unitFromHash(hash: number): number {
  return (hash >>> 0) / 4294967296;
}

/** An integer in [min, max] fixed by the key. */
export function intFromKey(key: string, min: number, max: number): number {
  return min + Math.floor(unitFromKey(key) * (max - min + 1));
}

/** A stream of numbers in [0, 1) (mulberry32) for choices that need several draws. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(key: string): Random {
  let state = hashString(key);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick() from an empty list');
      return item;
    },
  };
}

const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A Duffel-looking id body (`0000AbCd…`) derived from a key, so rebuilt objects keep their ids.
 * 22 characters from four independent 32-bit hashes: collisions are not a practical concern.
 */
export function idFromKey(key: string, length = 22): string {
  let out = '';
  let round = 0;
  while (out.length < length) {
    let hash = hashString(`${key}#${round}`);
    for (let i = 0; i < 5 && out.length < length; i++) {
      out += idAlphabet.charAt(hash % 62);
      hash = Math.floor(hash / 62);
    }
    round++;
  }
  return out;
}

/** Like idFromKey, from a 32-bit seed (cheaper when many ids derive from one base hash). */
export function idFromHash(seed: number, length = 22): string {
  let state = seed >>> 0;
  // The characters' codes into one array, turned into a string in one call: a search makes some
  // thousand ids, and adding them up a character at a time cost twice as much.
  let codes = idCodeBuffers.get(length);
  if (codes === undefined) {
    codes = new Array<number>(length);
    idCodeBuffers.set(length, codes);
  }
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    codes[i] = idAlphabetCodes[((t ^ (t >>> 14)) >>> 0) % 62] ?? 0;
  }
  return String.fromCharCode(...codes);
}

const idAlphabetCodes = Array.from(idAlphabet, (char) => char.charCodeAt(0));
/** One scratch array per id length (a handful of lengths are used). */
const idCodeBuffers = new Map<number, number[]>();
