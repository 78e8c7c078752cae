import { searchMessages, type SearchCriteria } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import {
  defaultSearchFormValues,
  formValuesFromLastSearch,
  localToday,
  passengerBounds,
  passengerSummary,
  validateSearchForm,
  withDepartureDate,
  withPassengerAge,
  withPassengerCount,
  withTripType,
  type SearchFormValues,
} from './search-form';

const TODAY = '2026-03-01';
const valid: SearchFormValues = {
  ...defaultSearchFormValues(TODAY),
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-03-10',
  returnDate: '2026-03-17',
};

function messages(values: Partial<SearchFormValues>): string[] {
  const result = validateSearchForm({ ...valid, ...values }, TODAY);
  return result.ok ? [] : result.problems.map((problem) => problem.message);
}

describe('defaults (spec 000 §5)', () => {
  it('departs today, returns 7 days later, economy, 1 adult', () => {
    expect(defaultSearchFormValues(TODAY)).toEqual({
      tripType: 'round-trip',
      origin: '',
      destination: '',
      departureDate: TODAY,
      returnDate: '2026-03-08',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      childrenAges: [],
      infantsAges: [],
      slices: [],
    });
    expect(defaultSearchFormValues(TODAY, 'one-way').returnDate).toBe('');
  });

  it("takes today's date from the browser's own calendar", () => {
    expect(localToday(new Date(2026, 2, 1, 23, 30))).toBe('2026-03-01');
  });
});

describe('validateSearchForm', () => {
  it('accepts a complete search and gives the criteria', () => {
    const { slices: _slices, ...criteria } = valid;
    expect(validateSearchForm(valid, TODAY)).toEqual({ ok: true, criteria });
  });

  it.each([
    [{ origin: '' }, searchMessages.originRequired],
    [{ destination: '' }, searchMessages.destinationRequired],
    [{ departureDate: '' }, searchMessages.departureDateRequired],
    [{ returnDate: '' }, searchMessages.returnDateRequired],
    [{ destination: 'LHR' }, searchMessages.sameAirports],
    [{ departureDate: '2026-02-28', returnDate: '2026-03-05' }, searchMessages.departureInPast],
    [{ returnDate: '2026-03-09' }, searchMessages.returnBeforeDeparture],
    [{ departureDate: '2027-03-02', returnDate: '2027-03-09' }, searchMessages.tooFarAhead],
    [
      { adultsCount: 5, childrenCount: 5, childrenAges: [2, 4, 6, 8, 10] },
      searchMessages.tooManyPassengers,
    ],
    [{ adultsCount: 1, infantsCount: 2, infantsAges: [0, 1] }, searchMessages.infantsExceedAdults],
    [{ childrenCount: 2, childrenAges: [4, null] }, searchMessages.childAgesRequired],
    [{ infantsCount: 1, infantsAges: [null] }, searchMessages.infantAgesRequired],
  ])('%o gives %s', (change, message) => {
    expect(messages(change)).toEqual([message]);
  });

  it('lists every problem in the spec order', () => {
    expect(messages({ origin: '', destination: '' })).toEqual([
      searchMessages.originRequired,
      searchMessages.destinationRequired,
    ]);
    expect(
      messages({ destination: 'LHR', departureDate: '2026-02-01', returnDate: '2026-02-05' }),
    ).toEqual([searchMessages.sameAirports, searchMessages.departureInPast]);
  });

  it('sends the age of every child and infant', () => {
    const result = validateSearchForm(
      { ...valid, childrenCount: 2, childrenAges: [4, 11], infantsCount: 1, infantsAges: [0] },
      TODAY,
    );
    expect(result).toMatchObject({
      ok: true,
      criteria: { childrenAges: [4, 11], infantsAges: [0] },
    });
  });

  it('ignores the return date one way', () => {
    const result = validateSearchForm({ ...valid, tripType: 'one-way', returnDate: '' }, TODAY);
    const { slices: _slices, ...criteria } = valid;
    expect(result).toEqual({
      ok: true,
      criteria: { ...criteria, tripType: 'one-way', returnDate: undefined },
    });
  });
});

