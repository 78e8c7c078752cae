import type { Offer, Segment, Slice } from '@contrail/contracts/offers';
import { LuggageIcon, UtensilsIcon, WifiIcon } from 'lucide-react';
import { FlightTimeline } from '../../../components/flight-timeline';
import { Badge } from '../../../components/ui/badge';
import {
  formatDuration,
  formatFullDate,
  formatMinutes,
  localMinutesBetween,
  stopsLabel,
} from '../../../lib/flight-formatters';
import { offerTexts, segmentBadges, sliceTitle, type SegmentBadge } from '../lib/offer-summary';

const badgeIcons: Record<SegmentBadge, typeof WifiIcon> = {
  'Wi-Fi': WifiIcon,
  Meal: UtensilsIcon,
  'Baggage Included': LuggageIcon,
};

/** The offer's slices with their flights, stops and layovers. */
export function FlightSummary({ offer }: { offer: Offer }) {
  return (
    <section
      aria-labelledby="flight-summary-title"
      className="rounded-xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <h2
        id="flight-summary-title"
        className="border-b border-border px-5 py-4 text-lg font-semibold"
      >
        {offerTexts.flightSummary}
      </h2>
      <div className="divide-y divide-border">
        {offer.slices.map((slice, index) => (
          <SliceSummary key={slice.id} slice={slice} title={sliceTitle(index, offer.slices)} />
        ))}
      </div>
    </section>
  );
}

function SliceSummary({ slice, title }: { slice: Slice; title: string }) {
  const first = slice.segments[0];
  const via = slice.segments.slice(0, -1).map((segment) => segment.destination.iata_code);
  return (
    <section aria-label={title} className="grid gap-4 px-5 py-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold">
          {title}
          <span className="block font-normal text-muted-foreground sm:ml-2 sm:inline">
            {first ? formatFullDate(first.departing_at) : null}
          </span>
        </h3>
        <p className="text-sm text-muted-foreground">
          {formatDuration(slice.duration)} · {stopsLabel(slice.segments.length)}
          {via.length ? ` via ${via.join(', ')}` : ''}
        </p>
      </div>
      <ol className="grid gap-3">
        {slice.segments.map((segment, index) => {
          const next = slice.segments[index + 1];
          const layover = next ? localMinutesBetween(segment.arriving_at, next.departing_at) : null;
          return (
            <li key={segment.id} className="grid gap-3">
              <SegmentSummary segment={segment} />
              {next ? (
                <p className="ml-12 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
                  {formatMinutes(layover)} layover in {segment.destination.city_name} (
                  {segment.destination.iata_code})
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function SegmentSummary({ segment }: { segment: Segment }) {
  const badges = segmentBadges(segment);
  return (
    <div className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-3">
      <img
        src={segment.airline.logo_url}
        alt={segment.airline.name}
        width={36}
        height={36}
        className="size-9 rounded-md"
      />
      <div className="grid gap-2">
        <FlightTimeline
          departingAt={segment.departing_at}
          arrivingAt={segment.arriving_at}
          origin={<Place place={segment.origin} />}
          destination={<Place place={segment.destination} />}
          duration={formatDuration(segment.duration)}
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span>
            {segment.airline.name} · {segment.flight_number}
          </span>
          {badges.map((badge) => {
            const Icon = badgeIcons[badge];
            return (
              <Badge key={badge} variant="outline" className="gap-1 font-normal">
                <Icon aria-hidden="true" />
                {badge}
              </Badge>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function Place({ place }: { place: Segment['origin'] }) {
  return (
    <>
      <span className="font-medium">{place.iata_code}</span>{' '}
      <span className="block truncate text-muted-foreground sm:inline">{place.city_name}</span>
    </>
  );
}
