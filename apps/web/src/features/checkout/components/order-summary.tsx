import type { Offer } from '@contrail/contracts/offers';
import { ReceiptTextIcon } from 'lucide-react';
import { formatMinor } from '../../../lib/flight-formatters';
import { checkoutTexts } from '../lib/checkout-texts';
import { bagCount, sliceOfBag, type BagCharge } from '../lib/bags';
import type { OrderTotals, SeatCharge } from '../lib/order-totals';
import { passengerCountsLabel, segmentRoute, sliceRows, tripTypeLabel } from '../lib/trip';
import { FlightItinerary } from './flight-itinerary';

interface OrderSummaryProps {
  offer: Offer;
  totals: OrderTotals;
  seats: readonly SeatCharge[];
  bags?: readonly BagCharge[];
  passengerName: (passengerId: string) => string;
  /** Shows the flights above the prices. */
  showItinerary?: boolean;
}

/**
 * The order summary: flight type, departure, return, passengers, base fare, taxes and fees, each
 * seat and bag and the total, all in integer minor units: the total is what the server authorises.
 */
export function OrderSummary({
  offer,
  totals,
  seats,
  bags = [],
  passengerName,
  showItinerary = true,
}: OrderSummaryProps) {
  return (
    <section
      aria-labelledby="order-summary-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <h2 id="order-summary-title" className="flex items-center gap-2 text-lg font-semibold">
        <ReceiptTextIcon className="size-5 text-primary" aria-hidden="true" />
        {checkoutTexts.orderSummary}
      </h2>
      {showItinerary ? <FlightItinerary offer={offer} /> : null}
      <dl className="grid gap-2 border-t border-border pt-4 text-sm">
        <Row term="Flight Type" value={tripTypeLabel(offer)} />
        {sliceRows(offer).map((row) => (
          <Row key={row.id} term={row.term} value={row.value} />
        ))}
        <Row term="Passengers" value={passengerCountsLabel(offer)} />
      </dl>
      <dl className="grid gap-2 border-t border-border pt-4 text-sm">
        <Row term="Base Fare" value={formatMinor(totals.baseMinor, totals.currency)} />
        <Row term="Taxes and Fees" value={formatMinor(totals.taxMinor, totals.currency)} />
        {seats.length > 0 ? (
          <SeatLines offer={offer} seats={seats} passengerName={passengerName} />
        ) : null}
        {bags.length > 0 ? (
          <BagLines offer={offer} bags={bags} passengerName={passengerName} />
        ) : null}
        {totals.roundingMinor > 0 ? (
          <Row term="Card rounding" value={formatMinor(totals.roundingMinor, totals.currency)} />
        ) : null}
      </dl>
      <div className="flex items-baseline justify-between gap-3 border-t border-border pt-4">
        <span className="font-semibold">Total</span>
        <span data-testid="order-total" className="text-2xl font-bold tabular-nums">
          {formatMinor(totals.totalMinor, totals.currency)}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        Includes all taxes and fees for {passengerCountsLabel(offer).toLowerCase()}.
      </p>
    </section>
  );
}

/** The seats chosen, per flight, each with its passenger and price. */
function SeatLines({
  offer,
  seats,
  passengerName,
}: {
  offer: Offer;
  seats: readonly SeatCharge[];
  passengerName: (passengerId: string) => string;
}) {
  return (
    <div className="grid gap-1.5">
      <dt className="text-muted-foreground">Seats</dt>
      <dd className="grid gap-2">
        {seatGroups(offer, seats).map(({ segmentId, title, items }) => (
          <div key={segmentId} className="grid gap-1 pl-3">
            <p className="text-xs font-medium text-muted-foreground">{title}</p>
            <ul className="grid gap-1">
              {items.map((seat) => (
                <li key={seat.passengerId} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate">
                    <span className="font-medium">{seat.designator}</span>
                    <span className="text-muted-foreground">
                      {' '}
                      · {passengerName(seat.passengerId)}
                    </span>
                  </span>
                  <span className="tabular-nums">
                    {formatMinor(seat.amountMinor, seat.currency)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </dd>
    </div>
  );
}

/** The seats per flight, in travel order. */
function seatGroups(offer: Offer, seats: readonly SeatCharge[]) {
  return offer.slices
    .flatMap((slice) => slice.segments)
    .map((segment) => ({
      segmentId: segment.id,
      title: `${segment.flight_number} · ${segmentRoute(segment)}`,
      items: seats.filter((seat) => seat.segmentId === segment.id),
    }))
    .filter((group) => group.items.length > 0);
}

/** The extra bags, each with its passenger and the slice it is for. */
function BagLines({
  offer,
  bags,
  passengerName,
}: {
  offer: Offer;
  bags: readonly BagCharge[];
  passengerName: (passengerId: string) => string;
}) {
  const routeOf = (bag: BagCharge) => {
    const slice = sliceOfBag(offer.slices, bag);
    return slice ? segmentRoute(slice) : '';
  };
  return (
    <div className="grid gap-1.5">
      <dt className="text-muted-foreground">{checkoutTexts.extraBags}</dt>
      <dd>
        <ul className="grid gap-1 pl-3">
          {bags.map((bag) => (
            <li key={bag.serviceId} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0">
                <span className="font-medium">{bagCount(bag.quantity)}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · {passengerName(bag.passengerId)} · {routeOf(bag)}
                </span>
              </span>
              <span className="tabular-nums">{formatMinor(bag.amountMinor, bag.currency)}</span>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}
