import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brand-defaults';
import { createContext, useContext } from 'react';

export const BrandKeyContext = createContext<string>(DEFAULT_BRAND_KEY);

/** The brand key resolved at boot from the host name and the `brand` query parameter. */
export function useBrandKey(): string {
  return useContext(BrandKeyContext);
}
