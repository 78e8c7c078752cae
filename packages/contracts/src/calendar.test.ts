import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tripCalendar, tripCalendarFileName } from './calendar';
import type { Slice } from './offers';

type Segment = Slice['segments'][number];

const place = (iata_code: string, name: string, city_name: string, time_zone: string) => ({
  iata_code,
  name,
  city_name,
  country_code: 'XX',
  time_zone,
});

const LHR = place('LHR', 'Heathrow Airport', 'London', 'Europe/London');
const JFK = place('JFK', 'John F. Kennedy International Airport', 'New York', 'America/New_York');
const SYD = place('SYD', 'Sydney Kingsford Smith Airport', 'Sydney', 'Australia/Sydney');

function segment(overrides: Partial<Segment>): Segment {
  return {
    id: 'seg_1',
    origin: LHR,
    destination: JFK,
    origin_terminal: '5',
    destination_terminal: null,
    departing_at: '2026-12-01T10:30:00',
    arriving_at: '2026-12-01T13:25:00',
    duration: 'PT7H55M',
    flight_number: 'BA117',
    aircraft: null,
    airline: {
      id: 'arl_ba',
      name: 'British Airways',
      iata_code: 'BA',
      icao_code: 'BAW',
      logo_url: '',
    },
    operating_carrier: { iata_code: 'BA', name: 'British Airways' },
    cabin_class: 'economy',
    cabin_class_marketing_name: 'Economy',
    baggages: [],
    services: [],
    distance_km: null,
    ...overrides,
  };
}

/** The file's content lines, unfolded (RFC 5545 3.1), by name: the first of each. */
function unfold(file: string): string[] {
  return file.replace(/\r\n /g, '').split('\r\n');
}

const NOW = new Date('2026-11-27T09:00:00.000Z');

describe('a trip as a calendar file', () => {
  const file = tripCalendar({
    bookingReference: 'ABC123',
    brandName: 'SkyHop',
    now: NOW,
    slices: [
      { segments: [segment({})] },
      {
        segments: [
          segment({
            id: 'seg_2',
            origin: JFK,
            destination: SYD,
            origin_terminal: null,
            destination_terminal: '1',
            flight_number: 'QF12',
            departing_at: '2026-12-08T21:00:00',
            arriving_at: '2026-12-10T08:15:00',
            airline: {
              id: 'arl_qf',
              name: 'Qantas',
              iata_code: 'QF',
              icao_code: 'QFA',
              logo_url: '',
            },
            operating_carrier: { iata_code: 'AA', name: 'American Airlines' },
          }),
        ],
      },
    ],
  });
  const lines = unfold(file);
  const events = file.split('BEGIN:VEVENT').slice(1).map(unfold);

  it('is a calendar with one event per flight, each with its own id and the time it was made', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(events).toHaveLength(2);
    expect(events.map((event) => event.find((line) => line.startsWith('UID:')))).toEqual([
      'UID:ABC123-1-1@contrail',
      'UID:ABC123-2-1@contrail',
    ]);
    for (const event of events) expect(event).toContain('DTSTAMP:20261127T090000Z');
  });

  it('starts and ends each flight at its instants, read in each airport’s own time zone', () => {
    // 10:30 in London in December is 10:30 UTC; 13:25 in New York is 18:25 UTC.
    expect(events[0]).toContain('DTSTART:20261201T103000Z');
    expect(events[0]).toContain('DTEND:20261201T182500Z');
    // 21:00 in New York is 02:00 UTC the next day; 08:15 in Sydney (UTC+11 in summer) is 21:15
    // UTC the day before.
    expect(events[1]).toContain('DTSTART:20261209T020000Z');
    expect(events[1]).toContain('DTEND:20261209T211500Z');
  });

  it('names the flight, the airports and the local times, escaped as calendar text', () => {
    expect(events[0]).toContain(
      'SUMMARY:BA117 London (LHR) → New York (JFK)\\, departs 10:30 local time',
    );
    expect(events[0]).toContain('LOCATION:Heathrow Airport\\, terminal 5');
    const description = events[1]?.find((line) => line.startsWith('DESCRIPTION:')) ?? '';
    expect(description).toBe(
      'DESCRIPTION:Booking reference ABC123 (SkyHop).\\nQantas QF12\\, operated by American Airlines.\\nDeparts John F. Kennedy International Airport at 21:00 local time on 8 Dec 2026.\\nArrives Sydney Kingsford Smith Airport\\, terminal 1 at 08:15 local time on 10 Dec 2026.',
    );
  });

  it('folds lines at 75 octets without splitting a character', () => {
    for (const line of file.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    // The arrow (3 octets in UTF-8) survives folding whole.
    expect(file.replace(/\r\n /g, '')).toContain('→');
  });

  it('is named after the booking reference', () => {
    expect(tripCalendarFileName('ABC123')).toBe('trip-ABC123.ics');
    expect(tripCalendarFileName('../x')).toBe('trip-x.ics');
  });
});

/** One content line as RFC 5545 3.1 reads it: a name, its parameters, and the raw value. */
interface ContentLine {
  name: string;
  params: string;
  value: string;
}

/**
 * A reader written from RFC 5545 alone, to check the builder against: physical lines end CRLF
 * and nothing else breaks them; a line starting with a space or a tab continues the one before
 * (the one white-space character is dropped); the name runs to the first `;` or `:`, and the
 * value follows the first `:` outside a quoted parameter.
 */
