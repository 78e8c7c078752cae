import { logoutResponseSchema } from '@contrail/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './get-current-user';

/** `POST /api/auth/logout` with an empty JSON body; answers `{ success: true }`. */
export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', logoutResponseSchema, { method: 'POST', body: {} });
}

/**
 * Signs out. On success the current user becomes null and `onSignedOut` runs (the caller navigates
 * to /); a failure is only logged, with no message to the user.
 */
export function useLogout({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(authKeys.currentUser(), null);
      onSignedOut();
    },
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}
