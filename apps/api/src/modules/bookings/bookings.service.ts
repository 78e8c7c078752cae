import { createHash, randomInt, randomUUID } from 'node:crypto';
import { bookingMessages, passengerSchema, type Passenger } from '@contrail/contracts/bookings';
import { toMinorUnits } from '@contrail/contracts/money';
import type { Offer } from '@contrail/contracts/offers';
import type { SeatSelection } from '@contrail/contracts/payments';
import { AppError, badRequest } from '../../lib/app-error';
import { PaymentError, type PaymentProvider } from '../../payments/payment-provider';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierOrder,
  type SupplierPassenger,
} from '../../suppliers/flight-supplier';
import type { UsersRepository } from '../auth/auth.repository';
import type { AuthService, Authenticated, SignedIn } from '../auth/auth.service';
import type { UserRow } from '../auth/auth.table';
import { generatePassword, hashPassword } from '../auth/password';
import type { BrandContext } from '../brands/brands.service';
import { supplierFailure } from '../flights/flights.service';
import type { PaymentsRepository } from '../payments/payments.repository';
import { renderConfirmationEmail } from './booking-email';
import type { BookingsRepository } from './bookings.repository';
import type { BookingRow } from './bookings.table';
import { assertAmount, pricingMessages, quote, type PricedSeat } from './pricing';

/** A booking left between steps this long is the reconciler's to finish or roll back. */
export const STALE_AFTER_MS = 2 * 60 * 1000;
const LEASE_MS = 60 * 1000;
const REPLAY_WAIT_MS = 25_000;
const REPLAY_POLL_MS = 50;

export type BookingStep = 'claimed' | 'ordered' | 'captured';

export interface CreateBookingInput {
  offerId: string;
  passengers: Record<string, unknown>[];
  seats: SeatSelection[];
  paymentDetails: { paymentId: string; amount: string; currency: string };
}

export interface BookingResult {
  id: string;
  duffelBookingId: string;
  bookingReference: string;
  status: 'confirmed';
  accountCreated: boolean;
  accountInfo: { username: string; email: string; password: string | null } | null;
  emailContent: { to: string; subject: string; html: string; text: string };
  /** A guest account's new session, for the route to set as a cookie. */
  session?: SignedIn;
}

export interface BookingsService {
  create(
    context: { brand: BrandContext; auth: Authenticated | null },
    input: CreateBookingInput,
    key: string,
  ): Promise<BookingResult>;
  /** Finishes or rolls back every booking left between steps; answers how many it settled. */
  reconcile(): Promise<number>;
}

export interface BookingsServiceDeps {
  bookings: BookingsRepository;
  payments: PaymentsRepository;
  users: UsersRepository;
  auth: AuthService;
  supplier: FlightSupplier;
  provider: PaymentProvider;
  clock: () => Date;
  /** Tests make a step "crash" here to check that the reconciler recovers. */
  afterStep?: (step: BookingStep, bookingId: string) => void | Promise<void>;
}

interface StoredFailure {
  status: number;
  code: string;
  message: string;
}

/** The same seats for the same passengers, in any order (jsonb does not keep key order). */
function sameSeats(a: readonly SeatSelection[], b: readonly SeatSelection[]): boolean {
  const keys = (seats: readonly SeatSelection[]) =>
    seats
      .map((s) => `${s.passengerId}|${s.segmentId}|${s.designator}`)
      .sort()
      .join(',');
  return a.length === b.length && keys(a) === keys(b);
}

function requestHash(input: CreateBookingInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

const E164 = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : `+${digits}`;
};

/** Checks every passenger against the offer and the spec's rules; answers them in offer order. */
export function validatePassengers(
  offer: Offer,
  raw: Record<string, unknown>[],
  today: string,
): Passenger[] {
  const fields: Record<string, string> = {};
  const parsed = raw.map((passenger, i) => {
    const result = passengerSchema({
      today,
      passportRequired: offer.passenger_identity_documents_required,
      primary: i === 0,
    }).safeParse(passenger);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      fields[`passengers.${i}.${issue.path.join('.')}`] ??= issue.message;
    return undefined;
  });
  const [first] = Object.values(fields);
  if (first !== undefined) throw badRequest(first, fields);
  const passengers = parsed.filter((p): p is Passenger => p !== undefined);
  const offered = new Map(offer.passengers.map((p) => [p.id, p.type]));
  const same =
    passengers.length === offered.size &&
    new Set(passengers.map((p) => p.id)).size === passengers.length &&
    passengers.every((p) => offered.get(p.id) === p.type);
  if (!same) throw new AppError(422, 'passengers_mismatch', bookingMessages.passengersMismatch);
  return passengers;
}

