import isoCountries from 'i18n-iso-countries';
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { z } from 'zod';
import { isIsoDate } from './flight-search';
import type { Offer } from './offers';

/**
 * The passenger rules, in one place for the web form and the API: a passenger who passes them
 * here is accepted by the airline, so no passenger problem can surface after the card is
 * authorised. The airline's own rules (Duffel's, which the sandbox mirrors) are the floor.
 */

export const passengerMessages = {
  // The fixed passenger-form messages, verbatim.
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  primaryEmail: 'Valid email is required for primary passenger',
  primaryPhone: 'Phone number is required for primary passenger',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  passportMin: 'Passport number must be at least 5 characters',
  passportMax: 'Passport number cannot exceed 20 characters',
  passportCharacters: 'Passport number can only contain letters and numbers',
  passportExpiryRequired: 'Passport expiry date is required',
  passportExpired: 'Passport must not be expired',
  countryLength: 'Country code must be exactly 2 characters (ISO code)',
  countryLetters: 'Country code must contain only letters',
  passportHintExpired: 'Passport has expired',
  passportHintSoon: 'Less than 6 months validity',
  completeAll: 'Please complete all required passenger information before continuing.',
  // Beyond the fixed messages: what airlines refuse at the order, asked before any money moves.
  nameCharacters: 'Use letters, spaces, hyphens and apostrophes only, as printed in the passport',
  nameTooLong: `Names can be at most 50 characters`,
  titleRequired: 'Please choose a title',
  titleForChild: 'Choose Master, Miss or Ms for a child or infant',
  genderRequired: 'Please choose a gender',
  dateOfBirthUnreal: 'Please enter a real date of birth',
  phoneCountryRequired:
    'Choose the country of this phone number, or start it with + and the country code',
  passportBeyondTravel: 'The passport must be valid beyond the last flight of this trip',
  countryUnknown: 'Please choose a country from the list',
  frequentFlyerAirline: 'Choose the airline of this frequent flyer number',
  frequentFlyerNumber: 'Frequent flyer numbers have 4 to 20 letters and digits',
  assistanceUnknown: 'Please choose an assistance option from the list',
  passengersMismatch: 'The passengers do not match the flight offer',
  infantsPerAdult: 'Each infant must travel on the lap of an adult',
  ageAdult: 'Adults must be 12 or older on the date of travel',
  ageChild: 'Children must be 2 to 11 years old on the date of travel',
  ageInfant: 'Infants must be under 2 years old on the date of travel',
  ageSearched: (searched: number, actual: number) =>
    `This passenger was searched as ${searched} years old but will be ${actual} on the date of travel. Please check the date of birth or search again.`,
  titleGenderReason:
    'Airlines print the title on the ticket and send the gender to border and security checks, so both must match the passport.',
} as const;

