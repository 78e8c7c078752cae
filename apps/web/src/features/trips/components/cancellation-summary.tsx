import type { BookingView } from '@contrail/contracts/bookings';
import type { Ref } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { formatExactPrice } from '../../../lib/flight-formatters';
import { cardLabel, creditLabel, formatInstantDate } from '../lib/trip-format';
import { tripsTexts } from '../lib/trips-texts';

/** A cancelled trip's notice: when, and what comes back (money, airline credits, or not yet). */
export function CancellationSummary({
  booking,
  ref,
}: {
  booking: BookingView;
  ref: Ref<HTMLDivElement> | undefined;
}) {
  const { cancellation, card } = booking;
  if (!cancellation) return null;
  return (
    <Alert variant="info" ref={ref} tabIndex={-1} className="outline-none">
      <AlertTitle>Cancelled on {formatInstantDate(cancellation.cancelledAt)}</AlertTitle>
      <AlertDescription>
        <RefundSummary cancellation={cancellation} card={card} />
      </AlertDescription>
    </Alert>
  );
}

/** What the traveller gets back: money to the card, airline credits, or word that it is coming. */
function RefundSummary({
  cancellation,
  card,
}: {
  cancellation: NonNullable<BookingView['cancellation']>;
  card: BookingView['card'];
}) {
  if (cancellation.refundStatus === 'credits') {
    return (
      <>
        <p className="font-semibold text-foreground">{tripsTexts.creditsTitle}</p>
        <ul className="list-disc pl-5">
          {cancellation.credits.map((credit) => (
            <li key={`${credit.name}-${credit.code ?? ''}-${credit.passengerName ?? ''}`}>
              {creditLabel(credit, formatExactPrice, tripsTexts.creditNoExpiry)}
            </li>
          ))}
        </ul>
        <p>{tripsTexts.creditsNote}</p>
      </>
    );
  }
  if (cancellation.refundStatus === 'dispute') return <p>{tripsTexts.cancelledInDispute}</p>;
  if (cancellation.refund === null) {
    return (
      <>
        <p>
          Refund: <span className="font-semibold text-foreground">{tripsTexts.refundUnknown}</span>.
        </p>
        <p>{tripsTexts.refundUnknownNote}</p>
      </>
    );
  }
  const refund = formatExactPrice(cancellation.refund.amount, cancellation.refund.currency);
  return (
    <p>
      Refund: <span className="font-semibold text-foreground">{refund}</span>
      {card ? ` to your ${cardLabel(card)}` : ' to the original payment method'}.
      {cancellation.refundStatus === 'processing' ? ` ${tripsTexts.refundProcessing}` : ''}
    </p>
  );
}