describe('trip type and dates', () => {
  it('one way clears the return date; round trip brings one back', () => {
    const oneWay = withTripType(valid, 'one-way');
    expect(oneWay.returnDate).toBe('');
    expect(withTripType(oneWay, 'round-trip').returnDate).toBe('2026-03-17');
  });

  it('a departure after the return keeps the trip length', () => {
    expect(withDepartureDate(valid, '2026-03-20')).toMatchObject({
      departureDate: '2026-03-20',
      returnDate: '2026-03-27',
    });
    expect(withDepartureDate(valid, '2026-03-12').returnDate).toBe('2026-03-17');
  });
});

describe('passenger steppers', () => {
  it('clamp adults to 1–9, children to 0–9, infants to 0–5', () => {
    let values = valid;
    values = withPassengerCount(values, 'adults', 12);
    expect(values.adultsCount).toBe(9);
    values = withPassengerCount(values, 'adults', 0);
    expect(values.adultsCount).toBe(1);
    values = withPassengerCount(values, 'children', -1);
    expect(values.childrenCount).toBe(0);
    values = withPassengerCount({ ...values, adultsCount: 6 }, 'infants', 9);
    expect(values.infantsCount).toBe(5);
  });

  it('ask an age for each child and infant added, and keep the ages of those still there', () => {
    let values = withPassengerCount(valid, 'children', 2);
    expect(values.childrenAges).toEqual([null, null]);
    values = withPassengerAge(values, 'children', 1, 7);
    values = withPassengerAge(values, 'children', 0, 3);
    expect(values.childrenAges).toEqual([3, 7]);
    values = withPassengerCount(values, 'children', 1);
    expect(values.childrenAges).toEqual([3]);
    values = withPassengerCount(values, 'infants', 1);
    expect(withPassengerAge(values, 'infants', 0, 1).infantsAges).toEqual([1]);
    expect(withPassengerAge(values, 'infants', 3, 1)).toBe(values);
  });

  it('keep seats at 9 and an adult for each infant', () => {
    expect(passengerBounds({ ...valid, adultsCount: 6, childrenCount: 2 }, 'children').max).toBe(3);
    expect(passengerBounds({ ...valid, adultsCount: 2 }, 'infants').max).toBe(2);
    expect(passengerBounds({ ...valid, adultsCount: 2, infantsCount: 2 }, 'adults').min).toBe(2);
  });

  it('sums up the party', () => {
    expect(passengerSummary(valid)).toBe('1 Adult');
    expect(passengerSummary({ ...valid, adultsCount: 2, childrenCount: 1, infantsCount: 2 })).toBe(
      '2 Adults, 1 Child, 2 Infants',
    );
  });
});

describe('the last search, to start the form from', () => {
  const last: SearchCriteria = {
    origin: 'LHR',
    destination: 'JFK',
    departureDate: '2026-02-20',
    returnDate: '2026-02-27',
    cabinClass: 'business',
    adultsCount: 2,
    childrenCount: 1,
    infantsCount: 1,
    childrenAges: [6],
    infantsAges: [1],
    tripType: 'round-trip',
  };

  it('keeps everything, dates that are still ahead included', () => {
    expect(formValuesFromLastSearch({ ...last, departureDate: TODAY }, TODAY)).toEqual({
      ...last,
      departureDate: TODAY,
      slices: [],
    });
  });

  it('asks again for the ages a search from before ages were asked did not keep', () => {
    expect(
      formValuesFromLastSearch({ ...last, childrenAges: [], infantsAges: [] }, TODAY),
    ).toMatchObject({ childrenAges: [null], infantsAges: [null] });
  });

  it('moves a past departure to today and the return with it, keeping the trip length', () => {
    expect(formValuesFromLastSearch(last, TODAY)).toMatchObject({
      departureDate: TODAY,
      returnDate: '2026-03-08',
      origin: 'LHR',
      cabinClass: 'business',
      adultsCount: 2,
    });
    expect(
      formValuesFromLastSearch({ ...last, tripType: 'one-way', returnDate: undefined }, TODAY),
    ).toMatchObject({ departureDate: TODAY, returnDate: '' });
  });
});
