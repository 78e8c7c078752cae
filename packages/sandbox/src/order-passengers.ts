/**
 * An order's passengers checked against the offer: one for each offer passenger, with a title,
 * names airline systems accept, a date of birth that gives the fare's passenger type (and the
 * age priced for), a reachable contact, a passport where the journey crosses a border, loyalty
 * accounts, and every infant on the lap of an adult.
 */
import { invalid, requestObject } from './errors';
import type { PricedOffer } from './offers';
import { ageOn, isList, typeForAge } from './passengers';
import { daysBetween, parseLocalDate } from './time-zones';
import type {
  CreateOrderPassenger,
  LoyaltyProgrammeAccount,
  OrderPassenger,
  PassengerTitle,
} from './types';

const titles: readonly PassengerTitle[] = ['mr', 'ms', 'mrs', 'miss', 'dr'];
/** Latin letters (with accents), spaces, hyphens and apostrophes, as airline systems accept. */
const namePattern = /^[A-Za-zÀ-ÖØ-öø-ÿĀ-ž]+(?:[ '’-][A-Za-zÀ-ÖØ-öø-ÿĀ-ž]+)*$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const phonePattern = /^\+[1-9]\d{6,14}$/;
const passportPattern = /^[A-Z0-9]{5,20}$/;

/** The date of the final slice's departure: ages are counted on it. */
function finalDepartureDate(priced: PricedOffer): string {
  const lastSlice = priced.slices[priced.slices.length - 1];
  return lastSlice?.[0]?.date ?? priced.searchDate;
}

function lastFlightDate(priced: PricedOffer): string {
  const lastSlice = priced.slices[priced.slices.length - 1];
  return lastSlice?.[lastSlice.length - 1]?.arrivalLocal.date ?? priced.searchDate;
}

function requireString(value: unknown, path: string, message: string, maxLength = 100): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > maxLength) {
    throw invalid(path, message);
  }
  return value.trim();
}

/** The request's passengers by their offer passenger id, each id given once. */
function passengersById(
  passengers: readonly CreateOrderPassenger[],
): Map<string, { input: CreateOrderPassenger; index: number }> {
  const byId = new Map<string, { input: CreateOrderPassenger; index: number }>();
  passengers.forEach((input, index) => {
    const id = requestObject(input, `passengers[${index}]`).id;
    if (typeof id !== 'string' || byId.has(id)) {
      throw invalid(
        `passengers[${index}].id`,
        'Each passenger needs the id of a different offer passenger.',
      );
    }
    byId.set(id, { input, index });
  });
  return byId;
}

/** The given and family names: present, at most 50 characters, letters and their separators. */
function validateNames(
  raw: Record<string, unknown>,
  path: string,
): { givenName: string; familyName: string } {
  const givenName = requireString(
    raw.given_name,
    `${path}.given_name`,
    'Enter the given name.',
    50,
  );
  const familyName = requireString(
    raw.family_name,
    `${path}.family_name`,
    'Enter the family name.',
    50,
  );
  if (!namePattern.test(givenName)) {
    throw invalid(`${path}.given_name`, 'Use letters, spaces, hyphens or apostrophes.');
  }
  if (!namePattern.test(familyName)) {
    throw invalid(`${path}.family_name`, 'Use letters, spaces, hyphens or apostrophes.');
  }
  return { givenName, familyName };
}

/**
 * The date of birth: a real past date, whose age on the last departure is the fare's passenger
 * type, and the age the offer was priced for where it was.
 */
function validateBirthDate(
  raw: Record<string, unknown>,
  path: string,
  offerPassenger: PricedOffer['passengers'][number],
  ageDate: string,
  searchDate: string,
): string {
  const bornOn = typeof raw.born_on === 'string' ? raw.born_on : '';
  const age = parseLocalDate(bornOn) === null ? null : ageOn(bornOn, ageDate);
  if (age === null || age < 0 || daysBetween(bornOn, searchDate) < 0) {
    throw invalid(`${path}.born_on`, 'Enter a real date of birth, YYYY-MM-DD, not in the future.');
  }
  if (age > 130) throw invalid(`${path}.born_on`, 'Enter a real date of birth.');
  if (typeForAge(age) !== offerPassenger.type) {
    throw invalid(
      `${path}.born_on`,
      `This passenger is ${age} on ${ageDate}, which is not a ${offerPassenger.type.replaceAll('_', ' ')} fare.`,
    );
  }
  if (offerPassenger.age !== null && offerPassenger.age !== age) {
    throw invalid(
      `${path}.born_on`,
      `The offer was priced for age ${offerPassenger.age}; this date of birth gives ${age}.`,
    );
  }
  return bornOn;
}

/** The e-mail address and the phone number, in the international format. */
function validateContact(
  raw: Record<string, unknown>,
  path: string,
): { email: string; phone: string } {
  const email = requireString(raw.email, `${path}.email`, 'Enter an e-mail address.', 254);
  if (!emailPattern.test(email)) throw invalid(`${path}.email`, 'Enter a valid e-mail address.');
  const phone = requireString(
    raw.phone_number,
    `${path}.phone_number`,
    'Enter a phone number.',
    16,
  );
  if (!phonePattern.test(phone)) {
    throw invalid(`${path}.phone_number`, 'Use the international format, e.g. +442080160509.');
  }
  return { email, phone };
}

