import type { CreateBookingRequest, CreateBookingResponse } from '@contrail/contracts/bookings';
import type { Passenger, PassengerRules } from '@contrail/contracts/passenger-check';
import type { StoredCheckout } from './checkout-storage';
import type { CheckoutStep } from './booking-search';
import type { SeatCharge } from './order-totals';
import {
  validatePassengers,
  type PassengerField,
  type PassengerFormValues,
} from './passenger-form';
import type { SeatChoices } from './seat-map';
import { withBagQuantity, type BagCharge, type BagChoices } from './bags';

/** What the confirmation step shows: the server's answer and what was paid. */
export interface ConfirmedBooking {
  response: CreateBookingResponse;
  /** The card's brand and last 4; null when Stripe's Payment Element took it (we never see it). */
  card: { brand: string; last4: string } | null;
  amountMinor: number;
  currency: string;
  /** When the booking was confirmed, ISO 8601. */
  bookedAt: string;
  passengers: Passenger[];
  seats: SeatCharge[];
  bags: BagCharge[];
}

/** A booking request whose answer was lost: retried with the same Idempotency-Key, never anew. */
export interface PendingBooking {
  idempotencyKey: string;
  body: CreateBookingRequest;
  card: { brand: string; last4: string } | null;
  amountMinor: number;
  currency: string;
  seats: SeatCharge[];
  bags: BagCharge[];
  /** A 2xx answer we could not read: the booking may exist, so the traveller checks first. */
  unclear: boolean;
}

export interface ServerPassengerError {
  index: number;
  field: PassengerField;
  message: string;
}

/** The whole checkout, held by the page; nothing but the step lives in the URL. */
export interface CheckoutState {
  /** The passenger form as last left, so going back restores it. */
  draft: PassengerFormValues | null;
  /** The passengers as validated when the form was submitted. */
  passengers: Passenger[] | null;
  seatChoices: SeatChoices;
  /** Extra checked bags, chosen beside the seats. */
  bagChoices: BagChoices;
  /** Seats chosen for everyone, or skipped: the payment step is open. */
  seatsDone: boolean;
  booking: ConfirmedBooking | null;
  /** Set while a booking request awaits a retry: no new payment may start meanwhile. */
  pendingBooking: PendingBooking | null;
  /** Passenger errors the server found (a 422), shown when the form opens again. */
  passengerErrors: ServerPassengerError[];
  /** Why the seats must be chosen again (taken meanwhile, or not for that passenger). */
  seatProblem: string | null;
}

export type CheckoutAction =
  | { type: 'draftSaved'; draft: PassengerFormValues }
  | { type: 'passengersSubmitted'; draft: PassengerFormValues; passengers: Passenger[] }
  | { type: 'seatChosen'; segmentId: string; passengerId: string; designator: string | null }
  | { type: 'bagsChosen'; serviceId: string; quantity: number }
  | { type: 'seatsConfirmed' }
  | { type: 'seatsSkipped' }
  | { type: 'passengersRejected'; errors: ServerPassengerError[] }
  | {
      type: 'seatsRejected';
      message: string;
      /** Seats someone else holds now: dropped from the choice. */
      taken: readonly { segmentId: string; designator: string }[];
    }
  | { type: 'bookingPending'; pending: PendingBooking }
  | { type: 'bookingSettled' }
  | { type: 'booked'; booking: ConfirmedBooking };

export const initialCheckoutState: CheckoutState = {
  draft: null,
  passengers: null,
  seatChoices: {},
  bagChoices: {},
  seatsDone: false,
  booking: null,
  pendingBooking: null,
  passengerErrors: [],
  seatProblem: null,
};

/**
 * The checkout as a reload finds it: what was typed and chosen, with the passengers valid again
 * only if they still pass every rule (a day may have passed).
 */
export function restoreCheckout(
  stored: StoredCheckout | null,
  rules: PassengerRules,
): CheckoutState {
  if (!stored) return initialCheckoutState;
  const checked = stored.draft ? validatePassengers(stored.draft, rules) : null;
  const passengers = checked?.success ? checked.passengers : null;
  return {
    ...initialCheckoutState,
    draft: stored.draft,
    passengers,
    seatChoices: stored.seatChoices,
    bagChoices: stored.bagChoices,
    seatsDone: passengers !== null && stored.seatsDone,
    pendingBooking: stored.pendingBooking,
  };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'draftSaved':
      return { ...state, draft: action.draft };
    case 'passengersSubmitted':
      return { ...state, draft: action.draft, passengers: action.passengers, passengerErrors: [] };
    case 'seatChosen': {
      const { [action.passengerId]: _previous, ...others } =
        state.seatChoices[action.segmentId] ?? {};
      const segment = action.designator
        ? { ...others, [action.passengerId]: action.designator }
        : others;
      return { ...state, seatChoices: { ...state.seatChoices, [action.segmentId]: segment } };
    }
    case 'bagsChosen':
      return {
        ...state,
        bagChoices: withBagQuantity(state.bagChoices, action.serviceId, action.quantity),
      };
    case 'seatsConfirmed':
      return { ...state, seatsDone: true, seatProblem: null };
    case 'seatsSkipped':
      return { ...state, seatChoices: {}, seatsDone: true, seatProblem: null };
    case 'passengersRejected':
      return { ...state, passengers: null, passengerErrors: action.errors };
    case 'seatsRejected': {
      const taken = new Set(action.taken.map((seat) => `${seat.segmentId}|${seat.designator}`));
      const seatChoices = Object.fromEntries(
        Object.entries(state.seatChoices).map(([segmentId, seats]) => [
          segmentId,
          Object.fromEntries(
            Object.entries(seats).filter(
              ([, designator]) => !taken.has(`${segmentId}|${designator}`),
            ),
          ),
        ]),
      );
      return { ...state, seatChoices, seatsDone: false, seatProblem: action.message };
    }
    case 'bookingPending':
      return { ...state, pendingBooking: action.pending };
    case 'bookingSettled':
      return { ...state, pendingBooking: null };
    case 'booked':
      return { ...state, booking: action.booking, pendingBooking: null };
  }
}

/**
 * The step to show for the one asked for: never past what is filled in (a reload or an edited URL
 * starts where the data stops), and only the confirmation once booked.
 */
export function reachableStep(
  state: CheckoutState,
  requested: CheckoutStep | undefined,
): CheckoutStep {
  if (state.booking) return 'confirmation';
  if (state.pendingBooking) return 'payment';
  if (!state.passengers || requested === undefined || requested === 'passengers')
    return 'passengers';
  if (requested === 'seats' || !state.seatsDone) return 'seats';
  return 'payment';
}
