import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../../test/database';
import { PaymentError, type PaymentProvider } from '../payment-provider';
import { createSandboxPayments } from './sandbox-payments';

const card = (number: string) => ({
  number,
  expiryMonth: '12',
  expiryYear: '30',
  cvc: '123',
  holderName: 'Ada Lovelace',
});

describe('sandbox card processor', () => {
  let payments: PaymentProvider;
  beforeEach(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    payments = createSandboxPayments(database.db);
  });

  const authorize = (number = '4242424242424242', amountMinor = 60500) =>
    payments.authorize({
      amountMinor,
      currency: 'usd',
      card: card(number),
      metadata: { offer: 'off_1' },
    });

  it('authorises 4242 4242 4242 4242 and keeps only the brand and last four digits', async () => {
    const auth = await authorize();
    expect(auth).toMatchObject({
      status: 'requires_capture',
      amountMinor: 60500,
      currency: 'USD',
      cardBrand: 'visa',
      cardLast4: '4242',
      refundedMinor: 0,
    });
    expect(auth.id).toMatch(/^pi_/);
    expect(JSON.stringify(auth)).not.toContain('4242424242424242');
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4111111111111111', 'test_cards_only', undefined],
    ['5105105105105100', 'test_cards_only', undefined],
  ])('refuses %s with %s', async (number, code, message) => {
    const attempt = authorize(number);
    await expect(attempt).rejects.toBeInstanceOf(PaymentError);
    await expect(attempt).rejects.toMatchObject({ code, ...(message ? { message } : {}) });
  });

  it('captures once, however often and however concurrently it is asked', async () => {
    const { id } = await authorize();
    const results = await Promise.all(Array.from({ length: 10 }, () => payments.capture(id)));
    expect(results.every((r) => r.status === 'succeeded')).toBe(true);
    await expect(payments.void(id)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('voids a hold, idempotently, and never captures it afterwards', async () => {
    const { id } = await authorize();
    expect((await payments.void(id)).status).toBe('canceled');
    expect((await payments.void(id)).status).toBe('canceled');
    await expect(payments.capture(id)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('refunds at most what was captured', async () => {
    const { id } = await authorize('4242424242424242', 10000);
    await expect(payments.refund(id, 1000, 'early', 'k0')).rejects.toMatchObject({
      code: 'invalid_state',
    });
    await payments.capture(id);
    const first = await payments.refund(id, 6000, 'cancellation', 'k1');
    expect(await payments.refund(id, 6000, 'cancellation', 'k1')).toEqual(first);
    expect(first).toMatchObject({ paymentId: id, amountMinor: 6000, currency: 'USD' });
    await expect(payments.refund(id, 4001, 'too much', 'k2')).rejects.toMatchObject({
      code: 'invalid_state',
    });
    await payments.refund(id, 4000, 'rest', 'k3');
    expect((await payments.get(id)).refundedMinor).toBe(10000);
  });

  it('answers not_found for an unknown payment', async () => {
    await expect(payments.get('pi_missing')).rejects.toMatchObject({ code: 'not_found' });
  });
});
