import type { SearchRequest } from '@contrail/contracts/search-rules';
import { useEffect, type ReactNode } from 'react';
import { useAirports } from '../api/get-airports';
import type { useFlightSearch } from '../api/search-flights';
import { useOfferLink } from '../hooks/use-offer-link';
import { useChosenView, useSearchResults } from '../hooks/use-search-results';
import { useWideLayout } from '../hooks/use-wide-layout';
import type { ItineraryResult } from '../lib/filter-itineraries';
import { durationScope, timeGroupViews } from '../lib/results-view';
import { serverFieldErrors } from '../lib/field-errors';
import {
  activeFilterCount,
  hasActiveFilters,
  NO_FILTERS,
  sortLabels,
  type SearchFilters,
  type SearchPageSearch,
  type SortOption,
} from '../lib/search-params';
import type { OfferLink } from './itinerary-card';
import { ItineraryList } from './itinerary-list';
import { ResultsEditBar } from './results-edit-bar';
import { FiltersAside, FiltersSheet, loadFiltersPanel, ResultsFilters } from './results-filters';
import { ResultsEmpty, ResultsError, ResultsLoading, resultsMessages } from './results-states';
import { ResultsHeader } from './results-header';
import { SortTabs } from './sort-tabs';

interface SearchResultsPageProps {
  /** The validated /search parameters: the URL is the only place the search lives. */
  search: SearchPageSearch;
}

type SearchQuery = ReturnType<typeof useFlightSearch>;

const RESULTS_SECTION_ID = 'results';

export function SearchResultsPage({ search }: SearchResultsPageProps) {
  const view = useSearchResults(search);
  const { criteria, sort, filters, query, all, currency } = view;
  const airports = useAirports(true);
  const wide = useWideLayout();
  const offerLink = useOfferLink(search);
  const { chosen, show } = useChosenView(criteria, sort, filters);
  // The filters' code loads while the search runs.
  useEffect(() => void loadFiltersPanel().catch(() => undefined), []);

  const cityOf = (code: string) =>
    airports.data?.find((airport) => airport.iata_code === code)?.city_name ??
    query.data?.answer.airports[code]?.city_name ??
    code;

  const panel = (
    <ResultsFilters
      all={all}
      filters={chosen.filters}
      currency={currency}
      timeGroups={timeGroupViews(criteria)}
      durationScope={durationScope(criteria)}
      onChange={(next) => show(chosen.sort, next)}
    />
  );

  return (
    <div className="bg-muted/40 pb-16">
      <ResultsEditBar
        criteria={criteria}
        sort={sort}
        wide={wide}
        busy={query.isFetching && !query.data}
        serverErrors={serverFieldErrors(query.error)}
      />

      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-6">
        <ResultsHeader search={search} criteria={criteria} cityOf={cityOf} />

        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
          {/* Narrower, the filters open in a sheet from the Filters button instead. */}
          {wide ? (
            <FiltersAside resultsId={RESULTS_SECTION_ID} panel={query.data ? panel : null} />
          ) : null}

          <ResultsSection
            view={view}
            cityOf={cityOf}
            chosen={chosen}
            show={show}
            offerLink={offerLink}
            panel={panel}
          />
        </div>
      </div>
    </div>
  );
}

/** The flights: how many, the filters' sheet on a phone, the sort tabs and the list. */
function ResultsSection({
  view,
  cityOf,
  chosen,
  show,
  offerLink,
  panel,
}: {
  view: ReturnType<typeof useSearchResults>;
  cityOf: (code: string) => string;
  chosen: ReturnType<typeof useChosenView>['chosen'];
  show: ReturnType<typeof useChosenView>['show'];
  offerLink: OfferLink;
  panel: ReactNode;
}) {
  const { criteria, sort, filters, query, all, typicalKg, sorted, leaders, currency } = view;
  return (
    <section
      id={RESULTS_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="results-heading"
      className="grid min-w-0 scroll-mt-20 grid-cols-[minmax(0,1fr)] content-start gap-4 outline-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-heading" className="text-sm font-medium" aria-live="polite">
          {resultsHeading(query, hasActiveFilters(filters), sorted.length, all.length)}
        </h2>
        {query.data ? (
          <FiltersSheet
            panel={panel}
            filterCount={activeFilterCount(chosen.filters)}
            shownCount={sorted.length}
          />
        ) : null}
      </div>

      {query.data && all.length > 0 ? (
        <SortTabs
          value={chosen.sort}
          leaders={leaders}
          currency={currency}
          onChange={(next) => show(next, chosen.filters)}
        />
      ) : null}

      <ResultsBody
        query={query}
        criteria={criteria}
        cityOf={cityOf}
        total={all.length}
        sorted={sorted}
        sort={sort}
        filters={filters}
        typicalKg={typicalKg}
        offerLink={offerLink}
        onClearFilters={() => show(chosen.sort, NO_FILTERS)}
      />
    </section>
  );
}

/** The results' heading: how many flights are shown (of how many), or where the search is. */
function resultsHeading(
  query: SearchQuery,
  activeFilters: boolean,
  shown: number,
  total: number,
): string {
  if (query.data) {
    return activeFilters
      ? `${shown} of ${total} flights`
      : `${total} ${total === 1 ? 'flight' : 'flights'}`;
  }
  return query.isError ? resultsMessages.noResults : resultsMessages.loading;
}

/** The list of flights, or the search's state while there is none to show. */
function ResultsBody({
  query,
  criteria,
  cityOf,
  total,
  sorted,
  sort,
  filters,
  typicalKg,
  offerLink,
  onClearFilters,
}: {
  query: SearchQuery;
  criteria: SearchRequest;
  cityOf: (code: string) => string;
  total: number;
  sorted: ItineraryResult[];
  sort: SortOption;
  filters: SearchFilters;
  typicalKg: number | null;
  offerLink: OfferLink;
  onClearFilters: () => void;
}) {
  // A new search mounts a new loading state (its own wait counted from its start).
  if (query.isPending) {
    return <ResultsLoading key={JSON.stringify(criteria)} criteria={criteria} cityOf={cityOf} />;
  }
  if (query.isError) {
    return (
      <ResultsError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (total === 0) return <ResultsEmpty kind="none" />;
  if (sorted.length === 0) return <ResultsEmpty kind="filtered" onClearFilters={onClearFilters} />;
  return (
    <ItineraryList
      // A new order or filter starts again from the top of the list.
      key={JSON.stringify([sort, filters])}
      results={sorted}
      typicalEmissionsKg={typicalKg}
      offerLink={offerLink}
      sortLabel={sortLabels[sort]}
      // A multi-city trip's flights are on different days: each card says its dates.
      showDates={criteria.tripType === 'multi-city'}
    />
  );
}
