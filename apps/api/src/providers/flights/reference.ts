// The reference data (`@contrail/reference-data`: airports, metropolitan areas, airlines) as the
// API's contracts name it. Every flight supplier answers with these places, the sandbox and
// Duffel alike.
import type { Airport } from '@contrail/contracts/airports';
import { findAirport, listAirports, listCities } from '@contrail/reference-data';

let airports: readonly Airport[] | undefined;
/**
 * The places for autocomplete, whoever sells the flights: the reference data's listed cities
 * ("London (all airports)", whose codes searches accept) and its airports.
 */
export function airportList(): readonly Airport[] {
  airports ??= [
    ...listCities().map((c) => ({
      id: c.id,
      type: 'city' as const,
      iata_code: c.iata_code,
      name: `${c.name} (all airports)`,
      city_name: c.name,
      country_code: c.country_code,
      country_name: c.country_name,
      tier: Math.min(...c.airport_iata_codes.map((code) => findAirport(code)?.tier ?? 3)),
      time_zone: c.time_zone,
      rank: c.rank,
      aliases: [...c.aliases],
      city_code: null,
    })),
    ...listAirports().map((a) => ({
      id: a.id,
      type: 'airport' as const,
      iata_code: a.iata_code,
      name: a.name,
      city_name: a.city_name,
      country_code: a.country_code,
      country_name: a.country_name,
      tier: a.tier,
      time_zone: a.time_zone,
      rank: a.rank,
      aliases: [...a.aliases],
      city_code: a.listed_city_code,
    })),
  ];
  return airports;
}
