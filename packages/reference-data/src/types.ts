/**
 * The reference data's objects, in Duffel's shapes: metropolitan areas, airports, airlines and
 * aircraft, and their list items.
 */
import type { CabinClass } from './data/aircraft';

/** An IATA metropolitan area (`LON` groups LHR, LGW, STN, LTN, LCY, SEN). */
export interface City {
  readonly type: 'city';
  /** `cit_lon_gb` */
  readonly id: string;
  readonly name: string;
  readonly iata_code: string;
  readonly iata_country_code: string;
}

/** Duffel's Airport, used as segment and slice origin/destination. */
export interface Airport {
  readonly type: 'airport';
  /** `arp_lhr_gb` */
  readonly id: string;
  readonly iata_code: string;
  readonly icao_code: string;
  readonly name: string;
  readonly city_name: string;
  readonly iata_city_code: string | null;
  readonly iata_country_code: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly time_zone: string;
  readonly city: City | null;
}

/**
 * Size tier, which decides the routes an airport gets: 1 = intercontinental hub (LHR, JFK, DXB),
 * 2 = major regional airport, 3 = smaller airport with scheduled service.
 */
export type AirportTier = 1 | 2 | 3;

/** An airport as listed for autocomplete: Duffel's fields plus what ranking needs. */
export interface AirportListItem extends Airport {
  /** Same as `iata_country_code`, under the name the web client uses. */
  readonly country_code: string;
  /** English country name, e.g. "United Kingdom". */
  readonly country_name: string;
  readonly tier: AirportTier;
  /**
   * Place in one order of size over airports and listed cities, 1 = the busiest: approximate
   * passenger traffic for the busiest airports, then size class and tier.
   */
  readonly rank: number;
  /** Common and former names people type: "Bombay" for Mumbai, "Idlewild" for JFK. */
  readonly aliases: readonly string[];
  /** The code of the listed city ("all airports" entry) the airport belongs to, if any. */
  readonly listed_city_code: string | null;
}

/**
 * A metropolitan area listed for autocomplete as "London (all airports)": searching its code
 * searches all its airports. Only cities with two airports or more whose code is none of theirs.
 */
export interface CityListItem extends City {
  readonly country_code: string;
  readonly country_name: string;
  readonly rank: number;
  readonly aliases: readonly string[];
  /** Its airports, busiest first. */
  readonly airport_iata_codes: readonly string[];
  /** The time zone of its busiest airport. */
  readonly time_zone: string;
}

/** Duffel's Airline. Logos are generated SVG marks as `data:` URLs. */
export interface Airline {
  /** `arl_ba` */
  readonly id: string;
  readonly name: string;
  readonly iata_code: string;
  readonly logo_symbol_url: string;
  readonly logo_lockup_url: string | null;
  readonly conditions_of_carriage_url: string | null;
}

export interface AirlineListItem extends Airline {
  /** The same generated mark as `logo_symbol_url`. */
  readonly logo_url: string;
  readonly brand_colour: string;
  readonly alliance: 'oneworld' | 'star_alliance' | 'skyteam' | null;
  readonly hub_iata_codes: readonly string[];
  readonly low_cost: boolean;
}

/** Duffel's Aircraft. */
export interface Aircraft {
  /** `arc_789` */
  readonly id: string;
  readonly iata_code: string;
  readonly name: string;
}

export interface AircraftListItem extends Aircraft {
  readonly cabins: readonly { readonly cabin_class: CabinClass; readonly seats: number }[];
  readonly total_seats: number;
}
