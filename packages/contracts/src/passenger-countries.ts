import isoCountries from 'i18n-iso-countries';
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/**
 * The countries a passenger names (nationality, passport, phone number), from kept lists rather
 * than our own, and phone numbers read in their country's numbering.
 */

/** Every ISO 3166-1 country code (and Kosovo's XK), from a kept list rather than our own. */
export const COUNTRY_CODES: readonly string[] = Object.keys(isoCountries.getAlpha2Codes()).sort();
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** Whether `code` is an ISO 3166-1 country code (upper case). */
export const isCountryCode = (code: string): boolean => COUNTRY_SET.has(code);

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
