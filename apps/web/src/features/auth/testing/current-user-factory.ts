import type { CurrentUser } from '@contrail/contracts/auth';

/** A signed-in user as `GET /api/auth/user` answers it, with overrides (tests only). */
export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    isAdmin: false,
    backOffice: false,
    createdAt: '2025-01-29T10:00:00.000Z',
    emailVerified: true,
    mustChangePassword: false,
    ...overrides,
  };
}
