/**
 * A booking request as the traveller sends it (the offer, the passengers, the seats and bags,
 * the payment) and who sends it, the hash a retry with the same key is matched on, and the
 * booking's first row that the request and the payment it names make.
 */
import { createHash } from 'node:crypto';
import { toMinorUnits } from '@contrail/contracts/money';
import type { PassengerInput } from '@contrail/contracts/passenger-check';
import type { SeatSelection, ServiceSelection } from '@contrail/contracts/payments';
import type { SiteUrl } from '../../lib/site-url';
import { parseOfferId } from '../../providers/registry';
import type { Authenticated } from '../auth/auth.service';
import type { BrandContext } from '../brands/brands.service';
import type { PaymentAuthorizationRow } from '../payments';
import type { NewBooking } from './bookings.repository';

export interface CreateBookingInput {
  offerId: string;
  passengers: PassengerInput[];
  seats: SeatSelection[];
  /** Extra checked bags from the offer's `available_services`. */
  services: ServiceSelection[];
  paymentDetails: { paymentId: string; amount: string; currency: string };
}

/** Who asks for the booking, and from where. */
export interface CreateContext {
  brand: BrandContext;
  auth: Authenticated | null;
  siteUrl: SiteUrl;
  /** A guest checkout's cookie token: a guest's payment is usable only with it. */
  checkoutToken: string | null;
}

export function requestHash(input: CreateBookingInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** The booking's first row ('pending'), as the request and the payment it names make it. */
export function pendingRow(
  id: string,
  { brand, auth: signedIn, siteUrl }: CreateContext,
  input: CreateBookingInput,
  request: { key: string; hash: string; now: Date },
  found: PaymentAuthorizationRow | undefined,
): NewBooking {
  // The offer id names the supplier and mode that made it; the booking keeps them.
  const { source } = parseOfferId(input.offerId);
  return {
    id,
    brandId: brand.id,
    userId: signedIn?.user.id ?? null,
    idempotencyKey: request.key,
    requestHash: request.hash,
    status: 'pending',
    offerId: input.offerId,
    mode: source.mode,
    flightProvider: source.provider,
    // The processor and mode holding the payment settle it; a payment of another mode than
    // the offer's is refused when it is claimed.
    paymentProvider: found?.provider ?? 'none',
    passengers: input.passengers,
    seats: input.seats,
    contactEmail: input.passengers[0]?.email?.trim() ?? '',
    currency: input.paymentDetails.currency.toUpperCase(),
    sellTotalMinor: toMinorUnits(input.paymentDetails.amount, input.paymentDetails.currency),
    // Our payment id, also when the traveller sent the processor's (a Stripe intent's pi_…).
    paymentId: found?.id ?? input.paymentDetails.paymentId,
    providerPaymentId: null,
    siteUrl,
    createdAt: request.now,
    updatedAt: request.now,
  };
}
