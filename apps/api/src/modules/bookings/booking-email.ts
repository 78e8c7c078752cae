import { createElement } from 'react';
import type { Brand } from '@contrail/contracts/brands';
import type { AirlineCreditView, BookingView } from '@contrail/contracts/bookings';
import { toMinorUnits } from '@contrail/contracts/money';
import type { PassengerType } from '@contrail/contracts/passenger-types';
import type { Offer, Slice } from '@contrail/contracts/offers';
import { tripCalendar, tripCalendarFileName } from '@contrail/contracts/calendar';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import {
  BookingCancellationEmail,
  BookingConfirmationEmail,
  brandSender,
  money,
  type QueuedEmail,
  renderEmail,
} from '../email';
import {
  readStoredBags,
  readStoredPassengers,
  readStoredSiteUrl,
  type StoredBag,
  type StoredOrder,
} from './bookings.columns';
import type { BookingRow } from './bookings.table';

export interface ConfirmationEmailInput {
  brand: Brand;
  to: string;
  bookingReference: string;
  bookingId: string;
  passengers: {
    id?: string | undefined;
    type: PassengerType;
    firstName: string;
    lastName: string;
  }[];
  slices: Slice[];
  /** The seats the airline confirmed. */
  seats: readonly { passengerId: string; segmentId: string; designator: string }[];
  /** The fare's conditions as shown when booking; unknown for an order kept before them. */
  conditions?: Offer['conditions'] | undefined;
  /** Of the total, what the seats and the extra bags cost (none or null: nothing bought). */
  seatsMinor: number | null;
  bagsMinor: number | null;
  /** The extra checked bags bought. */
  bags: readonly Pick<StoredBag, 'passengerId' | 'segmentIds' | 'quantity' | 'amountMinor'>[];
  totalMinor: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  /** Booked as a guest (no one signed in): the account is the subject of another e-mail. */
  guest: boolean;
  /** Where the brand's pages are, for the manage-booking link. */
  siteUrl: SiteUrl;
}

export interface RenderedBookingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The guest retrieve-booking page, filled in with this booking's reference and e-mail. */
function manageBookingUrl(siteUrl: SiteUrl, reference: string, email: string): string {
  return pageUrl(siteUrl, '/manage-booking', { reference, email });
}

/** "Ada Lovelace: 2 extra checked bags, London to New York, $70.00": one line per bag service. */
function bagLines(
  input: Pick<ConfirmationEmailInput, 'bags' | 'passengers' | 'slices' | 'currency'>,
): string[] {
  return input.bags.map((bag) => {
    const passenger = input.passengers.find((p) => p.id === bag.passengerId);
    const slice = input.slices.find((s) => s.segments.some((g) => g.id === bag.segmentIds[0]));
    const who = passenger ? `${passenger.firstName} ${passenger.lastName}: ` : '';
    const what = `${String(bag.quantity)} extra checked bag${bag.quantity === 1 ? '' : 's'}`;
    const where = slice ? `, ${slice.origin.city_name} to ${slice.destination.city_name}` : '';
    return `${who}${what}${where}, ${money(bag.amountMinor, input.currency)}`;
  });
}

const PASSENGER_KINDS: Record<PassengerType, string> = {
  adult: 'Adult',
  child: 'Child',
  infant_without_seat: 'Infant on an adult’s lap',
};

/** "Refundable (fee $50.00)", "Changes allowed, fees may apply": the fare's two rules. */
function conditionLines(conditions: Offer['conditions'] | undefined): string[] {
  if (!conditions) return [];
  const fee = (penalty: Offer['conditions']['refund_penalty']) =>
    penalty
      ? ` (fee ${money(toMinorUnits(penalty.amount, penalty.currency), penalty.currency)})`
      : '';
  return [
    conditions.refundable ? `Refundable${fee(conditions.refund_penalty)}` : 'Non-refundable',
    conditions.changeable
      ? conditions.change_penalty
        ? `Changes allowed${fee(conditions.change_penalty)}`
        : 'Changes allowed, fees may apply'
      : 'No changes allowed',
  ];
}

/** The flights' price, then the seats and the bags where bought: the total's parts. */
function breakdownOf(
  input: Pick<ConfirmationEmailInput, 'totalMinor' | 'seatsMinor' | 'bagsMinor' | 'currency'>,
): { label: string; amount: string }[] {
  const seats = input.seatsMinor ?? 0;
  const bags = input.bagsMinor ?? 0;
  return [
    { label: 'Flights', amount: money(input.totalMinor - seats - bags, input.currency) },
    ...(seats > 0 ? [{ label: 'Seats', amount: money(seats, input.currency) }] : []),
    ...(bags > 0 ? [{ label: 'Extra bags', amount: money(bags, input.currency) }] : []),
  ];
}

/** The booking confirmation in the brand's name and colours, as HTML and plain text. */
export async function renderConfirmationEmail(
  input: ConfirmationEmailInput,
): Promise<RenderedBookingEmail> {
  const { brand } = input;
  const rendered = await renderEmail(
    createElement(BookingConfirmationEmail, {
      brand,
      bookingReference: input.bookingReference,
      bookingId: input.bookingId,
      slices: input.slices,
      passengers: input.passengers.map((p) => ({
        id: p.id,
        name: `${p.firstName} ${p.lastName}`,
        kind: PASSENGER_KINDS[p.type],
        onLap: p.type === 'infant_without_seat',
      })),
      seats: input.seats,
      conditions: conditionLines(input.conditions),
      breakdown: breakdownOf(input),
      bags: bagLines(input),
      totalPaid: money(input.totalMinor, input.currency),
      card: input.card,
      manageUrl: manageBookingUrl(input.siteUrl, input.bookingReference, input.to),
      guest: input.guest,
    }),
  );
  return {
    to: input.to,
    subject: `${brand.name} booking confirmed: ${input.bookingReference}`,
    ...rendered,
  };
}

