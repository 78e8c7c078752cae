import { describe, expect, it } from 'vitest';
import {
  dayDifference,
  durationMinutes,
  formatDuration,
  formatExactPrice,
  formatMinor,
  formatFullDate,
  formatMinutes,
  formatPrice,
  formatShortDate,
  formatTime,
  formatWeekdayDate,
  localMinutesBetween,
  stopsLabel,
} from './flight-formatters';

describe('durations', () => {
  it.each([
    ['PT7H25M', '7h 25m'],
    ['PT13H', '13h 0m'],
    ['PT45M', '0h 45m'],
    ['P1DT2H5M', '26h 5m'],
    ['PT8H0M30S', '8h 0m'],
  ])('formats %s as %s', (iso, text) => {
    expect(formatDuration(iso)).toBe(text);
  });

  it.each(['', 'PT', 'P', '7h25m', 'PT-1H', 'soon', null, undefined])(
    "shows 'N/A' for the duration %s",
    (value) => {
      expect(formatDuration(value)).toBe('N/A');
    },
  );

  it('counts minutes and formats minute totals', () => {
    expect(durationMinutes('PT7H25M')).toBe(445);
    expect(formatMinutes(445)).toBe('7h 25m');
    expect(formatMinutes(-5)).toBe('N/A');
    expect(formatMinutes(Number.NaN)).toBe('N/A');
  });
});

describe('times and dates', () => {
  it('shows local times as written, on a 24-hour clock', () => {
    expect(formatTime('2026-12-13T07:05:00')).toBe('07:05');
    expect(formatTime('2026-12-13T23:59')).toBe('23:59');
  });

  it.each(['2026-12-13', '2026-13-45T10:00:00', '2026-12-13T25:00:00', 'tomorrow', '', null])(
    "shows 'N/A' for the time %s",
    (value) => {
      expect(formatTime(value)).toBe('N/A');
    },
  );

  it('writes short, weekday and full dates', () => {
    expect(formatShortDate('2026-12-13')).toBe('Dec 13');
    expect(formatShortDate('2026-12-13T07:05:00')).toBe('Dec 13');
    expect(formatWeekdayDate('2026-12-13')).toBe('Sun, Dec 13');
    expect(formatFullDate('2026-12-13T07:05:00')).toBe('Sun, Dec 13, 2026');
  });

  it.each(['2026-02-30', 'Dec 13', '', undefined])("shows 'N/A' for the date %s", (value) => {
    expect(formatShortDate(value)).toBe('N/A');
    expect(formatFullDate(value)).toBe('N/A');
    expect(formatWeekdayDate(value)).toBe('N/A');
  });

  it('counts calendar days between local times (next-day arrivals)', () => {
    expect(dayDifference('2026-12-13T23:25:00', '2026-12-14T10:15:00')).toBe(1);
    expect(dayDifference('2026-12-13T07:00:00', '2026-12-13T23:00:00')).toBe(0);
    expect(dayDifference('2026-12-14T01:00:00', '2026-12-13T22:00:00')).toBe(-1);
    expect(dayDifference('nonsense', '2026-12-13T22:00:00')).toBe(0);
  });

  it('measures a layover between two local times at one airport', () => {
    expect(localMinutesBetween('2026-12-13T10:30:00', '2026-12-13T14:00:00')).toBe(210);
    expect(localMinutesBetween('2026-12-13T23:30:00', '2026-12-14T01:00:00')).toBe(90);
    expect(localMinutesBetween('later', '2026-12-14T01:00:00')).toBeNull();
  });
});

describe('prices', () => {
  it('shows whole units, en-US, with the currency', () => {
    expect(formatPrice('1234.00', 'USD')).toBe('$1,234');
    expect(formatPrice('1233.50', 'USD')).toBe('$1,234');
    expect(formatPrice(899, 'GBP')).toBe('£899');
    expect(formatPrice('75.00', 'EUR')).toBe('€75');
  });

  it('shows exact amounts with cents for breakdowns', () => {
    expect(formatExactPrice('849.50', 'USD')).toBe('$849.50');
    expect(formatExactPrice('1072', 'USD')).toBe('$1,072.00');
  });

  it('shows each currency with its own decimals: none for JPY, three for KWD', () => {
    expect(formatExactPrice('17103', 'JPY')).toBe('¥17,103');
    expect(formatExactPrice('12.345', 'KWD')).toBe('KWD\u00a012.345');
    expect(formatExactPrice('12.3', 'kwd')).toBe('KWD\u00a012.300');
    expect(formatMinor(17103, 'JPY')).toBe('¥17,103');
    expect(formatMinor(12345, 'KWD')).toBe('KWD\u00a012.345');
    expect(formatMinor(182550, 'USD')).toBe('$1,825.50');
    expect(formatPrice('17103', 'JPY')).toBe('¥17,103');
    expect(formatPrice('12.345', 'KWD')).toBe('KWD\u00a012');
    // A currency the product does not charge is never shown as if it were one it does.
    expect(formatMinor(12345, 'XXX')).toBe('XXX N/A');
  });

  it("shows '{currency} N/A' for an unreadable amount and 'N/A' without a currency", () => {
    expect(formatPrice('abc', 'USD')).toBe('USD N/A');
    expect(formatPrice(null, 'GBP')).toBe('GBP N/A');
    expect(formatPrice(Number.NaN, 'USD')).toBe('USD N/A');
    expect(formatPrice('100.00', '')).toBe('N/A');
    expect(formatPrice('100.00', null)).toBe('N/A');
    expect(formatExactPrice(undefined, 'USD')).toBe('USD N/A');
  });
});

describe('stopsLabel', () => {
  it.each([
    [1, 'Non-stop'],
    [2, '1 stop'],
    [3, '2 stops'],
    [4, '3 stops'],
  ])('%i segments read %s', (segments, label) => {
    expect(stopsLabel(segments)).toBe(label);
  });
});
