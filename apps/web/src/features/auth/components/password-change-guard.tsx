import { Navigate, useLocation } from '@tanstack/react-router';
import { useCurrentUser } from '../api/get-current-user';
import { mustChangePasswordBefore } from '../lib/auth-routing';

/**
 * Sends a session on a temporary password to the Security tab from any page but the open ones.
 * The root route does the same before a navigation when the user is already known; this covers
 * the user arriving later (no boot data) or changing while a page is open.
 */
export function PasswordChangeGuard() {
  const { data: user } = useCurrentUser();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!mustChangePasswordBefore(user, pathname)) return null;
  return <Navigate to="/account-settings" search={{ tab: 'security' }} replace />;
}