/** Checks each passenger against the offer; answers them in the offer's passenger order. */
export function validateOrderPassengers(
  priced: PricedOffer,
  passengers: readonly CreateOrderPassenger[],
  documentsRequired: boolean,
): OrderPassenger[] {
  if (!isList(passengers) || passengers.length !== priced.passengers.length) {
    throw invalid(
      'passengers',
      `The offer is for ${priced.passengers.length} passengers; give each one once.`,
    );
  }
  const byId = passengersById(passengers);
  const ageDate = finalDepartureDate(priced);
  const lastDate = lastFlightDate(priced);
  /** One offer passenger, as the request gives them. */
  const checkPassenger = (offerPassenger: PricedOffer['passengers'][number]): OrderPassenger => {
    const entry = byId.get(offerPassenger.id);
    if (entry === undefined) {
      throw invalid('passengers', `Passenger ${offerPassenger.id} of the offer is missing.`);
    }
    const { input, index } = entry;
    const path = `passengers[${index}]`;
    const raw = requestObject(input, path);
    if (typeof raw.title !== 'string' || !(titles as readonly string[]).includes(raw.title)) {
      throw invalid(`${path}.title`, 'Title must be mr, ms, mrs, miss or dr.');
    }
    const { givenName, familyName } = validateNames(raw, path);
    if (raw.gender !== 'm' && raw.gender !== 'f') {
      throw invalid(`${path}.gender`, 'Gender must be m or f.');
    }
    const bornOn = validateBirthDate(raw, path, offerPassenger, ageDate, priced.searchDate);
    const { email, phone } = validateContact(raw, path);
    validateDocuments(
      raw.identity_documents,
      `${path}.identity_documents`,
      documentsRequired,
      lastDate,
    );
    const infant = raw.infant_passenger_id;
    if (infant !== undefined && infant !== null && typeof infant !== 'string') {
      throw invalid(`${path}.infant_passenger_id`, 'Give the id of the infant passenger.');
    }
    const loyalty = validateLoyaltyAccounts(
      raw.loyalty_programme_accounts,
      `${path}.loyalty_programme_accounts`,
    );
    return {
      id: offerPassenger.id,
      type: offerPassenger.type,
      title: raw.title as PassengerTitle,
      given_name: givenName,
      family_name: familyName,
      gender: raw.gender,
      born_on: bornOn,
      email,
      phone_number: phone,
      infant_passenger_id: typeof infant === 'string' ? infant : null,
      loyalty_programme_accounts: loyalty,
    };
  };
  const result = priced.passengers.map(checkPassenger);
  validateInfants(result);
  return result;
}

function validateDocuments(
  value: unknown,
  path: string,
  required: boolean,
  lastDate: string,
): void {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    if (required) throw invalid(path, 'A passport is required for this international journey.');
    return;
  }
  if (!Array.isArray(value) || value.length !== 1) {
    throw invalid(path, 'Give exactly one identity document.');
  }
  const document = requestObject(value[0], `${path}[0]`);
  if (document.type !== 'passport') {
    throw invalid(`${path}[0].type`, 'The document must be a passport.');
  }
  if (
    typeof document.unique_identifier !== 'string' ||
    !passportPattern.test(document.unique_identifier)
  ) {
    throw invalid(
      `${path}[0].unique_identifier`,
      'Enter the passport number: 5 to 20 letters or digits.',
    );
  }
  if (
    typeof document.issuing_country_code !== 'string' ||
    !/^[A-Z]{2}$/.test(document.issuing_country_code)
  ) {
    throw invalid(`${path}[0].issuing_country_code`, 'Use the two-letter country code.');
  }
  const expires = document.expires_on;
  if (typeof expires !== 'string' || parseLocalDate(expires) === null) {
    throw invalid(`${path}[0].expires_on`, 'Enter the expiry date, YYYY-MM-DD.');
  }
  if (daysBetween(lastDate, expires) <= 0) {
    throw invalid(`${path}[0].expires_on`, 'The passport must be valid after the last flight.');
  }
}

function validateLoyaltyAccounts(value: unknown, path: string): LoyaltyProgrammeAccount[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 5) {
    throw invalid(path, 'Give at most 5 loyalty programme accounts.');
  }
  return value.map((entry, i) => {
    const account = requestObject(entry, `${path}[${i}]`);
    if (
      typeof account.airline_iata_code !== 'string' ||
      !/^[A-Z0-9]{2}$/.test(account.airline_iata_code)
    ) {
      throw invalid(
        `${path}[${i}].airline_iata_code`,
        "Use the airline's two-character IATA code.",
      );
    }
    if (
      typeof account.account_number !== 'string' ||
      !/^[A-Z0-9]{4,20}$/.test(account.account_number)
    ) {
      throw invalid(`${path}[${i}].account_number`, 'Use 4 to 20 letters or digits.');
    }
    return {
      airline_iata_code: account.airline_iata_code,
      account_number: account.account_number,
    };
  });
}

function validateInfants(passengers: readonly OrderPassenger[]): void {
  const infants = new Set(
    passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id),
  );
  const assigned = new Set<string>();
  passengers.forEach((passenger) => {
    const infant = passenger.infant_passenger_id;
    if (infant === null) return;
    if (passenger.type !== 'adult' || !infants.has(infant) || assigned.has(infant)) {
      throw invalid(
        `passengers.${passenger.id}.infant_passenger_id`,
        'Only an adult can hold an infant, one infant each.',
      );
    }
    assigned.add(infant);
  });
  if (assigned.size !== infants.size) {
    throw invalid(
      'passengers',
      'Every infant must be on the lap of an adult (infant_passenger_id).',
    );
  }
}
