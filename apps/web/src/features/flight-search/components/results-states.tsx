import type { SearchRequest } from '@contrail/contracts/search-rules';
import { AlertTriangleIcon, LoaderCircleIcon, PlaneIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { SLOW_SEARCH_MS, searchProgress, searchProgressTexts } from '../lib/search-progress';

/** The filters panel's button and the filtered-out state's say the same. */
export const CLEAR_FILTERS_TEXT = 'Clear filters';

export const resultsMessages = {
  loading: `${searchProgressTexts.searching}...`,
  noResults: 'No results',
  errorTitle: 'We could not load flights',
  errorFallback: 'Something went wrong while searching. Please try again.',
  retry: 'Retry',
  editSearch: 'Change the search above to try again.',
  noneTitle: 'No flights found',
  noneDescription: 'No airline flies this trip on these dates. Try other dates or nearby airports.',
  filteredTitle: 'No flights match your filters',
  filteredDescription: 'Loosen or clear the filters to see more flights.',
} as const;

/** The shape of the list while the search runs, so nothing jumps when it answers. */
function ResultsSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <Skeleton className="h-14 w-full rounded-lg" />
      {[0, 1, 2, 3, 4].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 sm:flex-row"
        >
          <div className="grid flex-1 gap-4">
            {[0, 1].map((slice) => (
              <div key={slice} className="flex items-center gap-3">
                <Skeleton className="size-9 shrink-0" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-5 w-40" />
                  <Skeleton className="h-3 w-24" />
                </div>
                <Skeleton className="hidden h-8 w-20 sm:block" />
                <Skeleton className="hidden h-8 w-20 sm:block" />
              </div>
            ))}
          </div>
          <div className="grid gap-2 sm:w-44">
            <Skeleton className="h-7 w-24 sm:justify-self-end" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Whether `ms` have passed since the component was mounted (each search mounts its own). */
function useTimePassed(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

/**
 * While the search runs: the list's skeleton, and over its first row what is being searched
 * (the route and days), with a calm word once the airlines have taken a while. The status lies
 * over the skeleton rather than above it, so the results take exactly the skeleton's place.
 */
export function ResultsLoading({
  criteria,
  cityOf,
}: {
  criteria: SearchRequest;
  cityOf: (code: string) => string | undefined;
}) {
  const slow = useTimePassed(SLOW_SEARCH_MS);
  const progress = searchProgress(criteria, cityOf, slow ? SLOW_SEARCH_MS : 0);
  return (
    <div className="relative">
      <ResultsSkeleton />
      <div
        role="status"
        aria-live="polite"
        className="absolute inset-x-0 top-0 flex min-h-14 items-start gap-3 rounded-lg border border-border bg-card px-4 py-3 text-sm shadow-sm"
      >
        <LoaderCircleIcon
          className="mt-0.5 size-4 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none"
          aria-hidden="true"
        />
        <div className="grid gap-1">
          <p className="font-medium">{progress.searching}</p>
          {progress.slow ? <p className="text-muted-foreground">{progress.slow}</p> : null}
        </div>
      </div>
    </div>
  );
}

function StatePanel({
  icon,
  title,
  children,
  role,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  role?: 'alert' | 'status';
}) {
  const titleId = useId();
  return (
    <div
      role={role}
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <h3 id={titleId} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </div>
  );
}

export function ResultsEmpty(
  props: { kind: 'none' } | { kind: 'filtered'; onClearFilters: () => void },
) {
  if (props.kind === 'none') {
    return (
      <StatePanel
        role="status"
        icon={<PlaneIcon className="size-6" aria-hidden="true" />}
        title={resultsMessages.noneTitle}
      >
        <p className="max-w-md text-sm text-muted-foreground">{resultsMessages.noneDescription}</p>
      </StatePanel>
    );
  }
  return (
    <StatePanel
      role="status"
      icon={<SearchXIcon className="size-6" aria-hidden="true" />}
      title={resultsMessages.filteredTitle}
    >
      <p className="max-w-md text-sm text-muted-foreground">
        {resultsMessages.filteredDescription}
      </p>
      <Button variant="outline" onClick={props.onClearFilters}>
        {CLEAR_FILTERS_TEXT}
      </Button>
    </StatePanel>
  );
}

export function ResultsError({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  const message = error instanceof ApiError ? error.serverMessage : resultsMessages.errorFallback;
  // A search the API refuses (a past date in an old link, say) fails the same way again.
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <StatePanel
      role="alert"
      icon={<AlertTriangleIcon className="size-6" aria-hidden="true" />}
      title={resultsMessages.errorTitle}
    >
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      {refused ? (
        <p className="text-sm text-muted-foreground">{resultsMessages.editSearch}</p>
      ) : (
        <Button onClick={onRetry} disabled={retrying}>
          {resultsMessages.retry}
        </Button>
      )}
    </StatePanel>
  );
}
