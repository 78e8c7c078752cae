import type { AdminBookingDetail } from '@contrail/contracts/back-office-bookings';
import { tripMessages } from '@contrail/contracts/bookings';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
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
import { ApiError } from '../../../lib/api-client';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { cancelQuoteQueryOptions, useBookingAction, type BookingAction } from '../api/back-office';
import { formatDateTime, formatMoney } from '../lib/back-office-texts';
import { errorText } from './back-office-parts';

export const actionCopy: Record<
  BookingAction,
  {
    button: string;
    title: string;
    description: string;
    confirm: string;
    done: string;
    again: string;
  }
> = {
  'resend-email': {
    button: 'Resend confirmation',
    title: 'Resend the confirmation e-mail?',
    description: 'The booking confirmation goes again to the lead passenger’s e-mail address.',
    confirm: 'Resend e-mail',
    done: 'Confirmation e-mail queued',
    again: 'The confirmation e-mail was already queued.',
  },
  cancel: {
    button: 'Cancel with refund',
    title: 'Cancel this booking with a refund?',
    description:
      'The airline cancels the booking and the traveller gets the refund below on their card: the same quote they would get themselves. This cannot be undone.',
    confirm: 'Cancel booking',
    done: 'Booking cancelled',
    again: 'The booking was already cancelled.',
  },
  void: {
    button: 'Release card hold',
    title: 'Release the card hold?',
    description:
      'The authorisation on the traveller’s card is cancelled at the card processor; nothing was charged.',
    confirm: 'Release hold',
    done: 'Card hold released',
    again: 'The card hold was already released.',
  },
  reconcile: {
    button: 'Run reconciler',
    title: 'Run the reconciler for this booking?',
    description:
      'It asks the airline and the card processor how far this booking got, then finishes it (captures and confirms) or rolls it back (releases the hold), as after a crash.',
    confirm: 'Run reconciler',
    done: 'Reconciler run',
    again: 'The reconciler had already been run.',
  },
};

interface BookingActionDialogProps {
  booking: AdminBookingDetail;
  /** The action to confirm; null while closed. */
  action: BookingAction | null;
  onClose: () => void;
}

/** The dialog's state: the password, the failure shown, the refund quote and the action's call. */
function useBookingActionForm(
  booking: AdminBookingDetail,
  action: BookingAction | null,
  onClose: () => void,
) {
  const mutation = useBookingAction(booking.id);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const quote = useQuery(cancelQuoteQueryOptions(booking.id, action === 'cancel'));
  const copy = action ? actionCopy[action] : null;

  function close() {
    if (mutation.isPending) return;
    setPassword('');
    setFailure(null);
    mutation.reset();
    onClose();
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!action || !copy) return;
    if (action === 'cancel' && password === '') {
      setFailure('Password is required');
      return;
    }
    setFailure(null);
    mutation.mutate(
      {
        action,
        ...(action === 'cancel'
          ? { password, ...(quote.data ? { quoteId: quote.data.id } : {}) }
          : {}),
      },
      {
        onSuccess: (result) => {
          toast(copy.done, { description: result.done ? undefined : copy.again });
          setPassword('');
          onClose();
        },
        onError: (error) => {
          setFailure(errorText(error));
          // The quote lapsed: nothing was cancelled; the airline's new quote is shown instead.
          if (error instanceof ApiError && error.code === 'cancellation_quote_expired') {
            void quote.refetch();
          }
        },
      },
    );
  }

  return { mutation, password, setPassword, failure, quote, copy, close, submit };
}

type CancelQuoteQuery = ReturnType<typeof useBookingActionForm>['quote'];

/**
 * Confirms one of a booking's actions. Cancelling shows the airline's refund quote first and asks
 * for the password again (the server's step-up for money going back).
 */
export function BookingActionDialog({ booking, action, onClose }: BookingActionDialogProps) {
  const { mutation, password, setPassword, failure, quote, copy, close, submit } =
    useBookingActionForm(booking, action, onClose);

  return (
    <AlertDialog open={action !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <AlertDialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{copy?.title}</AlertDialogTitle>
            <AlertDialogDescription>{copy?.description}</AlertDialogDescription>
          </AlertDialogHeader>
          {action === 'cancel' ? (
            <CancelStep quote={quote} password={password} onPassword={setPassword} />
          ) : null}
          {failure ? (
            <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
              <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {failure}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={mutation.isPending}>Keep as it is</AlertDialogCancel>
            <Button
              type="submit"
              variant={action === 'cancel' || action === 'void' ? 'destructive' : 'default'}
              disabled={mutation.isPending || (action === 'cancel' && !quote.data)}
            >
              {mutation.isPending ? 'Working…' : copy?.confirm}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Cancelling: the airline's refund quote, then the password asked again. */
function CancelStep({
  quote,
  password,
  onPassword,
}: {
  quote: CancelQuoteQuery;
  password: string;
  onPassword: (password: string) => void;
}) {
  return (
    <div className="grid gap-3">
      <div className="rounded-md border border-border bg-muted p-3 text-sm" aria-live="polite">
        {quote.isPending ? (
          'Asking the airline for the refund…'
        ) : quote.error ? (
          <span className="text-destructive">{errorText(quote.error)}</span>
        ) : (
          <>
            <p className="font-medium text-foreground">
              {quote.data.refundTo === 'airline_credits'
                ? `Airline credits to the passengers: ${quote.data.credits.map((credit) => formatMoney(credit)).join(', ')}`
                : quote.data.refund === null
                  ? `Refund to the traveller: ${tripMessages.refundUnknown.toLowerCase()}`
                  : `Refund to the traveller: ${formatMoney(quote.data.refund)}`}
            </p>
            <p className="text-muted-foreground">
              {`${quote.data.refundable ? 'Refundable fare' : 'Non-refundable fare'}; quote valid until ${formatDateTime(quote.data.expiresAt)}`}
            </p>
          </>
        )}
      </div>
      <Field label="Your password" description="Confirm your password to cancel with a refund.">
        <PasswordInput
          autoComplete="current-password"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
        />
      </Field>
    </div>
  );
}
