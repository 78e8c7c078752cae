import type { SearchRequest } from '@contrail/contracts/search-rules';
import { SearchIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { resultsRoute, resultsSummary } from '../lib/results-view';
import type { FieldErrors } from '../lib/field-errors';
import type { SortOption } from '../lib/search-params';
import { EditFormSkeleton } from './edit-form-skeleton';

/**
 * The form's code (its fields, autocomplete, passenger picker, react-hook-form) is not needed to
 * show the results: it loads beside them, its skeleton holding its place meanwhile.
 */
const loadForm = () => import('./flight-search-form');
const FlightSearchForm = lazy(() => loadForm().then((m) => ({ default: m.FlightSearchForm })));

interface ResultsEditBarProps {
  criteria: SearchRequest;
  sort: SortOption;
  /** Large screens: the form is always drawn. */
  wide: boolean;
  /** The results are loading: the form's button says so. */
  busy: boolean;
  /** What the API refused in this search, field by field: shown on the form, opened for it. */
  serverErrors: FieldErrors | undefined;
}

/**
 * The search above the results: on large screens its form; on small ones the search on one line,
 * opened for editing on demand (and by itself when the API refused a field of it).
 */
export function ResultsEditBar({ criteria, sort, wide, busy, serverErrors }: ResultsEditBarProps) {
  const editFormId = useId();
  const [editing, setEditing] = useState(false);
  // On a phone the edit form is drawn once it is first opened (CSS would only hide it), then kept
  // with what was typed in it.
  const [editOpened, setEditOpened] = useState(false);
  // Fields the API refused open the form once, to show them where they are.
  const refused = serverErrors ? JSON.stringify(serverErrors) : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (refused !== null && refused !== openedFor) {
    setOpenedFor(refused);
    setEditing(true);
    setEditOpened(true);
  }

  return (
    <div className="border-b border-border bg-background">
      <div className="mx-auto max-w-7xl px-4 py-3 lg:py-4">
        <button
          type="button"
          aria-expanded={editing}
          aria-controls={editFormId}
          // On a phone the form's code is fetched once the button is pointed at or focused.
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
          onClick={() => {
            setEditOpened(true);
            setEditing((open) => !open);
          }}
          className="flex w-full items-center gap-3 rounded-lg border border-input bg-background px-3 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
        >
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold">{resultsRoute(criteria)}</span>
            <span className="block truncate text-xs text-muted-foreground">
              {resultsSummary(criteria)}
            </span>
          </span>
          <span className="shrink-0 text-sm font-medium text-primary">
            {editing ? 'Close' : 'Edit search'}
          </span>
        </button>
        <div id={editFormId} className={cn(editing ? 'mt-3 block' : 'hidden', 'lg:mt-0 lg:block')}>
          {wide || editOpened ? (
            <Suspense fallback={<EditFormSkeleton criteria={criteria} />}>
              <FlightSearchForm
                // A new search (date strip, back button) or a new refusal starts the form from the
                // URL again.
                key={JSON.stringify([criteria, refused])}
                variant="compact"
                criteria={criteria}
                initialErrors={serverErrors}
                sort={sort === 'best' ? undefined : sort}
                busy={busy}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </div>
  );
}
