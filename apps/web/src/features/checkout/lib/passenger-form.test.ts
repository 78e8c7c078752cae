import { passengerRulesFor } from '@contrail/contracts/passengers';
import { passengerMessages } from '@contrail/contracts/passenger-messages';
import { describe, expect, it } from 'vitest';
import { buildOffer } from '../test/checkout-factories';
import {
  carryPassengers,
  defaultPhoneCountry,
  emptyPassengerForm,
  serverPassengerErrors,
  validatePassengers,
  type PassengerDraft,
  type PassengerFormValues,
} from './passenger-form';

const offer = buildOffer();
const rules = passengerRulesFor(offer, '2026-06-01');

function filled(overrides: Partial<PassengerDraft>[] = []): PassengerFormValues {
  return {
    passengers: emptyPassengerForm(offer).passengers.map((empty, i) => ({
      ...empty,
      title: 'ms',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'female',
      dateOfBirth: '1985-04-12',
      email: i === 0 ? 'ada@example.com' : '',
      phone: i === 0 ? '07911 123456' : '',
      phoneCountry: 'GB',
      passportNumber: 'P1234567',
      passportExpiryDate: '2035-01-01',
      passportIssuingCountry: 'GB',
      ...overrides[i],
    })),
  };
}

describe('the passenger form', () => {
  it('starts empty but for the phone country the browser suggests, asking title and gender', () => {
    const [first] = emptyPassengerForm(offer).passengers;
    expect(first).toMatchObject({ title: '', gender: '', firstName: '' });
    expect(defaultPhoneCountry(['en-GB', 'en'])).toBe('GB');
    expect(defaultPhoneCountry(['fr', 'pt-br'])).toBe('BR');
    expect(defaultPhoneCountry(['en'])).toBe('');
  });

  it('passes the party through the contract, normalising what airlines need', () => {
    const result = validatePassengers(filled(), rules);
    expect(result.success && result.passengers[0]).toMatchObject({
      phone: '+447911123456',
      firstName: 'Ada',
    });
  });

  it('keys the contract messages by passenger and field', () => {
    const result = validatePassengers(
      filled([{ firstName: 'St. John' }, { gender: '', passportIssuingCountry: 'QQ' }]),
      rules,
    );
    expect(result).toEqual({
      success: false,
      errors: [
        { firstName: passengerMessages.nameCharacters },
        {
          gender: passengerMessages.genderRequired,
          passportIssuingCountry: passengerMessages.countryUnknown,
        },
      ],
    });
  });

  it('leaves out a skipped passport only where the offer does not require one', () => {
    const skipped = filled([{ skipPassport: true, passportNumber: 'P1' }]);
    expect(validatePassengers(skipped, { ...rules, passportRequired: false })).toMatchObject({
      success: true,
    });
    expect(validatePassengers(skipped, rules)).toMatchObject({ success: false });
  });

  it('carries what was typed onto a new offer with the same party', () => {
    const typed = filled().passengers;
    const next = buildOffer({
      id: 'off_next',
      passengers: offer.passengers.map((p, i) => ({ ...p, id: `pas_new_${i}` })),
    });
    expect(carryPassengers(typed, next)?.passengers.map((p) => [p.id, p.firstName])).toEqual([
      ['pas_new_0', 'Ada'],
      ['pas_new_1', 'Ada'],
    ]);
    expect(carryPassengers(typed.slice(0, 1), next)).toBeNull();
  });

  it("reads the server's field errors for the fields it has", () => {
    expect(
      serverPassengerErrors({
        'passengers.1.phone': 'Please enter a valid phone number',
        'passengers.0.unknown': 'x',
        seats: 'y',
      }),
    ).toEqual([{ index: 1, field: 'phone', message: 'Please enter a valid phone number' }]);
  });
});
