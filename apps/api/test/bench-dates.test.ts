import { addDays, criteriaProblems, searchCriteriaSchema } from '@contrail/contracts/flight-search';
import { describe, expect, it } from 'vitest';
import { benchTrip, newSearch, popularSearch } from '../bench/support';

// `npm run bench` must pass on any day: every trip it searches is one the API accepts that day.

describe('the dates the benchmarks search', () => {
  it('are searchable from every day of a leap year and the year after', () => {
    const problems: string[] = [];
    for (let day = 0; day < 366 + 365; day += 1) {
      const today = addDays('2028-01-01', day);
      // The nearest and the furthest trips of the cycle, and one between.
      for (const n of [0, 1, 135, 268, 269, 270]) {
        const trip = benchTrip(n, today);
        const criteria = searchCriteriaSchema.parse({
          origin: 'LHR',
          destination: 'JFK',
          ...trip,
          tripType: 'round-trip',
        });
        for (const problem of criteriaProblems(criteria, today)) {
          problems.push(`${today} #${String(n)}: ${problem.message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('give every bench search valid criteria', () => {
    for (const body of [popularSearch(), newSearch(0), newSearch(12_345)]) {
      expect(searchCriteriaSchema.safeParse(body).success).toBe(true);
    }
  });
});
