import { ToggleGroup, ToggleGroupItem } from '../../../components/ui/toggle-group';
import { formatMinutes, formatPrice } from '../../../lib/flight-formatters';
import type { OfferMetrics } from '../lib/offer-metrics';
import { SORT_OPTIONS, sortLabels, type SortOption } from '../lib/search-params';

interface SortTabsProps {
  value: SortOption;
  onChange: (sort: SortOption) => void;
  /** The first offer under each order, for the price and time under its name. */
  leaders: Record<SortOption, OfferMetrics | undefined>;
  currency: string;
}

/** Best / Cheapest / Fastest, each with what it would put first (as Skyscanner shows them). */
export function SortTabs({ value, onChange, leaders, currency }: SortTabsProps) {
  return (
    <ToggleGroup
      type="single"
      value={value}
      aria-label="Sort by"
      onValueChange={(next) => {
        const sort = SORT_OPTIONS.find((option) => option === next);
        if (sort) onChange(sort);
      }}
      className="grid w-full grid-cols-3"
    >
      {SORT_OPTIONS.map((option) => {
        const leader = leaders[option];
        return (
          <ToggleGroupItem key={option} value={option} className="min-w-0 px-2">
            <span>{sortLabels[option]}</span>
            {leader ? (
              <span className="truncate text-xs font-normal text-muted-foreground">
                {formatPrice(leader.price, currency)} · {formatMinutes(leader.totalMinutes)}
              </span>
            ) : null}
          </ToggleGroupItem>
        );
      })}
    </ToggleGroup>
  );
}
