import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { buildCurrentUser } from '../../auth/testing/current-user-factory';
import type * as accessDenied from '../lib/access-denied';
import { requireBackOffice } from './require-back-office';

vi.mock('../lib/access-denied', async (original) => ({
  ...(await original<typeof accessDenied>()),
  showAccessDenied: vi.fn(() => Promise.resolve()),
}));

const denied = (status: number) =>
  new ApiError({ status, statusText: '', code: 'forbidden', serverMessage: 'no' });

async function outcome(options: Partial<Parameters<typeof requireBackOffice>[0]>) {
  try {
    await requireBackOffice({
      loadUser: () => Promise.resolve(buildCurrentUser()),
      loadAccess: () => Promise.resolve({}),
      returnTo: '/admin/bookings?q=ABC',
      preload: false,
      ...options,
    });
    return 'allowed';
  } catch (thrown) {
    const redirect = thrown as { options?: { to?: string; search?: unknown } };
    return redirect.options ?? thrown;
  }
}

describe('the back office guard', () => {
  it('lets a platform admin in without asking the server', async () => {
    const loadAccess = vi.fn(() => Promise.reject(denied(403)));
    expect(
      await outcome({
        loadUser: () => Promise.resolve(buildCurrentUser({ isAdmin: true })),
        loadAccess,
      }),
    ).toBe('allowed');
    expect(loadAccess).not.toHaveBeenCalled();
  });

  it('lets in a user the server calls staff', async () => {
    expect(await outcome({})).toBe('allowed');
  });

  it('sends a traveller the server refuses to /', async () => {
    expect(await outcome({ loadAccess: () => Promise.reject(denied(403)) })).toMatchObject({
      to: '/',
    });
  });

  it('sends a signed-out visitor to sign in, to come back', async () => {
    expect(await outcome({ loadUser: () => Promise.resolve(null) })).toMatchObject({
      to: '/login',
      search: { redirect: '/admin/bookings?q=ABC' },
    });
  });

  it('does not let a failure of the check through', async () => {
    const failure = new Error('network down');
    expect(await outcome({ loadAccess: () => Promise.reject(failure) })).toBe(failure);
  });
});
