import type { AdminBrand } from '@contrail/contracts/admin';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAdminBrands } from '../api/get-admin-brands';
import { useAdminLoadFailure } from '../hooks/use-admin-load-failure';
import { brandSiteUrl } from '../lib/brand-form';
import { NEW_BRAND } from '../lib/brand-manager-search';
import { AdminPageHeader } from './admin-page-header';
import { BrandEditor } from './brand-editor';
import { BrandList } from './brand-list';

export const BRANDS_LOAD_FAILED = 'Failed to load brands.';

interface BrandManagerPageProps {
  /** The brand open in the editor (`'new'` for a new one); undefined shows the list. */
  editId: string | undefined;
  onEditChange: (editId: string | undefined) => void;
  /** After a save; `previous` is the brand as it was (undefined for a new brand). */
  onBrandSaved?: (saved: AdminBrand, previous: AdminBrand | undefined) => void;
}

function siteUrl(domain: string): string {
  return brandSiteUrl(domain, window.location);
}

/** `/admin/brands`: the brand list, and the editor with its live preview. */
export function BrandManagerPage({ editId, onEditChange, onBrandSaved }: BrandManagerPageProps) {
  const brands = useAdminBrands();
  useAdminLoadFailure(brands.error, BRANDS_LOAD_FAILED);
  const editing = editId !== undefined;
  const brand =
    editing && editId !== NEW_BRAND ? brands.data?.find((b) => b.id === editId) : undefined;

  const title = !editing
    ? 'Brand Manager'
    : editId === NEW_BRAND
      ? 'New brand'
      : brand
        ? `Edit ${brand.name}`
        : 'Brand Manager';
  const description = !editing
    ? 'Every brand this installation serves: its domain, look, contact details, currency and markup.'
    : 'Changes show on the brand’s site at its next page load.';

  let content;
  if (!brands.data) {
    content = brands.isError ? (
      <LoadError
        title={BRANDS_LOAD_FAILED}
        message={
          brands.error instanceof ApiError
            ? brands.error.serverMessage
            : 'Check your connection and try again.'
        }
        retrying={brands.isFetching}
        onRetry={() => void brands.refetch()}
        retryLabel="Retry"
        retryingLabel="Retrying…"
      />
    ) : (
      <ListSkeleton />
    );
  } else if (!editing) {
    content = <BrandList brands={brands.data} siteUrl={siteUrl} onEdit={onEditChange} />;
  } else if (editId !== NEW_BRAND && !brand) {
    content = (
      <Card role="alert" className="items-center text-center">
        <CardContent className="grid justify-items-center gap-3">
          <p className="font-semibold text-foreground">This brand no longer exists.</p>
          <Button variant="outline" onClick={() => onEditChange(undefined)}>
            <ArrowLeftIcon aria-hidden="true" />
            All brands
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    content = (
      <BrandEditor
        key={brand?.id ?? NEW_BRAND}
        brand={brand}
        siteUrl={siteUrl}
        onCancel={() => onEditChange(undefined)}
        onSaved={(saved, previous) => {
          onBrandSaved?.(saved, previous);
          if (!previous) onEditChange(saved.id);
        }}
      />
    );
  }

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:py-12"
    >
      <AdminPageHeader
        title={title}
        description={description}
        actions={
          editing ? (
            <Button variant="outline" onClick={() => onEditChange(undefined)}>
              <ArrowLeftIcon aria-hidden="true" />
              All brands
            </Button>
          ) : (
            <Button onClick={() => onEditChange(NEW_BRAND)} disabled={!brands.data}>
              <PlusIcon aria-hidden="true" />
              New brand
            </Button>
          )
        }
      />
      {content}
    </section>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <span className="sr-only" role="status">
        Loading brands…
      </span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex items-center gap-3">
          <Skeleton className="h-10 w-12" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
        </div>
      ))}
    </div>
  );
}
