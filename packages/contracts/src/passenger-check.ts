import { z } from 'zod';
import { isIsoDate } from './flight-search';
import { isCountryCode, normalizePhone } from './passenger-countries';
import { passengerMessages } from './passenger-messages';
import {
  ageOn,
  ASSISTANCE_TYPES,
  fitsType,
  GENDERS,
  PASSENGER_TYPES,
  titleOptions,
  type Assistance,
  type Gender,
  type PassengerType,
  type Title,
} from './passenger-types';

/**
 * One passenger as a request carries it and as it passes the rules: each field checked and
 * normalised as airlines take it, with the message for every field that does not pass.
 */

const NAME_MAX = 50;
/** Airlines that outlive this are rare enough that a larger age is a typing mistake. */
const MAX_AGE = 120;

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
  if (!isCountryCode(code)) return [null, passengerMessages.countryUnknown];
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
