import type { AdminBookingDetail } from '@contrail/contracts/back-office-bookings';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminBooking, type BookingAction } from '../api/back-office';
import { useAdminLoadFailure } from '../hooks/use-admin-load-failure';
import {
  bookingStateLabels,
  emailKindLabels,
  emailStatusLabels,
  formatDateTime,
  formatLocalDate,
  formatLocalDateTime,
  formatMoney,
  paymentStateLabels,
} from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { errorText, StateBadge } from './back-office-parts';
import { BookingActionDialog } from './booking-action-dialog';
import { Item, Section } from './booking-detail-parts';
import { Notes } from './booking-notes';
import { AssistanceAlert, FailureAlert, OrderCheckAlert, Summary } from './booking-summary';

/** `/admin/bookings/$id`: everything about one booking, and what staff may do with it. */
export function BookingDetailPage({ id }: { id: string }) {
  const booking = useAdminBooking(id);
  useAdminLoadFailure(booking.error, 'Failed to load the booking.');
  const [action, setAction] = useState<BookingAction | null>(null);
  const data = booking.data;
  const title = data ? `Booking ${data.bookingReference ?? data.id.slice(0, 8)}` : 'Booking';

  return (
    <BackOfficeLayout
      title={title}
      description={
        <Link
          to="/admin/bookings"
          className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          All bookings
        </Link>
      }
    >
      {data ? (
        <>
          <Summary booking={data} onAction={setAction} />
          {data.failure ? <FailureAlert failure={data.failure} /> : null}
          {data.orderCheck ? <OrderCheckAlert check={data.orderCheck} /> : null}
          {data.assistance.length > 0 ? <AssistanceAlert assistance={data.assistance} /> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <Passengers booking={data} />
            <Itinerary booking={data} />
            <Money booking={data} />
            <Payment booking={data} />
            <Timeline booking={data} />
            <Emails booking={data} />
          </div>
          <Notes booking={data} />
          <BookingActionDialog booking={data} action={action} onClose={() => setAction(null)} />
        </>
      ) : booking.isError ? (
        <LoadError
          role="status"
          title="Failed to load the booking."
          message={errorText(booking.error)}
        />
      ) : (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </BackOfficeLayout>
  );
}

const passengerTypes: Record<string, string> = {
  adult: 'Adult',
  child: 'Child',
  infant_without_seat: 'Infant',
};

function Passengers({ booking }: { booking: AdminBookingDetail }) {
  return (
    <Section title="Passengers">
      <ul className="grid gap-3">
        {booking.passengers.map((p, index) => (
          <li key={index} className="grid gap-0.5">
            <span className="font-medium text-foreground">
              {`${p.title ? `${p.title.charAt(0).toUpperCase()}${p.title.slice(1)} ` : ''}${p.firstName} ${p.lastName}`}
            </span>
            <span className="text-muted-foreground">
              {[
                passengerTypes[p.type] ?? p.type,
                p.dateOfBirth ? `born ${formatLocalDate(p.dateOfBirth)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {p.email || p.phone ? (
              <span className="break-all text-muted-foreground">
                {[p.email, p.phone].filter(Boolean).join(' · ')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {booking.seats.length > 0 ? (
        <p className="mt-3 text-muted-foreground">
          {`Seats: ${booking.seats.map((s) => `${s.passenger} ${s.segment} ${s.designator}`).join('; ')}`}
        </p>
      ) : null}
      {booking.bags.length > 0 ? (
        <p className="mt-1 text-muted-foreground">
          {`Extra bags: ${booking.bags.map((b) => `${b.passenger} ${b.route} × ${String(b.quantity)}`).join('; ')}`}
        </p>
      ) : null}
    </Section>
  );
}

function Itinerary({ booking }: { booking: AdminBookingDetail }) {
  return (
    <Section title="Itinerary">
      {booking.itinerary.length === 0 ? (
        <p className="text-muted-foreground">No airline order: no flights were booked.</p>
      ) : (
        <ol className="grid gap-3">
          {booking.itinerary.map((slice, index) => (
            <li key={index} className="grid gap-1">
              <span className="font-medium text-foreground">{`${slice.origin} → ${slice.destination}`}</span>
              <ul className="grid gap-1 text-muted-foreground">
                {slice.segments.map((segment, i) => (
                  <li key={i}>
                    {`${segment.carrier} ${segment.flightNumber}: ${segment.origin} ${formatLocalDateTime(segment.departingAt)} → ${segment.destination} ${formatLocalDateTime(segment.arrivingAt)}`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <Item label="Flight provider">{booking.provider.flights}</Item>
        <Item label="Provider order">
          <span className="font-mono text-xs break-all">{booking.provider.orderId ?? '—'}</span>
        </Item>
      </dl>
    </Section>
  );
}

function Money({ booking }: { booking: AdminBookingDetail }) {
  const { money } = booking;
  return (
    <Section title="Price and margin">
      <dl className="grid gap-2 sm:grid-cols-2">
        <Item label="Sell price">{formatMoney(money.sell)}</Item>
        <Item label="Provider cost">
          {money.providerCost ? formatMoney(money.providerCost) : '—'}
        </Item>
        <Item label="Seats">{money.seats ? formatMoney(money.seats) : '—'}</Item>
        <Item label="Bags">{money.bags ? formatMoney(money.bags) : '—'}</Item>
        <Item label="Margin">{money.margin ? formatMoney(money.margin) : '—'}</Item>
        {money.refund ? <Item label="Refunded">{formatMoney(money.refund)}</Item> : null}
      </dl>
    </Section>
  );
}

function Payment({ booking }: { booking: AdminBookingDetail }) {
  const { payment } = booking;
  return (
    <Section title="Payment">
      <dl className="grid gap-2 sm:grid-cols-2">
        <Item label="State">{paymentStateLabels[booking.paymentState]}</Item>
        <Item label="Card">
          {payment.card ? `${payment.card.brand} ending ${payment.card.last4}` : '—'}
        </Item>
        <Item label="Card processor">{payment.processor}</Item>
        <Item label="Authorisation">{payment.authorizationStatus ?? '—'}</Item>
        <Item label="Payment ID">
          <span className="font-mono text-xs break-all">{payment.paymentId}</span>
        </Item>
        <Item label="Processor's payment ID">
          <span className="font-mono text-xs break-all">{payment.providerPaymentId ?? '—'}</span>
        </Item>
        {payment.refundedAtProcessor ? (
          <Item label="Refunded at the processor">{formatMoney(payment.refundedAtProcessor)}</Item>
        ) : null}
        {payment.dispute ? (
          <>
            <Item label="Dispute">
              {payment.dispute.status.replace(/_/g, ' ')} · {formatMoney(payment.dispute.amount)} ·{' '}
              {payment.dispute.reason.replace(/_/g, ' ')}
            </Item>
            <Item label="Evidence due">
              {payment.dispute.evidenceDueBy ? formatDateTime(payment.dispute.evidenceDueBy) : '—'}
            </Item>
          </>
        ) : null}
      </dl>
    </Section>
  );
}

function Timeline({ booking }: { booking: AdminBookingDetail }) {
  return (
    <Section title="Timeline">
      <ol className="grid gap-2">
        {booking.timeline.map((event, index) => (
          <li key={index} className="flex justify-between gap-3">
            <span className="font-medium text-foreground">
              {(bookingStateLabels as Record<string, string | undefined>)[event.status] ??
                event.status}
            </span>
            <time dateTime={event.at} className="text-muted-foreground">
              {formatDateTime(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Emails({ booking }: { booking: AdminBookingDetail }) {
  return (
    <Section title="E-mails">
      {booking.emails.length === 0 ? (
        <p className="text-muted-foreground">No e-mail was sent about this booking.</p>
      ) : (
        <ul className="grid gap-3">
          {booking.emails.map((email) => (
            <li key={email.id} className="grid gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-foreground">
                  {emailKindLabels[email.kind] ?? email.kind}
                </span>
                <StateBadge
                  tone={
                    email.status === 'failed' ? 'warn' : email.status === 'sent' ? 'ok' : 'muted'
                  }
                >
                  {emailStatusLabels[email.status]}
                </StateBadge>
              </span>
              <span className="break-all text-muted-foreground">
                {`To ${email.recipient} · queued ${formatDateTime(email.createdAt)}${email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ''}${email.attempts > 0 ? ` · ${email.attempts} failed attempts` : ''}`}
              </span>
              {email.lastError ? <span className="text-destructive">{email.lastError}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
