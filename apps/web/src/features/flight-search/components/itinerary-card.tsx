import type { Slice } from '@contrail/contracts/offers';
import { Link } from '@tanstack/react-router';
import { LuggageIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  dayDifference,
  formatDuration,
  formatMinutes,
  formatPrice,
  formatTime,
  localMinutesBetween,
  stopsLabel,
} from '../../../lib/flight-formatters';
import type { OfferMetrics } from '../lib/offer-metrics';
import { rememberSeenPrice } from '../../../lib/seen-prices';

export const PRICE_NOTE = 'Price is for all passengers';

interface OfferCardProps {
  metrics: OfferMetrics;
  /** The offer page's search parameters (the results view, carried with a from_ prefix). */
  linkSearch: Record<string, string | number>;
  /** Set on the offers that lead a sort order. */
  highlight?: string | undefined;
}

function sliceAirlines(slice: Slice) {
  const seen = new Map<string, Slice['segments'][number]['airline']>();
  for (const segment of slice.segments) seen.set(segment.airline.iata_code, segment.airline);
  return [...seen.values()];
}

/** Checked bags are included when every flight of the offer carries at least one. */
function includesCheckedBag(metrics: OfferMetrics): boolean {
  return metrics.offer.slices.every((slice) =>
    slice.segments.every((segment) =>
      segment.baggages.some((bag) => bag.type === 'checked' && bag.quantity > 0),
    ),
  );
}

export function OfferCard({ metrics, linkSearch, highlight }: OfferCardProps) {
  const { offer } = metrics;
  const price = formatPrice(offer.total_amount, offer.total_currency);
  const route = offer.slices[0]
    ? `${offer.slices[0].origin.city_name} to ${offer.slices[0].destination.city_name}`
    : '';
  const fareBrands = [...new Set(offer.slices.map((slice) => slice.fare_brand_name))].filter(
    (name): name is string => Boolean(name),
  );
  const bag = includesCheckedBag(metrics);

  return (
    <article
      aria-label={`${metrics.airlineName}, ${price}`}
      className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md sm:flex-row"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-4 p-4 sm:p-5">
        {highlight ? (
          <Badge variant="secondary" className="-mb-1">
            {highlight}
          </Badge>
        ) : null}
        {offer.slices.map((slice) => (
          <SliceRow key={slice.id} slice={slice} />
        ))}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {fareBrands.map((name) => (
            <Badge key={name} variant="outline">
              {name}
            </Badge>
          ))}
          {bag ? (
            <span className="inline-flex items-center gap-1" title="Checked bag included">
              <LuggageIcon className="size-3.5" aria-hidden="true" />
              <span>Checked bag included</span>
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 border-t border-border bg-muted/40 p-4 sm:w-52 sm:flex-col sm:items-stretch sm:justify-center sm:border-t-0 sm:border-l sm:p-5 sm:text-right">
        <div>
          <p data-testid="offer-price" className="text-2xl font-bold tracking-tight tabular-nums">
            {price}
          </p>
          <p className="text-xs text-muted-foreground">{PRICE_NOTE}</p>
        </div>
        <Button asChild className="sm:w-full">
          <Link
            to="/flight/$id"
            params={{ id: offer.id }}
            search={linkSearch}
            // The price on this card is the one the traveller agrees to by choosing it.
            onClick={() =>
              rememberSeenPrice(offer.id, {
                amount: offer.total_amount,
                currency: offer.total_currency,
              })
            }
          >
            Select
            <span className="sr-only">
              {' '}
              {metrics.airlineName} flight, {route}, {price}
            </span>
          </Link>
        </Button>
      </div>
    </article>
  );
}

function SliceRow({ slice }: { slice: Slice }) {
  const first = slice.segments[0];
  const last = slice.segments.at(-1);
  if (!first || !last) return null;
  const airlines = sliceAirlines(slice);
  const main = airlines[0];
  const days = dayDifference(first.departing_at, last.arriving_at);
  const stops = slice.segments.slice(0, -1).map((segment, index) => {
    const next = slice.segments[index + 1];
    return {
      code: segment.destination.iata_code,
      layover: next ? localMinutesBetween(segment.arriving_at, next.departing_at) : null,
    };
  });

  const duration = formatDuration(slice.duration);
  const stopsText = stopsLabel(slice.segments.length);
  const via = stops
    .map((stop) =>
      stop.layover === null ? stop.code : `${formatMinutes(stop.layover)} ${stop.code}`,
    )
    .join(', ');

  return (
    <div className="grid grid-cols-[2.25rem_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 sm:grid-cols-[2.25rem_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)]">
      {main ? (
        <img
          src={main.logo_url}
          alt={main.name}
          width={36}
          height={36}
          className="row-span-3 size-9 self-start rounded-md sm:row-span-1 sm:self-center"
        />
      ) : (
        <span className="row-span-3 sm:row-span-1" />
      )}
      <div className="min-w-0">
        <p className="text-base font-semibold tabular-nums sm:text-lg">
          {formatTime(first.departing_at)} – {formatTime(last.arriving_at)}
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
        {via ? ` · ${via}` : ''}
      </p>
    </div>
  );
}
