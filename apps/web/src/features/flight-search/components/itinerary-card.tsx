import { CheckIcon, LeafIcon, XIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/flight-formatters';
import { rememberSeenPrice } from '../../../lib/seen-prices';
import type { ItineraryResult } from '../lib/filter-itineraries';
import { compareEmissions, pricePerPerson } from '../lib/itineraries';
import type { FareMetrics } from '../lib/offer-metrics';
import { SliceRow } from './slice-row';

const PRICE_NOTE = 'Price is for all passengers';

const cardTexts = {
  from: 'from',
  fares: 'Fares',
  perPerson: (price: string) => `${price} per person`,
  perPersonAverage: (price: string) => `${price} per person on average`,
  checkedBags: (count: number) =>
    count === 0 ? 'No checked bag' : count === 1 ? '1 checked bag' : `${count} checked bags`,
  underSeatOnly: 'Under-seat bag only',
  noChanges: 'No changes',
  freeChanges: 'Free changes',
  changeFee: (fee: string) => `Changes: ${fee} fee`,
  noRefunds: 'No refunds',
  fullRefund: 'Full refund',
  refundFee: (fee: string) => `Refund: ${fee} fee`,
  select: 'Select',
  emissions: (kg: string) => `${kg} kg CO₂`,
  emissionsLower: (percent: number) => `${percent}% less than typical`,
  emissionsTypical: 'Typical for this route',
  emissionsHigher: (percent: number) => `${percent}% more than typical`,
  emissionsDetail: (typical: string) =>
    `Estimated for the whole trip and every traveller. Typical for this route: ${typical} kg, the middle of the flights found.`,
} as const;

const kilograms = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Where an offer's page is, and going there within the app. */
export interface OfferLink {
  href: (offerId: string) => string;
  open: (offerId: string) => void;
}

interface ItineraryCardProps {
  result: ItineraryResult;
  /** The median CO₂ of the answer's itineraries, for the comparison. */
  typicalEmissionsKg: number | null;
  /** The offer pages, with the results view carried along (a from_ prefix). */
  offerLink: OfferLink;
  /** Set on the itinerary that leads the sort order. */
  highlight?: string | undefined;
  /** Each flight's date (a multi-city trip's flights leave on days apart). */
  showDates?: boolean;
}

/** The price per person ('on average' when ages differ), or null for one traveller. */
function perPersonText(
  total: number,
  party: { passengerCount: number; mixedParty: boolean },
  currency: string,
): string | null {
  const perPerson = pricePerPerson(total, party.passengerCount);
  if (perPerson === null) return null;
  const price = formatPrice(perPerson, currency);
  return party.mixedParty ? cardTexts.perPersonAverage(price) : cardTexts.perPerson(price);
}

/** One itinerary: its flights once, then its fares side by side, each with its own Select. */
export function ItineraryCard({
  result,
  typicalEmissionsKg,
  offerLink,
  highlight,
  showDates = false,
}: ItineraryCardProps) {
  const { itinerary, fares } = result;
  const currency = fares[0]?.offer.total_currency ?? 'USD';
  const price = formatPrice(result.price, currency);
  const several = fares.length > 1;

  return (
    <article
      aria-label={`${itinerary.airlineName}, ${several ? `${cardTexts.from} ` : ''}${price}`}
      className="overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-h-6">
            {highlight ? <Badge variant="secondary">{highlight}</Badge> : null}
          </div>
          <LeadPrice
            price={price}
            several={several}
            perPerson={perPersonText(result.price, itinerary, currency)}
          />
        </div>
        {itinerary.slices.map((slice, index) => (
          // The directions of one itinerary never change order.
          <SliceRow key={index} slice={slice} showDate={showDates} />
        ))}
        <Emissions kg={itinerary.emissionsKg} typicalKg={typicalEmissionsKg} />
      </div>
      <div className="border-t border-border bg-muted/40">
        <div
          role="group"
          aria-label={cardTexts.fares}
          className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))]"
        >
          {fares.map((fare) => (
            <FareOption
              key={fare.offer.id}
              fare={fare}
              passengerCount={itinerary.passengerCount}
              mixedParty={itinerary.mixedParty}
              airlineName={itinerary.airlineName}
              offerLink={offerLink}
            />
          ))}
        </div>
        <p className="border-t border-border px-4 py-2 text-xs text-muted-foreground sm:px-5">
          {PRICE_NOTE}
        </p>
      </div>
    </article>
  );
}

/** The card's price: 'from' the cheapest fare when there are several, and per person. */
function LeadPrice({
  price,
  several,
  perPerson,
}: {
  price: string;
  several: boolean;
  perPerson: string | null;
}) {
  return (
    <div className="text-right">
      <p className="text-2xl leading-none font-bold tracking-tight tabular-nums">
        {several ? (
          <span className="mr-1 text-xs font-normal text-muted-foreground">{cardTexts.from}</span>
        ) : null}
        <span data-testid="offer-price">{price}</span>
      </p>
      {perPerson === null ? null : (
        <p className="mt-1 text-xs text-muted-foreground tabular-nums">{perPerson}</p>
      )}
    </div>
  );
}

