import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../../lib/stored-json';
import { readSandboxCancellation, readSandboxOrder } from './sandbox.columns';

const cancellation = {
  id: 'ore_1',
  order_id: 'ord_1',
  live_mode: false,
  refund_amount: null,
  refund_currency: null,
  refund_to: 'airline_credits',
  created_at: '2026-12-01T10:00:00Z',
  expires_at: '2026-12-01T10:15:00Z',
  confirmed_at: null,
  airline_credits: [
    {
      id: 'acd_1',
      credit_name: 'Travel credit',
      credit_code: 'TC123',
      credit_amount: '200.00',
      credit_currency: 'GBP',
      issued_on: '2026-12-01',
      expires_at: null,
      passenger_id: 'pas_1',
    },
  ],
};

describe("the sandbox airline's documents", () => {
  it('reads a cancellation as written, and throws a corrupt one', () => {
    expect(readSandboxCancellation(JSON.parse(JSON.stringify(cancellation)))).toEqual(cancellation);
    expect(() => readSandboxCancellation({ ...cancellation, refund_to: 'card' })).toThrow(
      /sandbox_cancellations\.document[\s\S]*refund_to/,
    );
  });

  it('throws an order whose fields are missing or of the wrong kind, naming the column', () => {
    expect(() => readSandboxOrder({ id: 'ord_1' })).toThrow(StoredJsonError);
    expect(() => readSandboxOrder({ id: 'ord_1' })).toThrow(
      /sandbox_orders\.document[\s\S]*booking_reference/,
    );
    expect(() => readSandboxOrder('ord_1')).toThrow(/sandbox_orders\.document/);
  });
});
