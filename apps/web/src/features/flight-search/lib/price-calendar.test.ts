import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import {
  calendarMonths,
  lowPriceLimit,
  monthWeeks,
  returnDateOf,
  shiftMonth,
  startMonth,
  tripLengthOf,
} from './price-calendar';

const criteria: SearchCriteria = {
  tripType: 'round-trip',
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-03-10',
  returnDate: '2026-03-17',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  childrenAges: [],
  infantsAges: [],
};

describe('price calendar rules', () => {
  it('lays a month out in weeks from Monday, blanks before and after', () => {
    // February 2027 starts on a Monday and fills four weeks exactly.
    expect(monthWeeks('2027-02')).toHaveLength(4);
    expect(monthWeeks('2027-02')[0]?.[0]).toBe('2027-02-01');
    // March 2026 starts on a Sunday: six blanks, and the 31st (a Tuesday) then five.
    const march = monthWeeks('2026-03');
    expect(march[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(march.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
  });

  it('moves across years, and keeps to the months that can be booked', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(calendarMonths('2026-03-01')).toEqual({ first: '2026-03', last: '2027-02' });
    // 11 months after 31 March is past 28 February, as the search's own horizon counts it.
    expect(calendarMonths('2026-03-31')).toEqual({ first: '2026-03', last: '2027-03' });
    expect(startMonth('2026-05-02', '2026-03-01')).toBe('2026-05');
    expect(startMonth('2026-01-02', '2026-03-01')).toBe('2026-03');
    expect(startMonth('2028-01-02', '2026-03-01')).toBe('2027-02');
  });

  it('calls the cheapest third low, and nothing when every price is the same', () => {
    expect(lowPriceLimit([500, 100, 400, 200, 300, 600])).toBe(200);
    expect(lowPriceLimit([300, 100, 200, 400])).toBe(200);
    expect(lowPriceLimit([250, 250, 250])).toBeNull();
    expect(lowPriceLimit([])).toBeNull();
  });

  it("takes the trip length from the search's dates, within 1 to 30 days", () => {
    expect(tripLengthOf(criteria)).toBe(7);
    expect(tripLengthOf({ ...criteria, returnDate: '2026-05-10' })).toBe(30);
    expect(tripLengthOf({ ...criteria, returnDate: '2026-03-10' })).toBe(1);
    expect(tripLengthOf({ ...criteria, tripType: 'one-way', returnDate: undefined })).toBeNull();
    expect(returnDateOf('2026-03-30', 3)).toBe('2026-04-02');
    expect(returnDateOf('2026-03-30', null)).toBeUndefined();
  });
});
