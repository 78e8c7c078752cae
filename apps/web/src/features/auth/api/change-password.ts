import type { ChangePasswordRequest } from '@contrail/contracts/account-forms';
import { changePasswordResponseSchema, type CurrentUser } from '@contrail/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './get-current-user';

type ChangePasswordResponse = z.output<typeof changePasswordResponseSchema>;

/**
 * `POST /api/auth/change-password`: answers `{ success, message }` and ends the user's other
 * sessions; 400 `invalid_current_password` (field currentPassword) or `validation_failed`.
 */
function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return apiRequest('/api/auth/change-password', changePasswordResponseSchema, {
    method: 'POST',
    body,
  });
}

/** Changes the password; the session is no longer a temporary-password one afterwards. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      queryClient.setQueryData<CurrentUser | null>(authKeys.currentUser(), (user) =>
        user ? { ...user, mustChangePassword: false } : user,
      );
    },
  });
}
