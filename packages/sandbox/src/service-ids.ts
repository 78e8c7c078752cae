/**
 * Ids of bookable services (`ase_…`). A seat service names a segment, a passenger and a seat; a
 * bag service names a slice and a passenger. Each id carries a tag derived from its offer, so a
 * service id copied from another offer is refused. Prices are never trusted from the id: they
 * are recomputed when the order is made.
 */
import { hashString, idFromHash, mixInts } from './random';

export type ServiceRef =
  | {
      readonly kind: 'seat';
      readonly segment: number;
      readonly passenger: number;
      readonly designator: string;
    }
  | { readonly kind: 'bag'; readonly slice: number; readonly passenger: number };

const tagLength = 8;

function bodyOf(ref: ServiceRef): string {
  return ref.kind === 'seat'
    ? `S${ref.segment.toString(36)}${ref.passenger.toString(36)}${ref.designator}`
    : `B${ref.slice.toString(36)}${ref.passenger.toString(36)}`;
}

function tagOf(offerHash: number, body: string): string {
  return idFromHash(mixInts(offerHash, hashString(body)), tagLength);
}

/** A hash of the offer id that every service id of the offer is tied to. */
export function offerHashOf(offerId: string): number {
  return hashString(offerId);
}

export function serviceId(offerHash: number, ref: ServiceRef): string {
  const body = bodyOf(ref);
  return `ase_${tagOf(offerHash, body)}${body}`;
}

/** The service an id names, or null when it is malformed or belongs to another offer. */
export function readServiceId(offerHash: number, id: string): ServiceRef | null {
  const match =
    /^ase_([0-9A-Za-z]{8})(?:S([0-9a-z])([0-9a-z])(\d{1,3}[A-Z])|B([0-9a-z])([0-9a-z]))$/.exec(id);
  if (match === null) return null;
  const [, tag = '', segment, seatPassenger, designator, slice, bagPassenger] = match;
  const ref: ServiceRef =
    designator !== undefined && segment !== undefined && seatPassenger !== undefined
      ? {
          kind: 'seat',
          segment: parseInt(segment, 36),
          passenger: parseInt(seatPassenger, 36),
          designator,
        }
      : {
          kind: 'bag',
          slice: parseInt(slice ?? '', 36),
          passenger: parseInt(bagPassenger ?? '', 36),
        };
  return tagOf(offerHash, bodyOf(ref)) === tag ? ref : null;
}
