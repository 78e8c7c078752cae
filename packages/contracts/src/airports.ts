import { z } from 'zod';

/** An airport for autocomplete (`GET /api/airports`), with what ranking and display need. */
export const airportSchema = z.object({
  id: z.string(),
  iata_code: z.string(),
  name: z.string(),
  city_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  /** 1 = intercontinental hub, 2 = major regional, 3 = smaller airport. */
  tier: z.number().int().min(1).max(3),
  time_zone: z.string(),
});
export type Airport = z.infer<typeof airportSchema>;

export const airportListSchema = z.object({ airports: z.array(airportSchema) });

export const AIRPORT_QUERY_MIN_LENGTH = 2;
export const AIRPORT_RESULTS_LIMIT = 15;

type Searchable = Pick<Airport, 'iata_code' | 'name' | 'city_name' | 'country_code'> & {
  tier?: number;
};

interface Indexed<T> {
  airport: T;
  city: string;
  name: string;
  code: string;
  country: string;
  tier: number;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Lower-cased and put in tie-break order (city, then bigger airports, then name) once per list,
// so a keystroke only scans and buckets: no sorting, next to no allocation.
const indexes = new WeakMap<readonly Searchable[], Indexed<Searchable>[]>();

function indexOf<T extends Searchable>(airports: readonly T[]): Indexed<T>[] {
  let index = indexes.get(airports) as Indexed<T>[] | undefined;
  if (!index) {
    index = airports
      .map((airport) => ({
        airport,
        city: airport.city_name.toLowerCase(),
        name: airport.name.toLowerCase(),
        code: airport.iata_code.toLowerCase(),
        country: airport.country_code.toLowerCase(),
        tier: airport.tier ?? 3,
      }))
      .sort(
        (a, b) => compareText(a.city, b.city) || a.tier - b.tier || compareText(a.name, b.name),
      );
    indexes.set(airports, index);
  }
  return index;
}

const RANKS = 7;

/**
 * The spec's local airport search (000 §5): under 2 characters nothing; the query lower-cased and
 * split into words; every word must be a substring of the city or the name, or equal the IATA
 * code or the country code. Ranked: exact city, exact name, exact code, city prefix, name prefix,
 * city substring, then alphabetically by city (within a city, bigger airports first). At most 15.
 */
export function searchAirports<T extends Searchable>(airports: readonly T[], query: string): T[] {
  const text = query.trim().toLowerCase();
  if (text.length < AIRPORT_QUERY_MIN_LENGTH) return [];
  const words = text.split(/\s+/).filter(Boolean);
  const buckets: T[][] = Array.from({ length: RANKS }, () => []);
  for (const entry of indexOf(airports)) {
    let matches = true;
    for (const word of words) {
      if (!(
        entry.city.includes(word) ||
        entry.name.includes(word) ||
        entry.code === word ||
        entry.country === word
      )) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    const bucket = buckets[rankOf(text, entry)];
    if (bucket && bucket.length < AIRPORT_RESULTS_LIMIT) bucket.push(entry.airport);
  }
  return buckets.flat().slice(0, AIRPORT_RESULTS_LIMIT);
}

function rankOf(text: string, { city, name, code }: Indexed<Searchable>): number {
  if (city === text) return 0;
  if (name === text) return 1;
  if (code === text) return 2;
  if (city.startsWith(text)) return 3;
  if (name.startsWith(text)) return 4;
  if (city.includes(text)) return 5;
  return 6;
}
