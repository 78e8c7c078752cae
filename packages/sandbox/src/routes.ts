/**
 * A route of the network: one airline's flights from one airport to another, each service a
 * departure of its timetable, with the terminals the airline uses at either end (pinned where
 * the airline is known to use one, else drawn from the airport's terminals by the seed).
 */
import type { AircraftRecord, AirlineRecord, AirportRecord } from '@contrail/reference-data';
import { unitFromKey } from './random';

/** One daily (or weekly-pattern) departure on a route. */
export interface Service {
  readonly flightNumber: number;
  /** Local departure time at the origin, minutes after midnight (05:00–23:55). */
  readonly departureMinute: number;
  readonly aircraft: AircraftRecord;
  readonly blockMinutes: number;
  /** Bit d set when the flight operates on weekday d (0 = Sunday); 127 = daily. */
  readonly daysMask: number;
}

export interface Route {
  readonly id: number;
  readonly airline: AirlineRecord;
  readonly from: AirportRecord;
  readonly to: AirportRecord;
  readonly distanceKm: number;
  readonly services: readonly Service[];
  readonly originTerminal: string | null;
  readonly destinationTerminal: string | null;
}

/** Terminals of the larger airports; a route picks one by hash unless pinned below. */
const terminalSets: Readonly<Record<string, readonly string[]>> = {
  LHR: ['2', '3', '4', '5'],
  LGW: ['N', 'S'],
  CDG: ['1', '2A', '2E', '2F'],
  JFK: ['1', '4', '5', '7', '8'],
  EWR: ['A', 'B', 'C'],
  LAX: ['1', '2', '4', '5', '7', 'B'],
  SFO: ['1', '2', '3', 'I'],
  ORD: ['1', '2', '3', '5'],
  ATL: ['S', 'N', 'I'],
  DFW: ['A', 'B', 'C', 'D', 'E'],
  FRA: ['1', '2'],
  MUC: ['1', '2'],
  MAD: ['1', '2', '4', '4S'],
  DXB: ['1', '3'],
  SIN: ['1', '2', '3', '4'],
  HND: ['1', '2', '3'],
  NRT: ['1', '2', '3'],
  ICN: ['1', '2'],
  SYD: ['1', '2', '3'],
  MEL: ['1', '2', '3', '4'],
  DEL: ['1', '2', '3'],
  BOM: ['1', '2'],
  PEK: ['2', '3'],
  PVG: ['1', '2'],
  YYZ: ['1', '3'],
  BOS: ['A', 'B', 'C', 'E'],
  IST: ['1'],
  DOH: ['1'],
  AMS: ['1'],
  HKG: ['1'],
  DUB: ['1', '2'],
};

const pinnedTerminals: Readonly<Record<string, string>> = {
  'BA:LHR': '5',
  'IB:LHR': '5',
  'VS:LHR': '3',
  'AA:LHR': '3',
  'DL:LHR': '3',
  'QR:LHR': '4',
  'EK:LHR': '3',
  'BA:JFK': '8',
  'AA:JFK': '8',
  'DL:JFK': '4',
  'VS:JFK': '4',
  'B6:JFK': '5',
  'UA:EWR': 'C',
  'AF:CDG': '2E',
  'DL:CDG': '2E',
  'EK:DXB': '3',
  'SQ:SIN': '3',
  'QF:SYD': '1',
  'LH:FRA': '1',
  'UA:FRA': '1',
  'LH:MUC': '2',
  'IB:MAD': '4',
  'BA:MAD': '4S',
  'AA:DFW': 'D',
  'UA:SFO': 'I',
  'AS:SEA': 'C',
  'AC:YYZ': '1',
  'B6:BOS': 'C',
};

function terminalFor(airline: AirlineRecord, airport: AirportRecord, seed: string): string | null {
  const pinned = pinnedTerminals[`${airline.seed.iataCode}:${airport.iata}`];
  if (pinned !== undefined) return pinned;
  const set =
    terminalSets[airport.iata] ??
    (airport.tier === 1 ? ['1', '2', '3'] : airport.tier === 2 ? ['1', '2'] : null);
  if (set === null) return null;
  const pick = Math.floor(
    unitFromKey(`${seed}|terminal|${airline.seed.iataCode}|${airport.iata}`) * set.length,
  );
  return set[pick] ?? null;
}

/** The routes of the network as they are built, numbered in order. */
export function routeList(seed: string) {
  const routes: Route[] = [];
  return {
    routes,
    add(
      airline: AirlineRecord,
      from: AirportRecord,
      to: AirportRecord,
      distanceKm: number,
      services: Service[],
    ): void {
      routes.push({
        id: routes.length,
        airline,
        from,
        to,
        distanceKm,
        services: services.sort((a, b) => a.departureMinute - b.departureMinute),
        originTerminal: terminalFor(airline, from, seed),
        destinationTerminal: terminalFor(airline, to, seed),
      });
    },
  };
}
export type RouteList = ReturnType<typeof routeList>;
