import { describe, expect, it } from 'vitest';
import {
  multiCityMessages,
  multiCitySlicesSchema,
  searchMessages,
  sliceProblems,
} from './flight-search';

const TODAY = '2026-11-22';
const slices = [
  { origin: 'lhr', destination: 'cdg', departureDate: '2026-12-01' },
  { origin: 'CDG', destination: 'FCO', departureDate: '2026-12-04' },
  { origin: 'FCO', destination: 'LHR', departureDate: '2026-12-09' },
];
const issues = (input: unknown) => {
  const result = multiCitySlicesSchema.safeParse(input);
  // One line per field and message (an empty code fails two of its checks with one message).
  return result.success
    ? []
    : [...new Set(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))];
};

describe('multi-city slices', () => {
  it('accepts three slices and upper-cases the airports', () => {
    const parsed = multiCitySlicesSchema.parse(slices);
    expect(parsed[0]).toEqual({ origin: 'LHR', destination: 'CDG', departureDate: '2026-12-01' });
    expect(sliceProblems(parsed, TODAY)).toEqual([]);
  });

  it('needs 2 to 5 slices', () => {
    expect(issues(slices.slice(0, 1))).toEqual([`: ${multiCityMessages.tooFewSlices}`]);
    expect(issues([...slices, ...slices])).toEqual([`: ${multiCityMessages.tooManySlices}`]);
    expect(issues([...slices, slices[0], slices[1]])).toEqual([]);
  });

  it('names the field of a missing airport or date', () => {
    expect(issues([slices[0], { ...slices[1], origin: '', departureDate: '2026-02-30' }])).toEqual([
      `1.origin: ${searchMessages.originRequired}`,
      `1.departureDate: ${searchMessages.departureDateRequired}`,
    ]);
  });

  it('rejects the same city, a past date, a date past the horizon and a date going back', () => {
    const parsed = multiCitySlicesSchema.parse([
      { origin: 'LHR', destination: 'LHR', departureDate: '2026-11-21' },
      { origin: 'CDG', destination: 'FCO', departureDate: '2026-12-04' },
      { origin: 'FCO', destination: 'MAD', departureDate: '2026-12-03' },
      { origin: 'MAD', destination: 'LHR', departureDate: '2027-10-23' },
    ]);
    expect(sliceProblems(parsed, TODAY)).toEqual([
      { path: 'slices.0.destination', message: searchMessages.sameAirports },
      { path: 'slices.0.departureDate', message: searchMessages.departureInPast },
      { path: 'slices.2.departureDate', message: multiCityMessages.sliceBeforePrevious },
      { path: 'slices.3.departureDate', message: searchMessages.tooFarAhead },
    ]);
  });

  it('allows two slices on the same day and today itself', () => {
    const parsed = multiCitySlicesSchema.parse([
      { ...slices[0], departureDate: TODAY },
      { ...slices[1], departureDate: TODAY },
    ]);
    expect(sliceProblems(parsed, TODAY)).toEqual([]);
  });
});
