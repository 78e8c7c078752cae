import { z } from 'zod';

/**
 * A place for autocomplete (`GET /api/airports`): an airport, or a city listed as "London (all
 * airports)" whose code searches all its airports. Carries what ranking and display need.
 */
export const airportSchema = z.object({
  id: z.string(),
  type: z.enum(['airport', 'city']),
  iata_code: z.string(),
  /** A city's is "London (all airports)". */
  name: z.string(),
  city_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  /** 1 = intercontinental hub, 2 = major regional, 3 = smaller airport (a city: its best). */
  tier: z.number().int().min(1).max(3),
  time_zone: z.string(),
  /** Place in one order of size over airports and cities, 1 = the busiest (by passengers). */
  rank: z.number().int().positive(),
  /** Common and former names people type: "Bombay", "Idlewild". */
  aliases: z.array(z.string()),
  /** An airport's listed city (LON for LHR), under which it is shown; null otherwise. */
  city_code: z.string().nullable(),
});
export type Airport = z.infer<typeof airportSchema>;

export const airportListSchema = z.object({ airports: z.array(airportSchema) });

export const AIRPORT_QUERY_MIN_LENGTH = 2;
export const AIRPORT_RESULTS_LIMIT = 15;

type Searchable = Pick<Airport, 'iata_code' | 'name' | 'city_name' | 'country_code'> &
  Partial<Pick<Airport, 'type' | 'rank' | 'aliases' | 'city_code' | 'country_name' | 'tier'>>;

