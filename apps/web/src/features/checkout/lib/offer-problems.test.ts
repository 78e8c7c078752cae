import { offerMessages } from '@contrail/contracts/offers';
import { describe, expect, it } from 'vitest';
import { ApiError, ResponseParseError, type ErrorCode } from '../../../lib/api-client';
import { offerProblemOf } from './offer-problems';

const apiError = (status: number, code: ErrorCode, serverMessage: string) =>
  new ApiError({ status, statusText: '', code, serverMessage });

describe('offer problems', () => {
  it('treats expired, gone and unknown offers as expiry, with the spec toasts', () => {
    expect(offerProblemOf(apiError(410, 'offer_expired', offerMessages.expired))).toEqual({
      message: offerMessages.expired,
      title: 'Flight Offer Expired',
      description: 'Offers typically expire after 30 minutes',
    });
    expect(offerProblemOf(apiError(410, 'offer_unavailable', 'Gone'))).toMatchObject({
      title: 'Offer No Longer Available',
      message: 'Gone',
    });
    expect(offerProblemOf(apiError(404, 'offer_not_found', offerMessages.notFound))).toMatchObject({
      title: 'Offer No Longer Available',
      message: offerMessages.notFound,
    });
    expect(offerProblemOf(apiError(409, 'mode_changed', offerMessages.modeChanged))).toEqual({
      title: 'Offer No Longer Available',
      message: offerMessages.modeChanged,
      description: offerMessages.modeChanged,
    });
    expect(offerProblemOf(apiError(409, 'amount_changed', 'new price'))).toBeNull();
    expect(offerProblemOf(apiError(400, 'validation_failed', 'bad id'))).toMatchObject({
      title: 'Offer Validation Failed',
      message: offerMessages.unverifiable,
    });
  });

  it('gives no verdict when the check itself fails', () => {
    expect(offerProblemOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(offerProblemOf(apiError(503, 'service_unavailable', 'down'))).toBeNull();
    expect(offerProblemOf(new ResponseParseError('/x', null))).toBeNull();
  });
});
