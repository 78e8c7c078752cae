/**
 * The ids of a replacement offer and of the offer it stands in for: matched position by position,
 * and swapped anywhere in an offer, a seat map or an order.
 */
import type { Offer } from '@contrail/contracts/offers';

export /** Replaces ids (exact strings) anywhere in a value. */
function renamed<T>(value: T, ids: Record<string, string>): T {
  if (typeof value === 'string') return (ids[value] ?? value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => renamed(item, ids)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, renamed(item, ids)]),
    ) as T;
  }
  return value;
}

/** The same ids the other way round (the replaced offer's to the replacement's). */
export function inverse(ids: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(ids).map(([from, to]) => [to, from]));
}

/**
 * The replacement offer's ids (its own, its passengers', slices' and flights') to the old
 * offer's, position by position.
 */
export function oldIdsOf(offer: Offer, old: Offer): Record<string, string> {
  const ids: Record<string, string> = { [offer.id]: old.id };
  offer.passengers.forEach((p, i) => {
    const before = old.passengers[i];
    if (before) ids[p.id] = before.id;
  });
  offer.slices.forEach((slice, i) => {
    const before = old.slices[i];
    if (!before) return;
    ids[slice.id] = before.id;
    slice.segments.forEach((segment, j) => {
      const was = before.segments[j];
      if (was) ids[segment.id] = was.id;
    });
  });
  return ids;
}
