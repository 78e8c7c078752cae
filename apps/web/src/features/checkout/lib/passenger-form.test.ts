import { passengerMessages } from '@contrail/contracts/bookings';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  emptyPassengerForm,
  serverPassengerErrors,
  validatePassenger,
  type PassengerDraft,
} from './passenger-form';
import { buildOffer } from '../test/checkout-factories';

const rules = { today: '2026-06-01', passportRequired: true, travelDate: '2026-07-01' };

function draft(overrides: Partial<PassengerDraft> = {}): PassengerDraft {
  const [empty] = emptyPassengerForm(buildOffer()).passengers;
  if (!empty) throw new Error('no passenger');
  return {
    ...empty,
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1985-04-12',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    passportNumber: 'P1234567',
    passportExpiryDate: '2030-01-01',
    passportIssuingCountry: 'GB',
    ...overrides,
  };
}

function errorsOf(overrides: Partial<PassengerDraft>, index = 0, passportRequired = true) {
  const result = validatePassenger(draft(overrides), index, { ...rules, passportRequired });
  return result.success ? {} : result.errors;
}

describe('passenger rules', () => {
  it('passes a complete passenger through the contract, trimmed and without empty options', () => {
    const result = validatePassenger(draft({ firstName: '  Ada ', title: '' }), 0, rules);
    expect(result).toMatchObject({ success: true, data: { firstName: 'Ada' } });
    expect(result.success && 'title' in result.data && result.data.title).toBeFalsy();
  });

  it('uses the contract message for each broken rule', () => {
    expect(errorsOf({ passportIssuingCountry: 'G' }).passportIssuingCountry).toBe(
      passengerMessages.countryLength,
    );
    expect(errorsOf({ passportIssuingCountry: 'G1' }).passportIssuingCountry).toBe(
      passengerMessages.countryLetters,
    );
    expect(errorsOf({ passportExpiryDate: '2026-05-31' }).passportExpiryDate).toBe(
      passengerMessages.passportExpired,
    );
    expect(errorsOf({ phone: '' }).phone).toBe(passengerMessages.primaryPhone);
    expect(errorsOf({ phone: 'abc' }, 1).phone).toBe(passengerMessages.phoneInvalid);
    expect(errorsOf({ email: '', phone: '' }, 1)).toEqual({});
  });

  it('drops skipped passports only where they are optional', () => {
    const skipped = { skipPassport: true, passportNumber: 'x', passportIssuingCountry: '1' };
    expect(errorsOf(skipped, 0, false)).toEqual({});
    expect(errorsOf(skipped, 0, true).passportNumber).toBe(passengerMessages.passportMin);
  });

  it('checks the age against the passenger type on the travel date', () => {
    expect(ageOn('2014-07-02', '2026-07-01')).toBe(11);
    expect(ageOn('2014-07-01', '2026-07-01')).toBe(12);
    expect(errorsOf({ dateOfBirth: '2014-07-02' }).dateOfBirth).toBe(
      'Adults must be 12 or older on the date of travel',
    );
    expect(errorsOf({ dateOfBirth: '2014-07-01' })).toEqual({});
    expect(errorsOf({ type: 'child', dateOfBirth: '1990-01-01' }, 1).dateOfBirth).toBe(
      'Children must be 2 to 11 years old on the date of travel',
    );
    expect(
      errorsOf({ type: 'infant_without_seat', dateOfBirth: '2024-06-30' }, 1).dateOfBirth,
    ).toBe('Infants must be under 2 years old on the date of travel');
  });

  it("maps the server's field errors onto the form", () => {
    expect(
      serverPassengerErrors({
        'passengers.1.firstName': 'First name is required',
        'passengers.0.unknown': 'x',
        'seats.0': 'That seat is not on this flight',
      }),
    ).toEqual([{ index: 1, field: 'firstName', message: 'First name is required' }]);
  });
});
