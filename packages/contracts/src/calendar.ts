import type { Slice } from './offers';
import { localTimeToInstant } from './time';

/**
 * A trip as an iCalendar file (RFC 5545): one event per flight. Each event's start and end are
 * the instants in UTC, so every calendar shows them right wherever its owner is; the title and
 * the description give the local times at each airport, as the airline's timetable does.
 */
export interface TripCalendarInput {
  /** The airline booking reference (also what makes each event's UID). */
  bookingReference: string;
  /** The brand the trip was booked with, named in the description when given. */
  brandName?: string;
  slices: readonly Pick<Slice, 'segments'>[];
  /** When the file is made (its DTSTAMP). */
  now: Date;
}

/** The file's name for a booking reference. */
export function tripCalendarFileName(bookingReference: string): string {
  return `trip-${bookingReference.replace(/[^A-Za-z0-9]/g, '') || 'booking'}.ics`;
}

/** `20261201T103000Z` for an instant (epoch ms). */
function utcStamp(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

// eslint-disable-next-line no-control-regex -- the controls TEXT cannot hold are the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and every line break (CRLF, LF
 * or a lone CR, which some readers also take for the end of a line) as `\n`; the other control
 * characters, which TEXT cannot hold, are dropped (a tab stays). Escaped so, a value can neither
 * end its line nor start a property of its own.
 */
function text(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (not characters: a multi-byte character is never split), each
 * continuation starting with a space.
 */
const encoder = new TextEncoder();

function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `10:30` of a local date-time `2026-12-01T10:30:00`. */
const clock = (local: string) => local.slice(11, 16);
/** `1 Dec 2026` of a local date-time, the same wherever the file is made. */
function day(local: string): string {
  const [year, month, date] = local.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function tripCalendar({
  bookingReference,
  brandName,
  slices,
  now,
}: TripCalendarInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Contrail//Trip//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  slices.forEach((slice, sliceIndex) => {
    slice.segments.forEach((segment, segmentIndex) => {
      const departs = localTimeToInstant(segment.departing_at, segment.origin.time_zone);
      const arrives = localTimeToInstant(segment.arriving_at, segment.destination.time_zone);
      if (Number.isNaN(departs) || Number.isNaN(arrives)) return;
      const from = `${segment.origin.city_name} (${segment.origin.iata_code})`;
      const to = `${segment.destination.city_name} (${segment.destination.iata_code})`;
      const terminal = (name: string | null) => (name ? `, terminal ${name}` : '');
      const description = [
        `Booking reference ${bookingReference}${brandName ? ` (${brandName})` : ''}.`,
        `${segment.airline.name} ${segment.flight_number}` +
          (segment.operating_carrier.name !== segment.airline.name
            ? `, operated by ${segment.operating_carrier.name}.`
            : '.'),
        `Departs ${segment.origin.name}${terminal(segment.origin_terminal)} at ${clock(segment.departing_at)} local time on ${day(segment.departing_at)}.`,
        `Arrives ${segment.destination.name}${terminal(segment.destination_terminal)} at ${clock(segment.arriving_at)} local time on ${day(segment.arriving_at)}.`,
      ].join('\n');
      lines.push(
        'BEGIN:VEVENT',
        `UID:${text(`${bookingReference}-${String(sliceIndex + 1)}-${String(segmentIndex + 1)}@contrail`)}`,
        `DTSTAMP:${utcStamp(now.getTime())}`,
        `DTSTART:${utcStamp(departs)}`,
        `DTEND:${utcStamp(arrives)}`,
        `SUMMARY:${text(`${segment.flight_number} ${from} → ${to}, departs ${clock(segment.departing_at)} local time`)}`,
        `LOCATION:${text(`${segment.origin.name}${terminal(segment.origin_terminal)}`)}`,
        `DESCRIPTION:${text(description)}`,
        'TRANSP:OPAQUE',
        'END:VEVENT',
      );
    });
  });
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
