import { SupplierError, type SupplierErrorCode } from '../flight-supplier';

/** The prefix of each kind of Duffel id the adapter sends. */
const PREFIXES = {
  offer: 'off',
  offerRequest: 'orq',
  order: 'ord',
  cancellation: 'ore',
  passenger: 'pas',
  service: 'ase',
} as const;

export type DuffelIdKind = keyof typeof PREFIXES;

/**
 * Duffel's ids: the kind's prefix, `_`, then letters and digits, 22 of them in every example
 * Duffel publishes (`off_00009htYpSCXrwaB9DnUm0`, `ord_0000A3tQcCRZ9R8OY0QlxA`; a few of its
 * passenger ids have 21); up to 64 are taken, should Duffel lengthen them.
 */
const PATTERNS = Object.fromEntries(
  Object.entries(PREFIXES).map(([kind, prefix]) => [
    kind,
    new RegExp(`^${prefix}_[A-Za-z0-9]{1,64}$`),
  ]),
) as Record<DuffelIdKind, RegExp>;

/**
 * The id, if it is one of Duffel's of this kind; otherwise a failure as Duffel's own 404 reads
 * (or `code`, for an id Duffel itself answered), before any request. The SDK interpolates ids
 * into its paths unencoded, so `../../air/orders` as an offer id asked for the account's orders.
 */
export function duffelId(kind: DuffelIdKind, id: string, code: SupplierErrorCode = 'not_found') {
  if (!PATTERNS[kind].test(id)) {
    throw new SupplierError(code, `This is not a Duffel ${kind} id.`);
  }
  return id;
}

/** A checked id as one segment of a path, encoded all the same. */
export function duffelPathSegment(kind: DuffelIdKind, id: string): string {
  return encodeURIComponent(duffelId(kind, id));
}
