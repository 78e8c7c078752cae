import { bookingMessages } from '@contrail/contracts/bookings';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { OrderTotals } from './order-totals';
import { bookingMayExist, paymentFailureOf, pendingBookingMessage } from './payment-failure';

const answered = (status: number, code: ApiError['code'], serverMessage: string) =>
  new ApiError({ status, statusText: '', code, serverMessage });

const totals: OrderTotals = {
  currency: 'USD',
  baseMinor: 10_000,
  taxMinor: 2_000,
  fareMinor: 12_000,
  seatsMinor: 0,
  bagsMinor: 0,
  roundingMinor: 0,
  totalMinor: 12_000,
};

describe('a booking call that failed', () => {
  it('may exist while the airline is asked whether it made the order', () => {
    const error = answered(503, 'order_unconfirmed', bookingMessages.orderUnconfirmed);
    expect(bookingMayExist(error)).toBe(true);
    expect(pendingBookingMessage(error)).toBe(bookingMessages.orderUnconfirmed);
  });

  it('does not exist when bookings are paused, and says so in the server’s words', () => {
    const error = answered(503, 'bookings_paused', bookingMessages.bookingsPaused);
    expect(bookingMayExist(error)).toBe(false);
    expect(paymentFailureOf(error, totals)).toMatchObject({
      kind: 'failed',
      description: bookingMessages.bookingsPaused,
    });
  });
});
