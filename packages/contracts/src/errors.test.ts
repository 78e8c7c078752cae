import { describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODES } from './admin-errors';
import { AUTH_ERROR_CODES } from './auth-errors';
import { BOOKING_ERROR_CODES } from './booking-errors';
import { BRAND_ERROR_CODES } from './brand-errors';
import { API_ERROR_CODES, apiErrorSchema, errorCodes, isApiErrorCode } from './errors';
import { OFFER_ERROR_CODES } from './offer-errors';
import { PAYMENT_ERROR_CODES } from './payment-errors';

describe('API error codes', () => {
  it('are all valid in the error envelope', () => {
    for (const code of API_ERROR_CODES) {
      expect(apiErrorSchema.safeParse({ error: { code, message: 'm' } }).success, code).toBe(true);
    }
  });

  it('belong to one area each (a processor may answer the generic not_found)', () => {
    const areas = [
      Object.values(errorCodes),
      AUTH_ERROR_CODES,
      BRAND_ERROR_CODES,
      ADMIN_ERROR_CODES,
      OFFER_ERROR_CODES,
      BOOKING_ERROR_CODES,
      PAYMENT_ERROR_CODES.filter((code) => code !== 'not_found'),
    ];
    const all: string[] = areas.flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('tells listed codes from any other', () => {
    expect(isApiErrorCode('seat_unavailable')).toBe(true);
    expect(isApiErrorCode('validation_failed')).toBe(true);
    expect(isApiErrorCode('seat_unavailabl')).toBe(false);
    expect(isApiErrorCode('unknown_error')).toBe(false);
  });
});
