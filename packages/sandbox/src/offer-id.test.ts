import { describe, expect, it } from 'vitest';
import {
  createOfferId,
  decodeOfferSpec,
  encodeOfferSpec,
  readOfferId,
  type OfferSpec,
} from './offer-id';

const secret = 'offer-id-test-secret-value';

const spec: OfferSpec = {
  createdAt: Date.parse('2026-01-10T09:00:00Z'),
  searchKey: 'Ab3dEf7hIj',
  currency: 'GBP',
  cabin: 'economy',
  passengers: [
    { type: 'adult', age: null },
    { type: 'child', age: 8 },
    { type: 'infant_without_seat', age: 1 },
  ],
  owner: 'BA',
  brandIndex: 2,
  slices: [
    [
      { carrier: 'BA', flightNumber: 2196, origin: 'BHX', destination: 'LHR', date: '2026-03-04' },
      { carrier: 'BA', flightNumber: 137, origin: 'LHR', destination: 'JFK', date: '2026-03-04' },
      { carrier: 'AA', flightNumber: 3561, origin: 'JFK', destination: 'BOS', date: '2026-03-05' },
    ],
    [
      { carrier: 'AA', flightNumber: 3560, origin: 'BOS', destination: 'JFK', date: '2026-03-12' },
      { carrier: 'BA', flightNumber: 138, origin: 'JFK', destination: 'LHR', date: '2026-03-12' },
      { carrier: 'BA', flightNumber: 2197, origin: 'LHR', destination: 'BHX', date: '2026-03-13' },
    ],
  ],
};

describe('offer ids', () => {
  it('carry the whole offer and read back to the same spec', () => {
    expect(decodeOfferSpec(encodeOfferSpec(spec))).toEqual(spec);
    const id = createOfferId(spec, secret);
    expect(id).toMatch(/^off_[A-Za-z0-9_-]+$/);
    expect(readOfferId(id, secret)).toEqual(spec);
  });

  it('stay well under 1,000 characters for a two-stop return', () => {
    expect(createOfferId(spec, secret).length).toBeLessThan(400);
  });

  it('reject every single-character edit', () => {
    const id = createOfferId(spec, secret);
    const alphabet = 'AZaz09-_';
    for (let i = 0; i < id.length; i++) {
      const current = id.charAt(i);
      const replacement = alphabet.split('').find((c) => c !== current) ?? 'A';
      const edited = `${id.slice(0, i)}${replacement}${id.slice(i + 1)}`;
      expect(readOfferId(edited, secret), `position ${i}`).toBeNull();
    }
  });

  it('reject another secret, truncation and padding', () => {
    const id = createOfferId(spec, secret);
    expect(readOfferId(id, 'a-different-secret-value')).toBeNull();
    expect(readOfferId(id.slice(0, -1), secret)).toBeNull();
    expect(readOfferId(`${id}A`, secret)).toBeNull();
    expect(readOfferId(id.replace('off_', 'ord_'), secret)).toBeNull();
    expect(readOfferId('off_', secret)).toBeNull();
    expect(readOfferId('', secret)).toBeNull();
  });

  it('decode only what they encode', () => {
    const payload = encodeOfferSpec(spec);
    expect(decodeOfferSpec(payload.replace('|GBP|', '|XXX|'))).toBeNull();
    expect(decodeOfferSpec(payload.replace('.20260304', '.20260230'))).toBeNull();
    expect(decodeOfferSpec(`${payload}|extra`)).toBeNull();
    expect(decodeOfferSpec(payload.replace('|a,c8,i1|', '|a,x8,i1|'))).toBeNull();
  });
});
