import { AlertTriangleIcon } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAirports } from '../api/get-airports';
import { localToday } from '../lib/search-form';
import { linkFieldLabel, searchLinkTexts, type LinkProblem } from '../lib/link-problems';
import { checkSearchLink } from '../lib/search-link';
import type { SearchFormValues } from '../lib/search-form';
import { errorsByField } from '../lib/field-errors';
import { SearchResultsPage } from './search-results-page';

/** Only a link that cannot be searched shows the whole form: its code loads then. */
const FlightSearchForm = lazy(() =>
  import('./flight-search-form').then((m) => ({ default: m.FlightSearchForm })),
);

interface SearchPageProps {
  /** The /search parameters as they came in the URL. */
  raw: Record<string, unknown>;
}

/**
 * /search: the results, or, for a link that cannot be searched (an impossible or past date, an
 * unknown airport, no adult, a multi-city flight before the one ahead of it…), what is wrong with which field and the form with the rest filled
 * in. Airport codes are checked once the airport list is in; the search does not wait for it.
 */
export function SearchPage({ raw }: SearchPageProps) {
  const airports = useAirports(true);
  const today = localToday();
  const check = useMemo(() => checkSearchLink(raw, { today }), [raw, today]);
  const checked = useMemo(
    () => (airports.data ? checkSearchLink(raw, { today, airports: airports.data }) : check),
    [check, raw, today, airports.data],
  );
  // A link whose airports are known keeps the search it had: the results do not render again.
  if (checked.ok) {
    return <SearchResultsPage search={check.ok ? check.search : checked.search} />;
  }
  return <SearchLinkProblems problems={checked.problems} values={checked.values} />;
}

function SearchLinkProblems({
  problems,
  values,
}: {
  problems: LinkProblem[];
  values: SearchFormValues;
}) {
  return (
    <div className="bg-muted/40 pb-16">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{searchLinkTexts.title}</h1>
        <Alert variant="warning" role="alert">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>{searchLinkTexts.intro}</AlertTitle>
          <AlertDescription className="grid gap-2 text-foreground">
            <ul className="grid list-disc gap-1 pl-5">
              {problems.map((problem) => (
                <li key={problem.field}>
                  <span className="font-semibold">{linkFieldLabel(problem.field)}</span>:{' '}
                  {problem.reason ? `${problem.reason}. ` : ''}
                  {problem.message}
                </li>
              ))}
            </ul>
            <p className="text-muted-foreground">{searchLinkTexts.outro}</p>
          </AlertDescription>
        </Alert>
        <div className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
          <Suspense fallback={<Skeleton className="h-72" />}>
            <FlightSearchForm
              // Another broken link starts the form again from what it kept.
              key={JSON.stringify(values)}
              initialValues={values}
              initialErrors={errorsByField(problems)}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
