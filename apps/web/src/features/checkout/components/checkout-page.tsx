import { offerMessages, type Offer, type OfferVerification } from '@contrail/contracts/offers';
import { exitRowProblem, infantHolders, passengerRulesFor } from '@contrail/contracts/passengers';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowLeftIcon,
  ChevronDownIcon,
  InfoIcon,
  LockIcon,
  RotateCwIcon,
  SearchIcon,
  TimerIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { PageLoadError } from '../../../components/load-error';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ProgressSteps } from '../../../components/ui/progress-steps';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatMinor, formatPrice } from '../../../lib/flight-formatters';
import { offerKeys, useOffer, useSeatMaps } from '../../../lib/offers-api';
import { readSeenPrice, rememberSeenPrice, type SeenPrice } from '../../../lib/seen-prices';
import { checkoutKeys } from '../api/checkout-keys';
import { useSystemMode } from '../api/get-system-mode';
import { usePaymentConfig } from '../api/payment-config';
import { useOfferValidity } from '../hooks/use-offer-validity';
import { CHECKOUT_STEPS, type CheckoutStep } from '../lib/booking-search';
import {
  checkoutReducer,
  reachableStep,
  restoreCheckout,
  type ConfirmedBooking,
} from '../lib/checkout-state';
import {
  carryTravellers,
  clearCheckout,
  forgetCarriedTravellers,
  loadCheckout,
  readCarriedTravellers,
  saveCheckout,
} from '../lib/checkout-storage';
import { checkoutTexts } from '../lib/checkout-texts';
import { orderTotals } from '../lib/order-totals';
import { EMPTY_CARD, type CardForm } from '../lib/card-form';
import { offerProblemOf, type OfferProblem } from '../lib/offer-problems';
import {
  carryPassengers,
  emptyPassengerForm,
  passengerName,
  utcToday,
} from '../lib/passenger-form';
import { seatCharges, seatedPassengers } from '../lib/seat-map';
import { searchCriteriaFor } from '../lib/trip';
import { ConfirmationStep } from './confirmation-step';
import { OfferCountdown } from './offer-countdown';
import { OrderSummary } from './order-summary';
import { PassengerStep } from './passenger-step';
import { PaymentStep } from './payment-step';
import { SeatStep } from './seat-step';
import { STEP_HEADING_ID } from './step-heading';

/** The offer is checked every 30 s on the forms, every 15 s during payment. */
export const VERIFY_INTERVAL_MS = 30_000;
export const PAYMENT_VERIFY_INTERVAL_MS = 15_000;
/** Warn when fewer minutes than this remain. */
export const EXPIRY_WARNING_MINUTES = 5;

const STEPS = CHECKOUT_STEPS.map((id) => ({ id, label: checkoutTexts.stepLabels[id] }));

export interface CheckoutPageProps {
  offerId: string;
  /** The step in the URL; the page shows it only as far as the data goes. */
  step: CheckoutStep | undefined;
  onStepChange: (step: CheckoutStep, options?: { replace?: boolean }) => void;
  /** The Back button: the previous browser page. */
  onBack: () => void;
  /**
   * The traveller asks to search again after the offer has gone: to the search, with the same
   * query string, plus the offer's own search criteria when the offer is known. Never automatic
   * (WCAG 2.2.1): the checkout says the offer has gone and waits for the click.
   */
  onOfferGone: (criteria: Record<string, string | number>) => void;
  /** A booking was made (a guest may now be signed in). */
  onBooked: (booking: ConfirmedBooking) => void;
  signedIn: boolean;
}

/** `/booking`: passengers, seats, payment, confirmation, in one store. */
export function CheckoutPage(props: CheckoutPageProps) {
  const offer = useOffer(props.offerId);
  const problemHandler = useOfferProblemHandler();

  useEffect(() => {
    if (!offer.error) return;
    const problem = offerProblemOf(offer.error);
    if (problem) {
      problemHandler.report(problem);
    } else if (!offer.data) {
      toast({
        variant: 'destructive',
        title: checkoutTexts.loadFailedTitle,
        description: checkoutTexts.loadFailed,
      });
    }
  }, [offer.error, offer.data, problemHandler]);

  // A failed refetch (after a price change) keeps the checkout and its data.
  if (offer.data) {
    return <Checkout {...props} offer={offer.data} problemHandler={problemHandler} />;
  }
  if (offer.isError) {
    return (
      <OfferLoadError
        error={offer.error}
        problem={problemHandler.problem}
        retry={() => void offer.refetch()}
        searchAgain={() => props.onOfferGone({})}
      />
    );
  }
  return <CheckoutLoading />;
}

