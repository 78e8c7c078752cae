import { multiCitySlicesReader } from '@contrail/contracts/search-readers';
import type { SearchSlice } from '@contrail/contracts/search-rules';

/**
 * A multi-city trip's flights in one /search parameter, readable and stable:
 *
 *   slices=LHR.CDG.2027-01-10_CDG.FCO.2027-01-14_FCO.LHR.2027-01-18
 *
 * Each flight is origin, destination and departure date joined by `.`; the flights, in order,
 * are joined by `_`. Both characters pass through a URL as they are (a `~` or a `,` would be
 * written `%7E`, `%2C`), so the address reads as typed. Codes are written in capitals; reading
 * takes them in any case.
 */
const SLICE_SEPARATOR = '_';
const SLICE_FIELD_SEPARATOR = '.';

/** One flight as the parameter gives it, each part as written (not checked yet). */
export interface SliceText {
  origin: string;
  destination: string;
  departureDate: string;
}

export function slicesToParam(slices: readonly SearchSlice[]): string {
  return slices
    .map((slice) =>
      [slice.origin, slice.destination, slice.departureDate].join(SLICE_FIELD_SEPARATOR),
    )
    .join(SLICE_SEPARATOR);
}

/**
 * The flights of a parameter, each part as written, for a check that names what is wrong with
 * which flight; null when there is no parameter text at all. A flight with too few parts has
 * the missing ones empty.
 */
export function sliceTextsOf(value: unknown): SliceText[] | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value
    .trim()
    .split(SLICE_SEPARATOR)
    .map((part) => {
      const [origin = '', destination = '', ...date] = part.split(SLICE_FIELD_SEPARATOR);
      return { origin, destination, departureDate: date.join(SLICE_FIELD_SEPARATOR) };
    });
}

/** The flights of a parameter, 2 to 5 of them, each checked by the contract; null otherwise. */
export function slicesFromParam(value: unknown): SearchSlice[] | null {
  const texts = sliceTextsOf(value);
  if (!texts) return null;
  const parsed = multiCitySlicesReader.safeParse(texts);
  return parsed.success ? parsed.data : null;
}
