import type { SearchRequest } from '@contrail/contracts/search-rules';
import { useNavigate } from '@tanstack/react-router';
import { startTransition, useEffect, useMemo, useOptimistic } from 'react';
import { useFlightSearch } from '../api/search-flights';
import { filterItineraries } from '../lib/filter-itineraries';
import { typicalEmissionsKg, type Itinerary } from '../lib/itineraries';
import { saveLastSearch } from '../lib/saved-search';
import {
  criteriaFromSearch,
  filtersFromSearch,
  sortFromSearch,
  toSearchPageSearch,
  type SearchFilters,
  type SearchPageSearch,
  type SortOption,
} from '../lib/search-params';
import { sortItineraries } from '../lib/sort-itineraries';

const NO_ITINERARIES: Itinerary[] = [];

/** The search of the URL, its answer, and the flights of it in the order and filters chosen. */
export function useSearchResults(search: SearchPageSearch) {
  const criteria = useMemo(() => criteriaFromSearch(search), [search]);
  const sort = sortFromSearch(search);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const query = useFlightSearch(criteria);

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
  return { criteria, sort, filters, query, all, typicalKg, sorted, leaders, currency };
}

/**
 * What the traveller chose, shown at once (a box ticks as it is clicked, and a second click
 * builds on the first) while the address and then the list catch up.
 */
export function useChosenView(criteria: SearchRequest, sort: SortOption, filters: SearchFilters) {
  const navigate = useNavigate();
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
  return { chosen, show };
}
