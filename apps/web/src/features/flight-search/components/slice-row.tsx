import type { ResultSlice } from '@contrail/contracts/search-results-schema';
import { ClockIcon, MoonIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import {
  dayDifference,
  formatDuration,
  formatMinutes,
  formatTime,
  formatWeekdayDate,
  stopsLabel,
} from '../../../lib/flight-formatters';
import { sliceLayovers, type Layover } from '../lib/offer-metrics';

const sliceTexts = {
  layover: (time: string, city: string, code: string) => `${time} layover in ${city} (${code})`,
  overnight: 'overnight',
  changeAirport: (name: string, code: string) => `leaves from ${name} (${code})`,
} as const;

function sliceAirlines(slice: ResultSlice) {
  const seen = new Map<string, ResultSlice['segments'][number]['airline']>();
  for (const segment of slice.segments) seen.set(segment.airline.iata_code, segment.airline);
  return [...seen.values()];
}

/**
 * One flight of an itinerary card: its times (and its date, on a multi-city trip), airlines,
 * duration, route and stops, then each layover.
 */
export function SliceRow({ slice, showDate }: { slice: ResultSlice; showDate: boolean }) {
  const first = slice.segments[0];
  const last = slice.segments.at(-1);
  if (!first || !last) return null;
  const airlines = sliceAirlines(slice);
  const main = airlines[0];
  const layovers = sliceLayovers(slice);
  const duration = formatDuration(slice.duration);
  const stopsText = stopsLabel(slice.segments.length);
  const via = layovers.map((layover) => layover.airport.iata_code).join(', ');

  return (
    <div className="grid grid-cols-[2.25rem_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 sm:grid-cols-[2.25rem_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <AirlineLogo airline={main} />
      <div className="min-w-0">
        {showDate ? (
          <p className="text-xs font-medium text-muted-foreground">
            {formatWeekdayDate(first.departing_at)}
          </p>
        ) : null}
        <SliceTimes departingAt={first.departing_at} arrivingAt={last.arriving_at} />
        <p className="truncate text-xs text-muted-foreground">
          {airlines.map((airline) => airline.name).join(', ')}
        </p>
      </div>
      <div className="hidden text-sm sm:block">
        <p className="font-medium">{duration}</p>
        <p className="text-muted-foreground">
          {slice.origin.iata_code}–{slice.destination.iata_code}
        </p>
      </div>
      <div className="hidden min-w-0 text-sm sm:block">
        <p data-testid="offer-stops" className="font-medium">
          {stopsText}
        </p>
        {via ? <p className="truncate text-muted-foreground">{via}</p> : null}
      </div>
      {/* Small screens: one line for route, time and stops. */}
      <p className="col-start-2 truncate text-sm text-muted-foreground sm:hidden">
        {slice.origin.iata_code}–{slice.destination.iata_code} · {duration} ·{' '}
        <span className="font-medium text-foreground">{stopsText}</span>
      </p>
      {layovers.length > 0 ? (
        <ul className="col-start-2 mt-1 grid gap-0.5 text-xs text-muted-foreground sm:col-span-3">
          {layovers.map((layover, index) => (
            <LayoverLine key={index} layover={layover} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The main airline's logo, beside the flight's lines. */
function AirlineLogo({
  airline,
}: {
  airline: ResultSlice['segments'][number]['airline'] | undefined;
}) {
  if (!airline) return <span className="row-span-2 sm:row-span-1" />;
  return (
    <img
      src={airline.logo_url}
      alt={airline.name}
      width={36}
      height={36}
      className="row-span-2 size-9 self-start rounded-md sm:row-span-1 sm:self-center"
    />
  );
}

/** '09:00 – 12:00', with the days an arrival is later (or earlier) than the departure. */
function SliceTimes({ departingAt, arrivingAt }: { departingAt: string; arrivingAt: string }) {
  const days = dayDifference(departingAt, arrivingAt);
  return (
    <p className="text-base font-semibold tabular-nums sm:text-lg">
      {formatTime(departingAt)} – {formatTime(arrivingAt)}
      {days !== 0 ? (
        <sup className="ml-0.5 text-xs font-semibold text-primary">
          <span aria-hidden="true">{days > 0 ? `+${days}` : days}</span>
          <span className="sr-only">
            {' '}
            (arrives {Math.abs(days)} {Math.abs(days) === 1 ? 'day' : 'days'}{' '}
            {days > 0 ? 'later' : 'earlier'})
          </span>
        </sup>
      ) : null}
    </p>
  );
}

function LayoverLine({ layover }: { layover: Layover }) {
  const parts = [
    sliceTexts.layover(
      formatMinutes(layover.minutes),
      layover.airport.city_name,
      layover.airport.iata_code,
    ),
    layover.overnight ? sliceTexts.overnight : null,
    layover.departureAirport
      ? sliceTexts.changeAirport(layover.departureAirport.name, layover.departureAirport.iata_code)
      : null,
  ].filter(Boolean);
  const Icon = layover.overnight ? MoonIcon : ClockIcon;
  return (
    <li className="flex items-start gap-1.5">
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className={cn(layover.overnight && 'font-medium text-foreground')}>
        {parts.join(' · ')}
      </span>
    </li>
  );
}
