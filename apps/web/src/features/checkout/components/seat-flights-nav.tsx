import type { Offer } from '@contrail/contracts/offers';
import { CheckCircle2Icon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatWeekdayDate } from '../../../lib/flight-formatters';
import { sliceLabel } from '../../../lib/journey';
import type { orderedSeatMaps, SeatChoices } from '../lib/seat-map';
import { segmentRoute } from '../lib/trip';

export type SeatFlight = ReturnType<typeof orderedSeatMaps>[number];

interface SeatFlightsNavProps {
  offer: Offer;
  flights: readonly SeatFlight[];
  passengerIds: readonly string[];
  choices: SeatChoices;
  /** The flight whose map is shown. */
  segmentId: string;
  onShowFlight: (segmentId: string) => void;
}

/** The flights with a seat map, under Outbound and Return, each with its seats chosen so far. */
export function SeatFlightsNav({
  offer,
  flights,
  passengerIds,
  choices,
  segmentId,
  onShowFlight,
}: SeatFlightsNavProps) {
  const groups = offer.slices
    .map((slice, sliceIndex) => ({
      label: sliceLabel(sliceIndex, offer.slices),
      sliceId: slice.id,
      flights: flights.filter((flight) => flight.sliceIndex === sliceIndex),
    }))
    .filter((group) => group.flights.length > 0);

  return (
    <nav aria-label="Flights" className="grid gap-4 sm:grid-cols-2">
      {groups.map((group) => (
        <div key={group.sliceId} className="grid content-start gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {group.label}
          </h2>
          <ul className="grid gap-2">
            {group.flights.map((flight) => (
              <li key={flight.map.segment_id}>
                <FlightButton
                  flight={flight}
                  current={flight.map.segment_id === segmentId}
                  count={
                    passengerIds.filter((id) => choices[flight.map.segment_id]?.[id] !== undefined)
                      .length
                  }
                  total={passengerIds.length}
                  onClick={() => onShowFlight(flight.map.segment_id)}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

interface FlightButtonProps {
  flight: SeatFlight;
  current: boolean;
  /** Seats chosen on this flight, of `total` seated passengers. */
  count: number;
  total: number;
  onClick: () => void;
}

function FlightButton({ flight, current, count, total, onClick }: FlightButtonProps) {
  const done = count === total;
  return (
    <button
      type="button"
      aria-pressed={current}
      onClick={onClick}
      className={cn(
        'flex w-full items-center justify-between gap-3 rounded-lg border px-4 py-3 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        current
          ? 'border-primary bg-primary/5 ring-1 ring-primary'
          : 'border-border bg-card hover:bg-muted',
      )}
    >
      <span className="grid gap-0.5">
        <span className="font-semibold">
          {flight.segment.flight_number} · {segmentRoute(flight.segment)}
        </span>
        <span className="text-sm text-muted-foreground">
          {formatWeekdayDate(flight.segment.departing_at)} · {flight.segment.airline.name}
        </span>
      </span>
      <span
        className={cn(
          'flex shrink-0 items-center gap-1 text-sm',
          done ? 'font-medium text-success' : 'text-muted-foreground',
        )}
      >
        {done ? <CheckCircle2Icon className="size-4" aria-hidden="true" /> : null}
        {count}/{total}
        <span className="sr-only"> seats chosen</span>
      </span>
    </button>
  );
}
