import type { BookingView } from '@contrail/contracts/bookings';
import { ArrowLeftRightIcon, ArrowRightIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  dayDifference,
  formatExactPrice,
  formatWeekdayDate,
  formatTime,
} from '../../../lib/flight-formatters';
import {
  journeyAirports,
  journeyCities,
  journeyKind,
  journeyKindLabels,
  sliceLabel,
} from '../../../lib/journey';
import { passengerCountLabel, refundLine, tripAirlines } from '../lib/trip-format';
import { canCancelFromList } from '../lib/trip-groups';
import { tripsTexts } from '../lib/trips-texts';
import { BookingStatusBadge } from './booking-status-badge';

interface TripCardProps {
  booking: BookingView;
  onViewDetails: (booking: BookingView) => void;
  onCancel: (booking: BookingView) => void;
}

/** One booking in the list: where and when, who flies it, the reference, what was paid. */
export function TripCard({ booking, onViewDetails, onCancel }: TripCardProps) {
  const titleId = useId();
  const outbound = booking.slices[0];
  const kind = journeyKind(booking.slices);

  return (
    <Card
      aria-labelledby={titleId}
      role="article"
      className="gap-4 py-5"
      data-status={booking.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 px-5">
        <div className="grid min-w-0 gap-1">
          <TripTitle id={titleId} booking={booking} />
          <p className="text-sm text-muted-foreground">
            {outbound ? `${tripAirports(booking)} · ` : ''}
            {journeyKindLabels[kind]}
            {' · '}
            {passengerCountLabel(booking.passengers.length)}
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>

      <TripSlices booking={booking} />

      <TripAirlines booking={booking} />

      <TripFooter booking={booking} onViewDetails={onViewDetails} onCancel={onCancel} />
    </Card>
  );
}

/** Each flight of the trip: its label, date, times and airports. */
function TripSlices({ booking }: { booking: BookingView }) {
  return (
    <ol className="grid gap-2 px-5">
      {booking.slices.map((slice, index) => {
        const first = slice.segments[0];
        const last = slice.segments.at(-1);
        if (!first || !last) return null;
        const days = dayDifference(first.departing_at, last.arriving_at);
        return (
          <li
            key={slice.id}
            className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-baseline gap-x-3 text-sm sm:grid-cols-[6rem_9rem_minmax(0,1fr)]"
          >
            <span className="font-medium text-muted-foreground">
              {sliceLabel(index, booking.slices)}
            </span>
            <span className="font-medium text-foreground">
              {formatWeekdayDate(first.departing_at)}
            </span>
            <span className="col-start-2 text-foreground tabular-nums sm:col-start-3">
              {formatTime(first.departing_at)} {slice.origin.iata_code} –{' '}
              {formatTime(last.arriving_at)}
              {days > 0 ? <sup className="text-xs text-primary">+{days}</sup> : null}{' '}
              {slice.destination.iata_code}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The airlines flying the trip, with their logos. */
function TripAirlines({ booking }: { booking: BookingView }) {
  const airlines = tripAirlines(booking);
  if (airlines.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 px-5 text-sm text-muted-foreground">
      {airlines.map((airline) => (
        <span key={airline.name} className="inline-flex items-center gap-1.5">
          {airline.logo_url ? (
            <img
              src={airline.logo_url}
              alt=""
              width={20}
              height={20}
              className="size-5 rounded-sm object-contain"
            />
          ) : null}
          {airline.name}
        </span>
      ))}
    </p>
  );
}

/** The reference, what was paid (and refunded), and the card's buttons. */
function TripFooter({ booking, onViewDetails, onCancel }: TripCardProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 border-t border-border px-5 pt-4">
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{tripsTexts.bookingReference}</dt>
          <dd className="font-mono font-semibold tracking-wider text-foreground">
            {booking.bookingReference}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{tripsTexts.totalPaid}</dt>
          <dd className="font-semibold text-foreground">
            {formatExactPrice(booking.total.amount, booking.total.currency)}
          </dd>
        </div>
        {booking.cancellation ? (
          <div>
            <dt className="text-muted-foreground">Refund</dt>
            <dd className="font-semibold text-foreground">
              {refundLine(booking.cancellation, formatExactPrice, tripsTexts.refundUnknown)}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button
          type="button"
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={() => onViewDetails(booking)}
        >
          {tripsTexts.viewDetails}
        </Button>
        {canCancelFromList(booking) ? (
          <Button
            type="button"
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => onCancel(booking)}
          >
            {tripsTexts.cancel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** 'LHR – JFK' (the outbound's ends) one way or round trip; every airport on a multi-city trip. */
function tripAirports(booking: BookingView): string {
  const outbound = booking.slices[0];
  if (!outbound) return '';
  return journeyKind(booking.slices) === 'multi-city'
    ? journeyAirports(booking.slices)
    : `${outbound.origin.iata_code} – ${outbound.destination.iata_code}`;
}

/**
 * Where the trip goes: 'London ⇄ New York' for a round trip, 'London → New York' one way, every
 * city in order on a multi-city trip. The arrows are pictures: the heading reads "London to New
 * York", or the cities one after another.
 */
function TripTitle({ id, booking }: { id: string; booking: BookingView }) {
  const outbound = booking.slices[0];
  const kind = journeyKind(booking.slices);
  return (
    // The cards sit right under the page's h1 (the tabs have no heading of their own).
    <h2
      id={id}
      className="flex flex-wrap items-center gap-x-2 text-lg font-semibold text-foreground"
    >
      {!outbound ? (
        'Flight booking'
      ) : kind === 'multi-city' ? (
        <span>{journeyCities(booking.slices)}</span>
      ) : (
        <>
          <span>{outbound.origin.city_name}</span>
          {kind === 'round-trip' ? (
            <ArrowLeftRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          ) : (
            <ArrowRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          )}
          {/* Spaces as text nodes: the heading's accessible name is "London to New York". */}{' '}
          <span className="sr-only">to</span> <span>{outbound.destination.city_name}</span>
        </>
      )}
    </h2>
  );
}