const specialLetters: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * What matching compares: lower case, without accents (São → sao, Reykjavík → reykjavik, Øst →
 * ost), apostrophes dropped (O'Hare → ohare) and other punctuation as spaces (St. → st).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => specialLetters[letter] ?? letter)
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Indexed<T> {
  place: T;
  code: string;
  city: string;
  /** Airports only: a city entry matches by its city, aliases, code and country. */
  name: string;
  aliases: string[];
  /** City, name and aliases, with spaces before each word: what every word must be found in. */
  words: string;
  country: string;
  countryWords: string;
  rank: number;
  members: Indexed<T>[];
}

interface Index<T> {
  entries: Indexed<T>[];
  byCode: Map<string, Indexed<T>>;
}

const indexes = new WeakMap<readonly Searchable[], Index<Searchable>>();

// Folded once per list, so that a keystroke only compares strings.
function indexOf<T extends Searchable>(places: readonly T[]): Index<T> {
  const cached = indexes.get(places) as Index<T> | undefined;
  if (cached) return cached;
  const entries = places.map((place, position): Indexed<T> => {
    const isCity = place.type === 'city';
    const city = foldText(place.city_name);
    const name = isCity ? '' : foldText(place.name);
    const aliases = (place.aliases ?? []).map(foldText);
    return {
      place,
      code: place.iata_code.toLowerCase(),
      city,
      name,
      aliases,
      words: ` ${[city, name, ...aliases].join(' ')}`,
      country: place.country_code.toLowerCase(),
      countryWords: ` ${foldText(place.country_name ?? '')}`,
      // Without a rank, the list's order stands.
      rank: place.rank ?? position + 1,
      members: [],
    };
  });
  const byCode = new Map(entries.map((entry) => [entry.code, entry]));
  for (const entry of entries) {
    const cityCode = entry.place.city_code;
    const city = cityCode ? byCode.get(cityCode.toLowerCase()) : undefined;
    if (city && city !== entry && city.place.type === 'city') city.members.push(entry);
  }
  for (const entry of entries) entry.members.sort((a, b) => a.rank - b.rank);
  const index: Index<T> = { entries, byCode };
  indexes.set(places, index);
  return index;
}

function wordMatches(word: string, entry: Indexed<Searchable>): boolean {
  return (
    entry.words.includes(word) ||
    entry.code === word ||
    entry.country === word ||
    entry.countryWords.includes(` ${word}`)
  );
}

/**
 * How well the whole query names the place, best first: its code; its city or a former name
 * exactly; the start of its city or former name; the start of its name or of any word; anywhere.
 */
function matchClass(text: string, entry: Indexed<Searchable>): number {
  if (entry.code === text) return 0;
  if (entry.city === text || entry.aliases.includes(text)) return 1;
  if (entry.city.startsWith(text) || entry.aliases.some((alias) => alias.startsWith(text))) {
    return 2;
  }
  if (entry.name.startsWith(text) || entry.words.includes(` ${text}`) || entry.country === text) {
    return 3;
  }
  return 4;
}

const RANK_SPAN = 1_000_000;
const POSITION_SPAN = 1_048_576;

/**
 * Local airport search (ranked as travellers expect): under 2 characters nothing; the query is
 * folded (case, accents, punctuation) and split into words; every word must appear in the city,
 * name or a former name, or equal the IATA code or country code, or start a word of the country's
 * name. Places are ranked by how well the query names them (code, exact city, city prefix, word
 * prefix, anywhere), then by size, so "lon" gives London then Heathrow and "par" Paris before
 * Paraguaná. A city ("London (all airports)") is followed by its airports, all of them, since
 * choosing it searches them all. At most 15.
 */
export function searchAirports<T extends Searchable>(places: readonly T[], query: string): T[] {
  const text = foldText(query);
  if (query.trim().length < AIRPORT_QUERY_MIN_LENGTH || text === '') return [];
  const words = text.split(' ');
  const index = indexOf(places);
  const found: Indexed<T>[] = [];
  const keys: number[] = [];
  for (const entry of index.entries) {
    if (!words.every((word) => wordMatches(word, entry))) continue;
    // Class, rank and position packed into one number, so a plain numeric sort orders them.
    keys.push((matchClass(text, entry) * RANK_SPAN + entry.rank) * POSITION_SPAN + found.length);
    found.push(entry);
  }
  const order = Float64Array.from(keys).sort();
  const results: T[] = [];
  const shown = new Set<Indexed<T>>();
  const show = (entry: Indexed<T>) => {
    if (shown.has(entry) || results.length >= AIRPORT_RESULTS_LIMIT) return;
    shown.add(entry);
    results.push(entry.place);
  };
  for (const key of order) {
    const entry = found[key % POSITION_SPAN];
    if (!entry || shown.has(entry)) continue;
    show(entry);
    for (const member of entry.members) show(member);
    if (results.length >= AIRPORT_RESULTS_LIMIT) break;
  }
  return results;
}

/**
 * The place a typed text names on its own, for a field left without choosing: its code ("jfk",
 * "LON"), its label ("London (LHR)"), its name, or a city with one airport or a city entry.
 */
export function exactAirportMatch<T extends Searchable>(
  places: readonly T[],
  typed: string,
): T | undefined {
  const text = foldText(typed);
  if (text === '') return undefined;
  const index = indexOf(places);
  const byCode = index.byCode.get(text);
  if (byCode) return byCode.place;
  const labelled = /^(.*)\s+([a-z]{3})$/.exec(text);
  if (labelled) {
    const place = index.byCode.get(labelled[2] ?? '');
    if (place && place.city === labelled[1]) return place.place;
  }
  const named = index.entries.find((entry) => entry.name === text);
  if (named) return named.place;
  const inCity = index.entries.filter(
    (entry) => entry.city === text || entry.aliases.includes(text),
  );
  const city = inCity.find((entry) => entry.place.type === 'city');
  if (city) return city.place;
  return inCity.length === 1 ? inCity[0]?.place : undefined;
}

/** Whether an airport is shown under its city entry in these results (indented). */
export function isUnderCity(place: Searchable, results: readonly Searchable[]): boolean {
  const cityCode = place.city_code;
  return (
    place.type !== 'city' &&
    typeof cityCode === 'string' &&
    results.some((other) => other.type === 'city' && other.iata_code === cityCode)
  );
}
