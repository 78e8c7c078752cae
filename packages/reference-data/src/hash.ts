/**
 * Seeded, hash-based randomness's base: 32-bit hashes of strings and numbers, pure functions of
 * their input (the sandbox's choices and the airline marks' motifs are drawn from them).
 */

/** FNV-1a over UTF-16 code units, finished with murmur3's avalanche so near keys spread apart. */
export function hashString(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return finalize(hash);
}

/** Combines two 32-bit values into one well-mixed 32-bit value (for hot loops without strings). */
export function mixInts(a: number, b: number): number {
  return finalize(Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be59b, 0xc2b2ae35));
}

function finalize(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
