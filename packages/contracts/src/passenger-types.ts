import { isIsoDate } from './flight-search';
import { passengerMessages } from './passenger-messages';

/**
 * What describes a traveller: their type, title, gender and assistance, with the labels the form
 * shows; and their age, as airlines count it on the date of travel.
 */

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
