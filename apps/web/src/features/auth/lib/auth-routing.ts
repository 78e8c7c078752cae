import type { CurrentUser } from '@contrail/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { oneOf, searchParams, text } from '../../../lib/search-param-readers';
import { currentUserQueryOptions } from '../api/get-current-user';

// Loaded with the shell (the router's guards use it): keep it small, and never import the
// password rules (@contrail/contracts/account-forms) from here.

/**
 * `/login?redirect=/path`: where to go after signing in. `reset=done` says a password reset just
 * ended there. Anything unreadable is dropped.
 */
export const readLoginSearch = searchParams({ redirect: text(), reset: oneOf(['done']) });

/** `/reset-password?token=…` and `/verify-email?token=…`: the token of the e-mailed link. */
export const readTokenSearch = searchParams({ token: text() });

export const ACCOUNT_SETTINGS_TABS = ['profile', 'security'] as const;
export type AccountSettingsTab = (typeof ACCOUNT_SETTINGS_TABS)[number];

/** `/account-settings?tab=security` picks the tab; an unknown tab shows Profile. */
export const readAccountSettingsSearch = searchParams({ tab: oneOf(ACCOUNT_SETTINGS_TABS) });

const SAME_SITE_BASE = 'https://same-site.invalid';

/**
 * The `redirect` parameter if it is a path on this site, else null. `//host` and `/\host` are
 * read by browsers as another host, so only a single leading slash passes, and the resolved URL
 * must stay on this origin.
 */
export function safeRedirectPath(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // The URL parser drops tabs and newlines ("/\t/evil.example" is "//evil.example"), so the
  // origin check catches what the prefix check cannot see.
  try {
    const url = new URL(value, SAME_SITE_BASE);
    return url.origin === SAME_SITE_BASE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Pages a user may open while the session still runs on a temporary password: the page that
 * changes it, sign-in, and the static pages (help, legal). Everything else waits for the change.
 */
const PASSWORD_CHANGE_OPEN_PATHS: readonly string[] = [
  '/account-settings',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/about',
  '/support',
  '/faq',
  '/contact',
  '/privacy',
  '/privacy-policy',
  '/terms',
  '/cookies',
  '/cancellation-policy',
];

/** True when `user` signed in with a temporary password and `pathname` is not open to them. */
export function mustChangePasswordBefore(
  user: CurrentUser | null | undefined,
  pathname: string,
): boolean {
  if (!user?.mustChangePassword) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !PASSWORD_CHANGE_OPEN_PATHS.includes(path);
}

/** The current user, fetched if not known yet; a failed request counts as signed out. */
async function currentUserOrNull(queryClient: QueryClient): Promise<CurrentUser | null> {
  try {
    // Known data (boot data, or an earlier answer) is used as is: no request.
    return await queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' });
  } catch {
    return null;
  }
}

/**
 * Route guard of the pages that need a user (the page table's `signed-in` pages): signed-out
 * visitors go to `/login?redirect=…` with the page's path and search. A session on a temporary
 * password goes to the Security tab here, as the root guard would have had it known the user.
 */
export async function requireSignedIn(
  queryClient: QueryClient,
  location: { pathname: string; href: string },
): Promise<void> {
  const user = await currentUserOrNull(queryClient);
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  if (mustChangePasswordBefore(user, location.pathname)) {
    throw redirect({ to: '/account-settings', search: { tab: 'security' }, replace: true });
  }
}

/**
 * Route guard for the sign-in and sign-up pages: a signed-in user goes on to `redirectTo` when it
 * is a path on this site (a sign-in link that outlived its need), else to /.
 */
export async function redirectIfSignedIn(
  queryClient: QueryClient,
  redirectTo?: string,
): Promise<void> {
  if (!(await currentUserOrNull(queryClient))) return;
  const target = safeRedirectPath(redirectTo);
  throw target ? redirect({ href: target, replace: true }) : redirect({ to: '/', replace: true });
}

/**
 * Root guard, run on every navigation without waiting for the network: a session on a temporary
 * password goes to the Security tab. (Where the user is not known yet, `PasswordChangeGuard`
 * redirects once it is.)
 */
export function redirectPendingPasswordChange(queryClient: QueryClient, pathname: string): void {
  const user = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  if (mustChangePasswordBefore(user, pathname)) {
    throw redirect({ to: '/account-settings', search: { tab: 'security' }, replace: true });
  }
}