/**
 * Once per page: the form's message and the toast. Nothing leaves the page by itself (WCAG
 * 2.2.1): the traveller reads what happened and chooses to search again, with what they typed.
 */
function useOfferProblemHandler() {
  const [problem, setProblem] = useState<OfferProblem | null>(null);
  const handled = useRef(false);
  const report = useCallback((next: OfferProblem) => {
    if (handled.current) return;
    handled.current = true;
    setProblem(next);
    toast({ variant: 'destructive', title: next.title, description: next.description });
  }, []);
  /** After booking the offer is spent: its expiry is no longer news. */
  const disarm = useCallback(() => {
    handled.current = true;
  }, []);
  return useMemo(() => ({ problem, report, disarm }), [problem, report, disarm]);
}

function Checkout({
  offer,
  offerId,
  step: requestedStep,
  onStepChange,
  onBack,
  onOfferGone,
  onBooked,
  signedIn,
  problemHandler,
}: CheckoutPageProps & {
  offer: Offer;
  problemHandler: ReturnType<typeof useOfferProblemHandler>;
}) {
  const queryClient = useQueryClient();
  // The account toast that follows the booked one, cancelled if the checkout goes first.
  const accountToast = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(accountToast.current), []);
  const rules = useMemo(() => passengerRulesFor(offer, utcToday()), [offer]);
  // A reload (or a return to this tab) finds what was typed and chosen.
  const [state, dispatch] = useReducer(checkoutReducer, null, () =>
    restoreCheckout(loadCheckout(offerId), rules),
  );
  // The card lives in memory only: never stored, kept while the traveller moves between steps.
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const step = reachableStep(state, requestedStep);
  // A reload of the confirmation starts a new checkout: say where the booking just made is.
  const [reloadedConfirmation] = useState(requestedStep === 'confirmation');
  const seatMaps = useSeatMaps(offerId, true);
  const systemMode = useSystemMode();
  const paymentConfig = usePaymentConfig();
  const { problem, report, disarm } = problemHandler;
  // Minutes left when the offer was found to expire soon; the warning stays until dismissed.
  const [expiringSoon, setExpiringSoon] = useState<number | null>(null);
  const [warningDismissed, setWarningDismissed] = useState(false);
  const warnExpiringSoon = useCallback((minutes: number) => {
    setExpiringSoon((shown) => shown ?? minutes);
  }, []);

  useEffect(() => {
    if (state.booking) {
      clearCheckout(offerId);
      return;
    }
    saveCheckout(offerId, state);
  }, [offerId, state]);

  // Travellers typed for an offer that expired, offered once to this checkout.
  const [carried, setCarried] = useState(() =>
    state.draft ? null : carryOf(readCarriedTravellers(), offer),
  );

  const seen = useSeenPrice(offer);

  const onVerified = useCallback(
    (verification: OfferVerification) => {
      if (verification.minutes_remaining < EXPIRY_WARNING_MINUTES) {
        warnExpiringSoon(verification.minutes_remaining);
      }
    },
    [warnExpiringSoon],
  );
  const { check, verification } = useOfferValidity(offerId, {
    intervalMs:
      step === 'confirmation'
        ? false
        : step === 'payment'
          ? PAYMENT_VERIFY_INTERVAL_MS
          : VERIFY_INTERVAL_MS,
    onProblem: report,
    onVerified,
  });

  // Payment starts with a fresh check: the polling's first answer may be minutes old.
  useEffect(() => {
    if (step === 'payment') void check();
  }, [step, check]);

  // The URL follows the step actually shown (a reload returns to where the data allows).
  useEffect(() => {
    if (requestedStep !== undefined && requestedStep !== step)
      onStepChange(step, { replace: true });
  }, [requestedStep, step, onStepChange]);

  // A new step: its heading takes the focus, the page its top.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    document.getElementById(STEP_HEADING_ID)?.focus();
  }, [step]);

  const maps = useMemo(() => seatMaps.data ?? [], [seatMaps.data]);
  const charges = useMemo(() => seatCharges(maps, state.seatChoices), [maps, state.seatChoices]);
  const totals = useMemo(() => orderTotals(offer, charges), [offer, charges]);
  const drafts = state.draft?.passengers;

  const nameOf = useCallback(
    (passengerId: string) => {
      const index = offer.passengers.findIndex((p) => p.id === passengerId);
      return passengerName(drafts?.[index], index);
    },
    [offer.passengers, drafts],
  );
  const seated = useMemo(
    () =>
      seatedPassengers(offer).map((passenger) => {
        const index = offer.passengers.indexOf(passenger);
        return { id: passenger.id, number: index + 1, name: passengerName(drafts?.[index], index) };
      }),
    [offer, drafts],
  );
  // Exit rows only for passengers 16 or over on the day of that flight, holding no infant.
  const exitRowRule = useMemo(() => {
    const passengers = state.passengers ?? [];
    const holders = infantHolders(passengers);
    const dates = new Map(
      offer.slices.flatMap((slice) =>
        slice.segments.map((segment) => [segment.id, segment.departing_at.slice(0, 10)]),
      ),
    );
    return (passengerId: string, segmentId: string): string | null => {
      const passenger = passengers.find((p) => p.id === passengerId);
      const date = dates.get(segmentId);
      if (!passenger || !date) return null;
      return exitRowProblem(passenger, date, holders.has(passengerId));
    };
  }, [offer, state.passengers]);

  const searchAgain = () => {
    const draft = state.draft;
    if (draft) carryTravellers(draft);
    clearCheckout(offerId);
    onOfferGone(searchCriteriaFor(offer));
  };

  const summary = (
    <OrderSummary offer={offer} totals={totals} seats={charges} passengerName={nameOf} />
  );
  const goTo = (next: CheckoutStep) => onStepChange(next);

  let content;
  switch (step) {
    case 'passengers':
      content = (
        <PassengerStep
          offer={offer}
          initialValues={state.draft ?? emptyPassengerForm(offer)}
          serverErrors={state.passengerErrors}
          offerProblem={problem}
          verifyOffer={check}
          carried={
            carried
              ? {
                  values: carried,
                  done: () => {
                    forgetCarriedTravellers();
                    setCarried(null);
                  },
                }
              : null
          }
          onDraft={(draft) => dispatch({ type: 'draftSaved', draft })}
          onSubmit={(draft, passengers) => {
            dispatch({ type: 'passengersSubmitted', draft, passengers });
            goTo('seats');
          }}
        />
      );
      break;
    case 'seats':
      content = (
        <SeatStep
          offer={offer}
          seatMaps={{ status: seatMaps.status, data: seatMaps.data }}
          passengers={seated}
          choices={state.seatChoices}
          offerProblem={problem}
          seatProblem={state.seatProblem}
          seatRestriction={(passengerId, segmentId, seat) =>
            seat.disclosures.length > 0 ? exitRowRule(passengerId, segmentId) : null
          }
          onChoose={(segmentId, passengerId, designator) =>
            dispatch({ type: 'seatChosen', segmentId, passengerId, designator })
          }
          onContinue={() => {
            dispatch({ type: 'seatsConfirmed' });
            goTo('payment');
          }}
          onSkip={() => {
            dispatch({ type: 'seatsSkipped' });
            goTo('payment');
          }}
        />
      );
      break;
    case 'payment':
      content = (
        <PaymentStep
          offerId={offerId}
          totals={totals}
          seats={charges}
          passengers={state.passengers ?? []}
          pendingBooking={state.pendingBooking}
          offerProblem={problem}
          priceToConfirm={seen.changed}
          card={card}
          onCardChange={setCard}
          paymentConfig={paymentConfig.isError ? null : paymentConfig.data}
          testMode={systemMode.data?.mode !== 'live'}
          summary={summary}
          verifyOffer={check}
          onOfferProblem={report}
          onPriceAccepted={(price) => seen.accept(price)}
          onPaymentFormChanged={() => {
            void queryClient.invalidateQueries({ queryKey: checkoutKeys.paymentConfig() });
          }}
          onPriceChanged={() => {
            void queryClient.invalidateQueries({ queryKey: offerKeys.detail(offerId) });
          }}
          onSeatsRejected={(message, taken) => {
            void queryClient.invalidateQueries({ queryKey: offerKeys.seatMaps(offerId) });
            dispatch({ type: 'seatsRejected', message, taken });
            goTo('seats');
          }}
          onPassengersRejected={(errors) => {
            dispatch({ type: 'passengersRejected', errors });
            goTo('passengers');
          }}
          onPending={(pending) => dispatch({ type: 'bookingPending', pending })}
          onSettled={() => dispatch({ type: 'bookingSettled' })}
          onBooked={(booking) => {
            disarm();
            setCard(EMPTY_CARD);
            dispatch({ type: 'booked', booking });
            onStepChange('confirmation', { replace: true });
            toast({
              title: checkoutTexts.bookedTitle,
              description: checkoutTexts.confirmedDescription(booking.response.bookingReference),
            });
            if (booking.response.accountCreated) {
              // Only one toast shows at a time: the account toast follows the first.
              accountToast.current = setTimeout(() => {
                toast({
                  title: checkoutTexts.accountCreatedTitle,
                  description: checkoutTexts.accountCreatedDescription,
                });
              }, ACCOUNT_TOAST_DELAY_MS);
            }
            onBooked(booking);
          }}
          onBackToSeats={() => goTo('seats')}
        />
      );
      break;
    case 'confirmation':
      content = state.booking ? (
        <ConfirmationStep offer={offer} booking={state.booking} signedIn={signedIn} />
      ) : null;
      break;
  }

  return (
    <div className="min-h-screen bg-muted/40 pb-16">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {step === 'confirmation' ? (
            <span />
          ) : (
            <Button type="button" variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
              <ArrowLeftIcon aria-hidden="true" />
              {checkoutTexts.back}
            </Button>
          )}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {step === 'confirmation' || problem ? null : (
              <OfferCountdown
                expiresAt={verification?.expires_at ?? offer.expires_at}
                warnBeforeMs={EXPIRY_WARNING_MINUTES * 60_000}
                onExpiringSoon={warnExpiringSoon}
                onExpired={() =>
                  report({
                    message: offerMessages.expired,
                    title: checkoutTexts.offerExpiredTitle,
                    description: checkoutTexts.offerExpiredDescription,
                  })
                }
              />
            )}
            <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
              <LockIcon className="size-4" aria-hidden="true" />
              {checkoutTexts.secureCheckout}
            </p>
          </div>
        </div>
        <ProgressSteps steps={STEPS} current={step} aria-label="Booking progress" />

        {step === 'confirmation' ? (
          content
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="grid min-w-0 gap-6">
              {problem ? (
                <Alert variant="destructive" role="alert">
                  <TriangleAlertIcon aria-hidden="true" />
                  <AlertTitle>{checkoutTexts.offerExpiredButton}</AlertTitle>
                  <AlertDescription className="grid gap-3 text-foreground">
                    <p>{problem.message}</p>
                    <p>{checkoutTexts.searchAgainNote}</p>
                    <div>
                      <Button type="button" size="sm" onClick={searchAgain}>
                        <SearchIcon aria-hidden="true" />
                        {checkoutTexts.searchAgain}
                      </Button>
                    </div>
                  </AlertDescription>
                </Alert>
              ) : null}
              {expiringSoon !== null && !problem && !warningDismissed ? (
                <ExpiringSoonWarning
                  minutes={expiringSoon}
                  onSearchAgain={searchAgain}
                  onDismiss={() => setWarningDismissed(true)}
                />
              ) : null}
              {seen.changed && !problem && step !== 'payment' ? (
                <PriceChangeNotice
                  previous={seen.changed}
                  current={{ amount: offer.total_amount, currency: offer.total_currency }}
                  onAccept={() =>
                    seen.accept({ amount: offer.total_amount, currency: offer.total_currency })
                  }
                />
              ) : null}
              {step === 'payment' ? null : (
                <details className="group rounded-xl border border-border bg-card shadow-sm lg:hidden">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-4 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                    <span>Trip summary</span>
                    <span className="flex items-center gap-2 tabular-nums">
                      {formatMinor(totals.totalMinor, totals.currency)}
                      <ChevronDownIcon
                        className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
                        aria-hidden="true"
                      />
                    </span>
                  </summary>
                  <div className="border-t border-border [&>section]:rounded-none [&>section]:border-0 [&>section]:shadow-none">
                    {summary}
                  </div>
                </details>
              )}
              {reloadedConfirmation && step === 'passengers' ? (
                <Alert variant="info">
                  <InfoIcon aria-hidden="true" />
                  <AlertDescription className="text-foreground">
                    {checkoutTexts.afterReload}{' '}
                    <Link to="/my-trips" className="font-medium text-primary underline">
                      {checkoutTexts.viewMyTrips}
                    </Link>
                  </AlertDescription>
                </Alert>
              ) : null}
              {content}
            </div>
            <aside className="hidden lg:sticky lg:top-24 lg:block">{summary}</aside>
          </div>
        )}
      </div>
    </div>
  );
}

