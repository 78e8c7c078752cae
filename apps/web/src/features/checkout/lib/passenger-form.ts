import {
  passengerSchema,
  type Passenger,
  type PASSENGER_TYPES,
} from '@contrail/contracts/bookings';
import type { Offer } from '@contrail/contracts/offers';
import type { FieldError, Resolver, ResolverError, ResolverSuccess } from 'react-hook-form';

export type PassengerType = (typeof PASSENGER_TYPES)[number];

/** What the passenger form holds: every field a string, as typed. */
export interface PassengerDraft {
  id: string;
  type: PassengerType;
  title: string;
  firstName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  passportNumber: string;
  passportExpiryDate: string;
  passportIssuingCountry: string;
  /** Passport details left out; only offered where the offer does not require them. */
  skipPassport: boolean;
}

export interface PassengerFormValues {
  passengers: PassengerDraft[];
}

export interface PassengerFormOutput {
  passengers: Passenger[];
}

export type PassengerField = Exclude<keyof PassengerDraft, 'id' | 'type' | 'skipPassport'>;

const PASSPORT_FIELDS = ['passportNumber', 'passportExpiryDate', 'passportIssuingCountry'] as const;

/**
 * Ages on the travel date (the departure of the final flight, as airlines count them). The
 * server's passenger rules do not check them, the airline does when the order is placed, so
 * the form catches a mismatch before the card is authorised.
 */
export const ageMessages: Record<PassengerType, string> = {
  adult: 'Adults must be 12 or older on the date of travel',
  child: 'Children must be 2 to 11 years old on the date of travel',
  infant_without_seat: 'Infants must be under 2 years old on the date of travel',
};

export function emptyPassengerForm(offer: Offer): PassengerFormValues {
  return {
    passengers: offer.passengers.map((passenger) => ({
      id: passenger.id,
      type: passenger.type,
      title: '',
      firstName: '',
      lastName: '',
      gender: '',
      dateOfBirth: '',
      email: '',
      phone: '',
      passportNumber: '',
      passportExpiryDate: '',
      passportIssuingCountry: '',
      skipPassport: false,
    })),
  };
}

/** The calendar date of the final flight's departure (local to its airport), `YYYY-MM-DD`. */
export function travelDate(offer: Offer): string {
  const last = offer.slices.at(-1)?.segments[0] ?? offer.slices[0]?.segments[0];
  return last ? last.departing_at.slice(0, 10) : '';
}

/** Whole years from a birth date to a date (both `YYYY-MM-DD`). */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function ageFits(type: PassengerType, age: number): boolean {
  if (type === 'infant_without_seat') return age < 2;
  if (type === 'child') return age >= 2 && age < 12;
  return age >= 12;
}

/** Passport number as the traveller types it: no spaces, upper case (spec 001 §5). */
export function normalizePassportNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

interface PassengerRules {
  /** Today, `YYYY-MM-DD`, as the server counts it (UTC). */
  today: string;
  passportRequired: boolean;
  travelDate: string;
}

/** The contract's passenger schema over one draft; errors keyed by field. */
export function validatePassenger(
  draft: PassengerDraft,
  index: number,
  rules: PassengerRules,
):
  | { success: true; data: Passenger }
  | { success: false; errors: Partial<Record<PassengerField, string>> } {
  const skipPassport = draft.skipPassport && !rules.passportRequired;
  const input = {
    id: draft.id,
    type: draft.type,
    title: draft.title === '' ? undefined : draft.title,
    firstName: draft.firstName,
    lastName: draft.lastName,
    gender: draft.gender === '' ? undefined : draft.gender,
    dateOfBirth: draft.dateOfBirth,
    email: draft.email,
    phone: draft.phone,
    ...(skipPassport
      ? {}
      : {
          passportNumber: draft.passportNumber,
          passportExpiryDate: draft.passportExpiryDate,
          passportIssuingCountry: draft.passportIssuingCountry,
        }),
  };
  const schema = passengerSchema({
    today: rules.today,
    passportRequired: rules.passportRequired,
    primary: index === 0,
  });
  const result = schema.safeParse(input);
  const errors: Partial<Record<PassengerField, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && isPassengerField(field)) errors[field] ??= issue.message;
    }
  }
  const dateOfBirth = result.success ? result.data.dateOfBirth : undefined;
  if (
    dateOfBirth &&
    rules.travelDate &&
    !errors.dateOfBirth &&
    !ageFits(draft.type, ageOn(dateOfBirth, rules.travelDate))
  ) {
    errors.dateOfBirth = ageMessages[draft.type];
  }
  if (result.success && Object.keys(errors).length === 0) {
    return { success: true, data: result.data };
  }
  return { success: false, errors };
}

const PASSENGER_FIELDS: readonly string[] = [
  'title',
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
  'email',
  'phone',
  ...PASSPORT_FIELDS,
];

export function isPassengerField(name: string): name is PassengerField {
  return PASSENGER_FIELDS.includes(name);
}

/** react-hook-form resolver: every passenger through the contract's rules. */
export function passengerFormResolver(
  rules: PassengerRules,
): Resolver<PassengerFormValues, unknown, PassengerFormOutput> {
  return (values) => {
    const passengers: Passenger[] = [];
    const errors: Partial<Record<PassengerField, FieldError>>[] = [];
    let failed = false;
    for (const [index, draft] of values.passengers.entries()) {
      const result = validatePassenger(draft, index, rules);
      if (result.success) {
        passengers.push(result.data);
        continue;
      }
      failed = true;
      const fieldErrors: Partial<Record<PassengerField, FieldError>> = {};
      for (const [field, message] of Object.entries(result.errors)) {
        if (isPassengerField(field)) fieldErrors[field] = { type: 'validate', message };
      }
      errors[index] = fieldErrors;
    }
    if (failed) {
      const result: ResolverError<PassengerFormValues> = {
        values: {},
        errors: { passengers: errors },
      };
      return result;
    }
    const result: ResolverSuccess<PassengerFormOutput> = { values: { passengers }, errors: {} };
    return result;
  };
}

/**
 * The server's 400 `fields` (`passengers.0.firstName` → message) as form errors, for the fields
 * this form has.
 */
export function serverPassengerErrors(
  fields: Readonly<Record<string, string>> | undefined,
): { index: number; field: PassengerField; message: string }[] {
  if (!fields) return [];
  return Object.entries(fields).flatMap(([path, message]) => {
    const match = /^passengers\.(\d+)\.(\w+)$/.exec(path);
    const field = match?.[2];
    if (!match || !field || !isPassengerField(field)) return [];
    return [{ index: Number(match[1]), field, message }];
  });
}

/** Today as the server counts it: the UTC calendar date. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function passengerName(
  draft: Pick<PassengerDraft, 'firstName' | 'lastName'> | undefined,
  index: number,
): string {
  const name = `${draft?.firstName.trim() ?? ''} ${draft?.lastName.trim() ?? ''}`.trim();
  return name === '' ? `Passenger ${index + 1}` : name;
}
