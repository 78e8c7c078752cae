import { describe, expect, it } from 'vitest';
import { localDate, localTimeToInstant } from './time';

describe('local times as instants', () => {
  it.each([
    ['2026-07-01T09:30', 'Europe/London', '2026-07-01T08:30:00.000Z'],
    ['2026-01-15T09:30:00', 'Europe/London', '2026-01-15T09:30:00.000Z'],
    ['2026-03-29T03:00', 'Europe/London', '2026-03-29T02:00:00.000Z'],
    ['2026-10-25T00:30', 'Europe/London', '2026-10-24T23:30:00.000Z'],
    ['2026-01-15T09:30', 'Asia/Tokyo', '2026-01-15T00:30:00.000Z'],
    ['2026-01-15T23:45', 'America/Los_Angeles', '2026-01-16T07:45:00.000Z'],
    ['2026-06-01T12:00', 'Asia/Kolkata', '2026-06-01T06:30:00.000Z'],
    ['2026-03-08T03:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-11-01T01:30:00', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-12-21T06:00:00', 'Pacific/Auckland', '2026-12-20T17:00:00.000Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(new Date(localTimeToInstant(local, zone)).toISOString()).toBe(instant);
  });

  it('answers NaN for what is not a time', () => {
    expect(localTimeToInstant('tomorrow', 'Europe/London')).toBeNaN();
  });
});

describe('local dates', () => {
  it('answers the calendar date where the clock is', () => {
    const at = new Date('2026-11-22T12:00:00Z');
    expect(localDate(at, 'Europe/London')).toBe('2026-11-22');
    expect(localDate(at, 'Pacific/Auckland')).toBe('2026-11-23');
    expect(localDate(new Date('2026-11-22T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
  });
});