/** Carried travellers that fit this offer's party, or null. */
function carryOf(carried: ReturnType<typeof readCarriedTravellers>, offer: Offer) {
  return carried ? carryPassengers(carried.passengers, offer) : null;
}

/**
 * The price first shown to the traveller for this offer, when the offer's price now differs
 * from it: the checkout says so and asks before any money is held.
 */
function useSeenPrice(offer: Offer) {
  const current = useMemo(
    () => ({ amount: offer.total_amount, currency: offer.total_currency }),
    [offer.total_amount, offer.total_currency],
  );
  const [seen, setSeen] = useState<SeenPrice>(() => readSeenPrice(offer.id) ?? current);
  useEffect(() => {
    rememberSeenPrice(offer.id, seen);
  }, [offer.id, seen]);
  const changed =
    seen.amount !== current.amount || seen.currency !== current.currency ? seen : null;
  const accept = useCallback(
    (price: SeenPrice) => {
      rememberSeenPrice(offer.id, price, { replace: true });
      setSeen(price);
    },
    [offer.id],
  );
  return { changed, accept };
}

function PriceChangeNotice({
  previous,
  current,
  onAccept,
}: {
  previous: SeenPrice;
  current: SeenPrice;
  onAccept: () => void;
}) {
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.priceChangedTitle}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{checkoutTexts.priceChangedNotice}</p>
        <dl className="grid max-w-xs gap-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{checkoutTexts.previousTotal}</dt>
            <dd className="tabular-nums line-through">
              {formatPrice(previous.amount, previous.currency)}
            </dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold">
            <dt>{checkoutTexts.newTotal}</dt>
            <dd className="tabular-nums">{formatPrice(current.amount, current.currency)}</dd>
          </div>
        </dl>
        <div>
          <Button type="button" size="sm" onClick={onAccept}>
            {checkoutTexts.continueAtNewPrice}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The offer expires in under five minutes, said where it stays until the traveller dismisses it
 * rather than in a toast that goes by itself (WCAG 2.2.1), with the way to search again for the
 * same trip at hand; the countdown above keeps counting.
 */
