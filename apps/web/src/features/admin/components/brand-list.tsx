import type { AdminBrand } from '@contrail/contracts/admin';
import { useState } from 'react';
import { BrandRow } from './brand-row';
import { DeleteBrandDialog } from './delete-brand-dialog';

interface BrandListProps {
  brands: readonly AdminBrand[];
  siteUrl: (domain: string) => string;
  onEdit: (id: string) => void;
}

/** The default brand first, then by name. */
function ordered(brands: readonly AdminBrand[]): AdminBrand[] {
  return [...brands].sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name),
  );
}

export function BrandList({ brands, siteUrl, onEdit }: BrandListProps) {
  const [toDelete, setToDelete] = useState<AdminBrand | null>(null);

  return (
    <>
      <div className="overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm">
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,1fr)_6rem_6rem_17rem] gap-4 border-b border-border bg-muted px-5 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid"
        >
          <span>Brand</span>
          <span>Currency</span>
          <span>Markup</span>
          <span className="text-right">Actions</span>
        </div>
        <ul aria-label="Brands" className="divide-y divide-border">
          {ordered(brands).map((brand) => (
            <BrandRow
              key={brand.id}
              brand={brand}
              siteUrl={siteUrl}
              onEdit={onEdit}
              onDelete={setToDelete}
            />
          ))}
        </ul>
      </div>
      <DeleteBrandDialog brand={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
