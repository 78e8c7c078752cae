import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  criteriaProblems,
  searchCriteriaSchema,
  searchMessages,
} from './flight-search';

const TODAY = '2026-11-22';
const parse = (input: Record<string, unknown>) =>
  searchCriteriaSchema.parse({
    origin: 'LHR',
    destination: 'JFK',
    departureDate: '2026-12-01',
    returnDate: '2026-12-08',
    ...input,
  });
const problems = (input: Record<string, unknown>) =>
  criteriaProblems(parse(input), TODAY).map((p) => p.message);
const fieldErrors = (input: Record<string, unknown>) => {
  const result = searchCriteriaSchema.safeParse({
    origin: 'LHR',
    destination: 'JFK',
    departureDate: '2026-12-01',
    ...input,
  });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('search criteria', () => {
  it('applies the spec defaults', () => {
    expect(
      searchCriteriaSchema.parse({
        origin: 'lhr',
        destination: 'jfk',
        departureDate: '2026-12-01',
      }),
    ).toEqual({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-12-01',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      childrenAges: [],
      infantsAges: [],
      tripType: 'round-trip',
    });
  });

  it('reads ages from a list (the API) or comma-separated text (a /search link)', () => {
    expect(parse({ childrenCount: 2, childrenAges: [4, 11] }).childrenAges).toEqual([4, 11]);
    expect(parse({ childrenCount: '2', childrenAges: '4,11', infantsAges: '0' })).toMatchObject({
      childrenAges: [4, 11],
      infantsAges: [0],
    });
  });

  it('reads counts from URL strings', () => {
    expect(parse({ adultsCount: '2', childrenCount: '1', infantsCount: '1' })).toMatchObject({
      adultsCount: 2,
      childrenCount: 1,
      infantsCount: 1,
    });
  });

  it.each([
    [{ origin: '' }, searchMessages.originRequired],
    [{ origin: 'LONDON' }, searchMessages.originRequired],
    [{ destination: 'J1K' }, searchMessages.destinationRequired],
    [{ departureDate: '' }, searchMessages.departureDateRequired],
    [{ departureDate: '01/12/2026' }, searchMessages.departureDateRequired],
    [{ departureDate: '2026-13-01' }, searchMessages.departureDateRequired],
    [{ adultsCount: 0 }, searchMessages.adultsRequired],
    [{ adultsCount: 10 }, searchMessages.adultsRequired],
    [{ childrenCount: 10 }, searchMessages.childrenRange],
    [{ infantsCount: -1 }, searchMessages.infantsRange],
    [{ childrenAges: '1' }, searchMessages.childAgeRange],
    [{ childrenAges: '12' }, searchMessages.childAgeRange],
    [{ childrenAges: '4,,5' }, searchMessages.childAgeRange],
    [{ childrenAges: 'four' }, searchMessages.childAgeRange],
    [{ infantsAges: '2' }, searchMessages.infantAgeRange],
  ])('refuses %o with "%s"', (input, message) => {
    expect(fieldErrors(input)).toContain(message);
  });

  it.each([
    [{ destination: 'LHR' }, searchMessages.sameAirports],
    [{ departureDate: '2026-11-21' }, searchMessages.departureInPast],
    [{ returnDate: '2026-11-30' }, searchMessages.returnBeforeDeparture],
    [{ returnDate: undefined }, searchMessages.returnDateRequired],
    [{ departureDate: '2027-10-23', returnDate: '2027-10-24' }, searchMessages.tooFarAhead],
    [
      { adultsCount: 6, childrenCount: 4, childrenAges: [2, 5, 8, 11] },
      searchMessages.tooManyPassengers,
    ],
    [
      { adultsCount: 2, infantsCount: 3, infantsAges: [0, 1, 1] },
      searchMessages.infantsExceedAdults,
    ],
    [{ childrenCount: 1 }, searchMessages.childAgesRequired],
    [{ childrenCount: 1, childrenAges: [3, 4] }, searchMessages.childAgesRequired],
    [{ infantsCount: 1 }, searchMessages.infantAgesRequired],
  ])('finds the cross-field problem in %o', (input, message) => {
    expect(problems(input)).toEqual([message]);
  });

  it('accepts today, a same-day return, one way without a return, and the last bookable day', () => {
    expect(problems({ departureDate: TODAY, returnDate: TODAY })).toEqual([]);
    expect(problems({ tripType: 'one-way', returnDate: undefined })).toEqual([]);
    expect(problems({ tripType: 'one-way', returnDate: '2020-01-01' })).toEqual([]);
    expect(problems({ departureDate: '2027-10-22', returnDate: '2027-10-22' })).toEqual([]);
    expect(
      problems({
        adultsCount: 5,
        childrenCount: 4,
        childrenAges: [2, 5, 8, 11],
        infantsCount: 5,
        infantsAges: [0, 0, 1, 1, 0],
      }),
    ).toEqual([]);
  });

  it('does date arithmetic on calendar dates', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(addMonths('2026-11-22', 11)).toBe('2027-10-22');
  });
});
