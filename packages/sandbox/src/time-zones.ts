/**
 * Local times at airports. Every conversion between a wall-clock time in an IANA zone and an
 * instant goes through @date-fns/tz (which reads the runtime's tz database), never through hand
 * offsets, so daylight-saving changes and the date line come out right.
 */
import { addDays } from '@contrail/contracts/flight-search';
import { Memo, PairMemo } from '@contrail/contracts/pair-memo';
import { TZDate, tzOffset } from '@date-fns/tz';

/** A calendar date, `YYYY-MM-DD`. */
export type LocalDate = string;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseLocalDate(value: string): { year: number; month: number; day: number } | null {
  const match = datePattern.exec(value);
  if (match === null) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2025-02-30 over to March; a real date survives the round trip.
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

export function isLocalDate(value: string): boolean {
  return parseLocalDate(value) !== null;
}

function requireDate(value: LocalDate): { year: number; month: number; day: number } {
  const parsed = parseLocalDate(value);
  if (parsed === null) throw new RangeError(`Not a calendar date: ${value}`);
  return parsed;
}

/** Days since 1970-01-01 by date string; searches ask for the same few dates thousands of times. */
const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 (negative before); throws on anything but a calendar date. */
export function dayNumber(value: LocalDate): number {
  let days = dayNumbers.get(value);
  if (days === undefined) {
    const { year, month, day } = requireDate(value);
    days = Date.UTC(year, month - 1, day) / 86_400_000;
    if (dayNumbers.size >= 20_000) dayNumbers.clear();
    dayNumbers.set(value, days);
  }
  return days;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function formatDate(year: number, month: number, day: number): LocalDate {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: LocalDate): number {
  // 1970-01-01 was a Thursday.
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

interface ZonedDay {
  /** The instant local midnight begins, from the tz database. */
  readonly midnight: number;
  /** True when the zone's offset is the same all day (no daylight-saving switch). */
  readonly steady: boolean;
}

/**
 * A searched day touches hundreds of flights in a handful of zones, and a TZDate costs ~15 µs,
 * so each (zone, date) is resolved once. The cache holds facts, never changes an answer, and is
 * bounded. Keyed by zone, then date, so a lookup builds no key.
 */
const zonedDayLimit = 50_000;
const zonedDays = new PairMemo<string, LocalDate, ZonedDay>(zonedDayLimit);

/**
 * The zone's UTC offset in minutes at 00:00 UTC of a day (days since 1970-01-01), read from the
 * tz database through the library, one reading per zone and day. Bounded like zonedDays.
 */
const utcMidnightOffsets = new PairMemo<string, number, number>(zonedDayLimit);

function utcMidnightOffset(timeZone: string, days: number): number {
  return (
    utcMidnightOffsets.get(timeZone, days) ??
    utcMidnightOffsets.set(timeZone, days, tzOffset(timeZone, new Date(days * 86_400_000)))
  );
}

/** A day's facts straight from the library: two TZDates and two offset readings. */
function zonedDayFromLibrary(timeZone: string, date: LocalDate): ZonedDay {
  const { year, month, day } = requireDate(date);
  const midnight = TZDate.tz(timeZone, year, month - 1, day, 0, 0).getTime();
  const nextMidnight = TZDate.tz(timeZone, year, month - 1, day + 1, 0, 0).getTime();
  const steady =
    nextMidnight - midnight === 86_400_000 &&
    tzOffset(timeZone, new Date(midnight)) === tzOffset(timeZone, new Date(nextMidnight - 1));
  return { midnight, steady };
}

/**
 * A day's facts. When the zone shows one whole-minute offset at 00:00 UTC from the day before to
 * two days after, no clock change falls in that span (zones change their clocks at most once a
 * day), so local midnight is UTC midnight less the offset and the day is steady: the library's
 * answer, worked out from four offset readings shared with the neighbouring days. Otherwise the
 * library resolves the day itself.
 */
function zonedDay(timeZone: string, date: LocalDate): ZonedDay {
  const cached = zonedDays.get(timeZone, date);
  if (cached !== undefined) return cached;
  const days = dayNumber(date);
  const offset = utcMidnightOffset(timeZone, days);
  const info: ZonedDay =
    Number.isInteger(offset) &&
    utcMidnightOffset(timeZone, days - 1) === offset &&
    utcMidnightOffset(timeZone, days + 1) === offset &&
    utcMidnightOffset(timeZone, days + 2) === offset
      ? { midnight: days * 86_400_000 - offset * 60_000, steady: true }
      : zonedDayFromLibrary(timeZone, date);
  return zonedDays.set(timeZone, date, info);
}

/** The instant (epoch ms) of a wall-clock time at an airport. */
export function zonedTimeToInstant(timeZone: string, date: LocalDate, minuteOfDay: number): number {
  const info = zonedDay(timeZone, date);
  // On a day without a clock change, a wall-clock time is elapsed minutes after midnight; on
  // the two switch days a year the library resolves the exact time (and any skipped hour).
  if (info.steady) return info.midnight + minuteOfDay * 60_000;
  const { year, month, day } = requireDate(date);
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  return TZDate.tz(timeZone, year, month - 1, day, hours, minutes).getTime();
}

export interface LocalTime {
  readonly date: LocalDate;
  readonly minuteOfDay: number;
  /** `YYYY-MM-DDTHH:mm:ss` without offset, as Duffel writes local times. */
  readonly iso: string;
}

/** The wall-clock time at an airport for an instant. */
export function instantToZonedTime(timeZone: string, instant: number): LocalTime {
  const zoned = new TZDate(instant, timeZone);
  const date = formatDate(zoned.getFullYear(), zoned.getMonth() + 1, zoned.getDate());
  const hours = zoned.getHours();
  const minutes = zoned.getMinutes();
  const seconds = zoned.getSeconds();
  return {
    date,
    minuteOfDay: hours * 60 + minutes,
    iso: `${date}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`,
  };
}

/** The days around `near` to look in, nearest first. */
const nearShifts = [0, 1, -1, 2, -2] as const;

/**
 * The local date of an instant known to fall within two days of `near`, when that date has no
 * clock change; undefined when it has one (the library must then place the instant).
 */
function steadyDateNear(timeZone: string, instant: number, near: LocalDate): LocalDate | undefined {
  for (const shift of nearShifts) {
    const date = addDays(near, shift);
    const day = zonedDay(timeZone, date);
    if (instant < day.midnight) continue;
    const next = zonedDay(timeZone, addDays(date, 1));
    if (instant >= next.midnight) continue;
    return day.steady ? date : undefined;
  }
  return undefined;
}

/**
 * The wall-clock time at an airport for an instant known to fall within two days of `near`
 * (a flight's arrival, near its departure date). Uses the same per-day facts from the tz database
 * as zonedTimeToInstant, so a search can place hundreds of arrivals without a TZDate each; on a
 * day with a clock change it asks the library directly.
 */
export function instantToZonedTimeNear(
  timeZone: string,
  instant: number,
  near: LocalDate,
): LocalTime {
  const date = steadyDateNear(timeZone, instant, near);
  if (date === undefined) return instantToZonedTime(timeZone, instant);
  const seconds = Math.floor((instant - zonedDay(timeZone, date).midnight) / 1000);
  const minuteOfDay = Math.floor(seconds / 60);
  return {
    date,
    minuteOfDay,
    iso: `${date}T${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}:${pad2(seconds % 60)}`,
  };
}

/** The date part of instantToZonedTimeNear, without building the rest. */
export function instantToZonedDateNear(
  timeZone: string,
  instant: number,
  near: LocalDate,
): LocalDate {
  return steadyDateNear(timeZone, instant, near) ?? instantToZonedTime(timeZone, instant).date;
}

/** Dates by zone and instant: a search's offers all ask for the same one; 10,000 at most. */
const localDates = new PairMemo<string, number, LocalDate>(10_000);

/** The date at an airport at an instant (offers of one search all ask for the same one). */
export function localDateAt(timeZone: string, instant: number): LocalDate {
  return (
    localDates.get(timeZone, instant) ??
    localDates.set(timeZone, instant, instantToZonedTime(timeZone, instant).date)
  );
}

/** Minutes → ISO 8601 duration as Duffel writes it: 445 → "PT7H25M", 1590 → "P1DT2H30M". */
export function formatIsoDuration(totalMinutes: number): string {
  if (!Number.isInteger(totalMinutes) || totalMinutes < 0) {
    throw new RangeError(`Not a duration in minutes: ${totalMinutes}`);
  }
  let duration = isoDurations.get(totalMinutes);
  if (duration === undefined) {
    duration = writeIsoDuration(totalMinutes);
    isoDurations.set(totalMinutes, duration);
  }
  return duration;
}

/** Offers repeat the same few hundred block times and journey lengths: 10,000 is a week's worth. */
const isoDurations = new Memo<number, string>(10_000);

function writeIsoDuration(totalMinutes: number): string {
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  let time = '';
  if (hours > 0) time += `${hours}H`;
  if (minutes > 0 || (hours === 0 && days === 0)) time += `${minutes}M`;
  return `P${days > 0 ? `${days}D` : ''}${time.length > 0 ? `T${time}` : ''}`;
}

/** ISO 8601 duration (as written by formatIsoDuration) → minutes, or null. */
export function parseIsoDuration(value: string): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(value);
  if (match === null || value === 'P' || value.endsWith('T')) return null;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** An instant → ISO 8601 in UTC with milliseconds, as Duffel writes `created_at`/`expires_at`. */
export function toIsoInstant(instant: number): string {
  let iso = isoInstants.get(instant);
  if (iso === undefined) {
    iso = new Date(instant).toISOString();
    isoInstants.set(instant, iso);
  }
  return iso;
}

/**
 * Every offer of a search carries the same creation and expiry instants (one pair per search
 * minute): 1,000 cover hundreds of minutes.
 */
const isoInstants = new Memo<number, string>(1_000);
