import type { SearchRequest } from '@contrail/contracts/search-rules';
import { TrackPricesButton } from '../../price-alerts';
import { resultsSummary, resultsTitle } from '../lib/results-view';
import { twoWayCriteria, type SearchPageSearch } from '../lib/search-params';
import { DatePriceStrip } from './date-price-strip';
import { PriceCalendarButton } from './price-calendar-button';

/**
 * The results' title and what was searched, with what a one-way or return trip offers beside
 * its results: price alerts, the ±3-day strip and the month's price calendar. A multi-city trip
 * has none of them (the API prices no other days for it, and alerts track simpler trips).
 */
export function ResultsHeader({
  search,
  criteria,
  cityOf,
}: {
  search: SearchPageSearch;
  criteria: SearchRequest;
  cityOf: (code: string) => string;
}) {
  const twoWay = twoWayCriteria(criteria);
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {resultsTitle(criteria, cityOf)}
          </h1>
          <p className="text-sm text-muted-foreground">{resultsSummary(criteria)}</p>
        </div>
        {twoWay ? <TrackPricesButton criteria={twoWay} /> : null}
      </header>
      {twoWay ? (
        <>
          <DatePriceStrip search={search} criteria={twoWay} />
          <PriceCalendarButton search={search} criteria={twoWay} />
        </>
      ) : null}
    </>
  );
}
