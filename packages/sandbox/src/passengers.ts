/**
 * Passenger rules: types from ages, the limits on a booking, and ages on the travel date.
 * Ages follow the airline convention: infants are under 2, children 2 to 11, adults 12 and over,
 * counted on the departure date of the final slice (as Duffel counts them).
 */
import { invalid, requestObject } from './errors';
import type { PassengerSpec } from './offer-id';
import { parseLocalDate, type LocalDate } from './time-zones';
import type { OfferRequestPassenger, PassengerType } from './types';

export const maximumSeatedPassengers = 9;

/** Array.isArray without widening a typed list to any[] (inputs cross a trust boundary). */
export function isList<T>(value: readonly T[] | undefined | null): value is readonly T[] {
  return Array.isArray(value);
}

export function typeForAge(age: number): PassengerType {
  if (age < 2) return 'infant_without_seat';
  if (age < 12) return 'child';
  return 'adult';
}

/** Whole years from a birth date to a date; null when the birth date is not a real date. */
export function ageOn(bornOn: string, date: LocalDate): number | null {
  const born = parseLocalDate(bornOn);
  const on = parseLocalDate(date);
  if (born === null || on === null) return null;
  let age = on.year - born.year;
  if (on.month < born.month || (on.month === born.month && on.day < born.day)) age--;
  return age;
}

function isPassengerType(value: unknown): value is PassengerType {
  return value === 'adult' || value === 'child' || value === 'infant_without_seat';
}

/** Validates the passengers of a search and settles each one's type. */
export function normalizeSearchPassengers(
  passengers: readonly OfferRequestPassenger[],
): PassengerSpec[] {
  if (!isList(passengers) || passengers.length === 0) {
    throw invalid('passengers', 'At least one passenger is required.');
  }
  const specs: PassengerSpec[] = passengers.map((passenger, index) => {
    const path = `passengers[${index}]`;
    const raw = requestObject(passenger, path);
    const age = raw.age;
    if (
      age !== undefined &&
      (typeof age !== 'number' || !Number.isInteger(age) || age < 0 || age > 130)
    ) {
      throw invalid(`${path}.age`, 'Age must be a whole number of years from 0 to 130.');
    }
    if (raw.type !== undefined && !isPassengerType(raw.type)) {
      throw invalid(`${path}.type`, 'Type must be adult, child or infant_without_seat.');
    }
    if (raw.type === undefined && age === undefined) {
      throw invalid(path, 'Give a passenger type, an age, or both.');
    }
    const fromAge = typeof age === 'number' ? typeForAge(age) : undefined;
    if (isPassengerType(raw.type) && fromAge !== undefined && raw.type !== fromAge) {
      throw invalid(
        `${path}.age`,
        `A passenger aged ${age} travels as ${fromAge}, not ${raw.type}.`,
      );
    }
    const type = isPassengerType(raw.type) ? raw.type : (fromAge ?? 'adult');
    return { type, age: typeof age === 'number' ? age : null };
  });
  const adults = specs.filter((p) => p.type === 'adult').length;
  const infants = specs.filter((p) => p.type === 'infant_without_seat').length;
  const seated = specs.length - infants;
  if (adults === 0) throw invalid('passengers', 'At least one adult must travel.');
  if (infants > adults) {
    throw invalid(
      'passengers',
      'Each infant travels on an adult’s lap: no more infants than adults.',
    );
  }
  if (seated > maximumSeatedPassengers) {
    throw invalid(
      'passengers',
      `At most ${maximumSeatedPassengers} passengers with a seat per booking.`,
    );
  }
  return specs;
}
