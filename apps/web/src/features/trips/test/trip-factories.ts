import type { BookingView, CancellationQuote } from '@contrail/contracts/bookings';
import { buildJourney, places } from '../../../test/offers';

/** Bookings and quotes as the trips API answers them, with overrides (tests only). */

let sequence = 0;

function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

function reference(): string {
  return `TRP${String(sequence).padStart(3, '0')}`;
}

/** A confirmed LHR–JFK round trip for one adult, paid by Visa, refundable, cancellable. */
export function buildBooking(overrides: Partial<BookingView> = {}): BookingView {
  const id = overrides.id ?? uuid();
  const slices = overrides.slices ?? [
    buildJourney({ from: places.LHR, to: places.JFK, date: '2026-12-13', departAt: '09:00' }),
    buildJourney({ from: places.JFK, to: places.LHR, date: '2026-12-20', departAt: '18:30' }),
  ];
  const passengers = overrides.passengers ?? [
    { id: 'pas_0001', type: 'adult' as const, firstName: 'Ada', lastName: 'Lovelace' },
  ];
  return {
    id,
    bookingReference: reference(),
    status: 'confirmed',
    createdAt: '2026-11-01T10:00:00.000Z',
    total: { amount: '1072.00', currency: 'USD' },
    slices,
    passengers,
    seats: [],
    bags: [],
    card: { brand: 'visa', last4: '4242' },
    contactEmail: 'ada@example.com',
    refundable: true,
    canCancel: true,
    cancellation: null,
    ...overrides,
  };
}

export function buildCancelledBooking(overrides: Partial<BookingView> = {}): BookingView {
  return buildBooking({
    status: 'cancelled',
    canCancel: false,
    cancellation: {
      refund: { amount: '849.50', currency: 'USD' },
      refundStatus: 'refunded',
      credits: [],
      cancelledAt: '2026-11-05T12:00:00.000Z',
    },
    ...overrides,
  });
}

export function buildQuote(overrides: Partial<CancellationQuote> = {}): CancellationQuote {
  return {
    id: 'sandbox~ore_quote1',
    refund: { amount: '849.50', currency: 'USD' },
    refundTo: 'card',
    credits: [],
    expiresAt: '2026-11-10T12:30:00.000Z',
    refundable: true,
    ...overrides,
  };
}
