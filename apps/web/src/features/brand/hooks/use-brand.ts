import { defaultBrand } from '@contrail/contracts/brand-defaults';
import type { Brand } from '@contrail/contracts/brands';
import { useQuery } from '@tanstack/react-query';
import { brandQueryOptions } from '../api/get-brand';
import { useBrandKey } from './brand-key-context';

export interface BrandState {
  key: string;
  /** The loaded brand, or the default brand when the key is 'default', unknown or failed. */
  brand: Brand;
  isLoading: boolean;
  /** Why the brand fell back to the default one, if it did. */
  error: Error | null;
}

export function useBrand(): BrandState {
  const key = useBrandKey();
  const query = useQuery(brandQueryOptions(key));
  return {
    key,
    brand: query.data ?? defaultBrand,
    isLoading: query.isLoading,
    error: query.error,
  };
}
