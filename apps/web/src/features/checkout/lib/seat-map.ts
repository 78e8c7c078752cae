import { cabinClassLabels } from '@contrail/contracts/search-rules';
import { toMinorUnits } from '@contrail/contracts/money';
import type { Offer, SeatMap, Segment } from '@contrail/contracts/offers';
import type { SeatCharge } from './order-totals';

/** Seats per flight segment and passenger: `choices[segmentId][passengerId] = '14C'`. */
export type SeatChoices = Readonly<Record<string, Readonly<Record<string, string>>>>;

type SeatPosition = 'window' | 'middle' | 'aisle';
type SeatMapCabin = SeatMap['cabins'][number];
type SeatMapElement = SeatMapCabin['rows'][number]['sections'][number]['elements'][number];
export type FacilityKind = Exclude<SeatMapElement['type'], 'seat'>;

interface SeatPrice {
  amountMinor: number;
  currency: string;
}

export interface SeatCell {
  kind: 'seat';
  designator: string;
  position: SeatPosition;
  exitRow: boolean;
  disclosures: readonly string[];
  /** The price for each passenger who may take it; empty when it is unavailable. */
  prices: ReadonlyMap<string, SeatPrice>;
}

export interface FacilityCell {
  kind: 'facility';
  facility: FacilityKind;
}

export type SeatMapCell = SeatCell | FacilityCell;

interface SeatRowView {
  key: string;
  /** The row number printed in the aisle; null for a row of facilities only. */
  number: number | null;
  sections: SeatMapCell[][];
}

export interface CabinView {
  key: string;
  label: string;
  /** Seat letters per section, for the column headings. */
  columns: string[][];
  rows: SeatRowView[];
}

export function seatLetter(designator: string): string {
  return designator.replace(/^\d+/, '');
}

function rowNumber(designator: string): number | null {
  const match = /^(\d+)/.exec(designator);
  return match ? Number(match[1]) : null;
}

function positionOf(sectionIndex: number, sectionCount: number, index: number, size: number) {
  const first = index === 0;
  const last = index === size - 1;
  if ((sectionIndex === 0 && first) || (sectionIndex === sectionCount - 1 && last)) {
    return 'window';
  }
  if ((last && sectionIndex < sectionCount - 1) || (first && sectionIndex > 0)) return 'aisle';
  return 'middle';
}

function pricesOf(element: Extract<SeatMapElement, { type: 'seat' }>): Map<string, SeatPrice> {
  const prices = new Map<string, SeatPrice>();
  if (!element.available) return prices;
  for (const service of element.available_services) {
    prices.set(service.passenger_id, {
      amountMinor: toMinorUnits(service.total_amount, service.total_currency),
      currency: service.total_currency.toUpperCase(),
    });
  }
  return prices;
}

/** A cabin drawn row by row: seats with position and prices, aisles, exits and facilities. */
export function cabinViews(map: SeatMap): CabinView[] {
  return map.cabins.map((cabin, cabinIndex) => {
    const columns: string[][] = [];
    const rows: SeatRowView[] = [];
    let afterExit = false;
    cabin.rows.forEach((row, rowIndex) => {
      const seats = row.sections.flatMap((section) =>
        section.elements.filter((element) => element.type === 'seat'),
      );
      const hasExit = row.sections.some((section) =>
        section.elements.some((element) => element.type === 'exit_row'),
      );
      const exitRow = hasExit || afterExit;
      afterExit = seats.length === 0 && hasExit;
      const sections = row.sections.map((section, sectionIndex) => {
        const seatCount = section.elements.length;
        return section.elements.map((element, index): SeatMapCell => {
          if (element.type !== 'seat') return { kind: 'facility', facility: element.type };
          return {
            kind: 'seat',
            designator: element.designator,
            position: positionOf(sectionIndex, row.sections.length, index, seatCount),
            exitRow: exitRow || element.disclosures.length > 0,
            disclosures: element.disclosures,
            prices: pricesOf(element),
          };
        });
      });
      row.sections.forEach((section, sectionIndex) => {
        const letters = section.elements.flatMap((element) =>
          element.type === 'seat' ? [seatLetter(element.designator)] : [],
        );
        if (letters.length > (columns[sectionIndex]?.length ?? 0)) columns[sectionIndex] = letters;
      });
      const first = seats[0];
      rows.push({
        key: first ? first.designator : `facilities-${rowIndex}`,
        number: first ? rowNumber(first.designator) : null,
        sections,
      });
    });
    return {
      key: `${cabin.cabin_class}-${cabin.deck}-${cabinIndex}`,
      label: cabinClassLabels[cabin.cabin_class],
      columns: Array.from({ length: columns.length }, (_, i) => columns[i] ?? []),
      rows,
    };
  });
}

