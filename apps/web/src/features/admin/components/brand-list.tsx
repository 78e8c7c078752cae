import type { AdminBrand } from '@contrail/contracts/admin';
import { ExternalLinkIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BrandSwatches } from './brand-preview';
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

function formatMarkup(percent: number): string {
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
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
            <li
              key={brand.id}
              aria-label={brand.name}
              className="grid gap-4 px-5 py-4 md:grid-cols-[minmax(0,1fr)_6rem_6rem_17rem] md:items-center"
            >
              <div className="flex min-w-0 items-center gap-3">
                <BrandSwatches theme={brand.theme} className="h-10 w-12" />
                <div className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-semibold text-foreground">{brand.name}</span>
                    {brand.isDefault ? <Badge variant="secondary">Default</Badge> : null}
                  </span>
                  <span className="truncate font-mono text-sm text-muted-foreground">
                    {brand.domain}
                  </span>
                </div>
              </div>
              <dl className="flex gap-6 text-sm md:contents">
                <div className="flex gap-2 md:block">
                  <dt className="text-muted-foreground md:sr-only">Currency</dt>
                  <dd className="font-medium text-foreground">{brand.currency}</dd>
                </div>
                <div className="flex gap-2 md:block">
                  <dt className="text-muted-foreground md:sr-only">Markup</dt>
                  <dd className="font-medium text-foreground tabular-nums">
                    {formatMarkup(brand.markupPercent)}
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center gap-2 md:flex-nowrap md:justify-end">
                <Button asChild variant="ghost" size="sm">
                  <a
                    href={siteUrl(brand.domain)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`Open site of ${brand.name} (opens in a new tab)`}
                  >
                    <ExternalLinkIcon aria-hidden="true" />
                    Open site
                  </a>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${brand.name}`}
                  onClick={() => onEdit(brand.id)}
                >
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
                {brand.isDefault ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${brand.name}`}
                    onClick={() => setToDelete(brand)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
      <DeleteBrandDialog brand={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
