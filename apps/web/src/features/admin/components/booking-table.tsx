import type { AdminBookingSummary } from '@contrail/contracts/back-office-bookings';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatLocalDate, formatMoney } from '../lib/back-office-texts';
import { BookingStateBadges } from './booking-state-badges';

/** The bookings found: a table on wide screens, a list of cards on narrow ones. */
export function BookingTable({ items }: { items: AdminBookingSummary[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-border md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Bookings</caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Reference
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Traveller
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Trip
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Booked
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((booking) => (
              <BookingRow key={booking.id} booking={booking} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Bookings">
        {items.map((booking) => (
          <BookingCard key={booking.id} booking={booking} />
        ))}
      </ul>
    </>
  );
}

function BookingRow({ booking }: { booking: AdminBookingSummary }) {
  return (
    <tr className="border-t border-border align-top">
      <td className="px-3 py-2">
        <BookingLink booking={booking} />
        <div className="text-xs text-muted-foreground">{booking.brand.name}</div>
      </td>
      <td className="px-3 py-2">
        <div className="font-medium text-foreground">{booking.leadPassenger || '—'}</div>
        <div className="text-xs break-all text-muted-foreground">{booking.contactEmail}</div>
      </td>
      <td className="px-3 py-2">
        <div>{booking.route ?? '—'}</div>
        <div className="text-xs text-muted-foreground">
          {booking.travelDate ? formatLocalDate(booking.travelDate) : 'No flights'}
        </div>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(booking.sellTotal)}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-1">
          <BookingStateBadges booking={booking} />
        </div>
      </td>
      <td className="px-3 py-2 text-muted-foreground">{formatDateTime(booking.createdAt)}</td>
    </tr>
  );
}

function BookingCard({ booking }: { booking: AdminBookingSummary }) {
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <BookingLink booking={booking} />
          <div className="text-xs text-muted-foreground">{booking.brand.name}</div>
        </div>
        <span className="font-medium tabular-nums">{formatMoney(booking.sellTotal)}</span>
      </div>
      <div>
        <div className="font-medium text-foreground">{booking.leadPassenger || '—'}</div>
        <div className="text-xs break-all text-muted-foreground">{booking.contactEmail}</div>
      </div>
      <div className="text-muted-foreground">
        {booking.route ?? 'No flights'}
        {booking.travelDate ? ` · ${formatLocalDate(booking.travelDate)}` : ''}
      </div>
      <div className="flex flex-wrap gap-1">
        <BookingStateBadges booking={booking} />
      </div>
      <div className="text-xs text-muted-foreground">{`Booked ${formatDateTime(booking.createdAt)}`}</div>
    </li>
  );
}

function BookingLink({ booking }: { booking: AdminBookingSummary }) {
  return (
    <Link
      to="/admin/bookings/$id"
      params={{ id: booking.id }}
      className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
      aria-label={`Booking ${booking.bookingReference ?? booking.id.slice(0, 8)}`}
    >
      {booking.bookingReference ?? `${booking.id.slice(0, 8)}…`}
    </Link>
  );
}