/** "Future Flight Credit for Ada Lovelace: $120.00, code 1234567890123, valid until Dec 2, 2027". */
function creditLine(credit: AirlineCreditView): string {
  const owner = credit.passengerName ? ` for ${credit.passengerName}` : '';
  const code = credit.code ? `, code ${credit.code}` : '';
  const expiry = credit.expiresAt
    ? `, valid until ${new Date(credit.expiresAt).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })}`
    : ', valid for as long as the airline’s conditions say';
  return `${credit.name}${owner}: ${money(toMinorUnits(credit.amount, credit.currency), credit.currency)}${code}${expiry}`;
}

/** The cancellation notice with the refund, in the brand's name and colours. */
export async function renderCancellationEmail({
  brand,
  booking,
  siteUrl,
  update = false,
}: {
  brand: Brand;
  booking: BookingView;
  /** Unknown when a crash left the cancellation to the reconciler: no link then. */
  siteUrl: SiteUrl | null;
  /** The later e-mail with the refund the airline has since stated. */
  update?: boolean;
}): Promise<RenderedBookingEmail> {
  const cancellation = booking.cancellation;
  const refund =
    cancellation === null
      ? money(0, booking.total.currency)
      : cancellation.refund === null
        ? null
        : money(
            toMinorUnits(cancellation.refund.amount, cancellation.refund.currency),
            cancellation.refund.currency,
          );
  const credits =
    cancellation?.refundStatus === 'credits' ? cancellation.credits.map(creditLine) : [];
  const route = booking.slices
    .map(
      (slice) =>
        `${slice.origin.city_name} (${slice.origin.iata_code}) to ${slice.destination.city_name} (${slice.destination.iata_code})`,
    )
    .join(', ');
  const rendered = await renderEmail(
    createElement(BookingCancellationEmail, {
      brand,
      bookingReference: booking.bookingReference,
      route,
      refund,
      credits,
      disputed: cancellation?.refundStatus === 'dispute',
      update,
      card: booking.card,
      manageUrl: siteUrl
        ? manageBookingUrl(siteUrl, booking.bookingReference, booking.contactEmail)
        : null,
    }),
  );
  return {
    to: booking.contactEmail,
    subject: update
      ? `${brand.name} refund for booking ${booking.bookingReference}`
      : `${brand.name} booking cancelled: ${booking.bookingReference}`,
    ...rendered,
  };
}

/** The trip's flights as a calendar file (`trip-QX7P2L.ics`), attached to its confirmation. */
function tripCalendarAttachment(trip: {
  bookingReference: string;
  brandName: string;
  slices: Slice[];
  now: Date;
}): NonNullable<QueuedEmail['attachments']>[number] {
  return {
    filename: tripCalendarFileName(trip.bookingReference),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: tripCalendar(trip),
  };
}

/** The outbox entry for a rendered booking e-mail, sent in the brand's name. */
export function bookingEmail(
  brand: { id: string; brand: Brand },
  email: RenderedBookingEmail,
  kind: QueuedEmail['kind'],
  bookingId: string,
  attachments: QueuedEmail['attachments'] = null,
): QueuedEmail {
  return {
    brandId: brand.id,
    recipient: email.to,
    ...brandSender(brand.brand),
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments,
    kind,
    relatedId: bookingId,
  };
}

/** Where the booking was made (for its links), or the brand's own host when that was not kept. */
export function siteUrlOf(row: Pick<BookingRow, 'siteUrl'>, brand: { key: string }): SiteUrl {
  return readStoredSiteUrl(row.siteUrl) ?? { origin: `https://${brand.key}`, brandParam: null };
}

/**
 * A confirmed booking's confirmation, from its row and the order it keeps: the rendered e-mail
 * and its outbox entry in the brand's name, the trip's calendar attached. `to` is the lead
 * passenger's address (or the booking's contact), `guest` whether another e-mail tells the address
 * about an account.
 */
export async function confirmationOf(
  row: BookingRow,
  order: StoredOrder,
  brand: { id: string; key: string; brand: Brand },
  { to, guest, now }: { to: string; guest: boolean; now: Date },
): Promise<{ email: RenderedBookingEmail; queued: QueuedEmail }> {
  const email = await renderConfirmationEmail({
    brand: brand.brand,
    to,
    bookingReference: order.bookingReference,
    bookingId: row.id,
    // Checked passengers (stored at the order step): every one has both names.
    passengers: readStoredPassengers(row.passengers).map((p) => ({
      id: p.id,
      type: p.type,
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
    })),
    // The flights and seats as the airline confirmed them (the stored order).
    slices: order.slices,
    seats: order.seats,
    conditions: order.conditions,
    bags: readStoredBags(row.bags),
    seatsMinor: row.seatsTotalMinor,
    bagsMinor: row.bagsTotalMinor,
    totalMinor: row.sellTotalMinor,
    currency: row.currency,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    guest,
    siteUrl: siteUrlOf(row, brand),
  });
  const calendar = tripCalendarAttachment({
    bookingReference: order.bookingReference,
    brandName: brand.brand.name,
    slices: order.slices,
    now,
  });
  return { email, queued: bookingEmail(brand, email, 'booking_confirmation', row.id, [calendar]) };
}
