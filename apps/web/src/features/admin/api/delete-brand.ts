import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `DELETE /api/admin/brands/:id`; 409 for the default brand or a brand with accounts. */
function deleteBrand(id: string): Promise<void> {
  return apiSend(`/api/admin/brands/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.brands() }),
  });
}
