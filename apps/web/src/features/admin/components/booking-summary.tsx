import type { AdminBookingDetail } from '@contrail/contracts/back-office-bookings';
import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import type { BookingAction } from '../api/back-office';
import { formatDateTime, formatLocalDate, formatMoney } from '../lib/back-office-texts';
import { StateBadge } from './back-office-parts';
import { actionCopy } from './booking-action-dialog';
import { Item } from './booking-detail-parts';
import { BookingStateBadges } from './booking-state-badges';

/** The head of a booking: its states, key facts and the actions staff may take now. */
export function Summary({
  booking,
  onAction,
}: {
  booking: AdminBookingDetail;
  onAction: (action: BookingAction) => void;
}) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <BookingStateBadges booking={booking} />
          <StateBadge tone="muted">
            {booking.mode === 'live' ? 'Live mode' : 'Test mode'}
          </StateBadge>
        </div>
        <SummaryFacts booking={booking} />
        <ActionButtons booking={booking} onAction={onAction} />
      </CardContent>
    </Card>
  );
}

function SummaryFacts({ booking }: { booking: AdminBookingDetail }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <Item label="Brand">{booking.brand.name}</Item>
      <Item label="Booking ID">
        <span className="font-mono text-xs break-all">{booking.id}</span>
      </Item>
      <Item label="Contact e-mail">
        <span className="break-all">{booking.contactEmail}</span>
      </Item>
      <Item label="Booked">{formatDateTime(booking.createdAt)}</Item>
      <Item label="Travel">
        {booking.travelDate
          ? `${booking.route ?? ''} · ${formatLocalDate(booking.travelDate)}`
          : '—'}
      </Item>
      <Item label="Total paid">{formatMoney(booking.sellTotal)}</Item>
      {booking.cancelledAt ? (
        <Item label="Cancelled">{formatDateTime(booking.cancelledAt)}</Item>
      ) : null}
    </dl>
  );
}

/** One button per action the booking allows now, in a fixed order; none, no bar. */
function ActionButtons({
  booking,
  onAction,
}: {
  booking: AdminBookingDetail;
  onAction: (action: BookingAction) => void;
}) {
  const actions: [BookingAction, boolean][] = [
    ['resend-email', booking.actions.resendEmail],
    ['cancel', booking.actions.cancel],
    ['void', booking.actions.voidHold],
    ['reconcile', booking.actions.reconcile],
  ];
  const available = actions.filter(([, allowed]) => allowed);
  if (available.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-border pt-4">
      {available.map(([action]) => (
        <Button
          key={action}
          variant={action === 'cancel' || action === 'void' ? 'outline' : 'default'}
          onClick={() => onAction(action)}
        >
          {actionCopy[action].button}
        </Button>
      ))}
    </div>
  );
}

/** Why a booking failed: the provider's code, status and message. */
export function FailureAlert({ failure }: { failure: NonNullable<AdminBookingDetail['failure']> }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{`Why it failed: ${failure.code}`}</AlertTitle>
      <AlertDescription>
        {failure.status ? `${failure.status}: ` : ''}
        {failure.message}
      </AlertDescription>
    </Alert>
  );
}

/**
 * The airline may or may not have made the order: the hold is kept and the airline asked again;
 * the operator sees what the provider said and when the hold lapses.
 */
export function OrderCheckAlert({
  check,
}: {
  check: NonNullable<AdminBookingDetail['orderCheck']>;
}) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>
        {check.escalated
          ? 'Order not confirmed, and the card hold lapses soon: decide now'
          : 'Order not confirmed yet: the card hold is kept'}
      </AlertTitle>
      <AlertDescription>
        {`The airline's provider answered ${check.providerCode}${
          check.providerRequestId ? ` (request ${check.providerRequestId})` : ''
        } on ${formatDateTime(check.since)}. Asked again ${String(check.checks)} times${
          check.nextCheckAt ? `; next ${formatDateTime(check.nextCheckAt)}` : ''
        }.${check.holdExpiresAt ? ` The hold lapses ${formatDateTime(check.holdExpiresAt)}.` : ''} Ask the provider's support with the request id before releasing anything.`}
      </AlertDescription>
    </Alert>
  );
}

/** Assistance the airline's order could not carry: the agency passes it on. */
export function AssistanceAlert({ assistance }: { assistance: AdminBookingDetail['assistance'] }) {
  return (
    <Alert>
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>Assistance to pass on to the airline</AlertTitle>
      <AlertDescription>
        <ul>
          {assistance.map((item) => (
            <li key={`${item.passenger}-${item.code}`}>
              {`${item.passenger}: ${item.label} (${item.code})`}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
