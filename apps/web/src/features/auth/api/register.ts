import type { RegisterRequest } from '@contrail/contracts/account-forms';
import { currentUserSchema, type CurrentUser } from '@contrail/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/auth/register`: answers 201 with the new user but does not sign in. 400
 * `validation_failed` with `fields`; 409 `username_taken` / `email_taken`.
 */
export function register(body: RegisterRequest): Promise<CurrentUser> {
  return apiRequest('/api/auth/register', currentUserSchema, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
