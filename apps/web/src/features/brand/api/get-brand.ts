import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brand-defaults';
import type { Brand } from '@contrail/contracts/brands';
import { brandReader } from '@contrail/contracts/readers';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

const brandKeys = {
  all: ['brands'] as const,
  detail: (key: string) => [...brandKeys.all, key] as const,
};

/**
 * `GET /api/brands/{key}`. Any failure (404 included) is logged as 'Failed to load brand: {status
 * text}' and rethrown, so the query keeps the error while the app falls back to the default brand.
 */
async function fetchBrand(key: string): Promise<Brand> {
  try {
    return await apiRequest(`/api/brands/${encodeURIComponent(key)}`, brandReader);
  } catch (error) {
    console.error(`Failed to load brand: ${statusTextOf(error)}`);
    throw error;
  }
}

function statusTextOf(error: unknown): string {
  if (error instanceof ApiError) return error.statusText || String(error.status);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The brand query. Its data is `null` when the server's boot data says the key names no brand.
 * The default key never calls the API.
 */
export function brandQueryOptions(key: string) {
  return queryOptions<Brand | null>({
    queryKey: brandKeys.detail(key),
    queryFn: () => fetchBrand(key),
    enabled: key !== DEFAULT_BRAND_KEY,
  });
}
