import { describe, expect, it } from 'vitest';
import { buildBookingResponse } from '../test/checkout-factories';
import {
  checkoutReducer,
  initialCheckoutState,
  reachableStep,
  type CheckoutState,
} from './checkout-state';
import { newIdempotencyKey } from './idempotency-key';

const withPassengers: CheckoutState = {
  ...initialCheckoutState,
  passengers: [],
};

describe('checkout state', () => {
  it('never shows a step past what is filled in', () => {
    expect(reachableStep(initialCheckoutState, 'payment')).toBe('passengers');
    expect(reachableStep(withPassengers, undefined)).toBe('passengers');
    expect(reachableStep(withPassengers, 'payment')).toBe('seats');
    expect(reachableStep({ ...withPassengers, seatsDone: true }, 'payment')).toBe('payment');
    expect(reachableStep({ ...withPassengers, seatsDone: true }, 'confirmation')).toBe('payment');
  });

  it('keeps a pending booking on the payment step and a booked one on the confirmation', () => {
    const pending = {
      idempotencyKey: 'k',
      body: {
        offerId: 'o',
        passengers: [{}],
        paymentDetails: { paymentId: 'p', amount: '1.00', currency: 'USD' },
      },
      card: { brand: 'visa', last4: '4242' },
      amountMinor: 100,
      currency: 'USD',
      seats: [],
      unclear: false,
    };
    const state = { ...withPassengers, seatsDone: true, pendingBooking: pending };
    expect(reachableStep(state, 'seats')).toBe('payment');
    const booked = checkoutReducer(state, {
      type: 'booked',
      booking: {
        response: buildBookingResponse(),
        card: pending.card,
        amountMinor: 100,
        currency: 'USD',
        bookedAt: new Date().toISOString(),
        passengers: [],
        seats: [],
      },
    });
    expect(booked.pendingBooking).toBeNull();
    expect(reachableStep(booked, 'passengers')).toBe('confirmation');
  });

  it('gives each passenger one seat per flight, replaced by a new choice', () => {
    let state = checkoutReducer(initialCheckoutState, {
      type: 'seatChosen',
      segmentId: 's1',
      passengerId: 'p1',
      designator: '10A',
    });
    state = checkoutReducer(state, {
      type: 'seatChosen',
      segmentId: 's1',
      passengerId: 'p1',
      designator: '12C',
    });
    expect(state.seatChoices).toEqual({ s1: { p1: '12C' } });
    state = checkoutReducer(state, {
      type: 'seatChosen',
      segmentId: 's1',
      passengerId: 'p1',
      designator: null,
    });
    expect(state.seatChoices).toEqual({ s1: {} });
    expect(checkoutReducer(state, { type: 'seatsSkipped' })).toMatchObject({
      seatChoices: {},
      seatsDone: true,
    });
  });

  it('makes a fresh v4 Idempotency-Key per attempt, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    const original = crypto.randomUUID.bind(crypto);
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
