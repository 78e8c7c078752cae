import type { BookingView, CancellationQuote } from '@contrail/contracts/bookings';
import { Link } from '@tanstack/react-router';
import { LoaderCircleIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatExactPrice } from '../../../lib/flight-formatters';
import { isQuoteExpired, useCancelBooking } from '../api/cancel-booking';
import { useCancellationQuote } from '../api/get-cancellation-quote';
import { cardLabel, creditLabel, refundLine } from '../lib/trip-format';
import { tripsTexts } from '../lib/trips-texts';

interface CancelBookingDialogProps {
  /** The booking to cancel; null keeps the dialog closed. */
  booking: BookingView | null;
  onClose: () => void;
}

/**
 * Asks before cancelling, with the refund the airline quotes shown first. The confirm button waits
 * for the quote; cancelling closes the dialog either way with a toast.
 */
export function CancelBookingDialog({ booking, onClose }: CancelBookingDialogProps) {
  return (
    <AlertDialog
      open={booking !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {booking ? <CancelBookingContent booking={booking} onClose={onClose} /> : null}
    </AlertDialog>
  );
}

function CancelBookingContent({ booking, onClose }: { booking: BookingView; onClose: () => void }) {
  const cancel = useCancelBooking();
  const quote = useCancellationQuote(booking.id, {
    enabled: !cancel.isPending && !cancel.isSuccess,
  });
  const first = booking.slices[0];
  // The quote lapsed before it was confirmed: the new one is shown, and must be confirmed anew.
  const expired = isQuoteExpired(cancel.error) ? cancel.error : null;

  const confirm = () => {
    if (!quote.isSuccess) return;
    cancel.mutate(
      { id: booking.id, quoteId: quote.data.id },
      {
        onSuccess: ({ message, booking: cancelled }) => {
          toast(tripsTexts.cancelled, { description: successDescription(message, cancelled) });
          onClose();
        },
        onError: (error) => {
          if (isQuoteExpired(error)) return;
          toast.error(tripsTexts.cancelFailed, { description: cancelFailure(error) });
          onClose();
        },
      },
    );
  };

  return (
    <AlertDialogContent
      className="sm:max-w-md"
      // Escape must not drop a cancellation under way (an outside click never closes it).
      onEscapeKeyDown={(event) => {
        if (cancel.isPending) event.preventDefault();
      }}
    >
      <AlertDialogHeader>
        <AlertDialogTitle>{tripsTexts.confirmTitle}</AlertDialogTitle>
        <AlertDialogDescription>
          {first ? `${first.origin.city_name} to ${first.destination.city_name} · ` : ''}
          Booking {booking.bookingReference}. This cannot be undone.
        </AlertDialogDescription>
      </AlertDialogHeader>

      {expired instanceof ApiError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {expired.serverMessage}
        </p>
      ) : null}

      <RefundQuote booking={booking} quote={quote} />

      <CancellationTerms booking={booking} />

      <AlertDialogFooter>
        <AlertDialogCancel disabled={cancel.isPending}>{tripsTexts.keepBooking}</AlertDialogCancel>
        {/* A Button, not AlertDialogAction: the dialog stays open while the request runs. */}
        <Button
          type="button"
          variant="destructive"
          disabled={!quote.isSuccess || quote.isFetching || cancel.isPending}
          onClick={confirm}
        >
          {cancel.isPending ? (
            <>
              <LoaderCircleIcon
                className="animate-spin motion-reduce:animate-none"
                aria-hidden="true"
              />
              {tripsTexts.cancelling}
            </>
          ) : (
            tripsTexts.confirmCancel
          )}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}

/** What happens to the payment, and the link to the whole cancellation policy. */
function CancellationTerms({ booking }: { booking: BookingView }) {
  return (
    <>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
        <li>
          {tripsTexts.policy.originalPayment}
          {booking.card ? ` (your ${cardLabel(booking.card)})` : ''}.
        </li>
        <li>{tripsTexts.policy.started}</li>
        <li>{tripsTexts.policy.processing}</li>
        <li>{tripsTexts.policy.serviceFees}</li>
      </ul>
      <p className="text-sm">
        <Link
          to="/cancellation-policy"
          target="_blank"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {tripsTexts.cancellationPolicy}
        </Link>
      </p>
    </>
  );
}

function RefundQuote({
  booking,
  quote,
}: {
  booking: BookingView;
  quote: ReturnType<typeof useCancellationQuote>;
}) {
  if (quote.isPending) {
    return (
      <div role="status" className="grid gap-2 rounded-lg border border-border p-4">
        <span className="text-sm text-muted-foreground">{tripsTexts.quoteLoading}</span>
        <Skeleton className="h-8 w-32" />
      </div>
    );
  }
  if (quote.isError) {
    const { error } = quote;
    // Already cancelled or no longer cancellable: the server's reason, and nothing to retry.
    if (
      error instanceof ApiError &&
      (error.code === 'already_cancelled' || error.code === 'not_cancellable')
    ) {
      return <LoadError title={error.serverMessage} />;
    }
    return (
      <LoadError
        title={`${tripsTexts.quoteFailed}: ${detailOf(error)}`}
        retrying={quote.isFetching}
        onRetry={() => void quote.refetch()}
      />
    );
  }
  return <QuotedRefund booking={booking} quote={quote.data} />;
}

/** The quote: the amount back to the card, airline credits instead, or a refund not stated yet. */
function QuotedRefund({ booking, quote }: { booking: BookingView; quote: CancellationQuote }) {
  const { refund, refundable } = quote;
  if (quote.refundTo === 'airline_credits') {
    return (
      <div className="grid gap-1 rounded-lg border border-border bg-muted p-4">
        <p className="text-sm font-medium text-foreground">{tripsTexts.creditsTitle}</p>
        <ul className="list-disc pl-5 text-sm text-foreground" data-testid="refund-credits">
          {quote.credits.map((credit) => (
            <li key={`${credit.name}-${credit.code ?? ''}-${credit.passengerName ?? ''}`}>
              {creditLabel(credit, formatExactPrice, tripsTexts.creditNoExpiry)}
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">{tripsTexts.creditsNote}</p>
      </div>
    );
  }
  if (refund === null) {
    return (
      <div className="grid gap-1 rounded-lg border border-border bg-muted p-4">
        <p className="text-sm text-muted-foreground">{tripsTexts.refundAmount}</p>
        <p className="text-lg font-bold text-foreground" data-testid="refund-amount">
          {tripsTexts.refundUnknown}
        </p>
        <p className="text-xs text-muted-foreground">{tripsTexts.refundUnknownNote}</p>
      </div>
    );
  }
  const nothing = Number(refund.amount) === 0;
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-muted p-4">
      <p className="text-sm text-muted-foreground">{tripsTexts.refundAmount}</p>
      <p className="text-2xl font-bold text-foreground tabular-nums" data-testid="refund-amount">
        {formatExactPrice(refund.amount, refund.currency)}
      </p>
      <p className="text-xs text-muted-foreground">
        of {formatExactPrice(booking.total.amount, booking.total.currency)} paid
      </p>
      {!refundable ? (
        <p className="mt-1 text-sm text-foreground">
          {nothing ? tripsTexts.noRefund : tripsTexts.nonRefundableFare}
        </p>
      ) : null}
    </div>
  );
}

function detailOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error && error.message ? error.message : tripsTexts.tryLater;
}

function successDescription(message: string, booking: BookingView): string {
  const cancellation = booking.cancellation;
  if (cancellation?.refundStatus === 'credits') {
    return `${message}. The airline refunds it as credits: ${refundLine(cancellation, formatExactPrice, tripsTexts.refundUnknown).replace('Airline credits: ', '')}.`;
  }
  if (cancellation?.refundStatus === 'dispute')
    return `${message}. ${tripsTexts.cancelledInDispute}`;
  if (cancellation?.refundStatus === 'awaiting_airline') {
    return `${message}. ${tripsTexts.refundUnknown}: we refund it to your card as soon as it does.`;
  }
  const refund = cancellation?.refund;
  if (!refund || Number(refund.amount) === 0) return `${message}.`;
  return `${message}. Your refund of ${formatExactPrice(refund.amount, refund.currency)} is on its way to your original payment method.`;
}

/**
 * A failed cancellation says 'Unable to cancel booking: ...'; where the server gave no reason the
 * traveller can act on (a crash, the network), the fallback 'Please try again later or contact
 * customer support.'
 */
function cancelFailure(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage.trim() !== '') {
    return `${tripsTexts.cancelFailedPrefix}: ${error.serverMessage}`;
  }
  return `${tripsTexts.cancelFailedPrefix}: ${tripsTexts.tryLater}`;
}
