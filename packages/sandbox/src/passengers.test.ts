import { describe, expect, it } from 'vitest';
import { SandboxError } from './errors';
import { ageOn, normalizeSearchPassengers, typeForAge } from './passengers';

function failure(run: () => unknown): SandboxError {
  try {
    run();
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}

describe('passenger types', () => {
  it('follow the airline age bands', () => {
    expect(typeForAge(0)).toBe('infant_without_seat');
    expect(typeForAge(1)).toBe('infant_without_seat');
    expect(typeForAge(2)).toBe('child');
    expect(typeForAge(11)).toBe('child');
    expect(typeForAge(12)).toBe('adult');
  });

  it('count age in whole years on the travel date', () => {
    expect(ageOn('2000-03-04', '2026-03-03')).toBe(25);
    expect(ageOn('2000-03-04', '2026-03-04')).toBe(26);
    expect(ageOn('2024-02-29', '2026-02-28')).toBe(1);
    expect(ageOn('2024-02-29', '2026-03-01')).toBe(2);
    expect(ageOn('not a date', '2026-03-01')).toBeNull();
  });
});

describe('normalizeSearchPassengers', () => {
  it('accepts types, ages or both', () => {
    expect(
      normalizeSearchPassengers([
        { type: 'adult' },
        { age: 8 },
        { type: 'infant_without_seat', age: 1 },
        { age: 40 },
      ]),
    ).toEqual([
      { type: 'adult', age: null },
      { type: 'child', age: 8 },
      { type: 'infant_without_seat', age: 1 },
      { type: 'adult', age: 40 },
    ]);
  });

  it('refuses more infants than adults', () => {
    const error = failure(() =>
      normalizeSearchPassengers([{ type: 'adult' }, { age: 0 }, { age: 1 }]),
    );
    expect(error.code).toBe('validation_error');
    expect(error.status).toBe(422);
    expect(error.details.fields).toHaveProperty('passengers');
  });

  it('refuses more than nine seated passengers, but not nine plus infants', () => {
    const nine = Array.from({ length: 9 }, () => ({ type: 'adult' as const }));
    expect(normalizeSearchPassengers([...nine, { type: 'infant_without_seat' }])).toHaveLength(10);
    expect(failure(() => normalizeSearchPassengers([...nine, { type: 'child' }])).code).toBe(
      'validation_error',
    );
  });

  it('refuses children alone, bad ages and contradictions', () => {
    expect(failure(() => normalizeSearchPassengers([{ type: 'child' }])).code).toBe(
      'validation_error',
    );
    expect(failure(() => normalizeSearchPassengers([])).code).toBe('validation_error');
    expect(
      failure(() => normalizeSearchPassengers([{ type: 'adult', age: 5 }])).details.fields,
    ).toHaveProperty('passengers[0].age');
    expect(failure(() => normalizeSearchPassengers([{ age: -1 }])).code).toBe('validation_error');
    expect(failure(() => normalizeSearchPassengers([{ age: 2.5 }])).code).toBe('validation_error');
    expect(
      failure(() => normalizeSearchPassengers([{ type: 'pilot' } as unknown as { type: 'adult' }]))
        .code,
    ).toBe('validation_error');
  });
});
