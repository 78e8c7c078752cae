/**
 * The random ids the Duffel-compatible server gives (offer requests, the ids of each request's
 * offers, passengers and services, request ids), in Duffel's alphabet.
 */
import { randomBytes } from 'node:crypto';

const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Random bytes drawn from a pool refilled 64 kB at a time: an answer of 200 offers takes
 * thousands of ids, and a call to the random source for each cost it more than its mapping. */
const RANDOM_POOL_BYTES = 65_536;
let randomPool = randomBytes(RANDOM_POOL_BYTES);
let randomAt = 0;

export function randomId(prefix: string, length = 22): string {
  if (randomAt + length > RANDOM_POOL_BYTES) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomAt = 0;
  }
  let id = prefix;
  for (let i = 0; i < length; i += 1) {
    id += idAlphabet.charAt((randomPool[randomAt + i] ?? 0) % idAlphabet.length);
  }
  randomAt += length;
  return id;
}
