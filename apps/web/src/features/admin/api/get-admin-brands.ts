import { adminBrandListSchema, type AdminBrand } from '@contrail/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';

/** `GET /api/admin/brands`: every brand, with markup and the default flag. */
async function fetchAdminBrands(): Promise<AdminBrand[]> {
  const { brands } = await apiRequest('/api/admin/brands', adminBrandListSchema);
  return brands;
}

function adminBrandsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.brands(),
    // No abort signal: a consumed signal cancels and refetches when a remount (StrictMode, a
    // lazily loaded parent) briefly leaves the query without observers.
    queryFn: () => fetchAdminBrands(),
    staleTime: ADMIN_STALE_TIME,
  });
}

export function useAdminBrands() {
  return useQuery(adminBrandsQueryOptions());
}