function supplierPassengers(passengers: Passenger[]): SupplierPassenger[] {
  const [lead] = passengers;
  const infants = passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id);
  return passengers.map((p) => {
    const gender =
      p.gender === 'female' ||
      (p.gender !== 'male' && ['ms', 'mrs', 'miss'].includes(p.title ?? ''))
        ? 'f'
        : 'm';
    const infant = p.type === 'adult' ? infants.shift() : undefined;
    return {
      id: p.id,
      title: p.title ?? (gender === 'f' ? 'ms' : 'mr'),
      givenName: p.firstName,
      familyName: p.lastName,
      gender,
      bornOn: p.dateOfBirth,
      // Airlines need a contact for everyone; companions without their own use the lead's.
      email: p.email ?? lead?.email ?? '',
      phoneNumber: E164(p.phone ?? lead?.phone ?? ''),
      ...(infant ? { infantPassengerId: infant } : {}),
      ...(p.passportNumber && p.passportExpiryDate && p.passportIssuingCountry
        ? {
            passport: {
              number: p.passportNumber,
              issuingCountryCode: p.passportIssuingCountry,
              expiresOn: p.passportExpiryDate,
            },
          }
        : {}),
    };
  });
}

function failureOf(error: unknown): StoredFailure | undefined {
  const mapped = error instanceof SupplierError ? supplierFailure(error) : error;
  if (mapped instanceof AppError)
    return { status: mapped.statusCode, code: mapped.code, message: mapped.message };
  if (error instanceof SupplierError) {
    return error.code === 'seat_unavailable'
      ? { status: 409, code: 'seat_unavailable', message: pricingMessages.seatTaken }
      : { status: 422, code: 'order_failed', message: bookingMessages.orderFailed };
  }
  return undefined;
}

