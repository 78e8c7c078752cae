import { passengerRulesFor } from '@contrail/contracts/passengers';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBookingResponse, buildOffer } from '../test/checkout-factories';
import {
  checkoutReducer,
  initialCheckoutState,
  reachableStep,
  restoreCheckout,
  type CheckoutState,
} from './checkout-state';
import {
  carryTravellers,
  clearCheckout,
  loadCheckout,
  readCarriedTravellers,
  saveCheckout,
} from './checkout-storage';
import { newIdempotencyKey } from './idempotency-key';
import { emptyPassengerForm, type PassengerFormValues } from './passenger-form';

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
        passengers: [{ id: 'pas_1', type: 'adult' as const }],
        paymentDetails: { paymentId: 'p', amount: '1.00', currency: 'USD' },
      },
      card: { brand: 'visa', last4: '4242' },
      amountMinor: 100,
      currency: 'USD',
      seats: [],
      bags: [],
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
        bags: [],
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

describe('a checkout kept across a reload', () => {
  const offer = buildOffer();
  const rules = passengerRulesFor(offer, '2026-06-01');
  const typed: PassengerFormValues = {
    passengers: emptyPassengerForm(offer).passengers.map((empty, i) => ({
      ...empty,
      title: 'mr',
      firstName: i === 0 ? 'Ada' : 'Charles',
      lastName: 'Lovelace',
      gender: 'male',
      dateOfBirth: '1985-04-12',
      email: i === 0 ? 'ada@example.com' : '',
      phone: i === 0 ? '+44 20 7946 0000' : '',
      passportNumber: 'P1234567',
      passportExpiryDate: '2035-01-01',
      passportIssuingCountry: 'GB',
    })),
  };
  afterEach(() => sessionStorage.clear());

  it('restores what was typed and chosen, and the passengers only while they pass the rules', () => {
    saveCheckout(offer.id, {
      draft: typed,
      seatChoices: { seg_1: { pas_1: '12A' } },
      bagChoices: { ase_1: 2 },
      seatsDone: true,
      pendingBooking: null,
    });
    const restored = restoreCheckout(loadCheckout(offer.id), rules);
    expect(restored.draft).toEqual(typed);
    expect(restored.passengers?.map((p) => p.firstName)).toEqual(['Ada', 'Charles']);
    expect(restored.seatChoices).toEqual({ seg_1: { pas_1: '12A' } });
    expect(restored.bagChoices).toEqual({ ase_1: 2 });
    expect(reachableStep(restored, 'payment')).toBe('payment');

    // A passport that has expired since: back to the passengers, with what was typed.
    const later = restoreCheckout(loadCheckout(offer.id), { ...rules, today: '2035-02-01' });
    expect(later.passengers).toBeNull();
    expect(later.draft).toEqual(typed);
    expect(reachableStep(later, 'payment')).toBe('passengers');
  });

  it('keeps no card data and forgets the checkout once cleared', () => {
    saveCheckout(offer.id, {
      draft: typed,
      seatChoices: {},
      bagChoices: {},
      seatsDone: false,
      pendingBooking: null,
    });
    const raw = sessionStorage.getItem(`contrail.checkout.${offer.id}`) ?? '';
    expect(raw).toContain('Lovelace');
    expect(raw).not.toMatch(/4242|cvv|cardNumber/i);
    clearCheckout(offer.id);
    expect(loadCheckout(offer.id)).toBeNull();
  });

  it('ignores stored data it cannot read', () => {
    sessionStorage.setItem(`contrail.checkout.${offer.id}`, '{"version":1,"draft":{"x":1}}');
    expect(loadCheckout(offer.id)).toBeNull();
    sessionStorage.setItem(`contrail.checkout.${offer.id}`, 'not json');
    expect(restoreCheckout(loadCheckout(offer.id), rules)).toEqual(initialCheckoutState);
  });

  it('carries the travellers to the next checkout after an expiry', () => {
    carryTravellers(typed);
    expect(readCarriedTravellers()).toEqual(typed);
  });

  it('drops seats taken meanwhile and asks for seats again, saying why', () => {
    const chosen = checkoutReducer(
      { ...initialCheckoutState, seatChoices: { s1: { p1: '1A', p2: '1B' } }, seatsDone: true },
      {
        type: 'seatsRejected',
        message: 'Seat 1A (XX1) has just been taken',
        taken: [{ segmentId: 's1', designator: '1A' }],
      },
    );
    expect(chosen.seatChoices).toEqual({ s1: { p2: '1B' } });
    expect(chosen.seatsDone).toBe(false);
    expect(chosen.seatProblem).toBe('Seat 1A (XX1) has just been taken');
    expect(checkoutReducer(chosen, { type: 'seatsConfirmed' }).seatProblem).toBeNull();
  });
});
