import { PlaneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { dayDifference, formatTime } from '../lib/flight-formatters';

/** '+1' after an arrival time on a later calendar day than the departure ('-1' earlier). */
export function DayShift({ departingAt, arrivingAt }: { departingAt: string; arrivingAt: string }) {
  const days = dayDifference(departingAt, arrivingAt);
  if (days === 0) return null;
  return (
    <sup className="ml-0.5 text-xs text-primary">
      {days > 0 ? `+${days}` : days}
      <span className="sr-only"> day</span>
    </sup>
  );
}

/**
 * A flight (or a whole slice) on one line: departure time and place, the duration over a plane
 * line (and the stops, when given), arrival time and place. `fill` is for a narrow column: the
 * times take what they need and the line stretches between them; otherwise the two ends share
 * the width and the line keeps its length.
 */
export function FlightTimeline({
  departingAt,
  arrivingAt,
  origin,
  destination,
  duration,
  stops,
  fill = false,
}: {
  departingAt: string;
  arrivingAt: string;
  /** The place under the departure time (a `<p>`'s content). */
  origin: ReactNode;
  destination: ReactNode;
  duration: string;
  stops?: string;
  fill?: boolean;
}) {
  const placeClass = fill ? 'text-sm font-medium text-muted-foreground' : 'text-sm';
  const lineClass = cn('h-px bg-border', fill ? 'flex-1' : 'w-6 sm:w-12');
  return (
    <div
      className={cn(
        'grid items-center gap-3',
        fill
          ? 'grid-cols-[auto_minmax(0,1fr)_auto]'
          : 'grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]',
      )}
    >
      <div>
        <p className="text-lg font-semibold tabular-nums">{formatTime(departingAt)}</p>
        <p className={placeClass}>{origin}</p>
      </div>
      <div className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
        <span>{duration}</span>
        <span aria-hidden="true" className={cn('flex items-center gap-1', fill && 'w-full')}>
          <span className={lineClass} />
          <PlaneIcon className="size-3.5 rotate-45" />
          <span className={lineClass} />
        </span>
        {stops ? <span>{stops}</span> : null}
      </div>
      <div className="text-right">
        <p className="text-lg font-semibold tabular-nums">
          {formatTime(arrivingAt)}
          <DayShift departingAt={departingAt} arrivingAt={arrivingAt} />
        </p>
        <p className={placeClass}>{destination}</p>
      </div>
    </div>
  );
}
