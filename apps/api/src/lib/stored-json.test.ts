import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readStoredJson, StoredJsonError } from './stored-json';
import { readReplacementIds } from '../providers/flights/duffel/duffel.columns';
import { readPaymentMetadata } from '../providers/payments/sandbox/sandbox-payments.columns';
import { emailHeadersSchema } from '../modules/email/email.columns';

describe('readStoredJson', () => {
  it("gives the schema's reading of a value, or throws what is wrong where", () => {
    const schema = z.object({ a: z.array(z.number()) });
    expect(readStoredJson(schema, 't.c', { a: [1] })).toEqual({ a: [1] });
    const thrown = (() => {
      try {
        readStoredJson(schema, 't.c', { a: [1, 'two'] });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(StoredJsonError);
    expect(thrown).toMatchObject({ column: 't.c' });
    expect((thrown as Error).message).toMatch(/^t\.c holds a value its schema does not read:/);
    expect((thrown as Error).message).toMatch(/a\[1\]|a\.1/);
  });
});

describe("the providers' and the outbox's JSON columns", () => {
  it('read text values by key as written, and throw anything else', () => {
    const ids = { pas_new: 'pas_old', seg_new: 'seg_old' };
    expect(readReplacementIds(ids)).toEqual(ids);
    expect(() => readReplacementIds({ pas_new: 1 })).toThrow(/duffel_offer_replacements\.ids/);

    const metadata = { contrail_booking: 'bkg_1', contrail_offer: 'off_1' };
    expect(readPaymentMetadata(metadata)).toEqual(metadata);
    expect(() => readPaymentMetadata('bkg_1')).toThrow(/sandbox_payment_intents\.metadata/);

    const headers = { 'List-Unsubscribe': '<https://skyhop.example/u>' };
    expect(emailHeadersSchema.parse(headers)).toEqual(headers);
    expect(emailHeadersSchema.safeParse({ 'List-Unsubscribe': ['a'] }).success).toBe(false);
  });
});
