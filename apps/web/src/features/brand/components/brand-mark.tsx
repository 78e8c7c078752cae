import { BRAND_LOGO_MAX_HEIGHT_PX } from '@contrail/contracts/theme';
import { cn } from '../../../lib/cn';
import { brandDisplayName } from '../../../theme/apply-brand';
import { useBrand } from '../hooks/use-brand';

/** The brand logo (if any, at most 40 px high) and the brand name. */
export function BrandMark({ className }: { className?: string }) {
  const { brand } = useBrand();
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      {brand.logo ? (
        // A fixed height (the 40 px maximum) gives the logo its width before it loads, whatever
        // its intrinsic size, so nothing around it shifts or truncates.
        <img
          src={brand.logo}
          alt=""
          className="w-auto max-w-40 shrink-0 object-contain object-left"
          style={{ height: BRAND_LOGO_MAX_HEIGHT_PX }}
        />
      ) : null}
      <span className="truncate text-lg font-bold tracking-tight">{brandDisplayName(brand)}</span>
    </span>
  );
}
