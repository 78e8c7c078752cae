import type { BookingView } from '@contrail/contracts/bookings';
import { ArrowRightIcon, CreditCardIcon, PlaneIcon, UserRoundIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { DayShift } from '../../../components/flight-timeline';
import { PassengerBags } from './passenger-bags';
import { AddToCalendarButton } from '../../../components/ui/add-to-calendar-button';
import { CopyButton } from '../../../components/ui/copy-button';
import {
  formatDuration,
  formatFullDate,
  formatMinutes,
  formatTime,
  localMinutesBetween,
  stopsLabel,
} from '../../../lib/flight-formatters';
import { sliceLabel } from '../../../lib/journey';
import { cabinLabel, formatInstantDate, passengerTypeLabel } from '../lib/trip-format';
import { tripsTexts } from '../lib/trips-texts';
import { PaymentSummary } from './payment-summary';
import { BookingStatusBadge } from './booking-status-badge';
import { CancellationSummary } from './cancellation-summary';

type Slice = BookingView['slices'][number];
type Segment = Slice['segments'][number];

interface BookingDetailsProps {
  booking: BookingView;
  /** What may be done with the booking (cancel, or why not), shown at the end. */
  children?: ReactNode;
  /** The cancellation notice (focusable), so a cancellation just made can be brought to view. */
  cancellationRef?: Ref<HTMLDivElement>;
}

/**
 * The whole booking: reference, status, every flight with local times, the passengers with their
 * seats, what was paid and, once cancelled, the refund. The same view serves the details dialog
 * and the guest's read-only look-up.
 */
export function BookingDetails({ booking, children, cancellationRef }: BookingDetailsProps) {
  return (
    <div className="grid gap-6">
      <ReferenceBar booking={booking} />
      {booking.cancellation ? (
        <CancellationSummary booking={booking} ref={cancellationRef} />
      ) : null}
      <DetailsSection title="Flights" icon={<PlaneIcon />}>
        <ol className="grid gap-5">
          {booking.slices.map((slice, index) => (
            <li key={slice.id}>
              <SliceDetails slice={slice} label={sliceLabel(index, booking.slices)} />
            </li>
          ))}
        </ol>
        {/* A trip that is booked: not one still being made, nor a cancelled one. */}
        {booking.status === 'confirmed' || booking.status === 'completed' ? (
          <AddToCalendarButton
            bookingReference={booking.bookingReference}
            slices={booking.slices}
            className="justify-self-start"
          />
        ) : null}
      </DetailsSection>
      <DetailsSection title="Passengers" icon={<UserRoundIcon />}>
        <PassengerList booking={booking} />
      </DetailsSection>
      <DetailsSection title="Payment" icon={<CreditCardIcon />}>
        <PaymentSummary booking={booking} />
      </DetailsSection>
      {children}
    </div>
  );
}

function ReferenceBar({ booking }: { booking: BookingView }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
      <div className="grid gap-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {tripsTexts.bookingReference}
        </p>
        <div className="flex items-center gap-2">
          <p className="font-mono text-xl font-bold tracking-widest text-foreground">
            {booking.bookingReference}
          </p>
          <CopyButton value={booking.bookingReference} label="Copy booking reference" />
        </div>
      </div>
      <div className="grid justify-items-start gap-1 sm:justify-items-end">
        <BookingStatusBadge status={booking.status} />
        <p className="text-xs text-muted-foreground">
          Booked on {formatInstantDate(booking.createdAt)}
        </p>
      </div>
    </div>
  );
}

