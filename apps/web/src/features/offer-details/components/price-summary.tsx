import type { Offer } from '@contrail/contracts/offers';
import { BadgeCheckIcon, RefreshCwIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { formatExactPrice } from '../../../lib/flight-formatters';
import { passengerCounts, passengerSummary } from '../../../lib/passenger-counts';
import { offerTexts } from '../lib/offer-summary';

/**
 * Base fare, taxes and total with cents, so the lines visibly add up; the whole-unit price is what
 * the cards and booking bars show.
 */
export function PriceSummary({ offer }: { offer: Offer }) {
  return (
    <section
      aria-labelledby="price-summary-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <h2 id="price-summary-title" className="text-lg font-semibold">
        {offerTexts.priceSummary}
      </h2>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{offerTexts.baseFare}</dt>
          <dd className="tabular-nums">
            {formatExactPrice(offer.base_amount, offer.base_currency)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{offerTexts.taxes}</dt>
          <dd className="tabular-nums">{formatExactPrice(offer.tax_amount, offer.tax_currency)}</dd>
        </div>
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
          <dt className="font-semibold">{offerTexts.total}</dt>
          <dd className="text-xl font-bold tabular-nums">
            {formatExactPrice(offer.total_amount, offer.total_currency)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        {offerTexts.priceNote} ({passengerSummary(passengerCounts(offer))})
      </p>
      <FareFacts offer={offer} />
    </section>
  );
}

/** The fare brands of the offer, and whether it may be refunded or changed. */
function FareFacts({ offer }: { offer: Offer }) {
  const fareBrands = [
    ...new Set(offer.slices.map((slice) => slice.fare_brand_name).filter(Boolean)),
  ];
  return (
    <div className="grid gap-2 border-t border-border pt-4 text-sm">
      {fareBrands.length ? (
        <p>
          <span className="text-muted-foreground">Fare:</span> {fareBrands.join(' / ')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {offer.conditions.refundable ? (
          <Badge variant="secondary" className="gap-1">
            <BadgeCheckIcon aria-hidden="true" />
            {offerTexts.refundable}
          </Badge>
        ) : (
          <Badge variant="outline" className="font-normal text-muted-foreground">
            Non-refundable
          </Badge>
        )}
        {offer.conditions.changeable ? (
          <Badge variant="outline" className="gap-1 font-normal">
            <RefreshCwIcon aria-hidden="true" />
            {offerTexts.changesAllowed}
          </Badge>
        ) : (
          <Badge variant="outline" className="font-normal text-muted-foreground">
            Changes not allowed
          </Badge>
        )}
      </div>
    </div>
  );
}
