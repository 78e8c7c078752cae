/**
 * Reference data as Duffel-shaped objects: airports, metropolitan areas, airlines and aircraft.
 * Built once at module load from the committed data files; every object is frozen and shared,
 * so offers can point at the same airport object without copying it.
 */
import { aircraftTypes, type AircraftType, type CabinClass } from './data/aircraft';
import { airlineSeeds, type AirlineSeed } from './data/airlines';
import { airportRows, cityRows } from './data/airports';
import { airlineLogoDataUrl, airlineLogoSvg } from './logos';
import type {
  Aircraft,
  AircraftListItem,
  Airline,
  AirlineListItem,
  Airport,
  AirportListItem,
  AirportTier,
  City,
  CityListItem,
} from './types';

export type Region =
  'europe' | 'north_america' | 'south_america' | 'africa' | 'middle_east' | 'asia' | 'oceania';

const southAmerica = new Set(['CO', 'VE', 'EC', 'PE', 'BO', 'BR', 'PY', 'UY', 'AR', 'CL']);
const middleEast = new Set(['AE', 'QA', 'SA', 'BH', 'KW', 'OM', 'JO', 'LB', 'IL', 'IQ', 'IR']);
const africanIslands =
  /^(Indian\/(Mauritius|Mahe|Reunion|Antananarivo|Comoro|Mayotte)|Atlantic\/(Cape_Verde|St_Helena))$/;
const europeanAtlantic = /^(Atlantic\/(Canary|Madeira|Azores|Faroe|Reykjavik)|Arctic\/)/;

/** A coarse world region: decides which routes are "regional" and which "long-haul". */
export function regionOf(country: string, timeZone: string): Region {
  if (country === 'US' || country === 'CA' || country === 'MX') return 'north_america';
  if (southAmerica.has(country)) return 'south_america';
  if (middleEast.has(country)) return 'middle_east';
  if (timeZone.startsWith('Europe/') || europeanAtlantic.test(timeZone)) return 'europe';
  if (timeZone.startsWith('Africa/') || africanIslands.test(timeZone)) return 'africa';
  if (timeZone.startsWith('America/')) return 'north_america';
  if (timeZone.startsWith('Australia/') || timeZone.startsWith('Pacific/')) return 'oceania';
  return 'asia';
}

