import { systemModeSchema, type SystemMode } from '@contrail/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** `GET /api/system/mode`; test mode when the call fails. */
async function fetchSystemMode(signal?: AbortSignal): Promise<SystemMode> {
  try {
    return await apiRequest('/api/system/mode', systemModeSchema, { signal });
  } catch {
    return { isLiveMode: false, mode: 'test' };
  }
}

export function useSystemMode() {
  return useQuery(
    queryOptions({
      queryKey: checkoutKeys.systemMode(),
      queryFn: ({ signal }) => fetchSystemMode(signal),
    }),
  );
}
