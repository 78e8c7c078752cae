import { MULTI_CITY_SLICES, type SearchRequest } from '@contrail/contracts/search-rules';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

/**
 * The results page's edit form while its code loads (`results-edit-bar.tsx`): the same boxes in
 * the same grid as the compact form (`flight-search-form.tsx`, `search-fields.tsx`,
 * `multi-city-fields.tsx`), each as tall as the control it stands for, so that nothing under it
 * moves when the form comes.
 */
export function EditFormSkeleton({ criteria }: { criteria: SearchRequest }) {
  const slices = criteria.tripType === 'multi-city' ? (criteria.slices?.length ?? 0) : 0;
  return (
    <div className="grid gap-3" aria-hidden="true" data-testid="edit-form-skeleton">
      <div className="flex flex-wrap items-center gap-2">
        <Skeleton className="h-9 w-28" />
        <Skeleton className="h-9 w-56 max-w-full" />
      </div>
      {slices > 0 ? (
        <MultiCitySkeleton slices={slices} />
      ) : (
        <div className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10.5rem_10.5rem_auto]">
            <div className="col-span-2 grid gap-3 sm:grid-cols-2">
              <FieldSkeleton />
              <FieldSkeleton />
            </div>
            <FieldSkeleton />
            <FieldSkeleton />
            <div className="col-span-2 flex items-end lg:col-span-1">
              <Skeleton className="h-12 w-full lg:w-40" />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** A field's label (a line of `text-xs leading-none`) and its 48 px control. */
function FieldSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Skeleton className="h-3 w-16" />
      <Skeleton className="h-12" />
    </div>
  );
}

/** A multi-city trip's flights, one line each on a wide screen, then Add and Search. */
function MultiCitySkeleton({ slices }: { slices: number }) {
  const removable = slices > MULTI_CITY_SLICES.min;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 lg:gap-2">
        {Array.from({ length: slices }, (_, index) => (
          <div
            key={index}
            className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:p-4 lg:flex-row lg:items-end lg:border-0 lg:p-0"
          >
            <div className="flex min-h-8 items-center justify-between gap-3 lg:contents">
              <Skeleton className="h-5 w-16 lg:mb-3.5 lg:shrink-0" />
              {removable ? <Skeleton className="h-8 w-24 lg:order-last lg:mb-2" /> : null}
            </div>
            <div className="grid gap-3 sm:grid-cols-2 lg:flex-1 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem]">
              <FieldSkeleton />
              <FieldSkeleton />
              <FieldSkeleton className="sm:col-span-2 lg:col-span-1" />
            </div>
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {/* At five flights, a line saying there can be no more instead of the Add button. */}
        <Skeleton className={slices >= MULTI_CITY_SLICES.max ? 'h-5 w-72' : 'h-10 w-48'} />
        <Skeleton className="h-12 w-full lg:w-40" />
      </div>
    </div>
  );
}
