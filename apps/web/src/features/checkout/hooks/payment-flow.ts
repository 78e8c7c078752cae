import type { CreateBookingRequest } from '@contrail/contracts/bookings';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import { toPassengerInput } from '@contrail/contracts/passengers';
import type { Passenger } from '@contrail/contracts/passenger-check';
import { cardMessages, type CardDetails } from '@contrail/contracts/payments';
import { toast } from '../../../components/ui/toast';
import { createBooking } from '../api/create-booking';
import { createIntent } from '../api/create-intent';
import { processCard, type CardAuthorization } from '../api/process-card';
import { saveCardReturn, takeCardReturn } from '../lib/checkout-storage';
import type { ConfirmedBooking, PendingBooking, ServerPassengerError } from '../lib/checkout-state';
import { checkoutTexts } from '../lib/checkout-texts';
import { newIdempotencyKey } from '../lib/idempotency-key';
import type { OfferProblem } from '../lib/offer-problems';
import { serviceSelections, type BagCharge } from '../lib/bags';
import type { OrderTotals, SeatCharge } from '../lib/order-totals';
import {
  bookingMayExist,
  isUnclear,
  paymentFailureOf,
  pendingBookingMessage,
  type Amount,
  type PriceChange,
} from '../lib/payment-failure';
import { returnUrl } from '../lib/stripe-return';
import type { StripeCardController } from '../components/stripe-card-element';

/** The pause between the card authorisation and the booking. */
const BOOKING_DELAY_MS = 500;

export type Phase = 'idle' | 'paying' | 'booking';

/** The last failure, kept on the page after its toast has gone. */
export interface PaymentNotice {
  title: string;
  description: string;
}

/** What the payment step is given to pay and book with, and to tell the page what happened. */
export interface PaymentFlowOptions {
  offerId: string;
  totals: OrderTotals;
  seats: readonly SeatCharge[];
  bags: readonly BagCharge[];
  passengers: readonly Passenger[];
  verifyOffer: () => Promise<boolean>;
  onOfferProblem: (problem: OfferProblem) => void;
  onPriceChanged: () => void;
  /** The mode changed since the page asked how to take the card: ask again. */
  onPaymentFormChanged: () => void;
  /** Seats must be chosen again: taken meanwhile (named in `taken`), or not for that passenger. */
  onSeatsRejected: (message: string, taken: { segmentId: string; designator: string }[]) => void;
  onPassengersRejected: (errors: ServerPassengerError[]) => void;
  onPending: (pending: PendingBooking) => void;
  onSettled: () => void;
  onBooked: (booking: ConfirmedBooking) => void;
}

