import type { Offer } from '@contrail/contracts/offers';
import { CheckIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import {
  formatDuration,
  formatExactPrice,
  formatFullDate,
  formatTime,
  NOT_AVAILABLE,
} from '../../../lib/flight-formatters';
import { useSeatMaps } from '../../../lib/offers-api';
import { baggageSummary, offerTexts, sliceTitle } from '../lib/offer-summary';
import { OFFER_TABS, type OfferTab } from '../lib/offer-page-search';

const tabLabels: Record<OfferTab, string> = {
  details: offerTexts.tabDetails,
  'fare-rules': offerTexts.tabFareRules,
  'seat-maps': offerTexts.tabSeatMaps,
};

interface OfferTabsProps {
  offer: Offer;
  tab: OfferTab;
  onTabChange: (tab: OfferTab) => void;
}

/** Flight Details, Fare Rules and Seat Maps; the open tab is the URL's `tab`. */
export function OfferTabs({ offer, tab, onTabChange }: OfferTabsProps) {
  return (
    <Tabs
      value={tab}
      onValueChange={(next) => {
        const chosen = OFFER_TABS.find((option) => option === next);
        if (chosen) onTabChange(chosen);
      }}
      className="gap-4"
    >
      <TabsList className="w-full sm:w-fit">
        {OFFER_TABS.map((option) => (
          <TabsTrigger key={option} value={option} className="px-4">
            {tabLabels[option]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="details">
        <FlightDetails offer={offer} />
      </TabsContent>
      <TabsContent value="fare-rules">
        <FareRules offer={offer} />
      </TabsContent>
      <TabsContent value="seat-maps">
        <SeatMaps offer={offer} />
      </TabsContent>
    </Tabs>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-5 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      {children}
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FlightDetails({ offer }: { offer: Offer }) {
  return (
    <Panel>
      {offer.slices.map((slice, sliceIndex) => (
        <section key={slice.id} className="grid gap-4">
          <h3 className="font-semibold">
            {sliceTitle(sliceIndex, offer.slices)}: {slice.origin.city_name} to{' '}
            {slice.destination.city_name}
          </h3>
          {slice.segments.map((segment) => (
            <div key={segment.id} className="grid gap-3 rounded-lg border border-border p-4">
              <p className="text-sm font-medium">
                {segment.flight_number} · {segment.origin.iata_code}{' '}
                {formatTime(segment.departing_at)} → {segment.destination.iata_code}{' '}
                {formatTime(segment.arriving_at)}
              </p>
              <Facts
                rows={[
                  ['Date', formatFullDate(segment.departing_at)],
                  [
                    'From',
                    `${segment.origin.name}${segment.origin_terminal ? `, Terminal ${segment.origin_terminal}` : ''}`,
                  ],
                  [
                    'To',
                    `${segment.destination.name}${segment.destination_terminal ? `, Terminal ${segment.destination_terminal}` : ''}`,
                  ],
                  ['Flight time', formatDuration(segment.duration)],
                  ['Airline', segment.airline.name],
                  ...(segment.operating_carrier.iata_code !== segment.airline.iata_code
                    ? ([['Operated by', segment.operating_carrier.name]] as [string, ReactNode][])
                    : []),
                  ['Aircraft', segment.aircraft?.name ?? NOT_AVAILABLE],
                  ['Cabin', segment.cabin_class_marketing_name],
                  ['Baggage', `${baggageSummary(segment)} per passenger`],
                ]}
              />
            </div>
          ))}
        </section>
      ))}
    </Panel>
  );
}

function YesNo({ value }: { value: boolean }) {
  const Icon = value ? CheckIcon : XIcon;
  return (
    <span className="inline-flex items-center gap-1.5 font-medium">
      <Icon className="size-4" aria-hidden="true" />
      {value ? 'Yes' : 'No'}
    </span>
  );
}

function FareRules({ offer }: { offer: Offer }) {
  const { conditions } = offer;
  const penalty = (value: typeof conditions.refund_penalty, label: string) =>
    value ? (
      <span className="text-muted-foreground">
        {' '}
        ({label} {formatExactPrice(value.amount, value.currency)})
      </span>
    ) : null;

  return (
    <Panel>
      <section className="grid gap-3">
        <h3 className="font-semibold">Conditions</h3>
        <Facts
          rows={[
            [
              'Refundable',
              <>
                <YesNo value={conditions.refundable} />
                {conditions.refundable ? penalty(conditions.refund_penalty, 'fee') : null}
              </>,
            ],
            [
              'Changeable',
              <>
                <YesNo value={conditions.changeable} />
                {conditions.changeable ? penalty(conditions.change_penalty, 'fee') : null}
              </>,
            ],
          ]}
        />
      </section>
      <AvailableServices offer={offer} />
      <section className="grid gap-2">
        <h3 className="font-semibold">{offerTexts.identityTitle}</h3>
        <p className="text-sm text-muted-foreground">
          {offer.passenger_identity_documents_required
            ? 'A valid passport is required for every passenger on this trip. You will enter the passport details during booking.'
            : 'No identity documents are needed to book this flight. Bring the travel documents your trip requires to the airport.'}
        </p>
      </section>
    </Panel>
  );
}

/** The extras the airline sells with the offer, each with its flight and price. */
function AvailableServices({ offer }: { offer: Offer }) {
  const sliceOf = (segmentIds: readonly string[]) => {
    const index = offer.slices.findIndex((slice) =>
      slice.segments.some((segment) => segmentIds.includes(segment.id)),
    );
    return index >= 0 ? sliceTitle(index, offer.slices) : null;
  };
  return (
    <section className="grid gap-3">
      <h3 className="font-semibold">Available services</h3>
      {offer.available_services.length === 0 ? (
        <p className="text-sm text-muted-foreground">{offerTexts.noServices}</p>
      ) : (
        <ul className="grid gap-2">
          {offer.available_services.map((service) => {
            const price = formatExactPrice(service.total_amount, service.total_currency);
            const slice = sliceOf(service.segment_ids);
            return (
              <li
                key={service.id}
                className="flex items-start justify-between gap-4 rounded-lg border border-border p-3 text-sm"
              >
                <div>
                  <p className="font-medium">
                    {service.name}
                    {slice ? (
                      <span className="font-normal text-muted-foreground"> · {slice}</span>
                    ) : null}
                  </p>
                  <p className="text-muted-foreground">{service.description}</p>
                </div>
                <p className="shrink-0 font-semibold tabular-nums">
                  {price.endsWith(NOT_AVAILABLE) ? offerTexts.priceUnavailable : price}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function SeatMaps({ offer }: { offer: Offer }) {
  const seatMaps = useSeatMaps(offer.id, true);
  const flights = offer.slices.flatMap((slice) => slice.segments);
  return (
    <Panel>
      {seatMaps.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <p role="status" className="text-sm text-muted-foreground">
            Loading seat maps...
          </p>
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : seatMaps.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Unable to retrieve seat maps:{' '}
          {seatMaps.error instanceof ApiError
            ? seatMaps.error.serverMessage
            : seatMaps.error.message}
        </p>
      ) : seatMaps.data.length > 0 ? (
        <div className="grid gap-3">
          <p className="font-medium">{offerTexts.seatMapsAvailable}</p>
          <ul className="grid gap-1 text-sm text-muted-foreground">
            {flights.map((segment) => {
              const map = seatMaps.data.find((candidate) => candidate.segment_id === segment.id);
              const free = map
                ? map.cabins
                    .flatMap((cabin) => cabin.rows)
                    .flatMap((row) => row.sections)
                    .flatMap((section) => section.elements)
                    .filter((element) => element.type === 'seat' && element.available).length
                : 0;
              return (
                <li key={segment.id}>
                  {segment.flight_number} {segment.origin.iata_code} →{' '}
                  {segment.destination.iata_code}: {map ? `${free} seats available` : 'no seat map'}
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{offerTexts.seatMapsUnavailable}</p>
      )}
    </Panel>
  );
}
