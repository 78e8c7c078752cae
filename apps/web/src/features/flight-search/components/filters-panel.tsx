import { Button } from '../../../components/ui/button';
import { formatMinutes, formatPrice } from '../../../lib/flight-formatters';
import type { Facets } from '../lib/filter-itineraries';
import type { TimeGroupView } from '../lib/results-view';
import {
  hasActiveFilters,
  NO_FILTERS,
  type SearchFilters,
  type StopBucket,
} from '../lib/search-params';
import { CheckboxRow, FilterSection, MaxSlider, TimeGroup } from './filter-controls';

import { CLEAR_FILTERS_TEXT } from './results-states';

export { CLEAR_FILTERS_TEXT };

export const stopFilterLabels: Record<StopBucket, string> = {
  0: 'Non-stop',
  1: '1 stop',
  2: '2+ stops',
};

interface FiltersPanelProps {
  filters: SearchFilters;
  facets: Facets;
  onChange: (filters: SearchFilters) => void;
  currency: string;
  /** The time filters: the outbound's and return's, or each flight's of a multi-city trip. */
  timeGroups: readonly TimeGroupView[];
  /** What the longest journey counts: ' each way', ' per flight', or '' for one flight. */
  durationScope: string;
}

export const filterTexts = {
  bags: 'Bags',
  bagsIncluded: 'Checked bag included',
  layovers: 'Layovers',
  maxLayover: 'Maximum layover',
  avoidOvernight: 'Avoid overnight layovers',
  avoidOvernightHint: 'No connection that waits past midnight',
} as const;

/**
 * Stops, bags, airlines, times, layovers, journey duration and price; every change goes to the
 * URL.
 */
export function FiltersPanel({
  filters,
  facets,
  onChange,
  currency,
  timeGroups,
  durationScope,
}: FiltersPanelProps) {
  const active = hasActiveFilters(filters);
  const section = { filters, facets, onChange, currency };

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Filters</h2>
        {active ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={() => onChange(NO_FILTERS)}
          >
            {CLEAR_FILTERS_TEXT}
          </Button>
        ) : null}
      </div>

      <StopsFilter {...section} />
      {facets.bags ? <BagsFilter {...section} /> : null}
      {facets.airlines.length > 0 ? <AirlinesFilter {...section} /> : null}

      <FilterSection
        title="Times"
        onClear={
          Object.values(filters.times).some(Boolean)
            ? () => onChange({ ...filters, times: {} })
            : undefined
        }
      >
        <div className="grid gap-4">
          {timeGroups.map((group) => (
            <TimeGroup key={group.departKey} group={group} filters={filters} onChange={onChange} />
          ))}
        </div>
      </FilterSection>

      {facets.layover || facets.overnight ? <LayoversFilter {...section} /> : null}
      <DurationFilter {...section} durationScope={durationScope} />
      <PriceFilter {...section} />
    </div>
  );
}

/** What each filter section reads and changes. */
interface SectionProps {
  filters: SearchFilters;
  facets: Facets;
  onChange: (filters: SearchFilters) => void;
  currency: string;
}

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

function StopsFilter({ filters, facets, onChange, currency }: SectionProps) {
  return (
    <FilterSection
      title="Stops"
      onClear={filters.stops.length ? () => onChange({ ...filters, stops: [] }) : undefined}
    >
      {facets.stops.map((facet) => {
        const checked = filters.stops.includes(facet.bucket);
        return (
          <CheckboxRow
            key={facet.bucket}
            label={stopFilterLabels[facet.bucket]}
            checked={checked}
            disabled={!checked && facet.count === 0}
            onChange={() => onChange({ ...filters, stops: toggle(filters.stops, facet.bucket) })}
            aside={facet.cheapest === null ? '—' : formatPrice(facet.cheapest, currency)}
          />
        );
      })}
    </FilterSection>
  );
}

function BagsFilter({ filters, facets, onChange, currency }: SectionProps) {
  if (!facets.bags) return null;
  return (
    <FilterSection
      title={filterTexts.bags}
      onClear={
        filters.bagsIncluded ? () => onChange({ ...filters, bagsIncluded: false }) : undefined
      }
    >
      <CheckboxRow
        label={filterTexts.bagsIncluded}
        checked={filters.bagsIncluded}
        disabled={!filters.bagsIncluded && facets.bags.count === 0}
        onChange={() => onChange({ ...filters, bagsIncluded: !filters.bagsIncluded })}
        aside={facets.bags.cheapest === null ? '—' : formatPrice(facets.bags.cheapest, currency)}
      />
    </FilterSection>
  );
}

