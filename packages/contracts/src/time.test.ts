import { describe, expect, it } from 'vitest';
import { instantToLocalDate, localTimeToInstant } from './time';

describe('local times as instants', () => {
  it.each([
    ['2026-07-01T09:30', 'Europe/London', '2026-07-01T08:30:00.000Z'],
    ['2026-01-15T09:30:00', 'Europe/London', '2026-01-15T09:30:00.000Z'],
    ['2026-03-29T03:00', 'Europe/London', '2026-03-29T02:00:00.000Z'],
    ['2026-03-29T03:30:00', 'Europe/London', '2026-03-29T02:30:00.000Z'],
    ['2026-10-25T00:30', 'Europe/London', '2026-10-24T23:30:00.000Z'],
    ['2026-12-20T10:30:00', 'Europe/London', '2026-12-20T10:30:00.000Z'],
    ['2026-01-15T09:30', 'Asia/Tokyo', '2026-01-15T00:30:00.000Z'],
    ['2026-01-15T23:45', 'America/Los_Angeles', '2026-01-16T07:45:00.000Z'],
    ['2026-06-01T12:00', 'Asia/Kolkata', '2026-06-01T06:30:00.000Z'],
    ['2026-03-08T03:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-12-20T18:05', 'America/New_York', '2026-12-20T23:05:00.000Z'],
    ['2026-12-21T06:00:00', 'Pacific/Auckland', '2026-12-20T17:00:00.000Z'],
    ['2026-07-01T09:30:15.250', 'Europe/London', '2026-07-01T08:30:15.250Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(new Date(localTimeToInstant(local, zone)).toISOString()).toBe(instant);
  });

  it('reads a time a clock change repeats as its first instant in the zone database', () => {
    // 01:30 comes twice: British Summer Time first, then GMT; New York's daylight time first.
    expect(new Date(localTimeToInstant('2026-10-25T01:30', 'Europe/London')).toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(
      new Date(localTimeToInstant('2026-11-01T01:30:00', 'America/New_York')).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads a time a clock change skips an hour later', () => {
    expect(new Date(localTimeToInstant('2026-03-29T01:30', 'Europe/London')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(localTimeToInstant('2026-03-08T02:30', 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('answers NaN for what is not a time, or a zone nobody knows', () => {
    expect(localTimeToInstant('tomorrow', 'Europe/London')).toBeNaN();
    expect(localTimeToInstant('2026-12-13T09:00:00', 'Mars/Olympus')).toBeNaN();
  });
});

describe('instantToLocalDate', () => {
  it('answers the calendar date where the clock is', () => {
    const at = new Date('2026-11-22T12:00:00Z');
    expect(instantToLocalDate(at, 'Europe/London')).toBe('2026-11-22');
    expect(instantToLocalDate(at, 'Pacific/Auckland')).toBe('2026-11-23');
    expect(instantToLocalDate(Date.parse('2026-11-22T03:00:00Z'), 'America/Los_Angeles')).toBe(
      '2026-11-21',
    );
  });
});
