import type { Brand } from './brands';
import type { ApiErrorBody } from './errors';
import type { CurrentUser } from './session';
import type { AnalyticsConfig, BootData, SiteInfo } from './site';

// Zod-free readers of what the web app's entry chunk reads: the boot data, the signed-in user,
// signing out, the brand, the site and the API's error envelope. Each one accepts and returns exactly what its
// schema does (`readers.test.ts` holds them to the schemas), so the schemas stay the contract and
// the entry chunk carries no zod (about 26 KB gzipped).

/** A value read as a zod schema's `safeParse` reads it; a zod schema is one. */
export interface Reader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** What a reader throws at the first value its schema refuses. */
class Unreadable extends Error {
  override readonly name = 'Unreadable';
}

function reader<T>(read: (value: unknown) => T): Reader<T> {
  return {
    safeParse(value) {
      try {
        return { success: true, data: read(value) };
      } catch (error) {
        if (error instanceof Unreadable) return { success: false, error };
        throw error;
      }
    },
  };
}

function refuse(what: string): never {
  throw new Unreadable(`Expected ${what}`);
}

/** An object, as `z.object` takes one: anything but null or an array. */
function object(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('an object');
  return value as Record<string, unknown>;
}

function string(value: unknown): string {
  if (typeof value !== 'string') refuse('a string');
  return value;
}

function nonEmptyString(value: unknown): string {
  const text = string(value);
  if (text.length < 1) refuse('a non-empty string');
  return text;
}

function boolean(value: unknown): boolean {
  if (typeof value !== 'boolean') refuse('a boolean');
  return value;
}

function nullable<T>(value: unknown, read: (value: unknown) => T): T | null {
  return value === null ? null : read(value);
}

/**
 * `key` of `source` read by `read`, set on `target` as `z.object` sets an optional key: left out
 * when absent (and undefined), undefined when present as undefined.
 */
function setOptional(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
  key: string,
  read: (value: unknown) => unknown,
): void {
  const value = source[key];
  if (value === undefined) {
    if (key in source) target[key] = undefined;
    return;
  }
  target[key] = read(value);
}

/**
 * A plain object, as zod's records take one: no array, and its constructor (if it has one that is
 * a function) one whose prototype is an object's.
 */
function plainObject(value: unknown): Record<PropertyKey, unknown> {
  const source = object(value);
  const constructor: unknown = source.constructor;
  if (typeof constructor !== 'function') return source;
  const prototype: unknown = (constructor as { prototype?: unknown }).prototype;
  if (typeof prototype !== 'object' || prototype === null || Array.isArray(prototype)) {
    refuse('a plain object');
  }
  if (!Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf')) refuse('a plain object');
  return source;
}

/**
 * A record of strings, as `z.record(z.string(), z.string())` reads one: its own enumerable keys,
 * all strings, but `__proto__`, which is left out.
 */
function stringRecord(value: unknown): Record<string, string> {
  const source = plainObject(value);
  const record: Record<string, string> = {};
  for (const key of Reflect.ownKeys(source)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(source, key)) continue;
    if (typeof key !== 'string') refuse('string keys');
    record[key] = string(source[key]);
  }
  return record;
}

/** `z.iso.datetime()`: a UTC date and time with seconds, as `toISOString` writes them. */
const ISO_DATE_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;

function isoDateTime(value: unknown): string {
  const text = string(value);
  if (!ISO_DATE_TIME.test(text)) refuse('an ISO date and time');
  return text;
}

function readCurrentUser(value: unknown): CurrentUser {
  const user = object(value);
  return {
    username: string(user.username),
    email: string(user.email),
    firstName: string(user.firstName),
    lastName: string(user.lastName),
    isAdmin: boolean(user.isAdmin),
    backOffice: user.backOffice === undefined ? false : boolean(user.backOffice),
    createdAt: isoDateTime(user.createdAt),
    emailVerified: user.emailVerified === undefined ? false : boolean(user.emailVerified),
    mustChangePassword: boolean(user.mustChangePassword),
  };
}

function readLogoutResponse(value: unknown): { success: true } {
  if (object(value).success !== true) refuse('success');
  return { success: true };
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/;

function hexColor(value: unknown): string {
  const colour = string(value).trim().toLowerCase();
  if (!HEX_COLOR.test(colour)) refuse('a hex colour');
  return colour;
}

function readBrand(value: unknown): Brand {
  const brand = object(value);
  const theme = object(brand.theme);
  const contact = object(brand.contact);
  const social = object(brand.social);
  const font = string(theme.font).trim();
  if (font.length < 1 || font.length > 200) refuse('a font of 1 to 200 characters');
  const currency = string(brand.currency);
  if (currency.length !== 3) refuse('a currency code');
  return {
    name: string(brand.name),
    domain: string(brand.domain),
    logo: nullable(brand.logo, string),
    theme: {
      primary: hexColor(theme.primary),
      secondary: hexColor(theme.secondary),
      accent: hexColor(theme.accent),
      background: hexColor(theme.background),
      text: hexColor(theme.text),
      font,
    },
    contact: {
      email: string(contact.email),
      address: string(contact.address),
      phone: string(contact.phone),
    },
    social: {
      facebook: nullable(social.facebook, string),
      twitter: nullable(social.twitter, string),
      instagram: nullable(social.instagram, string),
    },
    currency,
  };
}

function readAnalytics(value: unknown): AnalyticsConfig {
  const analytics = object(value);
  return {
    tagId: nonEmptyString(analytics.tagId),
    conversionLabel: nullable(analytics.conversionLabel, nonEmptyString),
  };
}

function readSiteInfo(value: unknown): SiteInfo {
  const site = object(value);
  const info: SiteInfo = {
    companyName: string(site.companyName),
    companyNumber: string(site.companyNumber),
    registeredOffice: string(site.registeredOffice),
  };
  setOptional(info, site, 'analytics', readAnalytics);
  return info;
}

function readBootData(value: unknown): BootData {
  const boot = object(value);
  const data: BootData = {
    brandKey: string(boot.brandKey),
    brand: nullable(boot.brand, readBrand),
    site: readSiteInfo(boot.site),
  };
  setOptional(data, boot, 'user', (user) => nullable(user, readCurrentUser));
  return data;
}

const ERROR_CODE = /^[a-z][a-z0-9_]*$/;

function readApiError(value: unknown): ApiErrorBody {
  const error = object(object(value).error);
  const code = string(error.code);
  if (!ERROR_CODE.test(code)) refuse('an error code');
  const body: ApiErrorBody['error'] = { code, message: string(error.message) };
  setOptional(body, error, 'fields', stringRecord);
  setOptional(body, error, 'details', stringRecord);
  return { error: body };
}

/** `currentUserSchema` (session.ts). */
export const currentUserReader = reader(readCurrentUser);
/** `logoutResponseSchema` (session.ts). */
export const logoutResponseReader = reader(readLogoutResponse);
/** `brandSchema` (brands.ts). */
export const brandReader = reader(readBrand);
/** `siteInfoSchema` (site.ts). */
export const siteInfoReader = reader(readSiteInfo);
/** `bootDataSchema` (site.ts). */
export const bootDataReader = reader(readBootData);
/** `apiErrorSchema` (errors.ts). */
export const apiErrorReader = reader(readApiError);
