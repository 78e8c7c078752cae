/**
 * Offer ids carry the whole offer: a compact text payload (search time, passengers, cabin,
 * currency, fare brand and the dated flights of every slice), base64url-encoded and signed with
 * HMAC-SHA256 under the sandbox secret. Searching writes nothing; any process holding the secret
 * rebuilds the offer from its id, and an id edited in any character fails verification.
 */
import { LRUCache } from 'lru-cache';
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { isSupportedCurrency, type CurrencyCode } from './money';
import { isLocalDate, type LocalDate } from './time-zones';
import type { PassengerType } from './types';

export interface PassengerSpec {
  readonly type: PassengerType;
  /** The age given in the search, if any. */
  readonly age: number | null;
}

export interface SegmentSpec {
  /** Operating carrier IATA code. */
  readonly carrier: string;
  readonly flightNumber: number;
  readonly origin: string;
  readonly destination: string;
  /** Local departure date at the origin. */
  readonly date: LocalDate;
}

export interface OfferSpec {
  /** Epoch ms of the search. */
  readonly createdAt: number;
  /** Identifies the search, so every offer of it shares passenger ids. */
  readonly searchKey: string;
  readonly currency: CurrencyCode;
  readonly cabin: CabinClass;
  readonly passengers: readonly PassengerSpec[];
  /** The selling airline. */
  readonly owner: string;
  /** Index into the cabin's fare brands. */
  readonly brandIndex: number;
  readonly slices: readonly (readonly SegmentSpec[])[];
}

const version = '1';
const cabinCodes: Record<CabinClass, string> = {
  economy: 'e',
  premium_economy: 'w',
  business: 'c',
  first: 'f',
};
const cabinByCode = new Map<string, CabinClass>(
  Object.entries(cabinCodes).map(([cabin, code]) => [code, cabin as CabinClass]),
);
const typeCodes: Record<PassengerType, string> = {
  adult: 'a',
  child: 'c',
  infant_without_seat: 'i',
};
const typeByCode = new Map<string, PassengerType>(
  Object.entries(typeCodes).map(([type, code]) => [code, type as PassengerType]),
);

/** HMAC-SHA256 in base64url: always 43 characters. */
const signatureLength = 43;

/**
 * The passenger and flight parts of payloads, per list: the offers of one search share their
 * passengers, and the fare brands of one journey its flights.
 */
const passengerTexts = new WeakMap<readonly PassengerSpec[], string>();
const sliceTexts = new WeakMap<readonly (readonly SegmentSpec[])[], string>();

function passengerText(passengers: readonly PassengerSpec[]): string {
  let text = passengerTexts.get(passengers);
  if (text === undefined) {
    text = passengers
      .map((p) => `${typeCodes[p.type]}${p.age === null ? '' : String(p.age)}`)
      .join(',');
    passengerTexts.set(passengers, text);
  }
  return text;
}

function sliceText(slices: readonly (readonly SegmentSpec[])[]): string {
  let text = sliceTexts.get(slices);
  if (text === undefined) {
    text = slices
      .map((segments) =>
        segments
          .map(
            (s) =>
              `${s.carrier}${s.flightNumber}.${s.origin}${s.destination}.${s.date.replaceAll('-', '')}`,
          )
          .join('+'),
      )
      .join('~');
    sliceTexts.set(slices, text);
  }
  return text;
}

export function encodeOfferSpec(spec: OfferSpec): string {
  return `${version}|${spec.createdAt.toString(36)}|${spec.searchKey}|${spec.currency}|${cabinCodes[spec.cabin]}|${passengerText(spec.passengers)}|${spec.owner}|${String(spec.brandIndex)}|${sliceText(spec.slices)}`;
}

const segmentPattern = /^([A-Z0-9]{2})(\d{1,4})\.([A-Z]{3})([A-Z]{3})\.(\d{4})(\d{2})(\d{2})$/;

/** Parses a payload strictly; null for anything this module would not have written. */
export function decodeOfferSpec(payload: string): OfferSpec | null {
  const parts = payload.split('|');
  if (parts.length !== 9) return null;
  const [v, created, searchKey, currency, cabinCode, passengerText, owner, brandText, sliceText] =
    parts as [string, string, string, string, string, string, string, string, string];
  if (v !== version || !/^[0-9a-z]{1,12}$/.test(created)) return null;
  const createdAt = parseInt(created, 36);
  if (!Number.isSafeInteger(createdAt)) return null;
  if (!/^[0-9A-Za-z]{10}$/.test(searchKey) || !isSupportedCurrency(currency)) return null;
  const cabin = cabinByCode.get(cabinCode);
  if (cabin === undefined || !/^[A-Z0-9]{2}$/.test(owner) || !/^\d$/.test(brandText)) return null;
  const passengers: PassengerSpec[] = [];
  for (const item of passengerText.split(',')) {
    const match = /^([aci])(\d{1,3})?$/.exec(item);
    const type = match === null ? undefined : typeByCode.get(match[1] ?? '');
    if (match === null || type === undefined) return null;
    passengers.push({ type, age: match[2] === undefined ? null : Number(match[2]) });
  }
  const slices: SegmentSpec[][] = [];
  for (const sliceItem of sliceText.split('~')) {
    const segments: SegmentSpec[] = [];
    for (const segmentItem of sliceItem.split('+')) {
      const match = segmentPattern.exec(segmentItem);
      if (match === null) return null;
      const [, carrier = '', number = '', origin = '', destination = '', y = '', m = '', d = ''] =
        match;
      const date = `${y}-${m}-${d}`;
      if (!isLocalDate(date)) return null;
      segments.push({ carrier, flightNumber: Number(number), origin, destination, date });
    }
    slices.push(segments);
  }
  return {
    createdAt,
    searchKey,
    currency,
    cabin,
    passengers,
    owner,
    brandIndex: Number(brandText),
    slices,
  };
}

/**
 * The secret as a key object, made once: preparing the key was a third of each signature. A
 * process signs with one secret (tests with a few), so 16 keys are plenty.
 */
const keys = new LRUCache<string, KeyObject>({ max: 16 });

function sign(encodedPayload: string, secret: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return createHmac('sha256', key).update(encodedPayload).digest('base64url');
}

/** `off_` + base64url(payload) + signature. */
export function createOfferId(spec: OfferSpec, secret: string): string {
  const encoded = Buffer.from(encodeOfferSpec(spec), 'utf8').toString('base64url');
  return `off_${encoded}${sign(encoded, secret)}`;
}

/** The offer an id describes, or null when the id is malformed, forged or edited. */
export function readOfferId(id: string, secret: string): OfferSpec | null {
  if (!id.startsWith('off_')) return null;
  const body = id.slice(4);
  if (body.length <= signatureLength || !/^[A-Za-z0-9_-]+$/.test(body)) return null;
  const encoded = body.slice(0, -signatureLength);
  const given = Buffer.from(body.slice(-signatureLength), 'utf8');
  const expected = Buffer.from(sign(encoded, secret), 'utf8');
  // Compare the signature text itself, so a differently spelt encoding of the same bytes fails too.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  // base64url decoding forgives stray bits; only the canonical spelling is ours.
  if (Buffer.from(payload, 'utf8').toString('base64url') !== encoded) return null;
  return decodeOfferSpec(payload);
}
