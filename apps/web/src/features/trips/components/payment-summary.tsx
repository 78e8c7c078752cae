import type { BookingView } from '@contrail/contracts/bookings';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatExactPrice } from '../../../lib/flight-formatters';
import { cardLabel } from '../lib/trip-format';
import { tripsTexts } from '../lib/trips-texts';

/**
 * What was paid and how, and what happened to the payment outside the booking's own steps: a
 * refund the agency made, a dispute the traveller's bank opened.
 */
export function PaymentSummary({ booking }: { booking: BookingView }) {
  const { refundedByAgency = null, dispute = null } = booking.cardActivity ?? {};
  return (
    <dl className="grid gap-2 rounded-lg border border-border p-4 text-sm">
      <Row term={tripsTexts.totalPaid}>
        <span className="text-base font-semibold text-foreground">
          {formatExactPrice(booking.total.amount, booking.total.currency)}
        </span>
      </Row>
      {booking.card ? <Row term="Paid with">{cardLabel(booking.card)}</Row> : null}
      <Row term="Fare">{booking.refundable ? 'Refundable' : 'Non-refundable'}</Row>
      {refundedByAgency ? (
        <Row term={tripsTexts.refundedByAgency}>
          {formatExactPrice(refundedByAgency.amount, refundedByAgency.currency)}
        </Row>
      ) : null}
      {dispute === 'open' || dispute === 'lost' ? (
        <Row term={tripsTexts.cardDispute}>
          {dispute === 'open' ? tripsTexts.disputeOpen : tripsTexts.disputeLost}
        </Row>
      ) : null}
      {/* A rule drawn as the row's border: a <dl> may hold only its term groups. */}
      <Row term="Confirmation sent to" className="mt-1 border-t border-border pt-3">
        <span className="break-all">{booking.contactEmail}</span>
      </Row>
    </dl>
  );
}

function Row({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1', className)}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right text-foreground">{children}</dd>
    </div>
  );
}