function AirlinesFilter({ filters, facets, onChange }: SectionProps) {
  return (
    <FilterSection
      title="Airlines"
      onClear={filters.airlines.length ? () => onChange({ ...filters, airlines: [] }) : undefined}
    >
      {facets.airlines.map((airline) => {
        const checked = filters.airlines.includes(airline.code);
        return (
          <CheckboxRow
            key={airline.code}
            label={airline.name}
            icon={
              <img
                src={airline.logoUrl}
                alt=""
                width={20}
                height={20}
                className="size-5 shrink-0 rounded-sm"
              />
            }
            checked={checked}
            disabled={!checked && airline.count === 0}
            onChange={() =>
              onChange({ ...filters, airlines: toggle(filters.airlines, airline.code) })
            }
            aside={String(airline.count)}
            asideLabel={`${airline.count} ${airline.count === 1 ? 'flight' : 'flights'}`}
          />
        );
      })}
    </FilterSection>
  );
}

function LayoversFilter({ filters, facets, onChange }: SectionProps) {
  return (
    <FilterSection
      title={filterTexts.layovers}
      onClear={
        filters.maxLayoverMinutes !== undefined || filters.avoidOvernight
          ? () => onChange({ ...filters, maxLayoverMinutes: undefined, avoidOvernight: false })
          : undefined
      }
    >
      {facets.layover && facets.layover.max > facets.layover.min ? (
        <MaxSlider
          label={filterTexts.maxLayover}
          min={facets.layover.min}
          max={facets.layover.max}
          step={15}
          value={filters.maxLayoverMinutes}
          describe={(value) => `Layovers up to ${formatMinutes(value)}`}
          onCommit={(value) => onChange({ ...filters, maxLayoverMinutes: value })}
        />
      ) : null}
      {facets.overnight ? (
        <CheckboxRow
          label={filterTexts.avoidOvernight}
          hint={filterTexts.avoidOvernightHint}
          checked={filters.avoidOvernight}
          disabled={!filters.avoidOvernight && facets.overnight.count === 0}
          onChange={() => onChange({ ...filters, avoidOvernight: !filters.avoidOvernight })}
          aside={String(facets.overnight.count)}
          asideLabel={`${facets.overnight.count} ${facets.overnight.count === 1 ? 'flight' : 'flights'}`}
        />
      ) : null}
    </FilterSection>
  );
}

/** Shown only when the journeys found differ in length. */
function DurationFilter({
  filters,
  facets,
  onChange,
  durationScope,
}: SectionProps & { durationScope: string }) {
  if (!(facets.duration && facets.duration.max > facets.duration.min)) return null;
  return (
    <FilterSection
      title="Journey duration"
      onClear={
        filters.maxDurationMinutes === undefined
          ? undefined
          : () => onChange({ ...filters, maxDurationMinutes: undefined })
      }
    >
      <MaxSlider
        label="Maximum journey duration"
        min={facets.duration.min}
        max={facets.duration.max}
        step={15}
        value={filters.maxDurationMinutes}
        describe={(value) => `Up to ${formatMinutes(value)}${durationScope}`}
        onCommit={(value) => onChange({ ...filters, maxDurationMinutes: value })}
      />
    </FilterSection>
  );
}

/** Shown only when the prices found differ. */
function PriceFilter({ filters, facets, onChange, currency }: SectionProps) {
  if (!(facets.price && facets.price.max > facets.price.min)) return null;
  return (
    <FilterSection
      title="Price"
      onClear={
        filters.maxPrice === undefined
          ? undefined
          : () => onChange({ ...filters, maxPrice: undefined })
      }
    >
      <MaxSlider
        label="Maximum price"
        min={Math.floor(facets.price.min)}
        max={Math.ceil(facets.price.max)}
        step={10}
        value={filters.maxPrice}
        describe={(value) => `Up to ${formatPrice(value, currency)}`}
        onCommit={(value) => onChange({ ...filters, maxPrice: value })}
      />
    </FilterSection>
  );
}
