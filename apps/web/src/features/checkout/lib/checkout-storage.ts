import { createBookingRequestSchema } from '@contrail/contracts/bookings';
import { PASSENGER_TYPES } from '@contrail/contracts/passenger-types';
import { z } from 'zod';
import type { PassengerDraft, PassengerFormValues } from './passenger-form';
import type { SeatChoices } from './seat-map';
import type { BagChoices } from './bags';

/**
 * A checkout survives a reload: what was typed and chosen is kept in sessionStorage per offer
 * (this tab only, gone when it closes). Never card data, never a password: the card stays in
 * memory, and the confirmation (which may hold a new account's password) is not kept.
 */
const KEY_PREFIX = 'contrail.checkout.';
/** Travellers typed for an offer that expired, offered to the next checkout. */
const CARRY_KEY = 'contrail.checkout.carry';

const draftSchema = z.object({
  id: z.string(),
  type: z.enum(PASSENGER_TYPES),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.string(),
  dateOfBirth: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneCountry: z.string(),
  passportNumber: z.string(),
  passportExpiryDate: z.string(),
  passportIssuingCountry: z.string(),
  nationality: z.string(),
  frequentFlyerAirline: z.string(),
  frequentFlyerNumber: z.string(),
  assistance: z.string(),
  skipPassport: z.boolean(),
}) satisfies z.ZodType<PassengerDraft>;

const formSchema = z.object({ passengers: z.array(draftSchema).max(18) });

const seatSchema = z.object({
  passengerId: z.string(),
  segmentId: z.string(),
  designator: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
});

const bagSchema = z.object({
  serviceId: z.string(),
  passengerId: z.string(),
  segmentIds: z.array(z.string()),
  quantity: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
});

const pendingSchema = z.object({
  idempotencyKey: z.string(),
  body: createBookingRequestSchema,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  seats: z.array(seatSchema),
  bags: z.array(bagSchema).default([]),
  unclear: z.boolean(),
});
type StoredPending = z.infer<typeof pendingSchema>;

/**
 * The booking to make once Stripe has the card: kept while 3-D Secure may take the traveller to
 * their bank and back (a full page load), so the return resumes it with the same key.
 */
const CARD_RETURN_PREFIX = 'contrail.checkout.card-return.';

const storedSchema = z.object({
  version: z.literal(1),
  draft: formSchema.nullable(),
  seatChoices: z.record(z.string(), z.record(z.string(), z.string())),
  bagChoices: z.record(z.string(), z.number().int().min(1).max(9)).default({}),
  seatsDone: z.boolean(),
  /** A booking whose answer was lost: retried with its key after a reload too. */
  pendingBooking: pendingSchema.nullable(),
});
export type StoredCheckout = z.infer<typeof storedSchema>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the checkout still works, it just forgets on reload.
  }
}

export function loadCheckout(offerId: string): StoredCheckout | null {
  return read(KEY_PREFIX + offerId, storedSchema);
}

export function saveCheckout(
  offerId: string,
  state: {
    draft: PassengerFormValues | null;
    seatChoices: SeatChoices;
    bagChoices: BagChoices;
    seatsDone: boolean;
    pendingBooking: StoredCheckout['pendingBooking'];
  },
): void {
  const stored: StoredCheckout = {
    version: 1,
    draft: state.draft,
    seatChoices: { ...state.seatChoices },
    bagChoices: { ...state.bagChoices },
    seatsDone: state.seatsDone,
    pendingBooking: state.pendingBooking,
  };
  write(KEY_PREFIX + offerId, stored);
}

export function clearCheckout(offerId: string): void {
  try {
    storage()?.removeItem(KEY_PREFIX + offerId);
  } catch {
    // Nothing to clear.
  }
}

/** Keeps the travellers typed for an expired offer for the next checkout. */
export function carryTravellers(draft: PassengerFormValues): void {
  write(CARRY_KEY, draft);
}

export function readCarriedTravellers(): PassengerFormValues | null {
  return read(CARRY_KEY, formSchema);
}

export function forgetCarriedTravellers(): void {
  try {
    storage()?.removeItem(CARRY_KEY);
  } catch {
    // Nothing to forget.
  }
}

export function saveCardReturn(offerId: string, pending: StoredPending): void {
  write(CARD_RETURN_PREFIX + offerId, pending);
}

/** The booking kept for this offer's card confirmation, left in place. */
export function peekCardReturn(offerId: string): StoredPending | null {
  return read(CARD_RETURN_PREFIX + offerId, pendingSchema);
}

/** The booking kept for this offer's card confirmation, once (it is forgotten as it is read). */
export function takeCardReturn(offerId: string): StoredPending | null {
  const pending = read(CARD_RETURN_PREFIX + offerId, pendingSchema);
  try {
    storage()?.removeItem(CARD_RETURN_PREFIX + offerId);
  } catch {
    // Nothing to forget.
  }
  return pending;
}
