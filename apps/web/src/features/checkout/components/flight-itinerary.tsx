import type { Offer } from '@contrail/contracts/offers';
import { FlightTimeline } from '../../../components/flight-timeline';
import { formatDuration, formatFullDate, stopsLabel } from '../../../lib/flight-formatters';
import { sliceLabel } from '../../../lib/journey';

/** Each slice on one line: label and date, times, route, duration and stops, flight numbers. */
export function FlightItinerary({ offer }: { offer: Offer }) {
  return (
    <ol className="grid gap-4">
      {offer.slices.map((slice, index) => {
        const first = slice.segments[0];
        const last = slice.segments.at(-1);
        if (!first || !last) return null;
        return (
          <li key={slice.id} className="grid gap-2">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-foreground">
                {sliceLabel(index, offer.slices)}
              </span>
              <span className="text-muted-foreground">{formatFullDate(first.departing_at)}</span>
            </p>
            <FlightTimeline
              fill
              departingAt={first.departing_at}
              arrivingAt={last.arriving_at}
              origin={slice.origin.iata_code}
              destination={slice.destination.iata_code}
              duration={formatDuration(slice.duration)}
              stops={stopsLabel(slice.segments.length)}
            />
            <p className="text-xs text-muted-foreground">
              {[...new Set(slice.segments.map((segment) => segment.airline.name))].join(', ')} ·{' '}
              {slice.segments.map((segment) => segment.flight_number).join(', ')}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
