import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supplierSearches } from './flights.table';
import { ProviderAnswer, unpack } from './provider-answer';

/**
 * One shared search as stored: its answer once there is one (null too when a process of another
 * version stored one this one cannot read), or who is running it until when.
 */
interface StoredSearch {
  answer: ProviderAnswer | null;
  runningUntil: Date | null;
  expiresAt: Date;
}

export interface SearchesRepository {
  /** The search under `key` if it has not expired. */
  find(key: string, now: Date): Promise<StoredSearch | undefined>;
  /**
   * Takes the search on, unless someone else holds it: a row that expired, or whose runner's time
   * ran out without an answer, is taken over. True when this call took it.
   */
  claim(key: string, now: Date, runningUntil: Date, expiresAt: Date): Promise<boolean>;
  /** The answer of a search this process ran, packed (`ProviderAnswer.packed`). */
  store(key: string, packed: Buffer, expiresAt: Date): Promise<void>;
  /** Gives up a search that failed, so the next traveller asks the provider again. */
  release(key: string): Promise<void>;
  /** Forgets searches that expired before `before`; answers how many. */
  sweep(before: Date): Promise<number>;
}

export function createSearchesRepository(db: Database): SearchesRepository {
  return {
    async find(key, now) {
      const [row] = await db
        .select({
          answer: supplierSearches.answer,
          runningUntil: supplierSearches.runningUntil,
          expiresAt: supplierSearches.expiresAt,
        })
        .from(supplierSearches)
        .where(and(eq(supplierSearches.key, key), gt(supplierSearches.expiresAt, now)));
      if (!row) return undefined;
      if (row.answer === null) return { ...row, answer: null };
      // Written by any process, maybe of another version: read and checked here.
      const offers = await unpack(row.answer, true);
      return { ...row, answer: offers ? ProviderAnswer.ofStored(row.answer, offers) : null };
    },
    async claim(key, now, runningUntil, expiresAt) {
      const values = { answer: null, runningUntil, createdAt: now, expiresAt };
      const claimed = await db
        .insert(supplierSearches)
        .values({ key, ...values })
        .onConflictDoUpdate({
          target: supplierSearches.key,
          set: { answer: sql`null`, runningUntil, createdAt: now, expiresAt },
          setWhere: or(
            lte(supplierSearches.expiresAt, now),
            and(
              isNull(supplierSearches.answer),
              or(isNull(supplierSearches.runningUntil), lte(supplierSearches.runningUntil, now)),
            ),
          ),
        })
        .returning({ key: supplierSearches.key });
      return claimed.length > 0;
    },
    async store(key, bytes, expiresAt) {
      await db
        .update(supplierSearches)
        .set({
          // Hex text, written natively and decoded by the database: PGlite's own encoding of a
          // bytea parameter, a loop in JavaScript, cost 11 ms of the server's thread per answer.
          answer: sql`decode(${bytes.toString('hex')}, 'hex')`,
          runningUntil: null,
          expiresAt,
        })
        .where(eq(supplierSearches.key, key));
    },
    async release(key) {
      await db
        .delete(supplierSearches)
        .where(and(eq(supplierSearches.key, key), isNull(supplierSearches.answer)));
    },
    async sweep(before) {
      const gone = await db
        .delete(supplierSearches)
        .where(lte(supplierSearches.expiresAt, before))
        .returning({ key: supplierSearches.key });
      return gone.length;
    },
  };
}

interface HeldSearch {
  answer: Buffer | null;
  runningUntil: Date | null;
  expiresAt: Date;
}

/**
 * Shared searches kept in this process, for the embedded database, which only one process ever
 * opens: nobody else could read them from a table, and writing a few hundred kilobytes of answer
 * per search cost PGlite, in the server's own thread, a fifth of a busy search's time. Answers
 * are kept gzipped as in the table, the oldest forgotten first past `maxBytes`.
 */
export function createMemorySearches({
  maxBytes,
}: {
  maxBytes: number;
}): SearchesRepository & { clear(): void } {
  const held = new Map<string, HeldSearch>();
  let bytes = 0;
  const forget = (key: string) => {
    const search = held.get(key);
    if (search?.answer) bytes -= search.answer.length;
    held.delete(key);
  };
  return {
    /** Forgets every search (the tests' fresh start between cases). */
    clear() {
      held.clear();
      bytes = 0;
    },
    find(key, now) {
      const search = held.get(key);
      if (!search || search.expiresAt <= now) return Promise.resolve(undefined);
      // This process wrote it, from a checked answer: read back, when needed, without checking.
      const answer = search.answer === null ? null : ProviderAnswer.ofPacked(search.answer, false);
      return Promise.resolve({
        answer,
        runningUntil: search.runningUntil,
        expiresAt: search.expiresAt,
      });
    },
    claim(key, now, runningUntil, expiresAt) {
      const search = held.get(key);
      const free =
        !search ||
        search.expiresAt <= now ||
        (search.answer === null && (search.runningUntil === null || search.runningUntil <= now));
      if (!free) return Promise.resolve(false);
      forget(key);
      held.set(key, { answer: null, runningUntil, expiresAt });
      return Promise.resolve(true);
    },
    store(key, packedAnswer, expiresAt) {
      forget(key);
      held.set(key, { answer: packedAnswer, runningUntil: null, expiresAt });
      bytes += packedAnswer.length;
      // A Map iterates in insertion order: the oldest answers go first.
      for (const [oldest, search] of held) {
        if (bytes <= maxBytes) break;
        if (search.answer && oldest !== key) forget(oldest);
      }
      return Promise.resolve();
    },
    release(key) {
      if (held.get(key)?.answer === null) held.delete(key);
      return Promise.resolve();
    },
    sweep(before) {
      let gone = 0;
      for (const [key, search] of held) {
        if (search.expiresAt <= before) {
          forget(key);
          gone += 1;
        }
      }
      return Promise.resolve(gone);
    },
  };
}
