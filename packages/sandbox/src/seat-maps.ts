/**
 * Seat maps in Duffel's structure, drawn from the aircraft layouts: cabins, rows, sections and
 * elements (seats, exit rows, galleys, lavatories…). Seat prices depend on position (window,
 * aisle, middle, front rows, exit rows), haul and fare brand; which seats are taken is simulated
 * from the flight's load and completed with the seats sold in earlier orders.
 */
import type {
  AircraftType,
  CabinClass,
  CabinLayout,
  FacilityRow,
} from '@contrail/reference-data/data/aircraft';
import type { FareBrand } from './fare-brands';
import { longHaulKm } from './fares';
import { hashString } from './random';
import type { FacilityElement, PassengerType, SeatMapCabin, SeatMapElement } from './types';

export type SeatPosition = 'window' | 'middle' | 'aisle';

export interface SeatInfo {
  readonly designator: string;
  readonly row: number;
  readonly cabinClass: CabinClass;
  readonly position: SeatPosition;
  readonly exitRow: boolean;
  /** Among the first rows of its cabin: sold as a preferred seat in economy. */
  readonly front: boolean;
}

export const exitRowDisclosures = [
  'Exit row seats are only for passengers aged 16 or over who are able and willing to help in an evacuation.',
  'Passengers travelling with an infant cannot sit in an exit row.',
] as const;

/** Seat letters are ASCII, so a string splits safely into characters. */
function lettersOf(section: string): string[] {
  return Array.from({ length: section.length }, (_, i) => section.charAt(i));
}

function sectionsOf(cabin: CabinLayout): string[] {
  return cabin.columns.split(' ').filter((section) => section.length > 0);
}

function positionOf(
  sections: readonly string[],
  sectionIndex: number,
  letterIndex: number,
): SeatPosition {
  const section = sections[sectionIndex] ?? '';
  const first = letterIndex === 0;
  const last = letterIndex === section.length - 1;
  if ((sectionIndex === 0 && first) || (sectionIndex === sections.length - 1 && last)) {
    return 'window';
  }
  // A seat next to any aisle: the last of a left section or the first of a right one.
  if ((last && sectionIndex < sections.length - 1) || (first && sectionIndex > 0)) return 'aisle';
  return 'middle';
}

function seatRows(cabin: CabinLayout): number[] {
  const rows: number[] = [];
  for (let row = cabin.firstRow; row <= cabin.lastRow; row++) {
    if (!(cabin.skipRows ?? []).includes(row)) rows.push(row);
  }
  return rows;
}

const seatListCache = new Map<
  string,
  { list: readonly SeatInfo[]; byDesignator: ReadonlyMap<string, SeatInfo> }
>();

/** Every seat of an aircraft type, front to back. */
export function seatsOf(aircraft: AircraftType): readonly SeatInfo[] {
  return seatIndex(aircraft).list;
}

export function findSeat(aircraft: AircraftType, designator: string): SeatInfo | undefined {
  return seatIndex(aircraft).byDesignator.get(designator);
}

function seatIndex(aircraft: AircraftType): {
  list: readonly SeatInfo[];
  byDesignator: ReadonlyMap<string, SeatInfo>;
} {
  const cached = seatListCache.get(aircraft.iataCode);
  if (cached !== undefined) return cached;
  const list: SeatInfo[] = [];
  for (const cabin of aircraft.cabins) {
    const sections = sectionsOf(cabin);
    const rows = seatRows(cabin);
    rows.forEach((row, rowPosition) => {
      sections.forEach((section, sectionIndex) => {
        lettersOf(section).forEach((letter, letterIndex) => {
          list.push({
            designator: `${row}${letter}`,
            row,
            cabinClass: cabin.cabinClass,
            position: positionOf(sections, sectionIndex, letterIndex),
            exitRow: (cabin.exitRows ?? []).includes(row),
            front: rowPosition < 3,
          });
        });
      });
    });
  }
  const entry = { list, byDesignator: new Map(list.map((seat) => [seat.designator, seat])) };
  seatListCache.set(aircraft.iataCode, entry);
  return entry;
}

export interface SeatPricing {
  readonly distanceKm: number;
  readonly brand: FareBrand;
  readonly lowCost: boolean;
}

