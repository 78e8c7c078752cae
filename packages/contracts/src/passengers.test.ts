import { describe, expect, it } from 'vitest';
import {
  checkPassengers,
  exitRowProblem,
  infantHolders,
  seatRuleMessages,
  toPassengerInput,
} from './passengers';
import { checkPassenger, type PassengerInput, type PassengerRules } from './passenger-check';
import {
  COUNTRY_CODES,
  countryOptions,
  normalizePhone,
  phoneCountryOptions,
} from './passenger-countries';
import { passengerMessages } from './passenger-messages';
import { passportExpiryHint, titleOptions } from './passenger-types';

const TODAY = '2026-11-22';
const rules: PassengerRules = {
  today: TODAY,
  passportRequired: true,
  ageDate: '2027-03-10',
  lastFlightDate: '2027-03-11',
  passengers: [
    { id: 'pas_1', type: 'adult', age: null },
    { id: 'pas_2', type: 'child', age: null },
    { id: 'pas_3', type: 'infant_without_seat', age: null },
  ],
  airlines: ['BA', 'AA'],
};
const lead: PassengerInput = {
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
const child: PassengerInput = {
  id: 'pas_2',
  type: 'child',
  title: 'mr',
  firstName: 'Tom',
  lastName: 'Lovelace',
  gender: 'male',
  dateOfBirth: '2019-05-01',
  passportNumber: 'C7654321',
  passportExpiryDate: '2030-01-01',
  passportIssuingCountry: 'GB',
};
const infant: PassengerInput = {
  ...child,
  id: 'pas_3',
  type: 'infant_without_seat',
  title: 'miss',
  firstName: 'Eve',
  gender: 'female',
  dateOfBirth: '2026-01-15',
};

const errorsOf = (
  input: Partial<PassengerInput>,
  index = 0,
  overrides: Partial<PassengerRules> = {},
) => {
  const result = checkPassenger({ ...lead, ...input }, index, { ...rules, ...overrides });
  return result.success ? {} : result.errors;
};

describe('passenger rules (spec 001 §5 and what airlines refuse)', () => {
  it('accepts a complete passenger and normalises what airlines need', () => {
    const result = checkPassenger(
      { ...lead, firstName: '  Ada  Mary ', phoneCountry: '' },
      0,
      rules,
    );
    expect(result).toEqual({
      success: true,
      data: {
        id: 'pas_1',
        type: 'adult',
        title: 'ms',
        firstName: 'Ada Mary',
        lastName: 'Lovelace',
        gender: 'female',
        dateOfBirth: '1985-12-10',
        email: 'ada@example.com',
        phone: '+442079460000',
        passportNumber: 'P1234567',
        passportExpiryDate: '2032-01-01',
        passportIssuingCountry: 'GB',
      },
    });
  });

  it.each<[Partial<PassengerInput>, keyof PassengerInput, string]>([
    [{ firstName: ' ' }, 'firstName', passengerMessages.firstNameRequired],
    [{ lastName: '' }, 'lastName', passengerMessages.lastNameRequired],
    [{ firstName: 'St. John' }, 'firstName', passengerMessages.nameCharacters],
    [{ lastName: 'Smith2' }, 'lastName', passengerMessages.nameCharacters],
    [{ lastName: 'Ærø' }, 'lastName', passengerMessages.nameCharacters],
    [{ lastName: '李' }, 'lastName', passengerMessages.nameCharacters],
    [{ lastName: 'a'.repeat(51) }, 'lastName', passengerMessages.nameTooLong],
    [{ title: '' }, 'title', passengerMessages.titleRequired],
    [{ title: 'sir' }, 'title', passengerMessages.titleRequired],
    [{ gender: '' }, 'gender', passengerMessages.genderRequired],
    [{ gender: 'undisclosed' }, 'gender', passengerMessages.genderRequired],
    [{ dateOfBirth: '' }, 'dateOfBirth', passengerMessages.dateOfBirthRequired],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', passengerMessages.dateOfBirthRequired],
    [{ dateOfBirth: '2026-11-23' }, 'dateOfBirth', passengerMessages.dateOfBirthFuture],
    [{ dateOfBirth: '1890-01-01' }, 'dateOfBirth', passengerMessages.dateOfBirthUnreal],
    [{ dateOfBirth: '2015-03-11' }, 'dateOfBirth', passengerMessages.ageAdult],
    [{ email: 'ada' }, 'email', passengerMessages.primaryEmail],
    [{ email: 'ada@example.c' }, 'email', passengerMessages.primaryEmail],
    [{ phone: '' }, 'phone', passengerMessages.primaryPhone],
    [{ phone: '07911 123456' }, 'phone', passengerMessages.phoneCountryRequired],
    [{ phone: '+44 123' }, 'phone', passengerMessages.phoneInvalid],
    [{ phone: '0770', phoneCountry: 'GB' }, 'phone', passengerMessages.phoneInvalid],
    [{ passportNumber: 'P12' }, 'passportNumber', passengerMessages.passportMin],
    [{ passportNumber: 'P'.repeat(21) }, 'passportNumber', passengerMessages.passportMax],
    [{ passportNumber: 'P123-4567' }, 'passportNumber', passengerMessages.passportCharacters],
    [{ passportExpiryDate: '' }, 'passportExpiryDate', passengerMessages.passportExpiryRequired],
    [{ passportExpiryDate: '2026-11-22' }, 'passportExpiryDate', passengerMessages.passportExpired],
    // Valid today, but not on the way home.
    [
      { passportExpiryDate: '2027-03-11' },
      'passportExpiryDate',
      passengerMessages.passportBeyondTravel,
    ],
    [{ passportIssuingCountry: 'GBR' }, 'passportIssuingCountry', passengerMessages.countryLength],
    [{ passportIssuingCountry: 'G1' }, 'passportIssuingCountry', passengerMessages.countryLetters],
    [{ passportIssuingCountry: 'QQ' }, 'passportIssuingCountry', passengerMessages.countryUnknown],
    [{ nationality: 'ZZ' }, 'nationality', passengerMessages.countryUnknown],
    [
      { frequentFlyerNumber: '12345678' },
      'frequentFlyerAirline',
      passengerMessages.frequentFlyerAirline,
    ],
    [
      { frequentFlyerAirline: 'LH', frequentFlyerNumber: '12345678' },
      'frequentFlyerAirline',
      passengerMessages.frequentFlyerAirline,
    ],
    [
      { frequentFlyerAirline: 'BA', frequentFlyerNumber: '12' },
      'frequentFlyerNumber',
      passengerMessages.frequentFlyerNumber,
    ],
    [{ assistance: 'JUMP' }, 'assistance', passengerMessages.assistanceUnknown],
  ])('refuses %o at %s with "%s"', (input, field, message) => {
    expect(errorsOf(input)[field as keyof ReturnType<typeof errorsOf>]).toBe(message);
  });

  it('takes the names airlines take, with accents, hyphens and apostrophes', () => {
    for (const name of [
      "O'Brien",
      'Jean-Luc',
      'Müller',
      'Łukasz',
      'Nuñez',
      'De La Cruz',
      'O’Neil',
    ]) {
      expect(errorsOf({ lastName: name })).toEqual({});
    }
    const result = checkPassenger({ ...lead, lastName: 'O’Neil' }, 0, rules);
    expect(result.success && result.data.lastName).toBe("O'Neil");
  });

  it('reads a local phone number in the country chosen for it, and keeps E.164', () => {
    expect(normalizePhone('07911 123456', 'GB')).toBe('+447911123456');
    expect(normalizePhone('(212) 555-0123', 'US')).toBe('+12125550123');
    expect(normalizePhone('+33 1 42 68 53 00', undefined)).toBe('+33142685300');
    expect(normalizePhone('07911 123456', undefined)).toBeNull();
    expect(normalizePhone('07911 123456', 'XX')).toBeNull();
    const result = checkPassenger({ ...lead, phone: '07911 123456', phoneCountry: 'gb' }, 0, rules);
    expect(result.success && result.data.phone).toBe('+447911123456');
  });

  it('asks e-mail and phone of the first passenger only, and checks what others give', () => {
    const others = checkPassenger({ ...child, email: 'not-an-email', phone: '12' }, 1, rules);
    expect(others.success ? {} : others.errors).toEqual({
      email: passengerMessages.emailInvalid,
      phone: passengerMessages.phoneCountryRequired,
    });
  });

  it('counts ages on the date of travel: a child who turns 12 before it is an adult', () => {
    const check = (input: PassengerInput) => {
      const result = checkPassenger(input, 1, rules);
      return result.success ? null : result.errors.dateOfBirth;
    };
    expect(check({ ...child, dateOfBirth: '2015-03-10' })).toBe(passengerMessages.ageChild);
    expect(check({ ...child, dateOfBirth: '2015-03-11' })).toBeNull();
    expect(check({ ...child, dateOfBirth: '2025-03-11' })).toBe(passengerMessages.ageChild);
    expect(checkPassenger({ ...infant, dateOfBirth: '2025-03-10' }, 2, rules)).toMatchObject({
      errors: { dateOfBirth: passengerMessages.ageInfant },
    });
    expect(checkPassenger({ ...infant, dateOfBirth: '2025-03-11' }, 2, rules)).toMatchObject({
      success: true,
    });
  });

  it('holds a date of birth to the age the search was made for', () => {
    const searched = (age: number): PassengerRules => ({
      ...rules,
      passengers: [
        { id: 'pas_1', type: 'adult', age: null },
        { id: 'pas_2', type: 'child', age },
      ],
    });
    expect(checkPassenger(child, 1, searched(8))).toMatchObject({
      success: false,
      errors: { dateOfBirth: passengerMessages.ageSearched(8, 7) },
    });
    expect(checkPassenger(child, 1, searched(7))).toMatchObject({ success: true });
  });

  it('gives children and infants the titles airlines accept', () => {
    expect(titleOptions('adult').map(([value]) => value)).toEqual([
      'mr',
      'ms',
      'mrs',
      'miss',
      'dr',
    ]);
    expect(titleOptions('child')).toEqual([
      ['mr', 'Master'],
      ['miss', 'Miss'],
      ['ms', 'Ms'],
    ]);
    expect(checkPassenger({ ...child, title: 'mrs' }, 1, rules)).toMatchObject({
      errors: { title: passengerMessages.titleForChild },
    });
  });

  it('makes passports optional when the offer does not need them, but whole when given', () => {
    const noPassport = { ...rules, passportRequired: false };
    const without = { passportNumber: '', passportExpiryDate: '', passportIssuingCountry: '' };
    expect(errorsOf(without, 0, noPassport)).toEqual({});
    expect(errorsOf({ ...without, passportNumber: 'P1234567' }, 0, noPassport)).toEqual({
      passportExpiryDate: passengerMessages.passportExpiryRequired,
      passportIssuingCountry: passengerMessages.countryLength,
    });
    const skipped = checkPassenger({ ...lead, passportNumber: 'P1' }, 0, noPassport, {
      skipPassport: true,
    });
    expect(skipped.success && skipped.data.passportNumber).toBeUndefined();
  });

  it('passes a checked passenger unchanged when it is sent again', () => {
    const first = checkPassenger(
      {
        ...lead,
        phone: '07911 123456',
        phoneCountry: 'GB',
        frequentFlyerAirline: 'BA',
        frequentFlyerNumber: '1234 5678',
      },
      0,
      rules,
    );
    if (!first.success) throw new Error('the lead passenger should pass');
    expect(checkPassenger(toPassengerInput(first.data), 0, rules)).toEqual(first);
  });

  it('keeps a frequent flyer number and an assistance request', () => {
    const result = checkPassenger(
      {
        ...lead,
        frequentFlyerAirline: 'ba',
        frequentFlyerNumber: ' 1234 5678 ',
        assistance: 'WCHR',
      },
      0,
      rules,
    );
    expect(result).toMatchObject({
      success: true,
      data: { frequentFlyer: { airlineIataCode: 'BA', number: '12345678' }, assistance: 'WCHR' },
    });
  });
});

describe('the passengers of a booking', () => {
  it('answers them when every one passes, in the offer order', () => {
    const result = checkPassengers([lead, child, infant], rules);
    expect(result.success && result.passengers.map((p) => p.id)).toEqual([
      'pas_1',
      'pas_2',
      'pas_3',
    ]);
  });

  it('keys every problem by passenger and field, the first as the message', () => {
    const result = checkPassengers(
      [{ ...lead, firstName: 'St. John' }, { ...child, title: '' }, infant],
      rules,
    );
    expect(result).toEqual({
      success: false,
      message: passengerMessages.nameCharacters,
      fields: {
        'passengers.0.firstName': passengerMessages.nameCharacters,
        'passengers.1.title': passengerMessages.titleRequired,
      },
    });
  });

  it('refuses passengers that are not the offer passengers', () => {
    for (const inputs of [
      [lead, child],
      [lead, infant, child],
      [lead, { ...child, type: 'adult' as const }, infant],
    ]) {
      expect(checkPassengers(inputs, rules)).toMatchObject({
        success: false,
        fields: { passengers: passengerMessages.passengersMismatch },
      });
    }
  });

  it('puts each infant on the lap of an adult, and refuses more infants than adults', () => {
    const two = {
      ...rules,
      passengers: [
        { id: 'pas_1', type: 'adult' as const, age: null },
        { id: 'pas_3', type: 'infant_without_seat' as const, age: null },
        { id: 'pas_4', type: 'infant_without_seat' as const, age: null },
      ],
    };
    expect(checkPassengers([lead, infant, { ...infant, id: 'pas_4' }], two)).toMatchObject({
      success: false,
      fields: { passengers: passengerMessages.infantsPerAdult },
    });
    expect(
      infantHolders([
        { id: 'a', type: 'adult' },
        { id: 'i', type: 'infant_without_seat' },
        { id: 'b', type: 'adult' },
      ]),
    ).toEqual(new Map([['a', 'i']]));
  });
});

describe('exit rows', () => {
  it('are for passengers 16 or over on the day of the flight, without an infant', () => {
    const traveller = { id: 'pas_1', dateOfBirth: '2011-03-10' };
    expect(exitRowProblem(traveller, '2027-03-09', false)).toBe(seatRuleMessages.exitRowAge);
    expect(exitRowProblem(traveller, '2027-03-10', false)).toBeNull();
    expect(exitRowProblem(traveller, '2027-03-10', true)).toBe(seatRuleMessages.exitRowInfant);
  });
});

describe('countries', () => {
  it('lists every ISO 3166 country once, named in the language asked for', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    const options = new Map(countryOptions('en'));
    expect(options.get('GB')).toBe('United Kingdom');
    expect(options.get('CI')).toMatch(/Côte d’Ivoire|Ivory Coast/);
    expect(new Map(countryOptions('de')).get('DE')).toBe('Deutschland');
    expect(new Map(phoneCountryOptions('en')).get('GB')).toBe('United Kingdom (+44)');
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
