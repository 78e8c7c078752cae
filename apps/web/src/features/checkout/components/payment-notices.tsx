import { cardMessages } from '@contrail/contracts/payments';
import { Link } from '@tanstack/react-router';
import {
  ArrowLeftIcon,
  FlaskConicalIcon,
  LoaderCircleIcon,
  LockIcon,
  RotateCwIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { formatMinor } from '../../../lib/flight-formatters';
import type { PaymentNotice, Phase } from '../hooks/payment-flow';
import type { PendingBooking } from '../lib/checkout-state';
import { checkoutTexts } from '../lib/checkout-texts';
import type { PriceChange } from '../lib/payment-failure';

/** A booking whose answer was lost: only a retry with the same key may follow. */
export function PendingBookingAlert({
  pending,
  busy,
  onRetry,
}: {
  pending: PendingBooking;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.bookingPendingTitle}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{pending.unclear ? checkoutTexts.bookingUnclear : checkoutTexts.bookingPending}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" disabled={busy} onClick={onRetry}>
            {busy ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <RotateCwIcon aria-hidden="true" />
            )}
            {checkoutTexts.retryBooking}
          </Button>
          {pending.unclear ? (
            <Button asChild size="sm" variant="outline">
              <Link to="/my-trips">{checkoutTexts.viewMyTrips}</Link>
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The last failure (kept after its toast has gone) and the test-mode note. */
export function PaymentNotices({
  failure,
  testMode,
}: {
  failure: PaymentNotice | null;
  testMode: boolean;
}) {
  return (
    <>
      {failure ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{failure.title}</AlertTitle>
          <AlertDescription className="text-foreground">{failure.description}</AlertDescription>
        </Alert>
      ) : null}

      {testMode ? (
        <Alert variant="info">
          <FlaskConicalIcon aria-hidden="true" />
          <AlertDescription className="text-foreground">{checkoutTexts.testMode}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

/** Back to the seats, and the pay button saying what is under way. */
export function PaymentActions({
  phase,
  backDisabled,
  payDisabled,
  offerExpired,
  total,
  showTotal,
  onBack,
}: {
  phase: Phase;
  backDisabled: boolean;
  payDisabled: boolean;
  offerExpired: boolean;
  /** The total, formatted. */
  total: string;
  /** Stripe's element does not show the amount: the button does. */
  showTotal: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      <Button type="button" variant="outline" size="lg" disabled={backDisabled} onClick={onBack}>
        <ArrowLeftIcon aria-hidden="true" />
        {checkoutTexts.backToSeats}
      </Button>
      <Button type="submit" size="lg" disabled={payDisabled} className="sm:min-w-56">
        {offerExpired ? (
          checkoutTexts.offerExpiredButton
        ) : phase !== 'idle' ? (
          <>
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            {phase === 'paying' ? checkoutTexts.processingPayment : checkoutTexts.confirmingBooking}
          </>
        ) : (
          <>
            <LockIcon aria-hidden="true" />
            {checkoutTexts.completeBooking}
            {showTotal ? <span>· {total}</span> : <span className="sr-only">, pay {total}</span>}
          </>
        )}
      </Button>
    </div>
  );
}

/** The new total beside the old, asked before any money is held at it. */
export function PriceChangeDialog({
  change,
  currency,
  onClose,
  onAccept,
}: {
  change: PriceChange | null;
  /** The currency of the previous total (the order's). */
  currency: string;
  onClose: () => void;
  onAccept: (change: PriceChange) => void;
}) {
  return (
    <AlertDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{checkoutTexts.priceChangedTitle}</AlertDialogTitle>
          <AlertDialogDescription>{cardMessages.amountChanged}</AlertDialogDescription>
        </AlertDialogHeader>
        {change ? (
          <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Previous total</dt>
              <dd className="tabular-nums line-through">
                {formatMinor(change.previousMinor, currency)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 text-base font-semibold">
              <dt>New total</dt>
              <dd className="tabular-nums">{formatMinor(change.amountMinor, change.currency)}</dd>
            </div>
          </dl>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>{checkoutTexts.cancel}</AlertDialogCancel>
          <Button
            type="button"
            onClick={() => {
              onClose();
              if (change) onAccept(change);
            }}
          >
            {checkoutTexts.acceptNewPrice}{' '}
            {change ? formatMinor(change.amountMinor, change.currency) : null}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
