import type { BookingView } from '@contrail/contracts/bookings';
import { InfoIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LoadError } from '../../../components/load-error';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTrip } from '../api/get-trip';
import { canCancelFromDetails } from '../lib/trip-groups';
import { tripsTexts } from '../lib/trips-texts';
import { BookingDetails } from './booking-details';

interface TripDetailsDialogProps {
  /** The booking whose details are open, as the list has it; null keeps the dialog closed. */
  booking: BookingView | null;
  /** Whether the cancel confirmation is open over this dialog. */
  confirmOpen: boolean;
  onClose: () => void;
  onCancel: (booking: BookingView) => void;
}

/** 'View Details': the whole booking, loaded afresh, and whether it can still be cancelled. */
export function TripDetailsDialog({
  booking,
  confirmOpen,
  onClose,
  onCancel,
}: TripDetailsDialogProps) {
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {booking ? (
        <TripDetailsContent listed={booking} confirmOpen={confirmOpen} onCancel={onCancel} />
      ) : null}
    </Dialog>
  );
}

function TripDetailsContent({
  listed,
  confirmOpen,
  onCancel,
}: {
  listed: BookingView;
  confirmOpen: boolean;
  onCancel: (booking: BookingView) => void;
}) {
  const trip = useTrip(listed.id, listed);
  const cancellationRef = useRef<HTMLDivElement>(null);
  const cancelledWhenOpened = useRef(listed.status === 'cancelled');
  const status = trip.data?.status;

  // Cancelled from here: once the confirmation has closed, show the refund at the top (the
  // button that opened it is gone, so focus would otherwise be lost at the bottom).
  useEffect(() => {
    if (status !== 'cancelled' || confirmOpen || cancelledWhenOpened.current) return;
    cancelledWhenOpened.current = true;
    cancellationRef.current?.focus();
  }, [status, confirmOpen]);
  const first = listed.slices[0];

  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{tripsTexts.detailsTitle}</DialogTitle>
        <DialogDescription>
          {first ? `${first.origin.city_name} to ${first.destination.city_name}` : 'Your booking'}
          {' · '}
          {listed.bookingReference}
        </DialogDescription>
      </DialogHeader>
      {trip.isError ? (
        <LoadError
          title={tripsTexts.detailsFailed}
          retrying={trip.isFetching}
          onRetry={() => void trip.refetch()}
        />
      ) : trip.data ? (
        <BookingDetails booking={trip.data} cancellationRef={cancellationRef}>
          <CancellationOptions
            booking={trip.data}
            // The details being refreshed may say otherwise: wait for them before offering it.
            ready={!trip.isPlaceholderData}
            onCancel={onCancel}
          />
        </BookingDetails>
      ) : (
        <div role="status" aria-label="Loading booking details" className="grid gap-4">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </DialogContent>
  );
}

/**
 * Cancellation is offered only for a confirmed booking that allows it; otherwise the Non-Refundable
 * Ticket notice for a non-refundable fare, and a reason for the others.
 */
function CancellationOptions({
  booking,
  ready,
  onCancel,
}: {
  booking: BookingView;
  ready: boolean;
  onCancel: (booking: BookingView) => void;
}) {
  if (booking.status === 'cancelled') return null;
  if (canCancelFromDetails(booking)) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {booking.refundable
            ? 'Plans changed? You can cancel this booking and see your refund before you confirm.'
            : 'This fare is non-refundable, but you can still cancel and see what is refunded before you confirm.'}
        </p>
        <Button
          type="button"
          variant="destructive"
          disabled={!ready}
          onClick={() => onCancel(booking)}
        >
          {tripsTexts.cancelBooking}
        </Button>
      </div>
    );
  }
  if (!booking.refundable) {
    return (
      <Alert variant="warning">
        <TriangleAlertIcon aria-hidden="true" />
        <AlertTitle>{tripsTexts.nonRefundableTitle}</AlertTitle>
        <AlertDescription>
          {booking.status === 'completed' ? tripsTexts.pastTrip : tripsTexts.nonRefundable}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="info">
      <InfoIcon aria-hidden="true" />
      <AlertDescription>
        {booking.status === 'completed'
          ? tripsTexts.pastTrip
          : booking.status === 'pending'
            ? tripsTexts.pending
            : tripsTexts.notCancellable}
      </AlertDescription>
    </Alert>
  );
}
