import { describe, expect, it } from 'vitest';
import {
  ISSUING_COUNTRIES,
  passengerMessages,
  passengerSchema,
  passportExpiryHint,
} from './bookings';

const TODAY = '2026-11-22';
const lead = {
  id: 'pas_1',
  type: 'adult',
  title: 'ms',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'female',
  dateOfBirth: '1985-12-10',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  passportNumber: 'p123 4567',
  passportExpiryDate: '2032-01-01',
  passportIssuingCountry: 'gb',
};
const messages = (
  input: Record<string, unknown>,
  { passportRequired = true, primary = true } = {},
) => {
  const result = passengerSchema({ today: TODAY, passportRequired, primary }).safeParse({
    ...lead,
    ...input,
  });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('passenger rules (spec 001 §5)', () => {
  it('accepts a complete passenger, stripping spaces from and upper-casing the passport', () => {
    const parsed = passengerSchema({ today: TODAY, passportRequired: true, primary: true }).parse(
      lead,
    );
    expect(parsed.passportNumber).toBe('P1234567');
    expect(parsed.passportIssuingCountry).toBe('GB');
  });

  it.each([
    [{ firstName: ' ' }, passengerMessages.firstNameRequired],
    [{ lastName: '' }, passengerMessages.lastNameRequired],
    [{ dateOfBirth: '' }, passengerMessages.dateOfBirthRequired],
    [{ dateOfBirth: '2026-11-23' }, passengerMessages.dateOfBirthFuture],
    [{ email: 'ada' }, passengerMessages.primaryEmail],
    [{ phone: '' }, passengerMessages.primaryPhone],
    [{ passportNumber: 'P12' }, passengerMessages.passportMin],
    [{ passportNumber: 'P'.repeat(21) }, passengerMessages.passportMax],
    [{ passportNumber: 'P123-4567' }, passengerMessages.passportCharacters],
    [{ passportExpiryDate: '' }, passengerMessages.passportExpiryRequired],
    [{ passportExpiryDate: '2026-11-22' }, passengerMessages.passportExpired],
    [{ passportIssuingCountry: 'GBR' }, passengerMessages.countryLength],
    [{ passportIssuingCountry: 'G1' }, passengerMessages.countryLetters],
  ])('refuses %o with "%s"', (input, message) => {
    expect(messages(input)).toContain(message);
  });

  it('asks e-mail and phone of the first passenger only', () => {
    expect(messages({ email: '', phone: '' }, { primary: false })).toEqual([]);
    expect(messages({ email: 'not-an-email' }, { primary: false })).toEqual([
      passengerMessages.emailInvalid,
    ]);
  });

  it('makes passports optional when the offer does not need them, but checks what is given', () => {
    expect(
      messages(
        { passportNumber: '', passportExpiryDate: '', passportIssuingCountry: '' },
        { passportRequired: false },
      ),
    ).toEqual([]);
    expect(messages({ passportNumber: 'P1' }, { passportRequired: false })).toEqual([
      passengerMessages.passportMin,
    ]);
  });

  it('offers 24 issuing countries', () => {
    expect(ISSUING_COUNTRIES).toHaveLength(24);
    expect(new Set(ISSUING_COUNTRIES.map(([code]) => code)).size).toBe(24);
  });
});

describe('passport expiry hint', () => {
  it('warns of an expired passport and of less than 6 months left', () => {
    expect(passportExpiryHint('2026-11-22', TODAY)).toBe(passengerMessages.passportHintExpired);
    expect(passportExpiryHint('2027-05-20', TODAY)).toBe(passengerMessages.passportHintSoon);
    expect(passportExpiryHint('2027-05-21', TODAY)).toBeNull();
    expect(passportExpiryHint('not a date', TODAY)).toBeNull();
  });
});
