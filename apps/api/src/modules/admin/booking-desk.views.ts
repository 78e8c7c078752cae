/**
 * The back office's bookings desk as staff see it: a booking's summary and page (passengers,
 * flights, seats and bags, money, payment, what staff may do), read from the booking's record.
 */
import type { AdminBookingDetail } from '@contrail/contracts/back-office-bookings';
import type { AdminMoney } from '@contrail/contracts/back-office';
import { assistanceLabels } from '@contrail/contracts/passenger-types';
import { fromMinorUnits } from '@contrail/contracts/money';
import {
  readStoredBags,
  readStoredSeats,
  type StoredOrder,
  type StoredPassenger,
} from '../bookings';
import { STALE_AFTER_MS } from '../bookings/bookings.service';
import { toBookingView } from '../bookings/trips.service';
import type { BookingRecord } from './back-office-records';

export const money = (minor: number, currency: string): AdminMoney => ({
  amount: fromMinorUnits(minor, currency),
  currency,
});

/** A passenger's name as the back office shows it (blank while the request's has none). */
export function nameOf(p: StoredPassenger): string {
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
}

export const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

export function routeOf(order: StoredOrder | null): string | null {
  if (!order || order.slices.length === 0) return null;
  const first = order.slices[0];
  if (!first) return null;
  const points = [first.origin.iata_code, first.destination.iata_code];
  const last = order.slices.at(-1);
  // A round trip back to where it began reads LHR ⇄ JFK; others list each slice's end.
  if (order.slices.length === 2 && last?.destination.iata_code === first.origin.iata_code) {
    return `${points[0] ?? ''} ⇄ ${points[1] ?? ''}`;
  }
  for (const slice of order.slices.slice(1)) points.push(slice.destination.iata_code);
  return points.join(' → ');
}

const UNFINISHED = new Set(['pending', 'ordering', 'capturing', 'voiding']);

/** A passenger as the booking's page shows them. */
/** The assistance requests of a booking's passengers, with the SSR code's meaning. */
export function assistanceOf(passengers: StoredPassenger[]): AdminBookingDetail['assistance'] {
  return passengers.flatMap((p) =>
    p.assistance
      ? [
          {
            passenger: nameOf(p),
            code: p.assistance,
            label:
              (assistanceLabels as Record<string, string | undefined>)[p.assistance] ??
              p.assistance,
          },
        ]
      : [],
  );
}

export function passengerDetail(p: StoredPassenger): AdminBookingDetail['passengers'][number] {
  return {
    type: p.type,
    title: p.title ?? null,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    dateOfBirth: p.dateOfBirth ?? null,
    // Only the lead passenger gives contact details; the others' are blank.
    email: blankToNull(p.email),
    phone: blankToNull(p.phone),
  };
}

/** The booked flights, slice by slice. */
export function itineraryOf(order: StoredOrder | null): AdminBookingDetail['itinerary'] {
  return (order?.slices ?? []).map((slice) => ({
    origin: slice.origin.iata_code,
    destination: slice.destination.iata_code,
    segments: slice.segments.map((segment) => ({
      origin: segment.origin.iata_code,
      destination: segment.destination.iata_code,
      departingAt: segment.departing_at,
      arrivingAt: segment.arriving_at,
      carrier: segment.operating_carrier.name,
      flightNumber: segment.flight_number,
    })),
  }));
}

/** The seats and bags bought, each with its passenger's name and its flights' route. */
export function seatsAndBagsOf(
  row: BookingRecord['row'],
  order: StoredOrder | null,
  passengers: StoredPassenger[],
): Pick<AdminBookingDetail, 'seats' | 'bags'> {
  const segments = new Map(
    (order?.slices ?? []).flatMap((slice) =>
      slice.segments.map((segment) => [
        segment.id,
        `${segment.origin.iata_code}–${segment.destination.iata_code}`,
      ]),
    ),
  );
  const names = new Map(passengers.map((p) => [p.id, nameOf(p)]));
  return {
    seats: readStoredSeats(row.seats).map((seat) => ({
      passenger: names.get(seat.passengerId) ?? seat.passengerId,
      segment: segments.get(seat.segmentId) ?? seat.segmentId,
      designator: seat.designator,
    })),
    bags: readStoredBags(row.bags).map((bag) => ({
      passenger: names.get(bag.passengerId) ?? bag.passengerId,
      route: bag.segmentIds.map((id) => segments.get(id) ?? id).join(', '),
      quantity: bag.quantity,
    })),
  };
}

/** What the traveller paid, what the flights cost, the margin between and any refund. */
export function moneyOf(row: BookingRecord['row']): AdminBookingDetail['money'] {
  const cost = row.providerTotalMinor === null ? null : money(row.providerTotalMinor, row.currency);
  return {
    sell: money(row.sellTotalMinor, row.currency),
    providerCost: cost,
    seats: row.seatsTotalMinor === null ? null : money(row.seatsTotalMinor, row.currency),
    bags: row.bagsTotalMinor === null ? null : money(row.bagsTotalMinor, row.currency),
    margin:
      row.providerTotalMinor === null
        ? null
        : money(row.sellTotalMinor - row.providerTotalMinor, row.currency),
    refund: row.refundMinor === null ? null : money(row.refundMinor, row.currency),
  };
}

/** The payment: its processor, its ids, how its authorization stands and the card. */
export function paymentOf(record: BookingRecord): AdminBookingDetail['payment'] {
  const { row } = record;
  return {
    processor: row.paymentProvider,
    paymentId: row.paymentId,
    providerPaymentId: row.providerPaymentId,
    authorizationStatus: record.authorizationStatus,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    ...processorRecordOf(record.processorRecord, row.currency),
  };
}

/** Refunds and a dispute the processor's events recorded, whoever made them. */
function processorRecordOf(
  record: BookingRecord['processorRecord'],
  currency: string,
): Pick<AdminBookingDetail['payment'], 'refundedAtProcessor' | 'dispute'> {
  if (!record) return { refundedAtProcessor: null, dispute: null };
  const { disputeId, disputeStatus, disputeReason } = record;
  return {
    refundedAtProcessor: record.refundedMinor > 0 ? money(record.refundedMinor, currency) : null,
    dispute:
      disputeId && disputeStatus && disputeReason
        ? {
            id: disputeId,
            status: disputeStatus,
            amount: money(record.disputeAmountMinor ?? 0, currency),
            reason: disputeReason,
            evidenceDueBy: record.disputeEvidenceDueBy?.toISOString() ?? null,
          }
        : null,
  };
}

/** What staff may do with the booking now. */
export function actionsOf(
  record: BookingRecord,
  order: StoredOrder | null,
  now: Date,
): AdminBookingDetail['actions'] {
  const { row } = record;
  const stale = row.updatedAt.getTime() <= now.getTime() - STALE_AFTER_MS;
  return {
    resendEmail: row.status === 'confirmed' && order !== null && row.bookingReference !== null,
    // What the traveller may cancel, staff may: confirmed and not yet flown.
    cancel: toBookingView(row, now).canCancel,
    voidHold: record.paymentState === 'held' && row.status === 'failed',
    reconcile:
      stale &&
      (UNFINISHED.has(row.status) ||
        row.status === 'cancelling' ||
        (row.status === 'confirmed' && row.response === null)),
  };
}

/** A booking's state as an action's audit entry keeps it, before and after. */
export const snapshot = (record: BookingRecord) => ({
  status: record.row.status,
  paymentState: record.paymentState,
  refund:
    record.row.refundMinor === null
      ? null
      : fromMinorUnits(record.row.refundMinor, record.row.currency),
});
