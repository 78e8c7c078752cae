/**
 * Wall-clock times at places and instants, one module for the API, the web app and the shared
 * schemas. Every conversion goes through @date-fns/tz, which reads the runtime's time-zone
 * database: no offset is worked out here. A wall-clock time a clock change skips (02:30 as clocks
 * go from 02:00 to 03:00) is read an hour later, as JavaScript's own Date reads it; one a clock
 * change repeats is the instant the zone's database gives first.
 */
import { TZDate } from '@date-fns/tz';

/** `YYYY-MM-DDTHH:mm[:ss[.sss]]`, no offset: how airlines write departures and arrivals. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A wall-clock time at a place (`YYYY-MM-DDTHH:mm[:ss]`) as an instant (epoch ms); NaN for what is
 * not such a time, or a zone the runtime does not know.
 */
export function localTimeToInstant(local: string, timeZone: string): number {
  const match = LOCAL_TIME.exec(local);
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second = '0', fraction = '0'] = match;
  return TZDate.tz(
    timeZone,
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, '0')),
  ).getTime();
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The calendar date (`YYYY-MM-DD`) where a place's clocks are at an instant. */
export function instantToLocalDate(instant: number | Date, timeZone: string): string {
  const zoned = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${String(zoned.getFullYear())}-${pad2(zoned.getMonth() + 1)}-${pad2(zoned.getDate())}`;
}
