import { describe, expect, it } from 'vitest';
import { departsTooSoon, MINIMUM_DEPARTURE_LEAD_MS, type DepartingOffer } from './offers';
import { localTimeToInstant } from './time';

const leaving = (departing_at: string, time_zone: string): DepartingOffer => ({
  slices: [
    {
      segments: [
        {
          departing_at,
          origin: { iata_code: 'XXX', name: '', city_name: '', country_code: '', time_zone },
        },
      ],
    },
  ],
});

describe('departsTooSoon', () => {
  // The far ends of the world's clocks, and a zone with a half-hour offset.
  const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu', 'Europe/London'];

  it.each(zones)('draws the 2-hour line at the local departure in %s', (zone) => {
    const local = '2027-03-28T01:30:00';
    const leaves = localTimeToInstant(local, zone);
    const offer = leaving(local, zone);
    expect(departsTooSoon(offer, leaves - MINIMUM_DEPARTURE_LEAD_MS)).toBe(false);
    expect(departsTooSoon(offer, leaves - MINIMUM_DEPARTURE_LEAD_MS + 1)).toBe(true);
    expect(departsTooSoon(offer, leaves + 60_000)).toBe(true);
    // Days ahead, whatever the zone, without a doubt.
    expect(departsTooSoon(offer, leaves - 3 * 86_400_000)).toBe(false);
  });

  it('reads a departure written without seconds', () => {
    const leaves = localTimeToInstant('2027-01-10T09:00', 'Pacific/Kiritimati');
    const offer = leaving('2027-01-10T09:00', 'Pacific/Kiritimati');
    expect(departsTooSoon(offer, leaves - MINIMUM_DEPARTURE_LEAD_MS)).toBe(false);
    expect(departsTooSoon(offer, leaves - MINIMUM_DEPARTURE_LEAD_MS + 1)).toBe(true);
  });

  it('counts an offer whose departure cannot be read as too soon', () => {
    expect(departsTooSoon(leaving('soon', 'Europe/London'), 0)).toBe(true);
    expect(departsTooSoon({ slices: [] }, 0)).toBe(true);
  });
});
