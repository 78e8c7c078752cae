import type { AdminMoney } from '@contrail/contracts/back-office';
import type { AdminBookingState, PaymentState } from '@contrail/contracts/back-office-bookings';

export const bookingStateLabels: Record<AdminBookingState, string> = {
  pending: 'Pending',
  ordering: 'Ordering',
  capturing: 'Capturing payment',
  confirmed: 'Confirmed',
  voiding: 'Releasing hold',
  failed: 'Failed',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
};

export const paymentStateLabels: Record<PaymentState, string> = {
  held: 'Hold open',
  captured: 'Captured',
  refunded: 'Refunded',
  released: 'Hold released',
  none: 'No payment',
};

/** The work queues of the bookings list: what needs a person. */
export const bookingQueueLabels = {
  order_uncertain: 'Order not confirmed by the airline',
  assistance: 'Assistance to pass on',
} as const;

export const emailStatusLabels = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

export const emailKindLabels: Record<string, string> = {
  booking_confirmation: 'Booking confirmation',
  booking_cancellation: 'Cancellation',
  password_reset: 'Password reset',
  enquiry_reply: 'Reply to a message',
};

export const auditActionLabels: Record<string, string> = {
  'system.mode_changed': 'Booking mode changed',
  'brand.created': 'Brand created',
  'brand.updated': 'Brand updated',
  'brand.deleted': 'Brand deleted',
  'booking.email_resent': 'Confirmation e-mail resent',
  'booking.cancelled': 'Booking cancelled with refund',
  'booking.hold_voided': 'Card hold released',
  'booking.reconciled': 'Reconciler run',
  'booking.note_added': 'Note added',
  'enquiry.replied': 'Message answered',
  'newsletter.unsubscribed': 'Subscriber unsubscribed',
  'email.requeued': 'E-mail queued again',
  'staff.granted': 'Brand staff role granted',
  'staff.revoked': 'Brand staff role withdrawn',
};

/** A stored amount in its currency, as the browser's locale writes it. */
export function formatMoney({ amount, currency }: AdminMoney): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(Number(amount));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A local date of a flight (YYYY-MM-DD, no time zone) as it reads at the airport. */
export function formatLocalDate(date: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A flight's local time (no zone): date and time as written, in the browser's format. */
export function formatLocalDateTime(local: string): string {
  return new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${local.slice(0, 19)}Z`));
}
