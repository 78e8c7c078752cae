import { siteInfoReader } from '@contrail/contracts/readers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
};

/** The operating company. Boot data seeds it; `GET /api/site` is the fallback (vite dev). */
export function siteInfoQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.info(),
    queryFn: () => apiRequest('/api/site', siteInfoReader),
  });
}

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}
