import type { AdminBookingSummary } from '@contrail/contracts/back-office-bookings';
import { bookingStateLabels, paymentStateLabels } from '../lib/back-office-texts';
import { StateBadge } from './back-office-parts';

function stateTone(state: AdminBookingSummary['status']): 'ok' | 'warn' | 'muted' {
  if (state === 'confirmed') return 'ok';
  if (state === 'failed' || state === 'voiding') return 'warn';
  return 'muted';
}

function paymentTone(state: AdminBookingSummary['paymentState']): 'ok' | 'warn' | 'muted' {
  if (state === 'held') return 'warn';
  return state === 'captured' ? 'ok' : 'muted';
}

/** A booking's state and its payment's state, as two badges. */
export function BookingStateBadges({
  booking,
}: {
  booking: Pick<AdminBookingSummary, 'status' | 'paymentState'>;
}) {
  return (
    <>
      <StateBadge tone={stateTone(booking.status)}>{bookingStateLabels[booking.status]}</StateBadge>
      <StateBadge tone={paymentTone(booking.paymentState)}>
        {paymentStateLabels[booking.paymentState]}
      </StateBadge>
    </>
  );
}
