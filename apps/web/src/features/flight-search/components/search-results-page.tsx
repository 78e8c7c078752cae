import { useNavigate, useRouter } from '@tanstack/react-router';
import { SlidersHorizontalIcon } from 'lucide-react';
import {
  memo,
  startTransition,
  useEffect,
  useMemo,
  useOptimistic,
  useState,
  type ComponentProps,
} from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '../../../components/ui/sheet';
import { afterNextPaint } from '../../../lib/next-task';
import { useAirports } from '../api/get-airports';
import { useFlightSearch } from '../api/search-flights';
import { useWideLayout } from '../hooks/use-wide-layout';
import { facetsOf, filterItineraries, type ItineraryResult } from '../lib/filter-itineraries';
import { typicalEmissionsKg, type Itinerary } from '../lib/itineraries';
import { durationScope, timeGroupViews } from '../lib/results-view';
import { saveLastSearch } from '../lib/saved-search';
import { serverFieldErrors } from '../lib/search-form-resolver';
import {
  activeFilterCount,
  criteriaFromSearch,
  filtersFromSearch,
  hasActiveFilters,
  NO_FILTERS,
  sortFromSearch,
  sortLabels,
  toSearchPageSearch,
  urlSearchOf,
  type SearchFilters,
  type SearchPageSearch,
  type SortOption,
} from '../lib/search-params';
import { sortItineraries } from '../lib/sort-itineraries';
import { FiltersPanel } from './filters-panel';
import { ItineraryCard, type OfferLink } from './itinerary-card';
import { ResultsEditBar } from './results-edit-bar';
import { ResultsEmpty, ResultsError, ResultsSkeleton, resultsMessages } from './results-states';
import { ResultsHeader } from './results-header';
import { SortTabs } from './sort-tabs';

const PAGE_SIZE = 15;
const NO_ITINERARIES: Itinerary[] = [];
/**
 * The cards drawn with the page when the results come (a phone's screen and more): the others
 * follow after that frame is painted, rendered in the background, so the first offers show
 * sooner and no long task holds the page while the rest are drawn.
 */
const FIRST_CARDS = 3;

interface SearchResultsPageProps {
  /** The validated /search parameters: the URL is the only place the search lives. */
  search: SearchPageSearch;
}

/** Prefixes every /search parameter with from_, for the offer page's way back. */
function offerLinkSearch(search: SearchPageSearch): Record<string, string | number> {
  const carried: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(urlSearchOf(search))) {
    if (typeof value === 'string' || typeof value === 'number') carried[`from_${key}`] = value;
  }
  return carried;
}

const RESULTS_SECTION_ID = 'results';
const OFFER_ID_SLOT = 'offer-id-slot';

/**
 * The offer page's address for any offer of this view, from one location the router builds (the
 * `from_` search, the retained brand), rather than one per fare.
 */
function useOfferLink(search: SearchPageSearch): OfferLink {
  const router = useRouter();
  return useMemo(() => {
    const template = router.buildLocation({
      to: '/flight/$id',
      params: { id: OFFER_ID_SLOT },
      search: offerLinkSearch(search),
    }).href;
    const href = (offerId: string) => template.replace(OFFER_ID_SLOT, encodeURIComponent(offerId));
    return { href, open: (offerId) => void router.navigate({ href: href(offerId) }) };
  }, [router, search]);
}

