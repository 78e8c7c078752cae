import {
  verifyEmailResponseSchema,
  type VerifyEmailResponse,
} from '@contrail/contracts/email-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './get-current-user';

/**
 * `POST /api/auth/verify-email`, signed in to the account the link was sent to: 400
 * `invalid_verification_token` (unknown, used or expired), 403 `verification_other_account`.
 */
function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest('/api/auth/verify-email', verifyEmailResponseSchema, {
    method: 'POST',
    body: { token },
  });
}

/** `POST /api/auth/verify-email/resend`: a new link to the account's address (429 past the limit). */
function resendVerification(): Promise<VerifyEmailResponse> {
  return apiRequest('/api/auth/verify-email/resend', verifyEmailResponseSchema, {
    method: 'POST',
    body: {},
  });
}

/** Both change whether the address is confirmed: the signed-in user is read again. */
function useAccountMutation<T>(mutationFn: (input: T) => Promise<VerifyEmailResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
  });
}

export const useVerifyEmail = () => useAccountMutation(verifyEmail);
export const useResendVerification = () => useAccountMutation(resendVerification);