function FareOption({
  fare,
  passengerCount,
  mixedParty,
  airlineName,
  offerLink,
}: {
  fare: FareMetrics;
  passengerCount: number;
  mixedParty: boolean;
  airlineName: string;
  offerLink: OfferLink;
}) {
  const { offer } = fare;
  const currency = offer.total_currency;
  const price = formatPrice(offer.total_amount, currency);
  const perPerson = perPersonText(fare.price, { passengerCount, mixedParty }, currency);
  const first = offer.slices[0];
  const route = first ? `${first.origin.city_name} to ${first.destination.city_name}` : '';

  return (
    <div
      role="group"
      aria-label={`${fare.name} fare`}
      className="flex min-w-0 flex-col gap-2 border-border p-3 not-first:border-l sm:px-4"
    >
      <div>
        <p className="truncate text-sm font-semibold">{fare.name}</p>
        <p data-testid="fare-price" className="text-lg font-bold tabular-nums">
          {price}
        </p>
        {perPerson === null ? null : (
          <p className="text-xs text-muted-foreground tabular-nums">{perPerson}</p>
        )}
      </div>
      <FareConditions fare={fare} />
      <Button asChild size="sm" className="mt-auto w-full">
        {/* A plain link: a router Link per fare (45 on a page) made the list slow to render. */}
        <a href={offerLink.href(offer.id)} onClick={(event) => selectFare(event, offer, offerLink)}>
          {cardTexts.select}
          <span className="sr-only">
            {' '}
            {fare.name} fare, {airlineName} flight, {route}, {price}
          </span>
        </a>
      </Button>
    </div>
  );
}

/** What a fare allows, each marked allowed or not: bags, changes and refunds. */
function fareConditions(fare: FareMetrics): { ok: boolean; text: string }[] {
  return [
    { ok: fare.checkedBags > 0, text: cardTexts.checkedBags(fare.checkedBags) },
    ...(fare.carryOnBags === 0 ? [{ ok: false, text: cardTexts.underSeatOnly }] : []),
    !fare.changeable
      ? { ok: false, text: cardTexts.noChanges }
      : fare.changePenalty
        ? {
            ok: true,
            text: cardTexts.changeFee(
              formatPrice(fare.changePenalty.amount, fare.changePenalty.currency),
            ),
          }
        : { ok: true, text: cardTexts.freeChanges },
    !fare.refundable
      ? { ok: false, text: cardTexts.noRefunds }
      : fare.refundPenalty
        ? {
            ok: true,
            text: cardTexts.refundFee(
              formatPrice(fare.refundPenalty.amount, fare.refundPenalty.currency),
            ),
          }
        : { ok: true, text: cardTexts.fullRefund },
  ];
}

/** The fare's conditions, a tick for what it allows and a cross for what it does not. */
function FareConditions({ fare }: { fare: FareMetrics }) {
  return (
    <ul className="grid gap-1 text-xs">
      {fareConditions(fare).map((condition) => (
        <li
          key={condition.text}
          className={cn(
            'flex items-start gap-1',
            condition.ok ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {condition.ok ? (
            <CheckIcon className="mt-px size-3.5 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <XIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          )}
          <span>{condition.text}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Choosing a fare: its price is remembered, then the offer page opens within the app (a middle or
 * modified click is left to the browser).
 */
function selectFare(
  event: MouseEvent<HTMLAnchorElement>,
  offer: FareMetrics['offer'],
  offerLink: OfferLink,
) {
  // The price on this fare is the one the traveller agrees to by choosing it.
  rememberSeenPrice(offer.id, {
    amount: offer.total_amount,
    currency: offer.total_currency,
  });
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  offerLink.open(offer.id);
}

function Emissions({ kg, typicalKg }: { kg: number | null; typicalKg: number | null }) {
  if (kg === null) return null;
  const comparison = compareEmissions(kg, typicalKg);
  const detail =
    typicalKg === null ? undefined : cardTexts.emissionsDetail(kilograms.format(typicalKg));
  return (
    <p
      data-testid="itinerary-emissions"
      title={detail}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground"
    >
      <LeafIcon className="size-3.5" aria-hidden="true" />
      <span>{cardTexts.emissions(kilograms.format(kg))}</span>
      {comparison ? (
        <span
          className={cn(
            'font-medium',
            comparison.verdict === 'lower' && 'text-success',
            comparison.verdict === 'higher' && 'text-foreground',
          )}
        >
          {comparison.verdict === 'lower'
            ? cardTexts.emissionsLower(-comparison.percent)
            : comparison.verdict === 'higher'
              ? cardTexts.emissionsHigher(comparison.percent)
              : cardTexts.emissionsTypical}
        </span>
      ) : null}
      {detail ? <span className="sr-only">{detail}</span> : null}
    </p>
  );
}
