import { afterEach, describe, expect, it } from 'vitest';
import { readSeenPrice, rememberSeenPrice } from './seen-prices';

const KEY = 'contrail.seenPrice.off_1';

describe('seen prices', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps the first price shown, and a new one only once agreed to', () => {
    rememberSeenPrice('off_1', { amount: '512.40', currency: 'USD' });
    rememberSeenPrice('off_1', { amount: '530.00', currency: 'USD' });
    expect(readSeenPrice('off_1')).toStrictEqual({ amount: '512.40', currency: 'USD' });
    rememberSeenPrice('off_1', { amount: '530.00', currency: 'USD' }, { replace: true });
    expect(readSeenPrice('off_1')).toStrictEqual({ amount: '530.00', currency: 'USD' });
  });

  it('reads only an amount and a currency of three letters, nothing else kept with them', () => {
    window.sessionStorage.setItem(KEY, JSON.stringify({ amount: '1', currency: 'GBP', x: 1 }));
    expect(readSeenPrice('off_1')).toStrictEqual({ amount: '1', currency: 'GBP' });
    for (const kept of [
      { amount: 1, currency: 'GBP' },
      { amount: '1', currency: 'GB' },
      { amount: '1' },
      ['1', 'GBP'],
      null,
      '1 GBP',
    ]) {
      window.sessionStorage.setItem(KEY, JSON.stringify(kept));
      expect(readSeenPrice('off_1')).toBeNull();
    }
    window.sessionStorage.setItem(KEY, '{not json');
    expect(readSeenPrice('off_1')).toBeNull();
  });
});