export const PASSENGER_TYPES = ['adult', 'child', 'infant_without_seat'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
export const passengerTypeLabels: Record<PassengerType, string> = {
  adult: 'Adult (12+ years)',
  child: 'Child (2-11 years)',
  infant_without_seat: 'Infant (under 2 years)',
};

/** The titles airlines accept (Duffel's set). */
export const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'] as const;
export type Title = (typeof TITLES)[number];
/**
 * Children and infants fly as Master (sent as `mr`), Miss or Ms: airlines refuse Mrs and Dr
 * for them.
 */
const CHILD_TITLES: readonly Title[] = ['mr', 'miss', 'ms'];
const TITLE_LABELS: Record<Title, string> = {
  mr: 'Mr',
  ms: 'Ms',
  mrs: 'Mrs',
  miss: 'Miss',
  dr: 'Dr',
};

/** The titles one passenger type may choose, with the labels the form shows. */
export function titleOptions(type: PassengerType): (readonly [Title, string])[] {
  if (type === 'adult') return TITLES.map((title) => [title, TITLE_LABELS[title]] as const);
  return CHILD_TITLES.map((title) => [title, title === 'mr' ? 'Master' : TITLE_LABELS[title]]);
}

/** Airlines take a passport's M or F only (Duffel: `m`, `f`). */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female' };

/** IATA special service request codes for assistance at the airport and on board. */
export const ASSISTANCE_TYPES = ['WCHR', 'WCHS', 'WCHC', 'BLND', 'DEAF', 'DPNA'] as const;
export type Assistance = (typeof ASSISTANCE_TYPES)[number];
export const assistanceLabels: Record<Assistance, string> = {
  WCHR: 'Wheelchair for long distances (can walk short distances and use steps)',
  WCHS: 'Wheelchair, cannot use steps',
  WCHC: 'Wheelchair to the seat (cannot walk)',
  BLND: 'Blind or partially sighted',
  DEAF: 'Deaf or hard of hearing',
  DPNA: 'Intellectual or developmental disability needing assistance',
};

/** Passports should be valid 6 months beyond travel; the form warns under 180 days. */
export const PASSPORT_WARNING_DAYS = 180;
const NAME_MAX = 50;
/** Airlines that outlive this are rare enough that a larger age is a typing mistake. */
const MAX_AGE = 120;

// ─── Countries ───────────────────────────────────────────────────────────────

/** Every ISO 3166-1 country code (and Kosovo's XK), from a kept list rather than our own. */
export const COUNTRY_CODES: readonly string[] = Object.keys(isoCountries.getAlpha2Codes()).sort();
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** Countries with their names in a language (Intl.DisplayNames), sorted by name. */
export function countryOptions(locale = 'en'): (readonly [code: string, name: string])[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => [code, names.of(code) ?? code] as const).sort((a, b) =>
    a[1].localeCompare(b[1], locale),
  );
}

/** Countries with their own telephone numbering, labelled with the calling code. */
export function phoneCountryOptions(locale = 'en'): (readonly [code: string, label: string])[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return getCountries()
    .map((code) => [code, `${names.of(code) ?? code} (+${getCountryCallingCode(code)})`] as const)
    .sort((a, b) => a[1].localeCompare(b[1], locale));
}

const PHONE_COUNTRIES = new Set<string>(getCountries());
function isPhoneCountry(code: string): code is CountryCode {
  return PHONE_COUNTRIES.has(code);
}

/** A phone number in E.164 (`+447700900123`), or null when it is not a valid number. */
export function normalizePhone(phone: string, country: string | undefined): string | null {
  const text = phone.trim();
  const international = text.startsWith('+');
  if (!international && (country === undefined || !isPhoneCountry(country))) return null;
  const parsed = parsePhoneNumberFromString(
    text,
    international ? undefined : (country as CountryCode),
  );
  return parsed?.isValid() ? parsed.number : null;
}

// ─── Dates ───────────────────────────────────────────────────────────────────

/** Whole years from a birth date to a date (both `YYYY-MM-DD`), as airlines count ages. */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function fitsType(type: PassengerType, age: number): boolean {
  if (type === 'infant_without_seat') return age < 2;
  if (type === 'child') return age >= 2 && age < 12;
  return age >= 12;
}

/** The hint under a passport expiry date: expired, or under six months left. */
export function passportExpiryHint(expiry: string, today: string): string | null {
  if (!isIsoDate(expiry)) return null;
  if (expiry <= today) return passengerMessages.passportHintExpired;
  const days = (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days < PASSPORT_WARNING_DAYS ? passengerMessages.passportHintSoon : null;
}

// ─── The passengers ──────────────────────────────────────────────────────────

const text = (max: number) => z.string().max(max).optional();

/**
 * One passenger as a request carries it: every field a string as typed (the rules below say what
 * is required). Unknown keys are dropped.
 */
export const passengerInputSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PASSENGER_TYPES),
  title: text(10),
  firstName: text(200),
  lastName: text(200),
  gender: text(20),
  dateOfBirth: text(20),
  email: text(320),
  phone: text(40),
  /** ISO code of the phone number's country, for numbers typed without +. */
  phoneCountry: text(2),
  passportNumber: text(40),
  passportExpiryDate: text(20),
  passportIssuingCountry: text(20),
  nationality: text(20),
  /** IATA code of the airline whose frequent flyer programme the number belongs to. */
  frequentFlyerAirline: text(3),
  frequentFlyerNumber: text(40),
  assistance: text(10),
});
export type PassengerInput = z.input<typeof passengerInputSchema>;