/** One render's view of the step: its options, its state setters and the card form's reset. */
export interface PaymentFlowContext extends PaymentFlowOptions {
  setPhase: (phase: Phase) => void;
  setFailure: (failure: PaymentNotice | null) => void;
  setPriceChange: (change: PriceChange | null) => void;
  /** Clears the card but the holder's name, and hands the form back. */
  clearCard: () => void;
  /** The page's address, where a bank's 3-D Secure page sends the traveller back. */
  href: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function fail(ctx: PaymentFlowContext, title: string, description: string) {
  toast.error(title, { description });
  ctx.setFailure({ title, description });
  ctx.clearCard();
}

/** A failed call: which toast, and what happens to the form. */
function handleFailure(ctx: PaymentFlowContext, error: unknown) {
  const failure = paymentFailureOf(error, ctx.totals);
  switch (failure.kind) {
    case 'offer':
      ctx.onOfferProblem(failure.problem);
      return;
    case 'price':
      ctx.setPriceChange(failure.change);
      ctx.onPriceChanged();
      return;
    case 'seats':
      // The card is kept: the traveller picks other seats and pays with it.
      toast.error(checkoutTexts.seatsAgainTitle, { description: failure.message });
      ctx.onSeatsRejected(failure.message, failure.taken);
      return;
    case 'passengers':
      // A passenger detail to fix: everything typed stays, the card too.
      toast.error(checkoutTexts.passengersAgainTitle, { description: failure.message });
      ctx.onPassengersRejected(failure.errors);
      return;
    case 'formChanged':
      // Nothing was held: the step shows the way cards are taken now.
      ctx.onPaymentFormChanged();
      fail(ctx, cardMessages.paymentFailed, failure.message);
      return;
    case 'failed':
      fail(ctx, failure.title, failure.description);
  }
}

/** Sends (or re-sends, with the same key) the booking for an authorised payment. */
export async function book(ctx: PaymentFlowContext, attempt: PendingBooking) {
  ctx.setPhase('booking');
  try {
    const response = await createBooking(attempt.body, attempt.idempotencyKey);
    ctx.onBooked({
      response,
      card: attempt.card,
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
      bookedAt: new Date().toISOString(),
      passengers: [...ctx.passengers],
      seats: attempt.seats,
      bags: attempt.bags,
    });
  } catch (error) {
    ctx.setPhase('idle');
    // No answer (or an unreadable one): the booking may exist. Only the same request with the
    // same key may follow, which the server answers with the first result.
    if (bookingMayExist(error)) {
      ctx.onPending({ ...attempt, unclear: isUnclear(error) });
      toast.error(checkoutTexts.bookingFailedTitle, { description: pendingBookingMessage(error) });
      return;
    }
    ctx.onSettled();
    handleFailure(ctx, error);
  }
}

/** The start of every payment: the last failure cleared, the offer checked again. */
async function beginPayment(ctx: PaymentFlowContext): Promise<boolean> {
  ctx.setFailure(null);
  ctx.setPhase('paying');
  if (await ctx.verifyOffer()) return true;
  ctx.setPhase('idle');
  return false;
}

/** The offer, passengers, seats and bags every payment call carries. */
function bookingRequest(ctx: PaymentFlowContext) {
  const seatSelections = ctx.seats.map(({ passengerId, segmentId, designator }) => ({
    passengerId,
    segmentId,
    designator,
  }));
  return {
    offerId: ctx.offerId,
    passengers: ctx.passengers.map(toPassengerInput),
    ...(seatSelections.length > 0 ? { seats: seatSelections } : {}),
    ...(ctx.bags.length > 0 ? { services: serviceSelections(ctx.bags) } : {}),
  };
}

/** The intent for exactly `amount`, made by the server, and the booking it pays for. */
async function stripeAttempt(
  ctx: PaymentFlowContext,
  amount: Amount,
): Promise<{ attempt: PendingBooking; clientSecret: string } | null> {
  const idempotencyKey = newIdempotencyKey();
  const request = bookingRequest(ctx);
  let intent;
  try {
    intent = await createIntent(
      {
        ...request,
        amount: fromMinorUnits(amount.amountMinor, amount.currency),
        currency: amount.currency,
      },
      idempotencyKey,
    );
  } catch (error) {
    ctx.setPhase('idle');
    handleFailure(ctx, error);
    return null;
  }
  const { paymentId, amount: paid, currency } = intent;
  const attempt: PendingBooking = {
    idempotencyKey,
    body: { ...request, paymentDetails: { paymentId, amount: paid, currency } },
    // Stripe keeps the card; the confirmation e-mail names it.
    card: null,
    amountMinor: toMinorUnits(paid, currency),
    currency,
    seats: [...ctx.seats],
    bags: [...ctx.bags],
    unclear: false,
  };
  return { attempt, clientSecret: intent.clientSecret };
}

/**
 * Stripe mode: check the element's fields, have the server make the intent for exactly the
 * total (every passenger rule and the price checked first), confirm it with the card in
 * Stripe's frame (3-D Secure included), then book with the same Idempotency-Key.
 */
export async function payWithStripe(
  ctx: PaymentFlowContext,
  controller: StripeCardController,
  amount: Amount,
) {
  if (!(await beginPayment(ctx))) return;
  const incomplete = await controller.check();
  if (incomplete) {
    ctx.setPhase('idle');
    ctx.setFailure({ title: cardMessages.paymentFailed, description: incomplete });
    return;
  }
  const made = await stripeAttempt(ctx, amount);
  if (!made) return;
  // A bank's 3-D Secure page may take the traveller away: the return resumes this booking.
  saveCardReturn(ctx.offerId, made.attempt);
  const confirmed = await controller.confirm(made.clientSecret, returnUrl(ctx.href));
  takeCardReturn(ctx.offerId);
  if (!confirmed.held) {
    ctx.setPhase('idle');
    toast.error(cardMessages.paymentFailed, { description: confirmed.message });
    ctx.setFailure({ title: cardMessages.paymentFailed, description: confirmed.message });
    return;
  }
  await book(ctx, made.attempt);
}

/**
 * Sandbox mode: authorise the valid card for exactly `amount`, pause, then book. Every failure
 * says what happened, clears the card but the holder's name and hands the form back.
 */
export async function payWithCard(
  ctx: PaymentFlowContext,
  cardDetails: CardDetails,
  amount: Amount,
) {
  if (!(await beginPayment(ctx))) return;
  const request = bookingRequest(ctx);
  let authorization: CardAuthorization;
  try {
    authorization = await processCard({
      ...request,
      amount: fromMinorUnits(amount.amountMinor, amount.currency),
      currency: amount.currency,
      cardDetails,
    });
  } catch (error) {
    ctx.setPhase('idle');
    handleFailure(ctx, error);
    return;
  }
  ctx.setPhase('booking');
  await sleep(BOOKING_DELAY_MS);
  const body: CreateBookingRequest = {
    ...request,
    paymentDetails: {
      paymentId: authorization.paymentId,
      amount: authorization.amount,
      currency: authorization.currency,
    },
  };
  // One key per attempt; reused only to retry this very request.
  await book(ctx, {
    idempotencyKey: newIdempotencyKey(),
    body,
    card: authorization.card,
    amountMinor: toMinorUnits(authorization.amount, authorization.currency),
    currency: authorization.currency,
    seats: [...ctx.seats],
    bags: [...ctx.bags],
    unclear: false,
  });
}
