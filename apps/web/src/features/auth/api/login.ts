import { currentUserSchema, type CurrentUser, type LoginRequest } from '@contrail/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './get-current-user';

/**
 * `POST /api/auth/login`: answers the user (with `mustChangePassword`) and sets the session
 * cookie; 401 `invalid_credentials`, 429 `too_many_attempts`.
 */
function login(body: LoginRequest): Promise<CurrentUser> {
  return apiRequest('/api/auth/login', currentUserSchema, { method: 'POST', body });
}

/** Signs in and makes the answer the current user, so the header changes without a reload. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser(), user);
    },
  });
}