/** A passenger who passed every rule, normalised as airlines take it. */
export interface Passenger {
  id: string;
  type: PassengerType;
  title: Title;
  firstName: string;
  lastName: string;
  gender: Gender;
  dateOfBirth: string;
  email?: string;
  /** E.164. */
  phone?: string;
  passportNumber?: string;
  passportExpiryDate?: string;
  passportIssuingCountry?: string;
  nationality?: string;
  frequentFlyer?: { airlineIataCode: string; number: string };
  assistance?: Assistance;
}

/** What the rules need to know of the offer, and today's date. */
export interface PassengerRules {
  /** `YYYY-MM-DD`, UTC: no one is born after it, and passports must outlive it. */
  today: string;
  passportRequired: boolean;
  /** Ages count on the departure date of the final slice (local), as airlines count them. */
  ageDate: string;
  /** The arrival date of the last flight: the passport must be valid beyond it. */
  lastFlightDate: string;
  /** The offer's passengers, in order; `age` where the search gave one. */
  passengers: readonly { id: string; type: PassengerType; age: number | null }[];
  /** Airlines of the trip, whose frequent flyer numbers can be added. */
  airlines: readonly string[];
}

type OfferFacts = Pick<Offer, 'slices' | 'passengers' | 'passenger_identity_documents_required'>;

/** The rules for one offer on one day. */
export function passengerRulesFor(offer: OfferFacts, today: string): PassengerRules {
  const lastSlice = offer.slices.at(-1);
  const ageDate = lastSlice?.segments[0]?.departing_at.slice(0, 10) ?? today;
  const lastFlightDate = lastSlice?.segments.at(-1)?.arriving_at.slice(0, 10) ?? ageDate;
  const airlines = [
    ...new Set(offer.slices.flatMap((slice) => slice.segments.map((s) => s.airline.iata_code))),
  ];
  return {
    today,
    passportRequired: offer.passenger_identity_documents_required,
    ageDate,
    lastFlightDate,
    passengers: offer.passengers.map(({ id, type, age }) => ({ id, type, age })),
    airlines,
  };
}

export type PassengerField = Exclude<keyof PassengerInput, 'id' | 'type'>;
export type FieldErrors = Partial<Record<PassengerField, string>>;

// Duffel's set: ASCII, Latin-1 Supplement and Latin Extended-A letters except Æ æ Ĳ ĳ Œ œ Þ þ ð,
// words joined by one space, hyphen or apostrophe.
const NAME_LETTER =
  'A-Za-z\\u00C0-\\u00C5\\u00C7-\\u00D6\\u00D8-\\u00DD\\u00DF-\\u00E5\\u00E7-\\u00EF\\u00F1-\\u00F6\\u00F8-\\u00FD\\u00FF\\u0100-\\u0131\\u0134-\\u0151\\u0154-\\u017E';
const NAME_PATTERN = new RegExp(`^[${NAME_LETTER}]+(?:[ '-][${NAME_LETTER}]+)*$`);