export function createBookingsService(deps: BookingsServiceDeps): BookingsService {
  const { bookings, payments, users, auth, supplier, provider, clock } = deps;
  const mustFind = async (id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    if (!row) throw new Error(`Booking ${id} vanished`);
    return row;
  };
  const checkpoint = async (step: BookingStep, id: string) => {
    if (deps.afterStep) await deps.afterStep(step, id);
  };

  /** Rolls a booking back: release the hold, then record the failure. */
  async function rollBack(
    row: BookingRow,
    from: BookingRow['status'],
    failure: StoredFailure,
  ): Promise<void> {
    const now = clock();
    if (from !== 'voiding' && !(await bookings.advance(row.id, from, 'voiding', {}, now))) return;
    if (row.providerPaymentId) {
      try {
        await provider.void(row.providerPaymentId);
      } catch (error) {
        if (!(error instanceof PaymentError && error.code === 'invalid_state')) throw error;
        // Already captured: the booking exists at the airline after all; the reconciler must not void it.
        throw error;
      }
      await payments.transition(row.paymentId, 'used', 'voided', now);
    }
    await bookings.advance(
      row.id,
      'voiding',
      'failed',
      {
        failureStatus: failure.status,
        failureCode: failure.code,
        failureMessage: failure.message,
      },
      clock(),
    );
  }

  /** Captures the payment of an ordered booking and confirms it. */
  async function capture(row: BookingRow): Promise<void> {
    if (!row.providerPaymentId) throw new Error(`Booking ${row.id} has no payment to capture`);
    await provider.capture(row.providerPaymentId);
    await checkpoint('captured', row.id);
    await bookings.advance(row.id, 'capturing', 'confirmed', {}, clock());
  }

  async function accountFor(
    brand: BrandContext,
    signedIn: Authenticated | null,
    email: string,
    firstName: string,
    lastName: string,
  ): Promise<{
    user: UserRow | undefined;
    created: { username: string; password: string } | null;
  }> {
    if (signedIn) return { user: signedIn.user, created: null };
    const existing = await users.findByEmail(brand.id, email);
    if (existing) return { user: existing, created: null };
    const cleaned = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30);
    const base = cleaned === '' ? 'traveller' : cleaned;
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const username = `${base}${attempt === 0 ? '' : randomInt(1000, 9999)}`.padEnd(3, '0');
      const user = await users.insert({
        brandId: brand.id,
        username,
        email,
        firstName,
        lastName,
        passwordHash,
        passwordTemporary: true,
      });
      if (user) return { user, created: { username, password } };
      if (await users.findByEmail(brand.id, email)) break;
    }
    return { user: await users.findByEmail(brand.id, email), created: null };
  }

  async function waitForResult(brandId: string, key: string, hash: string): Promise<BookingResult> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    for (;;) {
      const row = await bookings.findByKey(brandId, key);
      if (!row) throw new Error('booking vanished');
      if (row.requestHash !== hash)
        throw new AppError(422, 'idempotency_key_reused', bookingMessages.idempotencyKeyReused);
      if (row.status === 'confirmed' && row.response) return row.response as BookingResult;
      if (row.status === 'failed') {
        throw new AppError(
          row.failureStatus ?? 422,
          row.failureCode ?? 'booking_failed',
          row.failureMessage ?? bookingMessages.interrupted,
        );
      }
      if (Date.now() > deadline)
        throw new AppError(409, 'booking_in_progress', bookingMessages.inProgress);
      await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
    }
  }

  return {
    async create({ brand, auth: signedIn }, input, key) {
      const hash = requestHash(input);
      const now = clock();
      const id = randomUUID();
      const authorization = await payments.find(input.paymentDetails.paymentId);
      const lead = input.passengers[0] ?? {};
      const inserted = await bookings.insertIfNew({
        id,
        brandId: brand.id,
        userId: signedIn?.user.id ?? null,
        idempotencyKey: key,
        requestHash: hash,
        status: 'pending',
        offerId: input.offerId,
        passengers: input.passengers,
        seats: input.seats,
        contactEmail: typeof lead.email === 'string' ? lead.email.trim() : '',
        currency: input.paymentDetails.currency.toUpperCase(),
        sellTotalMinor: toMinorUnits(input.paymentDetails.amount),
        paymentId: input.paymentDetails.paymentId,
        providerPaymentId: null,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) return waitForResult(brand.id, key, hash);

      let row = await mustFind(id);
      // The payment must be this brand's, for this offer, and used by no other booking.
      const usable =
        authorization?.brandId === brand.id &&
        authorization.offerId === input.offerId &&
        sameSeats(authorization.seats as SeatSelection[], input.seats) &&
        (await payments.claim(authorization.id, id, now));
      if (!usable) {
        const failure = {
          status: 409,
          code: 'payment_not_usable',
          message: bookingMessages.paymentNotUsable,
        };
        await bookings.advance(
          id,
          'pending',
          'failed',
          { failureStatus: 409, failureCode: failure.code, failureMessage: failure.message },
          clock(),
        );
        throw new AppError(failure.status, failure.code, failure.message);
      }
      await bookings.update(id, {
        providerPaymentId: authorization.providerPaymentId,
        cardBrand: authorization.cardBrand,
        cardLast4: authorization.cardLast4,
      });
      row = {
        ...row,
        providerPaymentId: authorization.providerPaymentId,
        cardBrand: authorization.cardBrand,
        cardLast4: authorization.cardLast4,
      };
      await checkpoint('claimed', id);

      // Re-read the offer and re-price: expired, changed or refused means release the hold.
      let passengers: Passenger[];
      let seats: PricedSeat[];
      let providerOrder: SupplierOrder;
      try {
        const priced = await quote(supplier, brand, input.offerId, input.seats);
        if (priced.sellTotalMinor !== authorization.amountMinor)
          assertAmount(priced, input.paymentDetails.amount, authorization.currency);
        assertAmount(priced, input.paymentDetails.amount, input.paymentDetails.currency);
        passengers = validatePassengers(
          priced.providerOffer,
          input.passengers,
          now.toISOString().slice(0, 10),
        );
        seats = priced.seats;
        const advanced = await bookings.advance(
          id,
          'pending',
          'ordering',
          {
            passengers,
            providerTotalMinor: priced.providerTotalMinor,
            seatsTotalMinor: priced.seatsMinor,
            markupMinor: priced.markupMinor,
            contactEmail: passengers[0]?.email ?? '',
          },
          clock(),
        );
        if (!advanced) throw new AppError(409, 'booking_in_progress', bookingMessages.inProgress);
        providerOrder = await supplier.createOrder({
          offerId: input.offerId,
          passengers: supplierPassengers(passengers),
          serviceIds: seats.map((seat) => seat.serviceId),
          amount: (priced.providerTotalMinor / 100).toFixed(2),
          currency: priced.currency,
          reference: id,
        });
      } catch (error) {
        const failure = failureOf(error);
        if (!failure) throw error;
        const current = (await bookings.find(id)) ?? row;
        await rollBack(current, current.status, failure);
        throw error instanceof AppError
          ? error
          : new AppError(failure.status, failure.code, failure.message);
      }

      await bookings.advance(
        id,
        'ordering',
        'capturing',
        {
          providerOrderId: providerOrder.id,
          bookingReference: providerOrder.bookingReference,
          order: providerOrder,
        },
        clock(),
      );
      await checkpoint('ordered', id);
      row = await mustFind(id);
      await capture(row);

      // Confirmed and paid: now the traveller's account and the confirmation.
      const primary = passengers[0];
      const email = primary?.email ?? row.contactEmail;
      const account = await accountFor(
        brand,
        signedIn,
        email,
        primary?.firstName ?? '',
        primary?.lastName ?? '',
      );
      if (account.user) await bookings.update(id, { userId: account.user.id });
      const emailContent = renderConfirmationEmail({
        brand: brand.brand,
        to: email,
        bookingReference: providerOrder.bookingReference,
        bookingId: id,
        passengers: passengers.map((p) => ({ firstName: p.firstName, lastName: p.lastName })),
        slices: providerOrder.slices,
        totalMinor: authorization.amountMinor,
        currency: authorization.currency,
        card: { brand: authorization.cardBrand, last4: authorization.cardLast4 },
        accountUsername: account.created?.username ?? null,
      });
      await bookings.queueEmail({
        brandId: brand.id,
        recipient: email,
        subject: emailContent.subject,
        html: emailContent.html,
        text: emailContent.text,
        kind: 'booking_confirmation',
        relatedId: id,
      });
      const result: BookingResult = {
        id,
        duffelBookingId: providerOrder.id,
        bookingReference: providerOrder.bookingReference,
        status: 'confirmed',
        accountCreated: account.created !== null,
        accountInfo: account.created
          ? { username: account.created.username, email, password: null }
          : null,
        emailContent,
      };
      // The replay never holds the password: it is shown once, in this answer only.
      await bookings.update(id, { response: result });
      const session =
        account.created && account.user
          ? await auth.openSession(account.user, brand.id)
          : undefined;
      return {
        ...result,
        accountInfo: account.created
          ? { username: account.created.username, email, password: account.created.password }
          : null,
        ...(session ? { session } : {}),
      };
    },

    async reconcile() {
      const now = clock();
      const rows = await bookings.listUnfinished(new Date(now.getTime() - STALE_AFTER_MS), now, 50);
      let settled = 0;
      for (const row of rows) {
        if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) continue;
        const interrupted = {
          status: 422,
          code: 'booking_interrupted',
          message: bookingMessages.interrupted,
        };
        switch (row.status) {
          case 'pending':
            await rollBack(row, 'pending', interrupted);
            break;
          case 'ordering': {
            // The airline may or may not have made the order before the crash: ask it.
            const order = await supplier.findOrderByReference(row.id);
            if (order?.cancelledAt === null) {
              await bookings.advance(
                row.id,
                'ordering',
                'capturing',
                { providerOrderId: order.id, bookingReference: order.bookingReference, order },
                clock(),
              );
              await capture({ ...row, status: 'capturing' });
            } else {
              await rollBack(row, 'ordering', interrupted);
            }
            break;
          }
          case 'capturing':
            await capture(row);
            break;
          case 'voiding':
            await rollBack(row, 'voiding', interrupted);
            break;
          default:
            continue;
        }
        settled += 1;
      }
      return settled;
    },
  };
}
