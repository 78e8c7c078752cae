import type { AdminBrand } from '@contrail/contracts/admin';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useAdminBrands } from '../api/get-admin-brands';
import { useAdminLoadFailure } from '../hooks/use-admin-load-failure';
import { NEW_BRAND } from '../lib/brand-manager-search';
import { AdminPageHeader } from './admin-page-header';
import { BRANDS_LOAD_FAILED, BrandManagerContent } from './brand-manager-content';

interface BrandManagerPageProps {
  /** The brand open in the editor (`'new'` for a new one); undefined shows the list. */
  editId: string | undefined;
  onEditChange: (editId: string | undefined) => void;
  /** After a save; `previous` is the brand as it was (undefined for a new brand). */
  onBrandSaved?: (saved: AdminBrand, previous: AdminBrand | undefined) => void;
}

/** The page title and description: the list's, a new brand's, or the edited brand's. */
function brandManagerHeading(
  editId: string | undefined,
  brand: AdminBrand | undefined,
): { title: string; description: string } {
  const editing = editId !== undefined;
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
  return { title, description };
}

/** `/admin/brands`: the brand list, and the editor with its live preview. */
export function BrandManagerPage({ editId, onEditChange, onBrandSaved }: BrandManagerPageProps) {
  const brands = useAdminBrands();
  useAdminLoadFailure(brands.error, BRANDS_LOAD_FAILED);
  const editing = editId !== undefined;
  const brand =
    editing && editId !== NEW_BRAND ? brands.data?.find((b) => b.id === editId) : undefined;

  const { title, description } = brandManagerHeading(editId, brand);

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
      <BrandManagerContent
        brands={brands}
        editId={editId}
        brand={brand}
        onEditChange={onEditChange}
        onBrandSaved={onBrandSaved}
      />
    </section>
  );
}
