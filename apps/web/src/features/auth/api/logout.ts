import { logoutResponseReader } from '@contrail/contracts/readers';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './get-current-user';

/** `POST /api/auth/logout` with an empty JSON body; answers `{ success: true }`. */
async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', logoutResponseReader, { method: 'POST', body: {} });
}

/**
 * Signs out. On success the current user becomes null and `onSignedOut` runs (the caller navigates
 * to /); a failure is only logged, with no message to the user. A plain call rather than a query
 * mutation: the shell ships on every page and needs no mutation state for it.
 */
export function useLogout({ onSignedOut }: { onSignedOut: () => void }): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    logout().then(
      () => {
        queryClient.setQueryData(authKeys.currentUser(), null);
        onSignedOut();
      },
      (error: unknown) => {
        console.error('Logout failed', error);
      },
    );
  }, [queryClient, onSignedOut]);
}
