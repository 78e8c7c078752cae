import { addDays } from '@contrail/contracts/flight-search';
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  formatIsoDuration,
  instantToZonedTime,
  instantToZonedTimeNear,
  isLocalDate,
  localDateAt,
  parseIsoDuration,
  weekday,
  zonedTimeToInstant,
} from './time-zones';

describe('calendar dates', () => {
  it('accepts only real dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('26-01-01')).toBe(false);
  });

  it('counts days and names weekdays', () => {
    expect(daysBetween('2026-01-10', '2026-03-04')).toBe(53);
    expect(daysBetween('2026-03-04', '2026-01-10')).toBe(-53);
    expect(weekday('2026-01-10')).toBe(6);
    expect(weekday('1970-01-01')).toBe(4);
    expect(weekday('2026-03-08')).toBe(0);
  });
});

describe('zoned times', () => {
  it('turns a local departure into the right instant, in and out of summer time', () => {
    expect(
      new Date(zonedTimeToInstant('Europe/London', '2026-01-15', 11 * 60 + 25)).toISOString(),
    ).toBe('2026-01-15T11:25:00.000Z');
    expect(
      new Date(zonedTimeToInstant('Europe/London', '2026-07-15', 11 * 60 + 25)).toISOString(),
    ).toBe('2026-07-15T10:25:00.000Z');
    expect(new Date(zonedTimeToInstant('Asia/Kolkata', '2026-07-15', 60)).toISOString()).toBe(
      '2026-07-14T19:30:00.000Z',
    );
  });

  it('resolves times on the day the clocks change with the tz database', () => {
    // New York springs forward at 02:00 on 8 March 2026: 09:00 is already EDT (UTC−4).
    expect(
      new Date(zonedTimeToInstant('America/New_York', '2026-03-08', 9 * 60)).toISOString(),
    ).toBe('2026-03-08T13:00:00.000Z');
    // 02:30 does not exist that night; the library moves it to 03:30 EDT.
    expect(zonedTimeToInstant('America/New_York', '2026-03-08', 150)).toBe(
      TZDate.tz('America/New_York', 2026, 2, 8, 2, 30).getTime(),
    );
  });

  it('shows an instant as local time without offset', () => {
    const instant = Date.parse('2026-03-01T21:45:00Z');
    expect(instantToZonedTime('Asia/Tokyo', instant)).toEqual({
      date: '2026-03-02',
      minuteOfDay: 6 * 60 + 45,
      iso: '2026-03-02T06:45:00',
    });
    expect(instantToZonedTime('Pacific/Honolulu', instant).iso).toBe('2026-03-01T11:45:00');
    expect(localDateAt('Pacific/Auckland', instant)).toBe('2026-03-02');
  });
});

describe('instantToZonedTimeNear', () => {
  it('agrees with the library everywhere, clock-change nights included', () => {
    const zones = [
      'Europe/London',
      'America/New_York',
      'Pacific/Auckland',
      'Asia/Kolkata',
      'America/Havana',
      'Pacific/Chatham',
    ];
    // Every 17 minutes over the days around spring and autumn changes in both hemispheres.
    const windows = [
      '2026-03-07T00:00:00Z',
      '2026-03-28T00:00:00Z',
      '2026-04-04T00:00:00Z',
      '2026-09-26T00:00:00Z',
      '2026-10-24T00:00:00Z',
      '2026-10-31T00:00:00Z',
    ];
    for (const timeZone of zones) {
      for (const start of windows) {
        for (let minute = 0; minute < 3 * 24 * 60; minute += 17) {
          const instant = Date.parse(start) + minute * 60_000;
          const exact = instantToZonedTime(timeZone, instant);
          const near = addDays(exact.date, minute % 3 === 0 ? 1 : minute % 3 === 1 ? -1 : 0);
          expect(instantToZonedTimeNear(timeZone, instant, near)).toEqual(exact);
        }
      }
    }
  });
});

describe('ISO 8601 durations', () => {
  it('writes durations as Duffel does', () => {
    expect(formatIsoDuration(445)).toBe('PT7H25M');
    expect(formatIsoDuration(60)).toBe('PT1H');
    expect(formatIsoDuration(45)).toBe('PT45M');
    expect(formatIsoDuration(0)).toBe('PT0M');
    expect(formatIsoDuration(1590)).toBe('P1DT2H30M');
    expect(formatIsoDuration(1440)).toBe('P1D');
  });

  it('reads them back', () => {
    for (const minutes of [0, 45, 60, 445, 1440, 1590, 3001]) {
      expect(parseIsoDuration(formatIsoDuration(minutes))).toBe(minutes);
    }
    expect(parseIsoDuration('PT')).toBeNull();
    expect(parseIsoDuration('7H')).toBeNull();
  });
});