function DetailsSection({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-foreground uppercase [&>svg]:size-4 [&>svg]:text-primary">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function SliceDetails({ slice, label }: { slice: Slice; label: string }) {
  const first = slice.segments[0];
  return (
    <article
      aria-label={label.startsWith('Flight') ? label : `${label} flight`}
      className="grid gap-3 rounded-lg border border-border p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-foreground">
          {label}
          <span className="font-normal text-muted-foreground">
            {' · '}
            {formatFullDate(first?.departing_at)}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">
          {formatDuration(slice.duration)} · {stopsLabel(slice.segments.length)}
        </p>
      </header>
      <ol className="grid gap-3">
        {slice.segments.map((segment, index) => {
          const next = slice.segments[index + 1];
          return (
            <li key={segment.id} className="grid gap-3">
              <SegmentDetails segment={segment} />
              {next ? <Connection arriving={segment} departing={next} /> : null}
            </li>
          );
        })}
      </ol>
    </article>
  );
}

function SegmentDetails({ segment }: { segment: Segment }) {
  return (
    <div className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
      <p className="font-semibold text-foreground tabular-nums">
        <time dateTime={segment.departing_at}>{formatTime(segment.departing_at)}</time>
      </p>
      <Airport place={segment.origin} terminal={segment.origin_terminal} />

      <span aria-hidden="true" className="mx-auto w-px bg-border" />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {segment.airline.logo_url ? (
          <img
            src={segment.airline.logo_url}
            alt=""
            width={20}
            height={20}
            className="size-5 rounded-sm object-contain"
          />
        ) : null}
        <span className="font-medium text-foreground">{segment.airline.name}</span>
        <span>{segment.flight_number}</span>
        <span>{formatDuration(segment.duration)}</span>
        <span>{cabinLabel(segment)}</span>
        {segment.aircraft ? <span>{segment.aircraft.name}</span> : null}
      </div>

      <p className="font-semibold text-foreground tabular-nums">
        <time dateTime={segment.arriving_at}>{formatTime(segment.arriving_at)}</time>
        <DayShift departingAt={segment.departing_at} arrivingAt={segment.arriving_at} />
      </p>
      <Airport place={segment.destination} terminal={segment.destination_terminal} />
    </div>
  );
}

function Airport({ place, terminal }: { place: Segment['origin']; terminal: string | null }) {
  return (
    <p className="text-foreground">
      <span className="font-medium">{place.name}</span>{' '}
      <span className="text-muted-foreground">
        ({place.iata_code}) · {place.city_name}
        {terminal ? ` · Terminal ${terminal}` : ''}
      </span>
    </p>
  );
}

function Connection({ arriving, departing }: { arriving: Segment; departing: Segment }) {
  const minutes = localMinutesBetween(arriving.arriving_at, departing.departing_at);
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
      Connection in {arriving.destination.city_name} ({arriving.destination.iata_code})
      {minutes !== null ? ` · ${formatMinutes(minutes)}` : ''}
    </p>
  );
}

/** Why a passenger has no seat listed: a lap infant has none of their own. */
function noSeatNote(type: BookingView['passengers'][number]['type']): string {
  return type === 'infant_without_seat'
    ? 'Travels on an adult’s lap: no seat of their own.'
    : 'No seats chosen: seats are assigned at check-in.';
}

function PassengerList({ booking }: { booking: BookingView }) {
  const segments = booking.slices.flatMap((slice) => slice.segments);
  return (
    <ul className="grid gap-3">
      {booking.passengers.map((passenger) => {
        const seats = segments.flatMap((segment) => {
          const seat = booking.seats.find(
            (s) => s.passengerId === passenger.id && s.segmentId === segment.id,
          );
          return seat ? [{ segment, designator: seat.designator }] : [];
        });
        return (
          <li key={passenger.id} className="grid gap-2 rounded-lg border border-border p-4 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold text-foreground">
                {passenger.firstName} {passenger.lastName}
              </span>
              <span className="text-muted-foreground">{passengerTypeLabel(passenger.type)}</span>
            </p>
            {seats.length > 0 ? (
              <ul
                aria-label={`Seats of ${passenger.firstName} ${passenger.lastName}`}
                className="grid gap-1"
              >
                {seats.map(({ segment, designator }) => (
                  <li key={segment.id} className="flex items-center justify-between gap-2">
                    <span className="flex items-center gap-1 text-muted-foreground">
                      {segment.origin.iata_code}
                      <ArrowRightIcon className="size-3" aria-hidden="true" />{' '}
                      <span className="sr-only">to</span> {segment.destination.iata_code}
                      <span className="text-xs">({segment.flight_number})</span>
                    </span>
                    <span className="font-medium text-foreground">Seat {designator}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">{noSeatNote(passenger.type)}</p>
            )}
            <PassengerBags booking={booking} passenger={passenger} />
          </li>
        );
      })}
    </ul>
  );
}
