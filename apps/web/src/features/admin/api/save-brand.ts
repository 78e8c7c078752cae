import {
  adminBrandSchema,
  type AdminBrand,
  type brandInputSchema,
} from '@contrail/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A brand as the form produces it after validation (trimmed, lower-cased, blanks as null). */
export type BrandInputValues = z.output<typeof brandInputSchema>;

export interface SaveBrandVariables {
  /** The brand being edited; absent for a new brand. */
  id?: string | undefined;
  input: BrandInputValues;
}

/** `POST /api/admin/brands` (create) or `PUT /api/admin/brands/:id` (update). */
function saveBrand({ id, input }: SaveBrandVariables): Promise<AdminBrand> {
  return id === undefined
    ? apiRequest('/api/admin/brands', adminBrandSchema, { method: 'POST', body: input })
    : apiRequest(`/api/admin/brands/${encodeURIComponent(id)}`, adminBrandSchema, {
        method: 'PUT',
        body: input,
      });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.brands() }),
  });
}
