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

/**
 * The spec's local airport search (000 §5): under 2 characters nothing; the query lower-cased and
 * split into words; every word must be a substring of the city or the name, or equal the IATA
 * code or the country code. Ranked: exact city, exact name, exact code, city prefix, name prefix,
 * city substring, then alphabetically by city. At most 15.
 */
type Searchable = Pick<Airport, 'iata_code' | 'name' | 'city_name' | 'country_code'> & {
  tier?: number;
};

export function searchAirports<T extends Searchable>(airports: readonly T[], query: string): T[] {
  const text = query.trim().toLowerCase();
  if (text.length < AIRPORT_QUERY_MIN_LENGTH) return [];
  const words = text.split(/\s+/).filter(Boolean);
  const scored: { airport: T; rank: number; city: string }[] = [];
  for (const airport of airports) {
    const city = airport.city_name.toLowerCase();
    const name = airport.name.toLowerCase();
    const code = airport.iata_code.toLowerCase();
    const country = airport.country_code.toLowerCase();
    const matches = words.every(
      (word) => city.includes(word) || name.includes(word) || code === word || country === word,
    );
    if (!matches) continue;
    scored.push({ airport, rank: rankOf(text, city, name, code), city });
  }
  // Within one city the bigger airport comes first (Heathrow before City), then by name.
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.city.localeCompare(b.city) ||
      (a.airport.tier ?? 3) - (b.airport.tier ?? 3) ||
      a.airport.name.localeCompare(b.airport.name),
  );
  return scored.slice(0, AIRPORT_RESULTS_LIMIT).map((entry) => entry.airport);
}

function rankOf(text: string, city: string, name: string, code: string): number {
  if (city === text) return 0;
  if (name === text) return 1;
  if (code === text) return 2;
  if (city.startsWith(text)) return 3;
  if (name.startsWith(text)) return 4;
  if (city.includes(text)) return 5;
  return 6;
}
