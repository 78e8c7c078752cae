import type { ResetPasswordRequest } from '@contrail/contracts/account-forms';
import type { CurrentUser } from '@contrail/contracts/auth';
import {
  resetPasswordResponseSchema,
  resetTokenCheckResponseSchema,
} from '@contrail/contracts/password-reset';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './get-current-user';

type ResetPasswordResponse = z.output<typeof resetPasswordResponseSchema>;

/** `POST /api/auth/reset-password/check`: `{ valid }`, whether the link still works. */
function checkResetToken(token: string): Promise<z.output<typeof resetTokenCheckResponseSchema>> {
  return apiRequest('/api/auth/reset-password/check', resetTokenCheckResponseSchema, {
    method: 'POST',
    body: { token },
  });
}

/** Whether a reset link still works, asked once when its page opens. */
export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...authKeys.all, 'reset-token', token],
    queryFn: () => checkResetToken(token),
    // A link's state only changes by using it; asking again would count against nothing useful.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * `POST /api/auth/reset-password`: sets the password and ends every session of the account;
 * 400 `invalid_reset_token` for a used or expired link, `validation_failed` for a weak password.
 */
function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordResponse> {
  return apiRequest('/api/auth/reset-password', resetPasswordResponseSchema, {
    method: 'POST',
    body,
  });
}

/** Resets the password; this browser is signed out afterwards, like every other. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      queryClient.setQueryData<CurrentUser | null>(authKeys.currentUser(), null);
    },
  });
}
