import type { CreateBookingRequest } from '@contrail/contracts/bookings';
import { toPassengerInput, type Passenger } from '@contrail/contracts/passengers';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import {
  cardBrandOf,
  cardDetailsSchema,
  cardMessages,
  formatCardNumber,
  type PaymentConfig,
} from '@contrail/contracts/payments';
import { Link, useLocation } from '@tanstack/react-router';
import type { SeenPrice } from '../../../lib/seen-prices';
import { EMPTY_CARD, type CardField, type CardForm } from '../lib/card-form';
import {
  ArrowLeftIcon,
  CreditCardIcon,
  FlaskConicalIcon,
  LoaderCircleIcon,
  LockIcon,
  RotateCwIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, ResponseParseError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { createBooking } from '../api/create-booking';
import { createIntent } from '../api/create-intent';
import { processCard, type CardAuthorization } from '../api/process-card';
import { peekCardReturn, saveCardReturn, takeCardReturn } from '../lib/checkout-storage';
import type { ConfirmedBooking, PendingBooking, ServerPassengerError } from '../lib/checkout-state';
import { checkoutTexts } from '../lib/checkout-texts';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { formatMinor } from '../../../lib/flight-formatters';
import type { OrderTotals, SeatCharge } from '../lib/order-totals';
import { offerProblemOf, type OfferProblem } from '../lib/offer-problems';
import { serverPassengerErrors } from '../lib/passenger-form';
import { cardBrandName } from '../lib/trip';
import { StepHeading } from './step-heading';
import type { StripeCardController } from './stripe-card-element';

// Stripe's element and Stripe.js: fetched only when the payment step shows them (Stripe mode).
const StripeCardElement = lazy(() => import('./stripe-card-element'));

/** Stripe's parameters on the return from a bank's 3-D Secure page. */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/** The return from a 3-D Secure redirect to this checkout's kept intent, if this page is one. */
function stripeReturnOf(
  offerId: string,
  searchStr: string,
): { status: 'succeeded' | 'failed' } | null {
  const params = new URLSearchParams(searchStr);
  const intentId = params.get('payment_intent');
  const status = params.get('redirect_status');
  if (!intentId || !status) return null;
  if (peekCardReturn(offerId)?.body.paymentDetails.paymentId !== intentId) return null;
  return { status: status === 'succeeded' ? 'succeeded' : 'failed' };
}

/** Where Stripe sends the traveller back after a redirect: this step, without an old return. */
function returnUrl(href: string): string {
  const url = new URL(href, window.location.origin);
  for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
  return url.toString();
}

/** `segmentId:designator` pairs, comma separated, as the API names taken seats. */
function takenSeats(taken: string | undefined): { segmentId: string; designator: string }[] {
  return (taken ?? '').split(',').flatMap((pair) => {
    const [segmentId, designator] = pair.split(':');
    return segmentId && designator ? [{ segmentId, designator }] : [];
  });
}

/** The pause between the card authorisation and the booking. */
export const BOOKING_DELAY_MS = 500;

const CARD_FIELD_IDS: Record<CardField, string> = {
  number: 'card-number',
  holderName: 'card-holder-name',
  expiryMonth: 'card-expiry-month',
  expiryYear: 'card-expiry-year',
  cvv: 'card-cvv',
};

/** The toast for the first rule a card breaks, in the form's order. */
const CARD_TOASTS: {
  fields: CardField[];
  title: string;
  description: (message: string) => string;
}[] = [
  {
    fields: ['number'],
    title: cardMessages.invalidNumberTitle,
    description: () => cardMessages.invalidNumber,
  },
  {
    fields: ['expiryMonth', 'expiryYear'],
    title: cardMessages.invalidExpiry,
    description: (message) =>
      message === cardMessages.expired
        ? cardMessages.expired
        : 'Enter the expiry month (01-12) and the last two digits of the year.',
  },
  {
    fields: ['cvv'],
    title: cardMessages.invalidCvv,
    description: () => 'Enter the 3 or 4 digit security code printed on your card.',
  },
  {
    fields: ['holderName'],
    title: cardMessages.invalidHolder,
    description: () => 'Enter the name as it appears on your card (at least 3 characters).',
  },
];

interface Amount {
  amountMinor: number;
  currency: string;
}

interface PaymentStepProps {
  offerId: string;
  totals: OrderTotals;
  seats: readonly SeatCharge[];
  passengers: readonly Passenger[];
  pendingBooking: PendingBooking | null;
  offerProblem: OfferProblem | null;
  /** The price the traveller saw, when the offer's price now differs: asked before paying. */
  priceToConfirm: SeenPrice | null;
  /** The card as typed: the page keeps it (in memory) while the traveller fixes other steps. */
  card: CardForm;
  onCardChange: (update: (card: CardForm) => CardForm) => void;
  /**
   * How the card is taken: our form (sandbox test cards) or Stripe's Payment Element; undefined
   * while it is being asked, null when it could not be.
   */
  paymentConfig: PaymentConfig | null | undefined;
  testMode: boolean;
  /** The order summary, shown under the form on narrow screens. */
  summary: ReactNode;
  verifyOffer: () => Promise<boolean>;
  onOfferProblem: (problem: OfferProblem) => void;
  /** A payment or booking is under way or awaits a retry: the page must not leave. */
  /** The traveller agreed to pay this price for the offer. */
  onPriceAccepted: (price: SeenPrice) => void;
  onPriceChanged: () => void;
  /** The mode changed since the page asked how to take the card: ask again. */
  onPaymentFormChanged: () => void;
  /** Seats must be chosen again: taken meanwhile (named in `taken`), or not for that passenger. */
  onSeatsRejected: (message: string, taken: { segmentId: string; designator: string }[]) => void;
  onPassengersRejected: (errors: ServerPassengerError[]) => void;
  onPending: (pending: PendingBooking) => void;
  onSettled: () => void;
  onBooked: (booking: ConfirmedBooking) => void;
  onBackToSeats: () => void;
}

type Phase = 'idle' | 'paying' | 'booking';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Step 3: validate the card, check the offer, authorise the card for exactly the summary's total,
 * pause, create the booking. Every failure says what happened, clears the card but the holder's
 * name and hands the form back; nothing is ever faked.
 */
export function PaymentStep({
  offerId,
  totals,
  seats,
  passengers,
  pendingBooking,
  offerProblem,
  priceToConfirm,
  card,
  onCardChange,
  paymentConfig,
  testMode,
  summary,
  verifyOffer,
  onOfferProblem,
  onPriceAccepted,
  onPriceChanged,
  onPaymentFormChanged,
  onSeatsRejected,
  onPassengersRejected,
  onPending,
  onSettled,
  onBooked,
  onBackToSeats,
}: PaymentStepProps) {
  const setCard = onCardChange;
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [priceChange, setPriceChange] = useState<
    (Amount & { previousMinor: number; offerPrice?: SeenPrice }) | null
  >(null);
  // Stripe sent the traveller back here from their bank's 3-D Secure page (this checkout's intent).
  const location = useLocation({
    select: (current) => ({ href: current.href, searchStr: current.searchStr }),
  });
  const [cardReturn] = useState(() => stripeReturnOf(offerId, location.searchStr));
  /** The last failure, kept on the page after its toast has gone. */
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(() =>
    cardReturn?.status === 'failed'
      ? { title: cardMessages.paymentFailed, description: cardMessages.paymentNotCompleted }
      : null,
  );
  const [focusRequest, setFocusRequest] = useState<{ field: CardField } | null>(null);
  const busy = phase !== 'idle';
  const stripe = paymentConfig?.collection === 'stripe' ? paymentConfig : null;
  const [stripeCard, setStripeCard] = useState<StripeCardController | null>(null);
  const locked =
    busy ||
    pendingBooking !== null ||
    offerProblem !== null ||
    !paymentConfig ||
    (stripe !== null && stripeCard === null);

  // Focus once the form is enabled again (a disabled input cannot take focus).
  useEffect(() => {
    if (!focusRequest || busy) return;
    document.getElementById(CARD_FIELD_IDS[focusRequest.field])?.focus();
  }, [focusRequest, busy]);

  const update = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const fail = (title: string, description: string) => {
    toast({ variant: 'destructive', title, description });
    setFailure({ title, description });
    setCard((current) => ({ ...EMPTY_CARD, holderName: current.holderName }));
    setErrors({});
    setFocusRequest({ field: 'number' });
  };

  /** A failed call: which toast, and what happens to the form. */
  const handleFailure = (error: unknown) => {
    if (error instanceof ApiError) {
      const problem = offerProblemOf(error);
      if (problem && error.status === 410) {
        onOfferProblem(problem);
        return;
      }
      if (error.code === 'amount_changed' && error.details?.amount && error.details.currency) {
        // Nothing was charged: keep the card and ask before paying the new price.
        setPriceChange({
          amountMinor: toMinorUnits(error.details.amount),
          currency: error.details.currency,
          previousMinor: totals.totalMinor,
          offerPrice: {
            amount: fromMinorUnits(toMinorUnits(error.details.amount) - totals.seatsMinor),
            currency: error.details.currency,
          },
        });
        onPriceChanged();
        return;
      }
      if (error.code === 'seat_unavailable' || error.code === 'seat_not_allowed') {
        // The card is kept: the traveller picks other seats and pays with it.
        toast({
          variant: 'destructive',
          title: checkoutTexts.seatsAgainTitle,
          description: error.serverMessage,
        });
        onSeatsRejected(error.serverMessage, takenSeats(error.details?.taken));
        return;
      }
      const passengerErrors = serverPassengerErrors(error.fields);
      if (error.status === 422 && passengerErrors.length > 0) {
        // A passenger detail to fix: everything typed stays, the card too.
        toast({
          variant: 'destructive',
          title: checkoutTexts.passengersAgainTitle,
          description: error.serverMessage,
        });
        onPassengersRejected(passengerErrors);
        return;
      }
      if (error.code === 'payment_form_changed') {
        // Nothing was held: the step shows the way cards are taken now.
        onPaymentFormChanged();
        fail(cardMessages.paymentFailed, error.serverMessage);
        return;
      }
      if (error.status === 402) {
        fail(
          cardMessages.paymentFailed,
          error.serverMessage || checkoutTexts.bookingFailedFallback,
        );
        return;
      }
      fail(
        checkoutTexts.bookingFailedTitle,
        error.serverMessage || checkoutTexts.bookingFailedFallback,
      );
      return;
    }
    fail(checkoutTexts.bookingFailedTitle, checkoutTexts.bookingFailedFallback);
  };

  /** Sends (or re-sends, with the same key) the booking for an authorised payment. */
  const book = async (attempt: PendingBooking) => {
    setPhase('booking');
    try {
      const response = await createBooking(attempt.body, attempt.idempotencyKey);
      onBooked({
        response,
        card: attempt.card,
        amountMinor: attempt.amountMinor,
        currency: attempt.currency,
        bookedAt: new Date().toISOString(),
        passengers: [...passengers],
        seats: attempt.seats,
      });
    } catch (error) {
      setPhase('idle');
      // No answer (or an unreadable one): the booking may exist. Only the same request with the
      // same key may follow, which the server answers with the first result.
      const lost =
        !(error instanceof ApiError) || error.status >= 500 || error.code === 'booking_in_progress';
      if (lost) {
        onPending({ ...attempt, unclear: error instanceof ResponseParseError });
        toast({
          variant: 'destructive',
          title: checkoutTexts.bookingFailedTitle,
          // Still being made, or the airline being asked whether it made the order: the server
          // says which, and that nothing is charged unless it is confirmed.
          description:
            error instanceof ApiError &&
            (error.code === 'booking_in_progress' || error.code === 'order_unconfirmed')
              ? error.serverMessage
              : checkoutTexts.bookingFailedFallback,
        });
        return;
      }
      onSettled();
      handleFailure(error);
    }
  };

  /**
   * Stripe mode: check the element's fields, have the server make the intent for exactly the
   * total (every passenger rule and the price checked first), confirm it with the card in
   * Stripe's frame (3-D Secure included), then book with the same Idempotency-Key.
   */
  const payWithStripe = async (controller: StripeCardController, override?: Amount) => {
    setFailure(null);
    setPhase('paying');
    if (!(await verifyOffer())) {
      setPhase('idle');
      return;
    }
    const incomplete = await controller.check();
    if (incomplete) {
      setPhase('idle');
      setFailure({ title: cardMessages.paymentFailed, description: incomplete });
      return;
    }
    const amount = override ?? { amountMinor: totals.totalMinor, currency: totals.currency };
    const seatSelections = seats.map(({ passengerId, segmentId, designator }) => ({
      passengerId,
      segmentId,
      designator,
    }));
    const idempotencyKey = newIdempotencyKey();
    const request = {
      offerId,
      passengers: passengers.map(toPassengerInput),
      ...(seatSelections.length > 0 ? { seats: seatSelections } : {}),
    };
    let intent;
    try {
      intent = await createIntent(
        { ...request, amount: fromMinorUnits(amount.amountMinor), currency: amount.currency },
        idempotencyKey,
      );
    } catch (error) {
      setPhase('idle');
      handleFailure(error);
      return;
    }
    const attempt: PendingBooking = {
      idempotencyKey,
      body: {
        ...request,
        paymentDetails: {
          paymentId: intent.paymentId,
          amount: intent.amount,
          currency: intent.currency,
        },
      },
      // Stripe keeps the card; the confirmation e-mail names it.
      card: null,
      amountMinor: toMinorUnits(intent.amount),
      currency: intent.currency,
      seats: [...seats],
      unclear: false,
    };
    // A bank's 3-D Secure page may take the traveller away: the return resumes this booking.
    saveCardReturn(offerId, attempt);
    const confirmed = await controller.confirm(intent.clientSecret, returnUrl(location.href));
    takeCardReturn(offerId);
    if (!confirmed.held) {
      setPhase('idle');
      toast({
        variant: 'destructive',
        title: cardMessages.paymentFailed,
        description: confirmed.message,
      });
      setFailure({ title: cardMessages.paymentFailed, description: confirmed.message });
      return;
    }
    await book(attempt);
  };

  // Back from the bank's 3-D Secure page: book what was confirmed there, with its key.
  useEffect(() => {
    if (cardReturn?.status !== 'succeeded') return;
    const timer = setTimeout(() => {
      const attempt = takeCardReturn(offerId);
      if (attempt) void book(attempt);
    });
    return () => clearTimeout(timer);
    // Only for the page the bank sent the traveller back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cardReturn]);

  const submit = async (override?: Amount) => {
    if (locked) return;
    if (!override && priceToConfirm) {
      // The offer's price moved since the traveller chose it: show both and ask first.
      setPriceChange({
        amountMinor: totals.totalMinor,
        currency: totals.currency,
        previousMinor: totals.totalMinor - totals.fareMinor + toMinorUnits(priceToConfirm.amount),
        offerPrice: { amount: fromMinorUnits(totals.fareMinor), currency: totals.currency },
      });
      return;
    }
    if (stripe) {
      if (stripeCard) await payWithStripe(stripeCard, override);
      return;
    }
    const parsed = cardDetailsSchema().safeParse(card);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<CardField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in EMPTY_CARD) {
          fieldErrors[field as CardField] ??= issue.message;
        }
      }
      setErrors(fieldErrors);
      const first = CARD_TOASTS.find((entry) => entry.fields.some((field) => fieldErrors[field]));
      if (first) {
        const field = first.fields.find((candidate) => fieldErrors[candidate]) ?? 'number';
        toast({
          variant: 'destructive',
          title: first.title,
          description: first.description(fieldErrors[field] ?? ''),
        });
        setFocusRequest({ field });
      }
      return;
    }
    setErrors({});
    setFailure(null);
    setPhase('paying');
    if (!(await verifyOffer())) {
      setPhase('idle');
      return;
    }
    const amount = override ?? { amountMinor: totals.totalMinor, currency: totals.currency };
    const seatSelections = seats.map(({ passengerId, segmentId, designator }) => ({
      passengerId,
      segmentId,
      designator,
    }));
    let authorization: CardAuthorization;
    try {
      authorization = await processCard({
        offerId,
        amount: fromMinorUnits(amount.amountMinor),
        currency: amount.currency,
        ...(seatSelections.length > 0 ? { seats: seatSelections } : {}),
        passengers: passengers.map(toPassengerInput),
        cardDetails: parsed.data,
      });
    } catch (error) {
      setPhase('idle');
      handleFailure(error);
      return;
    }
    setPhase('booking');
    await sleep(BOOKING_DELAY_MS);
    const body: CreateBookingRequest = {
      offerId,
      passengers: passengers.map(toPassengerInput),
      ...(seatSelections.length > 0 ? { seats: seatSelections } : {}),
      paymentDetails: {
        paymentId: authorization.paymentId,
        amount: authorization.amount,
        currency: authorization.currency,
      },
    };
    // One key per attempt; reused only to retry this very request.
    await book({
      idempotencyKey: newIdempotencyKey(),
      body,
      card: authorization.card,
      amountMinor: toMinorUnits(authorization.amount),
      currency: authorization.currency,
      seats: [...seats],
      unclear: false,
    });
  };

  const brand = cardBrandOf(card.number.replace(/\D/g, ''));
  const total = formatMinor(totals.totalMinor, totals.currency);

  return (
    <div className="grid gap-6">
      <StepHeading description="Pay securely by card to confirm your booking.">
        {checkoutTexts.paymentHeading}
      </StepHeading>

      {pendingBooking ? (
        <Alert variant="warning" role="alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{checkoutTexts.bookingPendingTitle}</AlertTitle>
          <AlertDescription className="grid gap-3 text-foreground">
            <p>
              {pendingBooking.unclear ? checkoutTexts.bookingUnclear : checkoutTexts.bookingPending}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                disabled={busy}
                onClick={() => void book(pendingBooking)}
              >
                {busy ? (
                  <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                ) : (
                  <RotateCwIcon aria-hidden="true" />
                )}
                {checkoutTexts.retryBooking}
              </Button>
              {pendingBooking.unclear ? (
                <Button asChild size="sm" variant="outline">
                  <Link to="/my-trips">{checkoutTexts.viewMyTrips}</Link>
                </Button>
              ) : null}
            </div>
          </AlertDescription>
        </Alert>
      ) : null}

      <form
        noValidate
        aria-label="Card details"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="grid gap-6"
      >
        <section className="grid gap-5 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <CreditCardIcon className="size-5 text-primary" aria-hidden="true" />
              Card
            </h2>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <LockIcon className="size-4" aria-hidden="true" />
              {checkoutTexts.secureCheckout}
            </p>
          </div>

          {failure ? (
            <Alert variant="destructive" role="alert">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>{failure.title}</AlertTitle>
              <AlertDescription className="text-foreground">{failure.description}</AlertDescription>
            </Alert>
          ) : null}

          {testMode ? (
            <Alert variant="info">
              <FlaskConicalIcon aria-hidden="true" />
              <AlertDescription className="text-foreground">
                {checkoutTexts.testMode}
              </AlertDescription>
            </Alert>
          ) : null}

          {paymentConfig === null ? (
            <Alert variant="destructive" role="alert">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertDescription className="text-foreground">
                {cardMessages.processorUnavailable}
              </AlertDescription>
            </Alert>
          ) : paymentConfig === undefined ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
              {checkoutTexts.loadingPaymentForm}
            </p>
          ) : stripe ? (
            <Suspense
              fallback={
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
                  {checkoutTexts.loadingPaymentForm}
                </p>
              }
            >
              <StripeCardElement
                publishableKey={stripe.publishableKey}
                amountMinor={totals.totalMinor}
                currency={totals.currency}
                disabled={busy || pendingBooking !== null || offerProblem !== null}
                onController={setStripeCard}
              />
            </Suspense>
          ) : (
            <fieldset disabled={locked} className="grid gap-4 disabled:opacity-90">
              <legend className="sr-only">Card details</legend>
              <div className="grid gap-2">
                <Label htmlFor={CARD_FIELD_IDS.number}>Card Number</Label>
                <div className="relative">
                  <Input
                    id={CARD_FIELD_IDS.number}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 5678 9012 3456"
                    maxLength={19}
                    value={card.number}
                    aria-invalid={errors.number ? true : undefined}
                    aria-describedby={errors.number ? 'card-number-error' : undefined}
                    onChange={(event) => update('number', formatCardNumber(event.target.value))}
                    className={cn('font-mono tracking-wider', brand !== 'unknown' && 'pr-28')}
                  />
                  {brand !== 'unknown' ? (
                    <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-muted-foreground uppercase">
                      {cardBrandName(brand)}
                    </span>
                  ) : null}
                </div>
                {errors.number ? (
                  <p id="card-number-error" className="text-sm font-medium text-destructive">
                    {errors.number}
                  </p>
                ) : null}
              </div>
              <Field
                id={CARD_FIELD_IDS.holderName}
                label="Cardholder Name"
                error={errors.holderName}
              >
                <Input
                  autoComplete="cc-name"
                  placeholder="Name as shown on the card"
                  value={card.holderName}
                  onChange={(event) => update('holderName', event.target.value)}
                />
              </Field>
              <div className="grid grid-cols-3 gap-3 sm:gap-4">
                <Field
                  id={CARD_FIELD_IDS.expiryMonth}
                  label="Expiry Month"
                  error={errors.expiryMonth}
                >
                  <Input
                    inputMode="numeric"
                    autoComplete="cc-exp-month"
                    placeholder="MM"
                    maxLength={2}
                    value={card.expiryMonth}
                    onChange={(event) =>
                      update('expiryMonth', event.target.value.replace(/\D/g, ''))
                    }
                  />
                </Field>
                <Field id={CARD_FIELD_IDS.expiryYear} label="Expiry Year" error={errors.expiryYear}>
                  <Input
                    inputMode="numeric"
                    autoComplete="cc-exp-year"
                    placeholder="YY"
                    maxLength={2}
                    value={card.expiryYear}
                    onChange={(event) =>
                      update('expiryYear', event.target.value.replace(/\D/g, ''))
                    }
                  />
                </Field>
                <Field id={CARD_FIELD_IDS.cvv} label="CVV" error={errors.cvv}>
                  <Input
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    maxLength={4}
                    value={card.cvv}
                    onChange={(event) => update('cvv', event.target.value.replace(/\D/g, ''))}
                  />
                </Field>
              </div>
            </fieldset>
          )}

          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {checkoutTexts.cardSecurity}
          </p>
        </section>

        <div className="lg:hidden">{summary}</div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="outline"
            size="lg"
            disabled={busy || pendingBooking !== null}
            onClick={onBackToSeats}
          >
            <ArrowLeftIcon aria-hidden="true" />
            {checkoutTexts.backToSeats}
          </Button>
          <Button type="submit" size="lg" disabled={locked} className="sm:min-w-56">
            {offerProblem ? (
              checkoutTexts.offerExpiredButton
            ) : busy ? (
              <>
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                {phase === 'paying'
                  ? checkoutTexts.processingPayment
                  : checkoutTexts.confirmingBooking}
              </>
            ) : (
              <>
                <LockIcon aria-hidden="true" />
                {checkoutTexts.completeBooking}
                {stripe ? <span>· {total}</span> : <span className="sr-only">, pay {total}</span>}
              </>
            )}
          </Button>
        </div>
      </form>

      <AlertDialog
        open={priceChange !== null}
        onOpenChange={(open) => {
          if (!open) setPriceChange(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{checkoutTexts.priceChangedTitle}</AlertDialogTitle>
            <AlertDialogDescription>{cardMessages.amountChanged}</AlertDialogDescription>
          </AlertDialogHeader>
          {priceChange ? (
            <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Previous total</dt>
                <dd className="tabular-nums line-through">
                  {formatMinor(priceChange.previousMinor, totals.currency)}
                </dd>
              </div>
              <div className="flex justify-between gap-3 text-base font-semibold">
                <dt>New total</dt>
                <dd className="tabular-nums">
                  {formatMinor(priceChange.amountMinor, priceChange.currency)}
                </dd>
              </div>
            </dl>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>{checkoutTexts.cancel}</AlertDialogCancel>
            <Button
              type="button"
              onClick={() => {
                const accepted = priceChange;
                setPriceChange(null);
                if (!accepted) return;
                if (accepted.offerPrice) onPriceAccepted(accepted.offerPrice);
                void submit(accepted);
              }}
            >
              {checkoutTexts.acceptNewPrice}{' '}
              {priceChange ? formatMinor(priceChange.amountMinor, priceChange.currency) : null}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
