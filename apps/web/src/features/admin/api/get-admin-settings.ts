import { adminSettingsSchema, type AdminSettings } from '@contrail/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';

/** `GET /api/admin/settings`: live mode, environment and which live providers are configured. */
function fetchAdminSettings(): Promise<AdminSettings> {
  return apiRequest('/api/admin/settings', adminSettingsSchema);
}

function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.settings(),
    // No abort signal: a consumed signal cancels and refetches when a remount (StrictMode, a
    // lazily loaded parent) briefly leaves the query without observers.
    queryFn: () => fetchAdminSettings(),
    staleTime: ADMIN_STALE_TIME,
  });
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
