import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { queryRows, resetDatabase, testDatabase } from '../../../test/database';
import { createSearchesRepository, type SearchesRepository } from './flights.repository';

const AT = new Date('2026-12-02T08:00:00Z');
const LATER = new Date(AT.getTime() + 5 * 60 * 1000);
const answer = { id: 'orq_0000AgLqU6DJN2NpVHc7Rk', offers: [] };

let database: DatabaseHandle;
let searches: SearchesRepository;

beforeAll(async () => {
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
    await searches.store('k', answer, LATER);

    const [row] = await queryRows(
      database,
      sql`select get_byte(answer_gz, 0) as first, get_byte(answer_gz, 1) as second from supplier_searches`,
    );
    // gzip's magic number.
    expect(row).toEqual({ first: 0x1f, second: 0x8b });
    expect(await searches.find('k', AT)).toEqual({
      answer,
      runningUntil: null,
      expiresAt: LATER,
    });
    expect(await searches.find('k', LATER)).toBeUndefined();
  });

  it('reads an answer it cannot unzip or check as no answer, which the next search replaces', async () => {
    await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER);
    await searches.store('k', answer, LATER);
    await database.db.execute(sql`update supplier_searches set answer_gz = '\\x0102'::bytea`);
    expect(await searches.find('k', AT)).toMatchObject({ answer: null });
  });

  it('lets a search be taken over when nobody runs it and it has no answer', async () => {
    await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER);
    // Running: not taken over.
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(false);
    await database.db.execute(sql`update supplier_searches set running_until = null`);
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(true);
    // Answered: kept for everyone until it expires.
    await searches.store('k', answer, LATER);
    expect(await searches.claim('k', AT, new Date(AT.getTime() + 25_000), LATER)).toBe(false);
    expect(await searches.claim('k', LATER, new Date(LATER.getTime() + 25_000), LATER)).toBe(true);
  });
});
