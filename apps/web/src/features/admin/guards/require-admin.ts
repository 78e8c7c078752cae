import type { CurrentUser } from '@contrail/contracts/auth';
import { redirect } from '@tanstack/react-router';
import { showAccessDenied } from '../lib/access-denied';

interface RequireAdminOptions {
  /** The signed-in user, or null when signed out. */
  loadUser: () => Promise<CurrentUser | null>;
  /** The page asked for (path and search), to come back to after signing in. */
  returnTo: string;
  /** True when the router only preloads the route (a hovered link): no toast then. */
  preload: boolean;
}

/**
 * The admin routes' beforeLoad: a signed-out visitor goes to sign in and comes back here after
 * (an admin following a link before signing in); a signed-in non-admin goes to `/` with an
 * 'Access Denied' toast. The server enforces the same rule on every admin call; this only spares
 * them a page they cannot use. A failure to read the user fails closed.
 */
export async function requireAdmin({
  loadUser,
  returnTo,
  preload,
}: RequireAdminOptions): Promise<void> {
  const user = await loadUser().catch(() => undefined);
  if (user?.isAdmin) return;
  if (user === null) {
    throw redirect({ to: '/login', search: { redirect: returnTo }, replace: true });
  }
  if (!preload) await showAccessDenied();
  throw redirect({ to: '/', replace: true });
}
