import type { AdminBrand } from '@contrail/contracts/admin';
import { brandSchema } from '@contrail/contracts/brands';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { BrandManagerPage } from '../../features/admin/components/brand-manager-page';
import { brandQueryOptions } from '../../features/brand/api/get-brand';
import { useBrandKey } from '../../features/brand/hooks/brand-key-context';

const route = getRouteApi('/admin/brands');

export function AdminBrandsRoute() {
  const { edit } = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const brandKey = useBrandKey();

  /** The brand this page is shown in was edited: show the change here at once. */
  function onBrandSaved(saved: AdminBrand, previous: AdminBrand | undefined) {
    const { queryKey } = brandQueryOptions(brandKey);
    if (saved.domain === brandKey) {
      queryClient.setQueryData(queryKey, brandSchema.parse(saved));
    } else if (previous?.domain === brandKey) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }

  return (
    <BrandManagerPage
      editId={edit}
      onEditChange={(next) => void navigate({ search: (prev) => ({ ...prev, edit: next }) })}
      onBrandSaved={onBrandSaved}
    />
  );
}
