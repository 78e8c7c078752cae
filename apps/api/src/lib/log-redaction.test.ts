import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/client';
import { users } from '../modules/auth/auth.table';
import { hashPassword } from '../modules/auth/password';
import { loggerOptions } from '../plugins/logging';
import { scrubLogLine } from './log-redaction';

/** A logger configured as the server's, writing into an array of parsed lines. */
function capture(): { logger: pino.Logger; text: () => string; lines: () => unknown[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = pino(loggerOptions('info') as pino.LoggerOptions, stream);
  const text = () => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
  };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

describe('database errors in the log', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
    await resetDatabase(database);
  });

  it('names the query and the database error, never the parameters', async () => {
    const passwordHash = await hashPassword('Blue-Horizon-42');
    const error = await failure(() =>
      database.db.insert(users).values({
        // No such brand: a foreign-key violation, whose detail quotes the key.
        brandId: '00000000-0000-4000-8000-000000000000',
        username: 'ada',
        email: 'ada.lovelace@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        passwordHash,
      }),
    );
    const { logger, text, lines } = capture();
    logger.error({ err: error }, 'unhandled error');
    for (const secret of [
      '$argon2',
      passwordHash.slice(-20),
      'ada.lovelace',
      '00000000-0000-4000',
    ]) {
      expect(text()).not.toContain(secret);
    }
    const [line] = lines() as [{ msg: string; err: Record<string, unknown> }];
    expect(line.msg).toBe('unhandled error');
    expect(line.err.query).toMatch(/^insert into "users"/);
    expect(line.err.params).toMatch(/^\d+ withheld$/);
    expect(line.err.cause).toMatchObject({
      code: '23503',
      constraint: 'users_brand_id_brands_id_fk',
    });
    expect(line.err.stack).toContain('    at ');
  });

  it('withholds the value a data exception quotes', async () => {
    const error = await failure(() =>
      database.db.execute(
        sql`select ${'1984-13-45'}::date as born_on, ${'X1234567'} as passport_number`,
      ),
    );
    const { logger, text } = capture();
    logger.error({ err: error }, 'unhandled error');
    expect(text()).not.toContain('1984-13-45');
    expect(text()).not.toContain('X1234567');
    expect(text()).toContain('22008');
  });
});

describe('redaction by value', () => {
  it('blanks argon2 hashes and card numbers wherever they are, and secret keys at any depth', () => {
    const { logger, text, lines } = capture();
    logger.warn(
      {
        deep: {
          deeper: {
            deepest: {
              note: 'paid with 4242 4242 4242 4242, hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
              list: ['4000-0000-0000-0002', '378282246310005'],
              // After a line break or a tab inside a message (escaped in the JSON line).
              lines: 'declined:\n5555555555554444\tand\t6011 1111 1111 1117',
              passengers: [
                {
                  firstName: 'Ada',
                  passportNumber: 'X1234567',
                  dateOfBirth: '1990-02-03',
                  phone: '+447700900123',
                  email: 'ada@example.com',
                },
              ],
            },
          },
        },
      },
      'something odd',
    );
    for (const secret of [
      '4242',
      '4000-0000',
      '378282246310005',
      '5555555555554444',
      '6011 1111',
      'argon2',
      'c2FsdA',
      'X1234567',
      '1990-02-03',
      '447700900123',
      'ada@example.com',
    ]) {
      expect(text()).not.toContain(secret);
    }
    const [line] = lines() as [{ time: number; deep: unknown }];
    expect(typeof line.time).toBe('number');
    expect(JSON.stringify(line.deep)).toContain('"firstName":"Ada"');
  });

  it('leaves times, amounts, ids and e-mail recipients alone', () => {
    const line = JSON.stringify({
      time: 1764110000000,
      ms: 12.5,
      reqId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      // Ids whose first groups are all digits (13 and more of them, as a card's).
      requestId: '12345678-1234-4b9b-90a7-0e02b2c3d479',
      orderId: '12345678-1234-4123-8123-123456789012',
      to: 'ada@example.com',
      total: '1234567.89',
      at: '2026-11-22T10:00:00.000Z',
    });
    expect(scrubLogLine(line)).toBe(line);
  });
});
