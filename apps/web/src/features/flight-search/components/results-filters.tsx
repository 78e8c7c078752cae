import { SlidersHorizontalIcon } from 'lucide-react';
import {
  lazy,
  Suspense,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { facetsOf } from '../lib/filter-itineraries';
import type { Itinerary } from '../lib/itineraries';
import type { FiltersPanel } from './filters-panel';

/**
 * The panel's code (its sliders and checkboxes) is fetched as the results page opens, beside the
 * search, and drawn once the flights have come: the flights do not wait for it.
 */
export const loadFiltersPanel = () => import('./filters-panel');
const LazyFiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.FiltersPanel })));

const loadSheet = () => import('./filters-sheet');
const FiltersSheetContent = lazy(() =>
  loadSheet().then((m) => ({ default: m.FiltersSheetContent })),
);

/**
 * The filters panel with its facets (counts and ranges over every flight), worked out only where
 * the panel is drawn: on a phone, once its sheet is opened.
 */
export function ResultsFilters({
  all,
  filters,
  ...props
}: { all: readonly Itinerary[] } & Omit<ComponentProps<typeof FiltersPanel>, 'facets'>) {
  const facets = useMemo(() => facetsOf(all, filters), [all, filters]);
  return (
    <Suspense fallback={<FiltersTitle />}>
      <LazyFiltersPanel filters={filters} facets={facets} {...props} />
    </Suspense>
  );
}

/** What the filters' place says until they are drawn. */
function FiltersTitle() {
  return <p className="text-sm text-muted-foreground">Filters</p>;
}

/** The filters beside the list from `lg` up; until the flights come, just their title. */
export function FiltersAside({ resultsId, panel }: { resultsId: string; panel: ReactNode }) {
  return (
    <aside
      aria-label="Filters"
      className="hidden self-start rounded-xl border border-border bg-card p-5 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
    >
      {/* The filters come first in the page; keyboard users may go straight to the list. */}
      <a
        href={`#${resultsId}`}
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:mb-3 focus:block focus:ring-2 focus:ring-ring focus:outline-none"
      >
        Skip to results
      </a>
      {panel ?? <FiltersTitle />}
    </aside>
  );
}

/**
 * Narrower, the filters open in a sheet from the Filters button instead. The sheet's code is
 * fetched when the button is first pointed at, focused or pressed.
 */
export function FiltersSheet({
  panel,
  filterCount,
  shownCount,
}: {
  panel: ReactNode;
  filterCount: number;
  shownCount: number;
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontalIcon aria-hidden="true" />
        Filters
        {filterCount > 0 ? <Badge className="ml-1 rounded-full">{filterCount}</Badge> : null}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <FiltersSheetContent
            open={open}
            onOpenChange={setOpen}
            panel={panel}
            shownCount={shownCount}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
