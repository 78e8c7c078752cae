import type { Offer } from '@contrail/contracts/offers';
import { LuggageIcon, MinusIcon, PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatMinor } from '../../../lib/flight-formatters';
import { sliceLabel } from '../../../lib/journey';
import { bagOptionsBySlice, type BagChoices, type BagOption } from '../lib/bags';
import { checkoutTexts } from '../lib/checkout-texts';
import { segmentRoute } from '../lib/trip';

interface BagSelectionProps {
  offer: Offer;
  choices: BagChoices;
  passengerName: (passengerId: string) => string;
  onChange: (serviceId: string, quantity: number) => void;
}

/**
 * Extra checked bags beside the seats: per slice, a count for each traveller the airline sells a
 * bag to, from none up to the bag's maximum. Nothing is shown when the offer sells no bags.
 */
export function BagSelection({ offer, choices, passengerName, onChange }: BagSelectionProps) {
  const groups = bagOptionsBySlice(offer);
  if (groups.length === 0) return null;
  return (
    <section
      aria-labelledby="bags-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="bags-title" className="flex items-center gap-2 text-lg font-semibold">
          <LuggageIcon className="size-5 text-primary" aria-hidden="true" />
          {checkoutTexts.bagsHeading}
        </h2>
        <p className="text-sm text-muted-foreground">{checkoutTexts.bagsIntro}</p>
      </div>
      {groups.map(({ sliceIndex, options }) => {
        const slice = offer.slices[sliceIndex];
        const label = `${sliceLabel(sliceIndex, offer.slices)}${slice ? ` · ${segmentRoute(slice)}` : ''}`;
        return (
          <div key={slice?.id ?? sliceIndex} className="grid gap-2">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {label}
            </h3>
            <ul className="grid gap-2">
              {options.map((option) => (
                <BagRow
                  key={option.serviceId}
                  option={option}
                  where={label}
                  who={passengerName(option.passengerId)}
                  quantity={Math.min(choices[option.serviceId] ?? 0, option.maximum)}
                  onChange={(quantity) => onChange(option.serviceId, quantity)}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function BagRow({
  option,
  who,
  where,
  quantity,
  onChange,
}: {
  option: BagOption;
  who: string;
  where: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const countId = `bag-count-${option.serviceId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border px-4 py-3">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium">{who}</span>
        <span className="text-sm text-muted-foreground">
          {option.description} · {formatMinor(option.unitMinor, option.currency)} each
        </span>
      </div>
      <div
        className="flex items-center gap-2"
        role="group"
        aria-label={`Extra bags for ${who}, ${where}`}
      >
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Remove a bag for ${who}, ${where}`}
          aria-controls={countId}
          disabled={quantity === 0}
          onClick={() => onChange(quantity - 1)}
        >
          <MinusIcon aria-hidden="true" />
        </Button>
        <output
          id={countId}
          aria-live="polite"
          className="w-8 text-center font-semibold tabular-nums"
        >
          {quantity}
        </output>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Add a bag for ${who}, ${where}`}
          aria-controls={countId}
          disabled={quantity >= option.maximum}
          onClick={() => onChange(quantity + 1)}
        >
          <PlusIcon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
