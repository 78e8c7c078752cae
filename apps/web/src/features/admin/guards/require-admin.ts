import type { CurrentUser } from '@contrail/contracts/auth';
import { redirect } from '@tanstack/react-router';
import { showAccessDenied } from '../lib/access-denied';

interface RequireAdminOptions {
  /** The signed-in user, or null when signed out. */
  loadUser: () => Promise<CurrentUser | null>;
  /** True when the router only preloads the route (a hovered link): no toast then. */
  preload: boolean;
}

/**
 * The admin routes' beforeLoad: signed-out visitors and non-admins go to `/` with the spec's
 * 'Access Denied' toast. The server enforces the same rule on every admin call; this only spares
 * them a page they cannot use. A failure to read the user fails closed.
 */
export async function requireAdmin({ loadUser, preload }: RequireAdminOptions): Promise<void> {
  const user = await loadUser().catch(() => null);
  if (user?.isAdmin) return;
  if (!preload) await showAccessDenied();
  throw redirect({ to: '/', replace: true });
}
