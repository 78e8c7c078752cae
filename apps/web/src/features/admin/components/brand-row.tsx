import type { AdminBrand } from '@contrail/contracts/admin';
import { ExternalLinkIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BrandSwatches } from './brand-preview';

function formatMarkup(percent: number): string {
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

interface BrandRowProps {
  brand: AdminBrand;
  siteUrl: (domain: string) => string;
  onEdit: (id: string) => void;
  onDelete: (brand: AdminBrand) => void;
}

/** One brand: its colours, name and domain, currency and markup, and what can be done with it. */
export function BrandRow({ brand, siteUrl, onEdit, onDelete }: BrandRowProps) {
  return (
    <li
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
          <span className="truncate font-mono text-sm text-muted-foreground">{brand.domain}</span>
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
      <BrandActions brand={brand} siteUrl={siteUrl} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}

/** Open the brand's site, edit it, and delete it unless it is the default brand. */
function BrandActions({ brand, siteUrl, onEdit, onDelete }: BrandRowProps) {
  return (
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
          onClick={() => onDelete(brand)}
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      )}
    </div>
  );
}
