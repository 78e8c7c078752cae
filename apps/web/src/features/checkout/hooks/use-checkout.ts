import { type Offer, type OfferVerification } from '@contrail/contracts/offers';
import { exitRowProblem, infantHolders, passengerRulesFor } from '@contrail/contracts/passengers';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { useSeatMaps } from '../../../lib/offers-api';
import { useSystemMode } from '../api/get-system-mode';
import { usePaymentConfig } from '../api/payment-config';
import { STEP_HEADING_ID } from '../components/step-heading';
import type { CheckoutStep } from '../lib/booking-search';
import { EMPTY_CARD, type CardForm } from '../lib/card-form';
import {
  checkoutReducer,
  reachableStep,
  restoreCheckout,
  type CheckoutState,
  type ConfirmedBooking,
} from '../lib/checkout-state';
import {
  carryTravellers,
  clearCheckout,
  loadCheckout,
  readCarriedTravellers,
  saveCheckout,
} from '../lib/checkout-storage';
import { checkoutTexts } from '../lib/checkout-texts';
import type { OfferProblem } from '../lib/offer-problems';
import { orderTotals } from '../lib/order-totals';
import { carryPassengers, passengerName, utcToday } from '../lib/passenger-form';
import { bagCharges } from '../lib/bags';
import { seatCharges, seatedPassengers } from '../lib/seat-map';
import { searchCriteriaFor } from '../lib/trip';
import { useOfferValidity } from './use-offer-validity';
import { useSeenPrice } from './use-seen-price';

/** The offer is checked every 30 s on the forms, every 15 s during payment. */
const VERIFY_INTERVAL_MS = 30_000;
const PAYMENT_VERIFY_INTERVAL_MS = 15_000;
/** Warn when fewer minutes than this remain. */
export const EXPIRY_WARNING_MINUTES = 5;

/**
 * Once per page: the form's message and the toast. Nothing leaves the page by itself (WCAG
 * 2.2.1): the traveller reads what happened and chooses to search again, with what they typed.
 */
export function useOfferProblemHandler() {
  const [problem, setProblem] = useState<OfferProblem | null>(null);
  const handled = useRef(false);
  const report = useCallback((next: OfferProblem) => {
    if (handled.current) return;
    handled.current = true;
    setProblem(next);
    toast.error(next.title, { description: next.description });
  }, []);
  /** After booking the offer is spent: its expiry is no longer news. */
  const disarm = useCallback(() => {
    handled.current = true;
  }, []);
  return useMemo(() => ({ problem, report, disarm }), [problem, report, disarm]);
}
export type OfferProblemHandler = ReturnType<typeof useOfferProblemHandler>;

/** Carried travellers that fit this offer's party, or null. */
function carryOf(carried: ReturnType<typeof readCarriedTravellers>, offer: Offer) {
  return carried ? carryPassengers(carried.passengers, offer) : null;
}

/** The toast that says the booking is made. */
function announceBooked(booking: ConfirmedBooking): void {
  toast(checkoutTexts.bookedTitle, {
    description: checkoutTexts.confirmedDescription(booking.response.bookingReference),
  });
}

/** The checkout's store (kept across reloads), the card (in memory only) and carried travellers. */
function useCheckoutStore(offerId: string, offer: Offer) {
  const rules = useMemo(() => passengerRulesFor(offer, utcToday()), [offer]);
  // A reload (or a return to this tab) finds what was typed and chosen.
  const [state, dispatch] = useReducer(checkoutReducer, null, () =>
    restoreCheckout(loadCheckout(offerId), rules),
  );
  // The card lives in memory only: never stored, kept while the traveller moves between steps.
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);

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
  return { state, dispatch, card, setCard, carried, setCarried };
}

/** The offer checked as the traveller goes (faster on payment), and the expiring-soon warning. */
function useOfferChecks(
  offerId: string,
  step: CheckoutStep,
  report: (problem: OfferProblem) => void,
) {
  // Minutes left when the offer was found to expire soon; the warning stays until dismissed.
  const [expiringSoon, setExpiringSoon] = useState<number | null>(null);
  const [warningDismissed, setWarningDismissed] = useState(false);
  const warnExpiringSoon = useCallback((minutes: number) => {
    setExpiringSoon((shown) => shown ?? minutes);
  }, []);
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

  return {
    check,
    verification,
    warnExpiringSoon,
    /** The minutes to warn about, until the traveller dismisses the warning. */
    expiringSoon: warningDismissed ? null : expiringSoon,
    dismissWarning: () => setWarningDismissed(true),
  };
}

/** The URL follows the step actually shown; a new step's heading takes the focus. */
function useStepFollowing(
  requestedStep: CheckoutStep | undefined,
  step: CheckoutStep,
  onStepChange: (step: CheckoutStep, options?: { replace?: boolean }) => void,
) {
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
}

/** The passengers by name and number, and which of them may sit in an exit row. */
function useSeating(offer: Offer, state: CheckoutState) {
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
  return { nameOf, seated, exitRowRule };
}

export interface CheckoutOptions {
  offer: Offer;
  offerId: string;
  /** The step in the URL; the page shows it only as far as the data goes. */
  requestedStep: CheckoutStep | undefined;
  onStepChange: (step: CheckoutStep, options?: { replace?: boolean }) => void;
  onOfferGone: (criteria: Record<string, string | number>) => void;
  problemHandler: OfferProblemHandler;
}

/** Everything the checkout page shows and does, from its offer and the step in the URL. */
export function useCheckout(options: CheckoutOptions) {
  const { offer, offerId, requestedStep, onStepChange, onOfferGone, problemHandler } = options;
  const store = useCheckoutStore(offerId, offer);
  const step = reachableStep(store.state, requestedStep);
  // A reload of the confirmation starts a new checkout: say where the booking just made is.
  const [reloadedConfirmation] = useState(requestedStep === 'confirmation');
  const seatMaps = useSeatMaps(offerId, true);
  const systemMode = useSystemMode();
  const paymentConfig = usePaymentConfig();
  const seen = useSeenPrice(offer);
  const checks = useOfferChecks(offerId, step, problemHandler.report);
  useStepFollowing(requestedStep, step, onStepChange);

  const maps = useMemo(() => seatMaps.data ?? [], [seatMaps.data]);
  const charges = useMemo(
    () => seatCharges(maps, store.state.seatChoices),
    [maps, store.state.seatChoices],
  );
  const bags = useMemo(
    () => bagCharges(offer, store.state.bagChoices),
    [offer, store.state.bagChoices],
  );
  const totals = useMemo(() => orderTotals(offer, charges, bags), [offer, charges, bags]);
  const seating = useSeating(offer, store.state);

  const searchAgain = () => {
    const draft = store.state.draft;
    if (draft) carryTravellers(draft);
    clearCheckout(offerId);
    onOfferGone(searchCriteriaFor(offer));
  };

  return {
    ...store,
    ...checks,
    ...seating,
    step,
    reloadedConfirmation,
    seatMaps,
    systemMode,
    paymentConfig,
    seen,
    charges,
    bags,
    totals,
    problem: problemHandler.problem,
    report: problemHandler.report,
    disarm: problemHandler.disarm,
    searchAgain,
    announceBooked,
  };
}

export type CheckoutModel = ReturnType<typeof useCheckout>;
