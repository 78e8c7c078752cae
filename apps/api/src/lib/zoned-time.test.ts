import { describe, expect, it } from 'vitest';
import { localDate, zonedTimeToInstant } from './zoned-time';

describe('zonedTimeToInstant', () => {
  it.each([
    ['2026-12-20T10:30:00', 'Europe/London', '2026-12-20T10:30:00.000Z'],
    ['2026-07-20T10:30:00', 'Europe/London', '2026-07-20T09:30:00.000Z'],
    ['2026-12-20T18:05', 'America/New_York', '2026-12-20T23:05:00.000Z'],
    ['2026-12-21T06:00:00', 'Pacific/Auckland', '2026-12-20T17:00:00.000Z'],
    ['2026-03-29T03:30:00', 'Europe/London', '2026-03-29T02:30:00.000Z'],
    ['2026-11-01T01:30:00', 'America/New_York', '2026-11-01T05:30:00.000Z'],
  ])('%s in %s is %s', (local, zone, expected) => {
    expect(zonedTimeToInstant(local, zone).toISOString()).toBe(expected);
  });
});

describe('localDate', () => {
  it('answers the calendar date where the clock is', () => {
    const at = new Date('2026-11-22T12:00:00Z');
    expect(localDate(at, 'Europe/London')).toBe('2026-11-22');
    expect(localDate(at, 'Pacific/Auckland')).toBe('2026-11-23');
    expect(localDate(new Date('2026-11-22T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
  });
});