/** What a seat costs one passenger, in US cents (0 when the fare includes it). */
export function seatPriceUsdCents(seat: SeatInfo, pricing: SeatPricing): number {
  if (pricing.brand.includedSeats === 'all') return 0;
  const premiumSeat = seat.exitRow || (seat.front && seat.cabinClass === 'economy');
  if (pricing.brand.includedSeats === 'standard' && !premiumSeat) return 0;
  if (seat.cabinClass === 'business' || seat.cabinClass === 'first') return 0;
  let price = seat.position === 'middle' ? 1_200 : 1_800;
  if (seat.front && seat.cabinClass === 'economy') price += 1_000;
  if (seat.exitRow) price = 4_500;
  if (seat.cabinClass === 'premium_economy') price += 1_500;
  if (pricing.distanceKm >= longHaulKm) price = Math.round((price * 17) / 10);
  if (pricing.lowCost) price = Math.round((price * 8) / 10);
  return price;
}

/** Who may sit where: infants have no seat, exit rows are for adults only. */
export function mayTakeSeat(seat: SeatInfo, type: PassengerType, bookedCabin: CabinClass): boolean {
  if (type === 'infant_without_seat') return false;
  if (seat.cabinClass !== bookedCabin) return false;
  return !seat.exitRow || type === 'adult';
}

/**
 * Whether the simulated passengers already hold a seat: a stable draw per flight and seat
 * against the flight's load, never more than 90% so a seat map always has choice.
 */
export function isSimulatedTaken(
  seed: string,
  flightKey: string,
  designator: string,
  loadBp: number,
): boolean {
  const occupancy = Math.min(9_000, loadBp);
  return hashString(`${seed}|seat|${flightKey}|${designator}`) % 10_000 < occupancy;
}

const facilityElements: Readonly<Record<FacilityElement['type'], FacilityElement>> = {
  exit_row: Object.freeze({ type: 'exit_row' }),
  lavatory: Object.freeze({ type: 'lavatory' }),
  galley: Object.freeze({ type: 'galley' }),
  closet: Object.freeze({ type: 'closet' }),
  stairs: Object.freeze({ type: 'stairs' }),
  empty: Object.freeze({ type: 'empty' }),
};

function facilityRow(row: FacilityRow): SeatMapCabin['rows'][number] {
  return {
    sections: row.map((elements) => ({ elements: elements.map((type) => facilityElements[type]) })),
  };
}

/**
 * Lays out one aircraft's cabins; `seatElement` decides each seat's services (availability and
 * price for each passenger).
 */
export function layoutCabins(
  aircraft: AircraftType,
  seatElement: (seat: SeatInfo) => SeatMapElement,
): SeatMapCabin[] {
  return aircraft.cabins.map((cabin) => {
    const sections = sectionsOf(cabin);
    const rows: SeatMapCabin['rows'][number][] = [];
    let firstWing = -1;
    let lastWing = -1;
    for (const row of cabin.front ?? []) rows.push(facilityRow(row));
    for (const row of seatRows(cabin)) {
      if ((cabin.exitRows ?? []).includes(row)) {
        rows.push({ sections: sections.map(() => ({ elements: [facilityElements.exit_row] })) });
      }
      rows.push({
        sections: sections.map((section) => ({
          elements: lettersOf(section).map((letter) => {
            const seat = findSeat(aircraft, `${row}${letter}`);
            if (seat === undefined) {
              throw new Error(`Layout of ${aircraft.iataCode} lost seat ${row}${letter}`);
            }
            return seatElement(seat);
          }),
        })),
      });
      const wing = cabin.wingRows;
      if (wing !== undefined && row >= wing[0] && row <= wing[1]) {
        if (firstWing < 0) firstWing = rows.length - 1;
        lastWing = rows.length - 1;
      }
    }
    for (const row of cabin.rear ?? []) rows.push(facilityRow(row));
    return {
      cabin_class: cabin.cabinClass,
      deck: cabin.deck,
      aisles: sections.length - 1,
      wings: firstWing < 0 ? null : { first_row_index: firstWing, last_row_index: lastWing },
      rows,
    };
  });
}
