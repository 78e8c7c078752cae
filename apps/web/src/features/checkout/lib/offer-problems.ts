import { offerMessages } from '@contrail/contracts/offers';
import { ApiError } from '../../../lib/api-client';
import { checkoutTexts } from './checkout-texts';

/** An offer that can no longer be booked: what the form says and what the toast says. */
export interface OfferProblem {
  /** Shown in the form, whose submit buttons then read 'Offer Expired'. */
  message: string;
  title: string;
  description: string;
}

/**
 * Classifies a failed offer call (an error that says expired, OFFER_EXPIRED or "does not exist"
 * counts as expiry). Anything else (network, 5xx, an unreadable answer) is not a verdict on the
 * offer: null, and checkout carries on.
 */
export function offerProblemOf(error: unknown): OfferProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410 && error.code === 'offer_expired') {
    return {
      message: error.serverMessage || offerMessages.expired,
      title: checkoutTexts.offerExpiredTitle,
      description: checkoutTexts.offerExpiredDescription,
    };
  }
  // Found before the admin switched between test and live mode: only a new search can sell it.
  if (error.status === 409 && error.code === 'mode_changed') {
    const message = error.serverMessage || offerMessages.modeChanged;
    return { message, title: checkoutTexts.offerUnavailableTitle, description: message };
  }
  if (error.status === 410 || error.status === 404) {
    const message =
      error.serverMessage ||
      (error.status === 404 ? offerMessages.notFound : offerMessages.expired);
    return { message, title: checkoutTexts.offerUnavailableTitle, description: message };
  }
  if (error.status === 400) {
    return {
      message: offerMessages.unverifiable,
      title: checkoutTexts.offerValidationFailedTitle,
      description: offerMessages.unverifiable,
    };
  }
  return null;
}
