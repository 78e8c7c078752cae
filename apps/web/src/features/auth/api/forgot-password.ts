import {
  forgotPasswordResponseSchema,
  type ForgotPasswordRequest,
} from '@contrail/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type ForgotPasswordResponse = z.output<typeof forgotPasswordResponseSchema>;

/**
 * `POST /api/auth/forgot-password`: 202 with the same answer whether or not the address has an
 * account; 429 `rate_limited` (saying how long to wait) after too many requests from one address.
 */
function requestPasswordReset(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return apiRequest('/api/auth/forgot-password', forgotPasswordResponseSchema, {
    method: 'POST',
    body,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