/** Everything the network needs to know about an airport, plus its Duffel object. */
export interface AirportRecord {
  readonly index: number;
  readonly iata: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly timeZone: string;
  readonly tier: AirportTier;
  readonly cityCode: string | null;
  /** Place in the order of size shared with listed cities, 1 = the busiest. */
  readonly rank: number;
  readonly region: Region;
  readonly place: Airport;
  readonly listItem: AirportListItem;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const cities = new Map<string, City>();
const airportRecords: AirportRecord[] = [];
const airportsByIata = new Map<string, AirportRecord>();
const airportsByCity = new Map<string, AirportRecord[]>();
const listedCityCodes = new Set(cityRows.map(([code]) => code));

for (const [
  iata,
  icao,
  name,
  cityName,
  country,
  latitude,
  longitude,
  timeZone,
  tier,
  cityCode,
  rank,
  aliases,
] of airportRows) {
  let city: City | null = null;
  if (cityCode !== '') {
    city = cities.get(cityCode) ?? null;
    if (city === null) {
      city = Object.freeze({
        type: 'city',
        id: `cit_${cityCode.toLowerCase()}_${country.toLowerCase()}`,
        name: cityName,
        iata_code: cityCode,
        iata_country_code: country,
      });
      cities.set(cityCode, city);
    }
  }
  const place: Airport = Object.freeze({
    type: 'airport',
    id: `arp_${iata.toLowerCase()}_${country.toLowerCase()}`,
    iata_code: iata,
    icao_code: icao,
    name,
    city_name: cityName,
    iata_city_code: city === null ? null : city.iata_code,
    iata_country_code: country,
    latitude,
    longitude,
    time_zone: timeZone,
    city,
  });
  const listItem: AirportListItem = Object.freeze({
    ...place,
    country_code: country,
    country_name: countryName(country),
    tier,
    rank,
    aliases,
    listed_city_code: listedCityCodes.has(cityCode) ? cityCode : null,
  });
  const record: AirportRecord = Object.freeze({
    index: airportRecords.length,
    iata,
    country,
    latitude,
    longitude,
    timeZone,
    tier,
    cityCode: city === null ? null : city.iata_code,
    rank,
    region: regionOf(country, timeZone),
    place,
    listItem,
  });
  airportRecords.push(record);
  airportsByIata.set(iata, record);
  if (city !== null) {
    const members = airportsByCity.get(city.iata_code) ?? [];
    members.push(record);
    airportsByCity.set(city.iata_code, members);
  }
}

const airportList: readonly AirportListItem[] = Object.freeze(
  airportRecords.map((r) => r.listItem),
);

const cityList: readonly CityListItem[] = Object.freeze(
  cityRows.map(([code, , rank, aliases]) => {
    const city = cities.get(code);
    const members = [...(airportsByCity.get(code) ?? [])].sort((a, b) => a.rank - b.rank);
    const [busiest] = members;
    if (city === undefined || busiest === undefined)
      throw new Error(`City ${code} has no airports`);
    return Object.freeze({
      ...city,
      country_code: city.iata_country_code,
      country_name: countryName(city.iata_country_code),
      rank,
      aliases,
      airport_iata_codes: members.map((member) => member.iata),
      time_zone: busiest.timeZone,
    });
  }),
);

/** Every airport of the sandbox network (1,100+), sorted by IATA code. Cacheable: it never changes. */
export function listAirports(): readonly AirportListItem[] {
  return airportList;
}

/**
 * The metropolitan areas autocomplete lists as "City (all airports)" (LON, NYC, PAR, TYO…): two
 * airports or more and a code of their own. Searches accept their codes.
 */
export function listCities(): readonly CityListItem[] {
  return cityList;
}

export function allAirportRecords(): readonly AirportRecord[] {
  return airportRecords;
}

export function findAirport(iataCode: string): AirportRecord | undefined {
  return airportsByIata.get(iataCode);
}

/** The metropolitan area for a city code (`LON`), if the sandbox knows it. */
export function findCity(cityCode: string): City | undefined {
  return cities.get(cityCode);
}

/** Airports of a metropolitan area, or the airport itself for an airport code. */
export function resolvePlace(code: string): readonly AirportRecord[] {
  const airport = airportsByIata.get(code);
  if (airport !== undefined) return [airport];
  return airportsByCity.get(code) ?? [];
}

// ─── Aircraft ────────────────────────────────────────────────────────────────

export interface AircraftRecord {
  readonly type: AircraftType;
  readonly duffel: Aircraft;
  readonly listItem: AircraftListItem;
  readonly cabinClasses: ReadonlySet<CabinClass>;
}

function seatsIn(cabin: AircraftType['cabins'][number]): number {
  const perRow = cabin.columns.replace(/\s+/g, '').length;
  const skipped = (cabin.skipRows ?? []).filter((r) => r >= cabin.firstRow && r <= cabin.lastRow);
  return (cabin.lastRow - cabin.firstRow + 1 - skipped.length) * perRow;
}

const aircraftRecords = new Map<string, AircraftRecord>();
for (const type of aircraftTypes) {
  const duffel: Aircraft = Object.freeze({
    id: `arc_${type.iataCode.toLowerCase()}`,
    iata_code: type.iataCode,
    name: type.name,
  });
  const cabins = type.cabins.map((cabin) => ({
    cabin_class: cabin.cabinClass,
    seats: seatsIn(cabin),
  }));
  aircraftRecords.set(
    type.iataCode,
    Object.freeze({
      type,
      duffel,
      listItem: Object.freeze({
        ...duffel,
        cabins,
        total_seats: cabins.reduce((sum, cabin) => sum + cabin.seats, 0),
      }),
      cabinClasses: new Set(type.cabins.map((cabin) => cabin.cabinClass)),
    }),
  );
}

export function findAircraft(iataCode: string): AircraftRecord | undefined {
  return aircraftRecords.get(iataCode);
}

export function listAircraft(): readonly AircraftListItem[] {
  return [...aircraftRecords.values()].map((record) => record.listItem);
}

// ─── Airlines ────────────────────────────────────────────────────────────────

export interface AirlineRecord {
  readonly index: number;
  readonly seed: AirlineSeed;
  readonly duffel: Airline;
  readonly listItem: AirlineListItem;
  readonly fleet: readonly AircraftRecord[];
}

const airlineRecords: AirlineRecord[] = [];
const airlinesByIata = new Map<string, AirlineRecord>();
for (const seed of airlineSeeds) {
  const logo = airlineLogoDataUrl(seed.iataCode, seed.colour, seed.accent);
  const duffel: Airline = Object.freeze({
    id: `arl_${seed.iataCode.toLowerCase()}`,
    name: seed.name,
    iata_code: seed.iataCode,
    logo_symbol_url: logo,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
  });
  const fleet = seed.fleet.map((code) => {
    const record = aircraftRecords.get(code);
    if (record === undefined) throw new Error(`${seed.iataCode} flies unknown aircraft ${code}`);
    return record;
  });
  const record: AirlineRecord = Object.freeze({
    index: airlineRecords.length,
    seed,
    duffel,
    listItem: Object.freeze({
      ...duffel,
      logo_url: logo,
      brand_colour: seed.colour,
      alliance: seed.alliance,
      hub_iata_codes: seed.hubs,
      low_cost: seed.kind === 'low_cost',
    }),
    fleet,
  });
  airlineRecords.push(record);
  airlinesByIata.set(seed.iataCode, record);
}

export function allAirlineRecords(): readonly AirlineRecord[] {
  return airlineRecords;
}

export function findAirline(iataCode: string): AirlineRecord | undefined {
  return airlinesByIata.get(iataCode);
}

/** Every airline of the network with its generated logo (`logo_url`, a `data:` SVG URL). */
export function listAirlines(): readonly AirlineListItem[] {
  return airlineRecords.map((record) => record.listItem);
}

/** The raw SVG of an airline's generated mark, e.g. to serve it as a file. */
export function airlineLogo(iataCode: string): string | undefined {
  const seed = airlinesByIata.get(iataCode)?.seed;
  return seed === undefined ? undefined : airlineLogoSvg(seed.iataCode, seed.colour, seed.accent);
}