export function SearchResultsPage({ search }: SearchResultsPageProps) {
  const navigate = useNavigate();
  const criteria = useMemo(() => criteriaFromSearch(search), [search]);
  const sort = sortFromSearch(search);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const query = useFlightSearch(criteria);
  const airports = useAirports(true);
  const wide = useWideLayout();

  // Remembered once the API has answered: a search it refuses is not one to start from again.
  const answered = query.isSuccess;
  useEffect(() => {
    if (answered) saveLastSearch(search);
  }, [answered, search]);

  // Every fare brand of the same flights is one itinerary: one card, its fares side by side
  // (grouped as the answer came, before this page draws it).
  const all = query.data?.itineraries ?? NO_ITINERARIES;
  const typicalKg = useMemo(() => typicalEmissionsKg(all), [all]);
  const filtered = useMemo(() => filterItineraries(all, filters), [all, filters]);
  const sorted = useMemo(() => sortItineraries(filtered, sort), [filtered, sort]);
  const leaders = useMemo(() => {
    const first = (option: SortOption) =>
      option === sort ? sorted[0] : sortItineraries(filtered, option)[0];
    return { best: first('best'), cheapest: first('cheapest'), fastest: first('fastest') };
  }, [filtered, sort, sorted]);
  const currency = query.data?.answer.currency ?? 'USD';
  const offerLink = useOfferLink(search);

  // What the traveller chose, shown at once (a box ticks as it is clicked, and a second click
  // builds on the first) while the address and then the list catch up.
  const [chosen, showChosen] = useOptimistic({ sort, filters });

  // Sort and filters replace the history entry: Back leaves the results rather than undoing
  // each tick. New criteria (the form, the date strip) push a new entry.
  function show(nextSort: SortOption, nextFilters: SearchFilters) {
    startTransition(async () => {
      showChosen({ sort: nextSort, filters: nextFilters });
      await navigate({
        to: '/search',
        search: toSearchPageSearch(criteria, nextSort, nextFilters),
        replace: true,
        resetScroll: false,
      });
    });
  }

  const cityOf = (code: string) =>
    airports.data?.find((airport) => airport.iata_code === code)?.city_name ??
    query.data?.answer.airports[code]?.city_name ??
    code;
  const multiCity = criteria.tripType === 'multi-city';

  const activeFilters = hasActiveFilters(filters);
  const filterCount = activeFilterCount(chosen.filters);

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
            <aside
              aria-label="Filters"
              className="hidden self-start rounded-xl border border-border bg-card p-5 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
            >
              {/* The filters come first in the page; keyboard users may go straight to the list. */}
              <a
                href={`#${RESULTS_SECTION_ID}`}
                className="sr-only rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:mb-3 focus:block focus:ring-2 focus:ring-ring focus:outline-none"
              >
                Skip to results
              </a>
              {query.data ? panel : <p className="text-sm text-muted-foreground">Filters</p>}
            </aside>
          ) : null}

          <section
            id={RESULTS_SECTION_ID}
            tabIndex={-1}
            aria-labelledby="results-heading"
            className="grid min-w-0 scroll-mt-20 grid-cols-[minmax(0,1fr)] content-start gap-4 outline-none"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="results-heading" className="text-sm font-medium" aria-live="polite">
                {query.data
                  ? activeFilters
                    ? `${sorted.length} of ${all.length} flights`
                    : `${all.length} ${all.length === 1 ? 'flight' : 'flights'}`
                  : query.isError
                    ? resultsMessages.noResults
                    : resultsMessages.loading}
              </h2>
              {query.data ? (
                <Sheet>
                  <SheetTrigger asChild>
                    <Button variant="outline" size="sm" className="lg:hidden">
                      <SlidersHorizontalIcon aria-hidden="true" />
                      Filters
                      {filterCount > 0 ? (
                        <Badge className="ml-1 rounded-full">{filterCount}</Badge>
                      ) : null}
                    </Button>
                  </SheetTrigger>
                  <SheetContent side="left" className="gap-0">
                    <SheetHeader className="sr-only">
                      <SheetTitle>Filters</SheetTitle>
                      <SheetDescription>Narrow down the flights shown.</SheetDescription>
                    </SheetHeader>
                    {/* The filters scroll below the close button's band, never under the button. */}
                    <div className="mt-12 min-h-0 flex-1 overflow-y-auto p-5 pt-0">{panel}</div>
                    <div className="border-t border-border p-4">
                      <SheetClose asChild>
                        <Button className="w-full">
                          Show {sorted.length} {sorted.length === 1 ? 'flight' : 'flights'}
                        </Button>
                      </SheetClose>
                    </div>
                  </SheetContent>
                </Sheet>
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

            {query.isPending ? (
              <ResultsSkeleton />
            ) : query.isError ? (
              <ResultsError
                error={query.error}
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
              />
            ) : all.length === 0 ? (
              <ResultsEmpty kind="none" />
            ) : sorted.length === 0 ? (
              <ResultsEmpty kind="filtered" onClearFilters={() => show(chosen.sort, NO_FILTERS)} />
            ) : (
              <ItineraryList
                // A new order or filter starts again from the top of the list.
                key={JSON.stringify([sort, filters])}
                results={sorted}
                typicalEmissionsKg={typicalKg}
                offerLink={offerLink}
                sortLabel={sortLabels[sort]}
                showDates={multiCity}
              />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/**
 * The filters panel with its facets (counts and ranges over every flight), worked out only where
 * the panel is drawn: on a phone, once its sheet is opened.
 */
function ResultsFilters({
  all,
  filters,
  ...props
}: { all: readonly Itinerary[] } & Omit<ComponentProps<typeof FiltersPanel>, 'facets'>) {
  const facets = useMemo(() => facetsOf(all, filters), [all, filters]);
  return <FiltersPanel filters={filters} facets={facets} {...props} />;
}

// Memoised: the answers around it (airports, prices of nearby days, fetching states) would
// otherwise render every card again.
const ItineraryList = memo(function ItineraryList({
  results,
  typicalEmissionsKg,
  offerLink,
  sortLabel,
  showDates,
}: {
  results: ItineraryResult[];
  typicalEmissionsKg: number | null;
  offerLink: OfferLink;
  sortLabel: string;
  /** Each flight's date on its card (the flights of a multi-city trip leave on days apart). */
  showDates: boolean;
}) {
  const [visible, setVisible] = useState(PAGE_SIZE);
  const [allDrawn, setAllDrawn] = useState(results.length <= FIRST_CARDS);
  useEffect(() => {
    if (allDrawn) return;
    // After the frame that shows the first cards: the rest render in the background.
    return afterNextPaint(() => startTransition(() => setAllDrawn(true)));
  }, [allDrawn]);
  const shown = results.slice(0, allDrawn ? visible : Math.min(visible, FIRST_CARDS));
  return (
    <>
      <ol aria-label="Flight results" className="grid gap-3">
        {shown.map((result, index) => (
          // Cards out of view are laid out and painted only as they scroll near (they stay in
          // the accessibility tree and find-in-page): the first ones show sooner on a phone.
          <li
            key={result.itinerary.key}
            className="min-w-0 [contain-intrinsic-height:auto_32rem] [content-visibility:auto]"
          >
            <ItineraryCard
              result={result}
              typicalEmissionsKg={typicalEmissionsKg}
              offerLink={offerLink}
              highlight={index === 0 ? `${sortLabel} option` : undefined}
              showDates={showDates}
            />
          </li>
        ))}
      </ol>
      {allDrawn && results.length > visible ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => setVisible((count) => count + PAGE_SIZE)}
        >
          Show more flights ({results.length - visible} more)
        </Button>
      ) : null}
    </>
  );
});