function parseCalendar(file: string): ContentLine[] {
  if (!file.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const physical = file.slice(0, -2).split('\r\n');
  const logical: string[] = [];
  for (const line of physical) {
    if (/[\r\n]/.test(line))
      throw new Error(`a line break other than CRLF in ${JSON.stringify(line)}`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('the file starts with a continuation');
      logical.push(`${logical.pop() ?? ''}${line.slice(1)}`);
    } else logical.push(line);
  }
  return logical.map((line) => {
    let quoted = false;
    let colon = -1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"') quoted = !quoted;
      else if (line[i] === ':' && !quoted) {
        colon = i;
        break;
      }
    }
    if (colon < 1) throw new Error(`no name and value in ${JSON.stringify(line)}`);
    const head = line.slice(0, colon);
    const semicolon = head.indexOf(';');
    return {
      name: semicolon === -1 ? head : head.slice(0, semicolon),
      params: semicolon === -1 ? '' : head.slice(semicolon + 1),
      value: line.slice(colon + 1),
    };
  });
}

/** A TEXT value (RFC 5545 3.3.11) as the text it stands for; a stray backslash is an error. */
function unescapeText(value: string): string {
  return value.replace(/\\(.)|\\$|[;,]/gs, (match: string, escaped: string | undefined) => {
    if (match === ';' || match === ',') throw new Error(`an unescaped ${match} in ${value}`);
    if (escaped === 'n' || escaped === 'N') return '\n';
    if (escaped === '\\' || escaped === ';' || escaped === ',') return escaped;
    throw new Error(`a stray backslash in ${value}`);
  });
}

/** The property values of every event, unescaped. */
function eventsOf(file: string): Record<string, string>[] {
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of parseCalendar(file)) {
    if (line.name === 'BEGIN' && line.value === 'VEVENT') current = {};
    else if (line.name === 'END' && line.value === 'VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) current[line.name] = unescapeText(line.value);
  }
  return events;
}

/** What a file must be whatever it holds: CRLF lines of at most 75 octets of whole UTF-8. */
function expectWellFormed(file: string): void {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const physical = file.slice(0, -2).split('\r\n');
  for (const line of physical) {
    const octets = new TextEncoder().encode(line);
    expect(octets.length, line).toBeLessThanOrEqual(75);
    // Each physical line decodes on its own: no character was cut in two by a fold.
    expect(strict.decode(octets)).toBe(line);
  }
  expect(file).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
}

describe('calendar text that could break a line or a property', () => {
  const hostile = (text: string) =>
    tripCalendar({
      bookingReference: 'ABC123',
      brandName: text,
      now: NOW,
      slices: [
        {
          segments: [
            segment({
              origin: place('LHR', `Heathrow${text}`, 'London', 'Europe/London'),
              origin_terminal: text,
            }),
          ],
        },
      ],
    });

  it.each([
    ['a lone carriage return', 'Sky\rATTENDEE:mailto:evil@example.com'],
    ['a line feed', 'Sky\nATTENDEE:mailto:evil@example.com'],
    ['CRLF', 'Sky\r\nATTENDEE:mailto:evil@example.com'],
    ['a line break then a space (a fold)', 'Sky\r\n ATTENDEE'],
    ['backslashes, semicolons and commas', 'a\\b;c,d\\n\\,'],
    ['an escape at the very end', 'ends with a backslash\\'],
  ])('%s stays inside its value', (_name, text) => {
    const file = hostile(text);
    expectWellFormed(file);
    const lines = parseCalendar(file);
    expect(lines.map((line) => line.name)).not.toContain('ATTENDEE');
    const [event] = eventsOf(file);
    const asText = text.replace(/\r\n|\r|\n/g, '\n');
    expect(event?.LOCATION).toBe(`Heathrow${asText}, terminal ${asText}`);
    expect(event?.DESCRIPTION).toMatch(/^Booking reference ABC123 \(/);
    expect(event?.DESCRIPTION?.startsWith(`Booking reference ABC123 (${asText}).\n`)).toBe(true);
  });

  it('escapes every line break the same way: CRLF, LF and a lone CR all become \\n', () => {
    const file = hostile('one\r\ntwo\nthree\rfour');
    const location = parseCalendar(file).find((line) => line.name === 'LOCATION');
    expect(location?.value).toBe(
      'Heathrowone\\ntwo\\nthree\\nfour\\, terminal one\\ntwo\\nthree\\nfour',
    );
  });

  it('drops the control characters TEXT cannot hold, and keeps a tab', () => {
    const file = hostile('a\u0000b\u001bc\u007fd\te\u000bf');
    expectWellFormed(file);
    expect(eventsOf(file)[0]?.LOCATION).toBe('Heathrowabcd\tef, terminal abcd\tef');
  });

  it('folds at 75 octets, never inside a character, and unfolds to what it folded', () => {
    // Four-octet emoji, three-octet CJK and two-octet accents, at every offset against the fold.
    for (let pad = 0; pad < 4; pad++) {
      const text = `${'x'.repeat(pad)}${'😀'.repeat(30)}${'漢字'.repeat(30)}${'é'.repeat(50)}`;
      const file = hostile(text);
      expectWellFormed(file);
      expect(eventsOf(file)[0]?.LOCATION).toBe(`Heathrow${text}, terminal ${text}`);
      const folded = file.split('\r\n').filter((line) => line.startsWith(' '));
      expect(folded.length).toBeGreaterThan(3);
    }
  });

  it('keeps any text whole and in its property, through folding and escaping', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const file = hostile(text);
        expectWellFormed(file);
        const asText = text
          // eslint-disable-next-line no-control-regex -- what TEXT cannot hold is dropped
          .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
          .replace(/\r\n|\r|\n/g, '\n');
        const terminal = text === '' ? '' : `, terminal ${asText}`;
        expect(eventsOf(file)[0]?.LOCATION).toBe(`Heathrow${asText}${terminal}`);
      }),
      { seed: 5545, numRuns: 200 },
    );
    // About a second on an idle machine; more on a busy one.
  }, 30_000);
});