/** Every seat of a map by designator. */
export function seatsByDesignator(map: SeatMap): Map<string, SeatCell> {
  const seats = new Map<string, SeatCell>();
  for (const cabin of cabinViews(map)) {
    for (const row of cabin.rows) {
      for (const section of row.sections) {
        for (const cell of section) if (cell.kind === 'seat') seats.set(cell.designator, cell);
      }
    }
  }
  return seats;
}

/** Passengers who get a seat: everyone but infants on a lap. */
export function seatedPassengers(offer: Offer): Offer['passengers'] {
  return offer.passengers.filter((passenger) => passenger.type !== 'infant_without_seat');
}

export interface SegmentInfo {
  segment: Segment;
  sliceIndex: number;
}

export function segmentInfo(offer: Offer, segmentId: string): SegmentInfo | null {
  for (const [sliceIndex, slice] of offer.slices.entries()) {
    const segment = slice.segments.find((candidate) => candidate.id === segmentId);
    if (segment) return { segment, sliceIndex };
  }
  return null;
}

/** The seat maps in travel order, each with its flight; maps of unknown segments are left out. */
export function orderedSeatMaps(offer: Offer, maps: readonly SeatMap[]) {
  const order = offer.slices.flatMap((slice) => slice.segments.map((segment) => segment.id));
  return maps
    .flatMap((map) => {
      const info = segmentInfo(offer, map.segment_id);
      return info ? [{ map, ...info }] : [];
    })
    .sort((a, b) => order.indexOf(a.map.segment_id) - order.indexOf(b.map.segment_id));
}

/** The seat a passenger may take, with its price for them; null when they cannot have it. */
function priceFor(
  seats: ReadonlyMap<string, SeatCell>,
  designator: string,
  passengerId: string,
): SeatPrice | null {
  return seats.get(designator)?.prices.get(passengerId) ?? null;
}

/**
 * The chosen seats that are still to be had, priced for their passenger. A seat the maps no
 * longer offer to that passenger (taken since, or a changed map) is left out.
 */
export function seatCharges(maps: readonly SeatMap[], choices: SeatChoices): SeatCharge[] {
  const charges: SeatCharge[] = [];
  for (const map of maps) {
    const seats = seatsByDesignator(map);
    const chosen = choices[map.segment_id] ?? {};
    for (const [passengerId, designator] of Object.entries(chosen)) {
      const price = priceFor(seats, designator, passengerId);
      if (price) charges.push({ passengerId, segmentId: map.segment_id, designator, ...price });
    }
  }
  return charges;
}

/**
 * Seats still missing: a seated passenger needs one on every flight whose map offers them a
 * seat at all (a flight with nothing left for them cannot hold up the booking).
 */
export function missingSeats(
  maps: readonly SeatMap[],
  passengerIds: readonly string[],
  choices: SeatChoices,
): { segmentId: string; passengerId: string }[] {
  const missing: { segmentId: string; passengerId: string }[] = [];
  for (const map of maps) {
    const seats = [...seatsByDesignator(map).values()];
    const chosen = choices[map.segment_id] ?? {};
    for (const passengerId of passengerIds) {
      const choosable = seats.some((seat) => seat.prices.has(passengerId));
      const designator = chosen[passengerId];
      const valid =
        designator !== undefined &&
        seats.some((seat) => seat.designator === designator && seat.prices.has(passengerId));
      if (choosable && !valid) missing.push({ segmentId: map.segment_id, passengerId });
    }
  }
  return missing;
}
