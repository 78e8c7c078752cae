import type { CurrentUser } from '@contrail/contracts/auth';
import { redirect } from '@tanstack/react-router';
import { isAccessDenied, showAccessDenied } from '../lib/access-denied';

interface RequireBackOfficeOptions {
  /** The signed-in user, or null when signed out. */
  loadUser: () => Promise<CurrentUser | null>;
  /** Whether the server lets this user into the back office (`GET /api/admin/me`). */
  loadAccess: () => Promise<unknown>;
  /** The page asked for (path and search), to come back to after signing in. */
  returnTo: string;
  /** True when the router only preloads the route (a hovered link): no toast then. */
  preload: boolean;
}

/**
 * The back office's beforeLoad: platform admins and brand staff. Who is staff only the server
 * knows, so anyone signed in who is not a platform admin is asked about (`/api/admin/me`); a 401
 * or 403 sends them to `/` with 'Access Denied'. The server checks every call again.
 */
export async function requireBackOffice({
  loadUser,
  loadAccess,
  returnTo,
  preload,
}: RequireBackOfficeOptions): Promise<void> {
  const user = await loadUser().catch(() => undefined);
  if (user === null) {
    throw redirect({ to: '/login', search: { redirect: returnTo }, replace: true });
  }
  if (user?.isAdmin) return;
  if (user) {
    try {
      await loadAccess();
      return;
    } catch (error) {
      if (!isAccessDenied(error)) throw error;
    }
  }
  if (!preload) await showAccessDenied();
  throw redirect({ to: '/', replace: true });
}
