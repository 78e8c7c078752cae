import type { AdminBrand } from '@contrail/contracts/admin';
import { ArrowLeftIcon } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import type { useAdminBrands } from '../api/get-admin-brands';
import { brandSiteUrl } from '../lib/brand-form';
import { NEW_BRAND } from '../lib/brand-manager-search';
import { BrandEditor } from './brand-editor';
import { BrandList } from './brand-list';

export const BRANDS_LOAD_FAILED = 'Failed to load brands.';

function siteUrl(domain: string): string {
  return brandSiteUrl(domain, window.location);
}

interface BrandManagerContentProps {
  brands: ReturnType<typeof useAdminBrands>;
  /** The brand open in the editor (`'new'` for a new one); undefined shows the list. */
  editId: string | undefined;
  /** The brand `editId` names, once the brands are loaded. */
  brand: AdminBrand | undefined;
  onEditChange: (editId: string | undefined) => void;
  onBrandSaved?: ((saved: AdminBrand, previous: AdminBrand | undefined) => void) | undefined;
}

/** Below the header: the load state, the list, the editor, or word that the brand is gone. */
export function BrandManagerContent({
  brands,
  editId,
  brand,
  onEditChange,
  onBrandSaved,
}: BrandManagerContentProps) {
  if (!brands.data) {
    return brands.isError ? (
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
  }
  if (editId === undefined) {
    return <BrandList brands={brands.data} siteUrl={siteUrl} onEdit={onEditChange} />;
  }
  if (editId !== NEW_BRAND && !brand) {
    return <BrandGone onBack={() => onEditChange(undefined)} />;
  }
  return (
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

function BrandGone({ onBack }: { onBack: () => void }) {
  return (
    <Card role="alert" className="items-center text-center">
      <CardContent className="grid justify-items-center gap-3">
        <p className="font-semibold text-foreground">This brand no longer exists.</p>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          All brands
        </Button>
      </CardContent>
    </Card>
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
