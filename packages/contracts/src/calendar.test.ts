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
