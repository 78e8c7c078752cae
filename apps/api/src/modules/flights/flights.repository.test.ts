import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { queryRows, resetDatabase, testDatabase } from '../../../test/database';
import {
  createMemorySearches,
  createSearchesRepository,
  type SearchesRepository,
} from './flights.repository';
import { pack } from './provider-answer';

const AT = new Date('2026-12-02T08:00:00Z');
const LATER = new Date(AT.getTime() + 5 * 60 * 1000);
const answer = { id: 'orq_0000AgLqU6DJN2NpVHc7Rk', offers: [] };
let packed: Buffer;

/** What a search found stored answers: its offers, read back. */
async function found(repository: SearchesRepository, key: string, at: Date) {
  const search = await repository.find(key, at);
  if (!search) return search;
  return { ...search, answer: search.answer ? await search.answer.offers() : null };
}

let database: DatabaseHandle;
let searches: SearchesRepository;

beforeAll(async () => {
  packed = await pack(answer);
  database = await testDatabase();
  searches = createSearchesRepository(database.db);
});

beforeEach(async () => {
  await resetDatabase(database);
});

describe('shared searches as stored', () => {
  it('keeps an answer gzipped, and reads it back as it was stored', async () => {
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(true);
    expect(await searches.find('k', AT)).toMatchObject({ answer: null });
    await searches.store('k', packed, LATER);

    const [row] = await queryRows(
      database,
      sql`select get_byte(answer_gz, 0) as first, get_byte(answer_gz, 1) as second from supplier_searches`,
    );
    // gzip's magic number.
    expect(row).toEqual({ first: 0x1f, second: 0x8b });
    expect(await found(searches, 'k', AT)).toEqual({
      answer,
      runningUntil: null,
      expiresAt: LATER,
    });
    expect(await searches.find('k', LATER)).toBeUndefined();
  });

  it('reads an answer it cannot unzip or check as no answer, which the next search replaces', async () => {
    await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER);
    await searches.store('k', packed, LATER);
    await database.db.execute(sql`update supplier_searches set answer_gz = '\\x0102'::bytea`);
    expect(await found(searches, 'k', AT)).toMatchObject({ answer: null });
  });

  it('lets a search be taken over when nobody runs it and it has no answer', async () => {
    await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER);
    // Running: not taken over.
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(false);
    await database.db.execute(sql`update supplier_searches set running_until = null`);
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(true);
    // Answered: kept for everyone until it expires.
    await searches.store('k', packed, LATER);
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(false);
    expect(await searches.claim('k', LATER, new Date(LATER.getTime() + 25_000), LATER)).toBe(true);
  });
});

describe('shared searches kept in memory (the embedded database)', () => {
  const held = () => createMemorySearches({ maxBytes: 1024 * 1024 });

  it('claims, stores and reads back an answer until it expires', async () => {
    const memory = held();
    expect(await memory.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(true);
    expect(await memory.find('k', AT)).toMatchObject({ answer: null });
    // Running: nobody else takes it.
    expect(await memory.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(false);
    await memory.store('k', packed, LATER);
    expect(await found(memory, 'k', AT)).toEqual({
      answer,
      runningUntil: null,
      expiresAt: LATER,
    });
    expect(await memory.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(false);
    expect(await memory.find('k', LATER)).toBeUndefined();
    expect(await memory.claim('k', LATER, new Date(LATER.getTime() + 25_000), LATER)).toBe(true);
  });

  it('lets a search be taken over when its runner failed or ran out of time', async () => {
    const memory = held();
    await memory.claim('k', AT, new Date(AT.getTime() + 25_000), LATER);
    await memory.release('k');
    expect(await memory.find('k', AT)).toBeUndefined();
    await memory.claim('k', AT, new Date(AT.getTime() + 25_000), LATER);
    expect(await memory.claim('k', new Date(AT.getTime() + 25_000), LATER, LATER)).toBe(true);
    // An answer is never released.
    await memory.store('k', packed, LATER);
    await memory.release('k');
    expect(await found(memory, 'k', AT)).toMatchObject({ answer });
  });

  it('sweeps what expired, and forgets the oldest answers past its size', async () => {
    const memory = createMemorySearches({ maxBytes: 1 });
    await memory.claim('a', AT, LATER, LATER);
    await memory.store('a', packed, LATER);
    await memory.claim('b', AT, LATER, new Date(LATER.getTime() + 1000));
    await memory.store(
      'b',
      await pack({ ...answer, id: 'orq_b' }),
      new Date(LATER.getTime() + 1000),
    );
    // Over its size: only the newest answer is kept.
    expect(await memory.find('a', AT)).toBeUndefined();
    expect(await found(memory, 'b', AT)).toMatchObject({ answer: { id: 'orq_b' } });
    await memory.claim('c', AT, LATER, LATER);
    expect(await memory.sweep(LATER)).toBe(1);
    expect(await memory.find('b', AT)).toBeDefined();
  });
});
