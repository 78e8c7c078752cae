import { z } from 'zod';
import { addMonths, BOOKING_HORIZON_MONTHS, isIsoDate, searchMessages } from './flight-search';

/** A multi-city trip flies 2 to 5 slices, one after another. */
export const MULTI_CITY_SLICES = { min: 2, max: 5 } as const;

export const multiCityMessages = {
  tooFewSlices: `Please add at least ${MULTI_CITY_SLICES.min} flights`,
  tooManySlices: `A multi-city trip can have at most ${MULTI_CITY_SLICES.max} flights`,
  sliceBeforePrevious: 'Each flight must depart on or after the flight before it',
} as const;

const airportCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, message);

/** One flight of a multi-city trip. */
export const searchSliceSchema = z.object({
  origin: airportCode(searchMessages.originRequired),
  destination: airportCode(searchMessages.destinationRequired),
  departureDate: z
    .string({ error: searchMessages.departureDateRequired })
    .trim()
    .refine(isIsoDate, searchMessages.departureDateRequired),
});
export type SearchSlice = z.output<typeof searchSliceSchema>;

/** The slices of a multi-city search, 2 to 5 of them. */
export const multiCitySlicesSchema = z
  .array(searchSliceSchema, { error: multiCityMessages.tooFewSlices })
  .min(MULTI_CITY_SLICES.min, multiCityMessages.tooFewSlices)
  .max(MULTI_CITY_SLICES.max, multiCityMessages.tooManySlices);

export interface SliceProblem {
  /** Where the problem is, e.g. `slices.1.departureDate`. */
  path: `slices.${number}.${keyof SearchSlice}`;
  message: string;
}

/**
 * The rules that need more than one field or today's date, per slice: not the same city, not in
 * the past, within the booking horizon, and never before the slice ahead of it. `today` comes
 * from the injected clock.
 */
export function sliceProblems(slices: readonly SearchSlice[], today: string): SliceProblem[] {
  const problems: SliceProblem[] = [];
  const horizon = addMonths(today, BOOKING_HORIZON_MONTHS);
  slices.forEach((slice, index) => {
    if (slice.origin === slice.destination) {
      problems.push({ path: `slices.${index}.destination`, message: searchMessages.sameAirports });
    }
    const path = `slices.${index}.departureDate` as const;
    const previous = slices[index - 1];
    if (slice.departureDate < today) {
      problems.push({ path, message: searchMessages.departureInPast });
    } else if (slice.departureDate > horizon) {
      problems.push({ path, message: searchMessages.tooFarAhead });
    } else if (previous !== undefined && slice.departureDate < previous.departureDate) {
      problems.push({ path, message: multiCityMessages.sliceBeforePrevious });
    }
  });
  return problems;
}
