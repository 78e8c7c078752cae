import type { Offer } from '@contrail/contracts/offers';
import { PlaneIcon } from 'lucide-react';
import {
  dayDifference,
  formatDuration,
  formatFullDate,
  formatTime,
  stopsLabel,
} from '../../../lib/flight-formatters';
import { sliceLabel } from '../lib/seat-map';

/** Each slice on one line: label and date, times, route, duration and stops, flight numbers. */
export function FlightItinerary({ offer }: { offer: Offer }) {
  return (
    <ol className="grid gap-4">
      {offer.slices.map((slice, index) => {
        const first = slice.segments[0];
        const last = slice.segments.at(-1);
        if (!first || !last) return null;
        const days = dayDifference(first.departing_at, last.arriving_at);
        return (
          <li key={slice.id} className="grid gap-2">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-foreground">{sliceLabel(offer, index)}</span>
              <span className="text-muted-foreground">{formatFullDate(first.departing_at)}</span>
            </p>
            <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3">
              <div>
                <p className="text-lg font-semibold tabular-nums">
                  {formatTime(first.departing_at)}
                </p>
                <p className="text-sm font-medium text-muted-foreground">
                  {slice.origin.iata_code}
                </p>
              </div>
              <div className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
                <span>{formatDuration(slice.duration)}</span>
                <span aria-hidden="true" className="flex w-full items-center gap-1">
                  <span className="h-px flex-1 bg-border" />
                  <PlaneIcon className="size-3.5 rotate-45" />
                  <span className="h-px flex-1 bg-border" />
                </span>
                <span>{stopsLabel(slice.segments.length)}</span>
              </div>
              <div className="text-right">
                <p className="text-lg font-semibold tabular-nums">
                  {formatTime(last.arriving_at)}
                  {days !== 0 ? (
                    <sup className="ml-0.5 text-xs text-primary">
                      {days > 0 ? `+${days}` : days}
                      <span className="sr-only"> day</span>
                    </sup>
                  ) : null}
                </p>
                <p className="text-sm font-medium text-muted-foreground">
                  {slice.destination.iata_code}
                </p>
              </div>
            </div>
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
