import type { BackOfficeBrand } from '@contrail/contracts/back-office';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAdminLoadFailure } from '../hooks/use-admin-load-failure';

/** Page n of a list, with previous and next; the page lives in the URL. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <span className="text-sm text-muted-foreground">{`Page ${page} of ${pages}`}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** The brand filter: every brand one may see (a staff member's one brand needs no choice). */
export function BrandSelect({
  brands,
  value,
  onChange,
}: {
  brands: readonly BackOfficeBrand[];
  value: string | undefined;
  onChange: (brand: string | undefined) => void;
}) {
  if (brands.length < 2) return null;
  return (
    <Field label="Brand">
      <NativeSelect value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">All brands</option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** A list's loading, failure (with a retry) or empty state; `children` once there is data. */
export function ListState({
  query,
  empty,
  isEmpty,
  failure,
  children,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  empty: string;
  isEmpty: boolean;
  failure: string;
  children: ReactNode;
}) {
  useAdminLoadFailure(query.error, failure);
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (query.error && isEmpty) {
    return (
      <LoadError
        role="status"
        title={failure}
        message={query.error instanceof ApiError ? query.error.serverMessage : query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty) {
    return (
      <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return children;
}

/** A state as a badge: attention states stand out. */
export function StateBadge({
  tone,
  children,
}: {
  tone: 'ok' | 'warn' | 'muted';
  children: ReactNode;
}) {
  return (
    <Badge variant={tone === 'warn' ? 'destructive' : tone === 'ok' ? 'secondary' : 'outline'}>
      {children}
    </Badge>
  );
}

/** What an action's failure says: the server's own words. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