function ExpiringSoonWarning({
  minutes,
  onSearchAgain,
  onDismiss,
}: {
  minutes: number;
  onSearchAgain: () => void;
  onDismiss: () => void;
}) {
  return (
    <Alert variant="warning" role="alert">
      <TimerIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.expiringSoonTitle}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{checkoutTexts.expiringSoon(minutes)}</p>
        <p>{checkoutTexts.searchAgainNote}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={onSearchAgain}>
            <SearchIcon aria-hidden="true" />
            {checkoutTexts.searchAgain}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDismiss}>
            {checkoutTexts.dismiss}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The account toast waits for the confirmation toast: one toast is shown at a time. */
export const ACCOUNT_TOAST_DELAY_MS = 3_000;

function CheckoutLoading() {
  return (
    <div className="min-h-screen bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8" aria-busy="true">
        <p role="status" className="text-sm text-muted-foreground">
          {checkoutTexts.loadingOffer}
        </p>
        <Skeleton className="h-10 w-full max-w-xl" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-4">
            <Skeleton className="h-9 w-72" />
            <Skeleton className="h-80 w-full rounded-xl" />
          </div>
          <Skeleton className="hidden h-96 w-full rounded-xl lg:block" />
        </div>
      </div>
    </div>
  );
}

function OfferLoadError({
  error,
  problem,
  retry,
  searchAgain,
}: {
  error: unknown;
  problem: OfferProblem | null;
  retry: () => void;
  searchAgain: () => void;
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  const title = problem
    ? problem.title
    : notFound
      ? checkoutTexts.notFoundTitle
      : checkoutTexts.loadFailedTitle;
  const message = problem
    ? problem.message
    : error instanceof ApiError && error.serverMessage
      ? error.serverMessage
      : checkoutTexts.loadFailed;
  return (
    <PageLoadError title={title} message={message}>
      <div className="flex flex-wrap justify-center gap-3">
        {problem ? null : (
          <Button type="button" onClick={retry}>
            <RotateCwIcon aria-hidden="true" />
            {checkoutTexts.tryAgain}
          </Button>
        )}
        {problem ? (
          <Button type="button" onClick={searchAgain}>
            <SearchIcon aria-hidden="true" />
            {checkoutTexts.searchAgain}
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/">{checkoutTexts.backToSearch}</Link>
          </Button>
        )}
      </div>
    </PageLoadError>
  );
}