/** A name as airlines take it: trimmed, single spaces, typographic apostrophes made plain. */
export function normalizeName(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[’‘`´]/g, "'");
}

export function normalizePassportNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const EMAIL = z.email();
const blank = (value: string | undefined): value is undefined => (value ?? '').trim() === '';

function checkName(value: string | undefined, required: string): [string | null, string | null] {
  if (blank(value)) return [null, required];
  const name = normalizeName(value);
  if (name.length > NAME_MAX) return [null, passengerMessages.nameTooLong];
  if (!NAME_PATTERN.test(name)) return [null, passengerMessages.nameCharacters];
  return [name, null];
}

function checkCountry(value: string | undefined): [string | null, string | null] {
  const code = (value ?? '').trim().toUpperCase();
  if (code.length !== 2) return [null, passengerMessages.countryLength];
  if (!/^[A-Z]{2}$/.test(code)) return [null, passengerMessages.countryLetters];
  if (!COUNTRY_SET.has(code)) return [null, passengerMessages.countryUnknown];
  return [code, null];
}

/** The title, checked against the traveller's type (a child is no "Mr"). */
function checkTitle(input: PassengerInput, errors: FieldErrors): string {
  const title = (input.title ?? '').trim();
  if (title === '') errors.title = passengerMessages.titleRequired;
  else if (!titleOptions(input.type).some(([value]) => value === title))
    errors.title =
      input.type === 'adult' ? passengerMessages.titleRequired : passengerMessages.titleForChild;
  return title;
}

/** The date of birth: real, not in the future, of the traveller's type and searched age. */
function checkDateOfBirth(
  input: PassengerInput,
  index: number,
  rules: PassengerRules,
  errors: FieldErrors,
): string {
  const { type } = input;
  const dateOfBirth = (input.dateOfBirth ?? '').trim();
  if (!isIsoDate(dateOfBirth)) errors.dateOfBirth = passengerMessages.dateOfBirthRequired;
  else if (dateOfBirth > rules.today) errors.dateOfBirth = passengerMessages.dateOfBirthFuture;
  else {
    const age = ageOn(dateOfBirth, rules.ageDate);
    const searched = rules.passengers[index]?.age ?? null;
    if (ageOn(dateOfBirth, rules.today) > MAX_AGE)
      errors.dateOfBirth = passengerMessages.dateOfBirthUnreal;
    else if (!fitsType(type, age))
      errors.dateOfBirth =
        type === 'adult'
          ? passengerMessages.ageAdult
          : type === 'child'
            ? passengerMessages.ageChild
            : passengerMessages.ageInfant;
    else if (searched !== null && searched !== age)
      errors.dateOfBirth = passengerMessages.ageSearched(searched, age);
  }
  return dateOfBirth;
}

/** E-mail and phone: required of the first traveller, checked for anyone who gives them. */
function checkContact(
  input: PassengerInput,
  primary: boolean,
  errors: FieldErrors,
): { email?: string; phone?: string } {
  const contact: { email?: string; phone?: string } = {};
  if (blank(input.email)) {
    if (primary) errors.email = passengerMessages.primaryEmail;
  } else {
    const parsed = EMAIL.max(254).safeParse(input.email.trim());
    if (parsed.success) contact.email = parsed.data;
    else errors.email = primary ? passengerMessages.primaryEmail : passengerMessages.emailInvalid;
  }
  const phoneCountry = blank(input.phoneCountry)
    ? undefined
    : input.phoneCountry.trim().toUpperCase();
  if (blank(input.phone)) {
    if (primary) errors.phone = passengerMessages.primaryPhone;
  } else if (!input.phone.trim().startsWith('+') && phoneCountry === undefined) {
    errors.phone = passengerMessages.phoneCountryRequired;
  } else {
    const normalized = normalizePhone(input.phone, phoneCountry);
    if (normalized === null) errors.phone = passengerMessages.phoneInvalid;
    else contact.phone = normalized;
  }
  return contact;
}

type PassportFields = Pick<
  Passenger,
  'passportNumber' | 'passportExpiryDate' | 'passportIssuingCountry'
>;

/** The passport, where the trip needs one or the traveller gave one (valid beyond the trip). */
function checkPassport(
  input: PassengerInput,
  rules: PassengerRules,
  skipPassport: boolean | undefined,
  errors: FieldErrors,
): PassportFields | undefined {
  const passportGiven =
    !blank(input.passportNumber) ||
    !blank(input.passportExpiryDate) ||
    !blank(input.passportIssuingCountry);
  if (!rules.passportRequired && !(passportGiven && !skipPassport)) return undefined;
  const number = normalizePassportNumber(input.passportNumber ?? '');
  if (number.length < 5) errors.passportNumber = passengerMessages.passportMin;
  else if (number.length > 20) errors.passportNumber = passengerMessages.passportMax;
  else if (!/^[A-Z0-9]+$/.test(number))
    errors.passportNumber = passengerMessages.passportCharacters;
  const expiry = (input.passportExpiryDate ?? '').trim();
  if (!isIsoDate(expiry)) errors.passportExpiryDate = passengerMessages.passportExpiryRequired;
  else if (expiry <= rules.today) errors.passportExpiryDate = passengerMessages.passportExpired;
  else if (expiry <= rules.lastFlightDate)
    errors.passportExpiryDate = passengerMessages.passportBeyondTravel;
  const [country, countryError] = checkCountry(input.passportIssuingCountry);
  if (countryError) errors.passportIssuingCountry = countryError;
  if (errors.passportNumber || errors.passportExpiryDate || !country) return undefined;
  return { passportNumber: number, passportExpiryDate: expiry, passportIssuingCountry: country };
}

/** What a traveller may add: nationality, frequent-flyer number, assistance. */
function checkExtras(
  input: PassengerInput,
  rules: PassengerRules,
  errors: FieldErrors,
): Pick<Passenger, 'nationality' | 'frequentFlyer' | 'assistance'> {
  const extras: Pick<Passenger, 'nationality' | 'frequentFlyer' | 'assistance'> = {};
  if (!blank(input.nationality)) {
    const [country, countryError] = checkCountry(input.nationality);
    if (countryError) errors.nationality = countryError;
    else if (country) extras.nationality = country;
  }
  if (!blank(input.frequentFlyerNumber) || !blank(input.frequentFlyerAirline)) {
    const airline = (input.frequentFlyerAirline ?? '').trim().toUpperCase();
    const number = (input.frequentFlyerNumber ?? '').replace(/\s+/g, '').toUpperCase();
    if (!rules.airlines.includes(airline))
      errors.frequentFlyerAirline = passengerMessages.frequentFlyerAirline;
    if (!/^[A-Z0-9]{4,20}$/.test(number))
      errors.frequentFlyerNumber = passengerMessages.frequentFlyerNumber;
    if (!errors.frequentFlyerAirline && !errors.frequentFlyerNumber)
      extras.frequentFlyer = { airlineIataCode: airline, number };
  }
  if (!blank(input.assistance)) {
    const value = input.assistance.trim();
    if ((ASSISTANCE_TYPES as readonly string[]).includes(value))
      extras.assistance = value as Assistance;
    else errors.assistance = passengerMessages.assistanceUnknown;
  }
  return extras;
}

/** One passenger against the rules; `index` 0 is the lead passenger, the airline's contact. */
export function checkPassenger(
  input: PassengerInput,
  index: number,
  rules: PassengerRules,
  options: { skipPassport?: boolean } = {},
): { success: true; data: Passenger } | { success: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const title = checkTitle(input, errors);
  const [firstName, firstNameError] = checkName(
    input.firstName,
    passengerMessages.firstNameRequired,
  );
  if (firstNameError) errors.firstName = firstNameError;
  const [lastName, lastNameError] = checkName(input.lastName, passengerMessages.lastNameRequired);
  if (lastNameError) errors.lastName = lastNameError;
  const gender = (input.gender ?? '').trim();
  if (!(GENDERS as readonly string[]).includes(gender))
    errors.gender = passengerMessages.genderRequired;
  const dateOfBirth = checkDateOfBirth(input, index, rules, errors);
  const { email, phone } = checkContact(input, index === 0, errors);
  const passport = checkPassport(input, rules, options.skipPassport, errors);
  const { nationality, frequentFlyer, assistance } = checkExtras(input, rules, errors);

  if (Object.keys(errors).length > 0 || firstName === null || lastName === null)
    return { success: false, errors };
  return {
    success: true,
    data: {
      id: input.id,
      type: input.type,
      title: title as Title,
      firstName,
      lastName,
      gender: gender as Gender,
      dateOfBirth,
      ...(email === undefined ? {} : { email }),
      ...(phone === undefined ? {} : { phone }),
      ...(passport ?? {}),
      ...(nationality === undefined ? {} : { nationality }),
      ...(frequentFlyer ? { frequentFlyer } : {}),
      ...(assistance ? { assistance } : {}),
    },
  };
}

/** A checked passenger as a request carries it again (the rules pass it unchanged). */
export function toPassengerInput(passenger: Passenger): PassengerInput {
  const { frequentFlyer, ...rest } = passenger;
  return {
    ...rest,
    ...(frequentFlyer
      ? {
          frequentFlyerAirline: frequentFlyer.airlineIataCode,
          frequentFlyerNumber: frequentFlyer.number,
        }
      : {}),
  };
}

export type PassengersCheck =
  | { success: true; passengers: Passenger[] }
  | { success: false; message: string; fields: Record<string, string> };

/**
 * Every passenger of a booking against the offer and the rules: the same passengers as the offer
 * (same ids and types, in its order), each passing `checkPassenger`, and no more infants than
 * adults. `fields` are keyed `passengers.<index>.<field>`.
 */
export function checkPassengers(
  inputs: readonly PassengerInput[],
  rules: PassengerRules,
  options: { skipPassport?: readonly boolean[] } = {},
): PassengersCheck {
  const sameAsOffer =
    inputs.length === rules.passengers.length &&
    inputs.every((input, i) => {
      const offered = rules.passengers[i];
      return offered?.id === input.id && offered.type === input.type;
    });
  if (!sameAsOffer) {
    return {
      success: false,
      message: passengerMessages.passengersMismatch,
      fields: { passengers: passengerMessages.passengersMismatch },
    };
  }
  const fields: Record<string, string> = {};
  const passengers: Passenger[] = [];
  inputs.forEach((input, i) => {
    const result = checkPassenger(input, i, rules, { skipPassport: options.skipPassport?.[i] });
    if (result.success) passengers.push(result.data);
    else
      for (const [field, message] of Object.entries(result.errors))
        fields[`passengers.${i}.${field}`] = message;
  });
  const adults = inputs.filter((p) => p.type === 'adult').length;
  const infants = inputs.filter((p) => p.type === 'infant_without_seat').length;
  if (infants > adults) fields.passengers = passengerMessages.infantsPerAdult;
  const [first] = Object.values(fields);
  if (first !== undefined) return { success: false, message: first, fields };
  return { success: true, passengers };
}

/** Which adult holds which infant on their lap: the first adults, in order, one infant each. */
export function infantHolders(
  passengers: readonly { id: string; type: PassengerType }[],
): Map<string, string> {
  const infants = passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id);
  const holders = new Map<string, string>();
  for (const passenger of passengers) {
    if (passenger.type !== 'adult') continue;
    const infant = infants.shift();
    if (infant === undefined) break;
    holders.set(passenger.id, infant);
  }
  return holders;
}

// ─── Seats a passenger may take ──────────────────────────────────────────────

export const seatRuleMessages = {
  exitRowAge: 'Exit row seats are for passengers aged 16 or over',
  exitRowInfant: 'Passengers travelling with an infant cannot sit in an exit row',
} as const;
const EXIT_ROW_MIN_AGE = 16;

/**
 * Why a passenger may not sit in an exit row on a flight departing on `flightDate` (local), or
 * null when they may. Exit rows are the seats with disclosures in the seat map.
 */
export function exitRowProblem(
  passenger: { id: string; dateOfBirth: string },
  flightDate: string,
  holdsInfant: boolean,
): string | null {
  if (holdsInfant) return seatRuleMessages.exitRowInfant;
  if (ageOn(passenger.dateOfBirth, flightDate) < EXIT_ROW_MIN_AGE)
    return seatRuleMessages.exitRowAge;
  return null;
}
