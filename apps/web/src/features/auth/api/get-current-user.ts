import { currentUserReader } from '@contrail/contracts/readers';
import type { CurrentUser } from '@contrail/contracts/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'user'] as const,
};

/** `GET /api/auth/user`: the signed-in user, or null on 401 (signed out). Other errors throw. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest('/api/auth/user', currentUserReader);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    // No abort signal: the shell's queries live as long as the app, and a consumed signal would
    // cancel and refetch whenever the header remounts.
    queryFn: () => fetchCurrentUser(),
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
