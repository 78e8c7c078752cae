import type { Brand } from '@contrail/contracts/brands';
import type { BookingView } from '@contrail/contracts/bookings';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import type { Slice } from '@contrail/contracts/offers';
import { textColourOn } from '@contrail/contracts/theme';
import { escapeHtml } from '../../web/render-page';

export interface ConfirmationEmailInput {
  brand: Brand;
  to: string;
  bookingReference: string;
  bookingId: string;
  passengers: { firstName: string; lastName: string }[];
  slices: Slice[];
  totalMinor: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  /** Username of a guest account made for this booking (never its password). */
  accountUsername: string | null;
}

const time = (local: string) => local.slice(11, 16);
const date = (local: string) =>
  new Date(`${local.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    Number(fromMinorUnits(minor)),
  );

/** The booking confirmation in the brand's name and colours, as HTML and plain text. */
export function renderConfirmationEmail(input: ConfirmationEmailInput): {
  to: string;
  subject: string;
  html: string;
  text: string;
} {
  const { brand } = input;
  const subject = `${brand.name} booking confirmed: ${input.bookingReference}`;
  const total = money(input.totalMinor, input.currency);
  const flightLines = input.slices.flatMap((slice, i) => [
    `${i === 0 ? 'Outbound' : 'Return'}: ${slice.origin.city_name} (${slice.origin.iata_code}) to ${slice.destination.city_name} (${slice.destination.iata_code})`,
    ...slice.segments.map(
      (s) =>
        `  ${s.flight_number}  ${date(s.departing_at)}  ${time(s.departing_at)} ${s.origin.iata_code} → ${time(s.arriving_at)} ${s.destination.iata_code}`,
    ),
  ]);
  const names = input.passengers.map((p) => `${p.firstName} ${p.lastName}`);
  const text = [
    `Your booking is confirmed.`,
    ``,
    `Booking reference: ${input.bookingReference}`,
    `Booking ID: ${input.bookingId}`,
    ``,
    ...flightLines,
    ``,
    `Passengers: ${names.join(', ')}`,
    `Total paid: ${total}${input.card ? ` (${input.card.brand} ending ${input.card.last4})` : ''}`,
    ...(input.accountUsername
      ? ['', `We created an account for you. Username: ${input.accountUsername}`]
      : []),
    ``,
    `${brand.name} · ${brand.contact.email} · ${brand.contact.phone}`,
  ].join('\n');

  const primary = escapeHtml(brand.theme.primary);
  const onPrimary = textColourOn(brand.theme.primary);
  const rows = input.slices
    .map(
      (slice, i) => `<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb">
<strong>${i === 0 ? 'Outbound' : 'Return'}</strong>: ${escapeHtml(slice.origin.city_name)} (${escapeHtml(slice.origin.iata_code)}) to ${escapeHtml(slice.destination.city_name)} (${escapeHtml(slice.destination.iata_code)})<br/>
${slice.segments
  .map(
    (s) =>
      `${escapeHtml(s.flight_number)} · ${escapeHtml(date(s.departing_at))} · ${time(s.departing_at)} ${escapeHtml(s.origin.iata_code)} → ${time(s.arriving_at)} ${escapeHtml(s.destination.iata_code)}`,
  )
  .join('<br/>')}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:${escapeHtml(brand.theme.font)}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${primary};color:${onPrimary};padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;color:#111827">
<h1 style="font-size:22px;margin:0 0 8px">Your booking is confirmed</h1>
<p style="margin:0 0 16px">Booking reference <strong style="font-size:18px;letter-spacing:2px">${escapeHtml(input.bookingReference)}</strong></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>
<p style="margin:16px 0 0">Passengers: ${names.map(escapeHtml).join(', ')}</p>
<p style="margin:8px 0 0">Total paid: <strong>${escapeHtml(total)}</strong>${input.card ? ` (${escapeHtml(input.card.brand)} ending ${escapeHtml(input.card.last4)})` : ''}</p>
${input.accountUsername ? `<p style="margin:16px 0 0">We created an account for you. Username: <strong>${escapeHtml(input.accountUsername)}</strong></p>` : ''}
<p style="margin:24px 0 0;color:#6b7280;font-size:13px">Booking ID ${escapeHtml(input.bookingId)} · ${escapeHtml(brand.contact.email)} · ${escapeHtml(brand.contact.phone)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: input.to, subject, html, text };
}

/** The cancellation notice with the refund, in the brand's name and colours. */
export function renderCancellationEmail({
  brand,
  booking,
}: {
  brand: Brand;
  booking: BookingView;
}): { subject: string; html: string; text: string } {
  const refund = booking.cancellation
    ? money(toMinorUnits(booking.cancellation.refund.amount), booking.cancellation.refund.currency)
    : money(0, booking.total.currency);
  const subject = `${brand.name} booking cancelled: ${booking.bookingReference}`;
  const route = booking.slices
    .map(
      (slice) =>
        `${slice.origin.city_name} (${slice.origin.iata_code}) to ${slice.destination.city_name} (${slice.destination.iata_code})`,
    )
    .join(', ');
  const text = [
    `Your booking ${booking.bookingReference} has been cancelled.`,
    route,
    ``,
    `Refund: ${refund} to the card you paid with${booking.card ? ` (${booking.card.brand} ending ${booking.card.last4})` : ''}.`,
    `We start the refund with the airline within 24-48 hours; the airline takes 7 to 30 business days. Service fees are non-refundable.`,
    ``,
    `${brand.name} · ${brand.contact.email} · ${brand.contact.phone}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:${escapeHtml(brand.theme.font)}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${escapeHtml(brand.theme.primary)};color:${textColourOn(brand.theme.primary)};padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;color:#111827">
<h1 style="font-size:22px;margin:0 0 8px">Your booking has been cancelled</h1>
<p style="margin:0 0 8px">Booking reference <strong>${escapeHtml(booking.bookingReference)}</strong> · ${escapeHtml(route)}</p>
<p style="margin:0 0 8px">Refund: <strong>${escapeHtml(refund)}</strong> to the card you paid with${booking.card ? ` (${escapeHtml(booking.card.brand)} ending ${escapeHtml(booking.card.last4)})` : ''}.</p>
<p style="margin:0;color:#6b7280;font-size:13px">We start the refund with the airline within 24-48 hours; the airline takes 7 to 30 business days. Service fees are non-refundable.</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, html, text };
}
