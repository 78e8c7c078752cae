import type { RegisterRequest } from '@contrail/contracts/account-forms';
import {
  registerResponseSchema,
  type RegisterResponse,
} from '@contrail/contracts/email-verification';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/auth/register`: answers 201 with a message to check the inbox, the same whether or
 * not the address had an account, and does not sign in. 400 `validation_failed` with `fields`;
 * 409 `username_taken`.
 */
function register(body: RegisterRequest): Promise<RegisterResponse> {
  return apiRequest('/api/auth/register', registerResponseSchema, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
