import { checkPassengers } from '@contrail/contracts/passengers';
import type {
  Passenger,
  PassengerField,
  PassengerRules,
} from '@contrail/contracts/passenger-check';
import type { PassengerType } from '@contrail/contracts/passenger-types';
import type { Offer } from '@contrail/contracts/offers';
import type { FieldError, Resolver, ResolverError, ResolverSuccess } from 'react-hook-form';

export type { PassengerField, PassengerType };
export { normalizePassportNumber } from '@contrail/contracts/passenger-check';

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
  phoneCountry: string;
  passportNumber: string;
  passportExpiryDate: string;
  passportIssuingCountry: string;
  nationality: string;
  frequentFlyerAirline: string;
  frequentFlyerNumber: string;
  assistance: string;
  /** Passport details left out; only offered where the offer does not require them. */
  skipPassport: boolean;
}

export interface PassengerFormValues {
  passengers: PassengerDraft[];
}

export interface PassengerFormOutput {
  passengers: Passenger[];
}

const PASSENGER_FIELDS: readonly PassengerField[] = [
  'title',
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
  'email',
  'phone',
  'phoneCountry',
  'passportNumber',
  'passportExpiryDate',
  'passportIssuingCountry',
  'nationality',
  'frequentFlyerAirline',
  'frequentFlyerNumber',
  'assistance',
];

function isPassengerField(name: string): name is PassengerField {
  return (PASSENGER_FIELDS as readonly string[]).includes(name);
}

/**
 * The phone country a traveller most likely means, from the browser's language (en-GB → GB); they
 * can change it. Numbers typed with + ignore it.
 */
export function defaultPhoneCountry(languages: readonly string[] = navigator.languages): string {
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(language)?.[1];
    if (region) return region.toUpperCase();
  }
  return '';
}

export function emptyPassenger(id: string, type: PassengerType): PassengerDraft {
  return {
    id,
    type,
    title: '',
    firstName: '',
    lastName: '',
    gender: '',
    dateOfBirth: '',
    email: '',
    phone: '',
    phoneCountry: defaultPhoneCountry(),
    passportNumber: '',
    passportExpiryDate: '',
    passportIssuingCountry: '',
    nationality: '',
    frequentFlyerAirline: '',
    frequentFlyerNumber: '',
    assistance: '',
    skipPassport: false,
  };
}

export function emptyPassengerForm(offer: Offer): PassengerFormValues {
  return { passengers: offer.passengers.map((p) => emptyPassenger(p.id, p.type)) };
}

/**
 * Passengers typed for another offer, moved onto this one's passengers of the same types, in
 * order (after a search again, the new offer has new passenger ids). Null when the party differs.
 */
export function carryPassengers(
  drafts: readonly PassengerDraft[],
  offer: Offer,
): PassengerFormValues | null {
  if (drafts.length !== offer.passengers.length) return null;
  const passengers: PassengerDraft[] = [];
  for (const [i, target] of offer.passengers.entries()) {
    const draft = drafts[i];
    if (draft?.type !== target.type) return null;
    passengers.push({ ...draft, id: target.id });
  }
  return { passengers };
}

/** Every passenger through the contract's rules: field errors per passenger, or the passengers. */
export function validatePassengers(
  values: PassengerFormValues,
  rules: PassengerRules,
):
  | { success: true; passengers: Passenger[] }
  | { success: false; errors: Partial<Record<PassengerField, string>>[] } {
  const result = checkPassengers(values.passengers, rules, {
    skipPassport: values.passengers.map((p) => p.skipPassport && !rules.passportRequired),
  });
  if (result.success) return result;
  const errors: Partial<Record<PassengerField, string>>[] = [];
  for (const { index, field, message } of serverPassengerErrors(result.fields)) {
    errors[index] = { ...errors[index], [field]: message };
  }
  return { success: false, errors };
}

/** react-hook-form resolver: the contract's rules over the whole party. */
export function passengerFormResolver(
  rules: PassengerRules,
): Resolver<PassengerFormValues, unknown, PassengerFormOutput> {
  return (values) => {
    const result = validatePassengers(values, rules);
    if (result.success) {
      const success: ResolverSuccess<PassengerFormOutput> = {
        values: { passengers: result.passengers },
        errors: {},
      };
      return success;
    }
    const errors = result.errors.map((fields) =>
      Object.fromEntries(
        Object.entries(fields).map(([field, message]): [string, FieldError] => [
          field,
          { type: 'validate', message },
        ]),
      ),
    );
    const failure: ResolverError<PassengerFormValues> = {
      values: {},
      errors: { passengers: errors },
    };
    return failure;
  };
}

/**
 * The server's `fields` (`passengers.0.firstName` → message) as form errors, for the fields this
 * form has.
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
