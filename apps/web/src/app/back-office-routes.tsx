// The platform admin's and brand staff's pages, each behind its guard.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireAdmin } from '../features/admin/guards/require-admin';
import { requireBackOffice } from '../features/admin/guards/require-back-office';
import {
  readAuditSearch,
  readBookingsSearch,
  readEnquiriesSearch,
  readNewsletterSearch,
  readOutboxSearch,
} from '../features/admin/lib/back-office-search';
import { readBrandManagerSearch } from '../features/admin/lib/brand-manager-search';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { rootRoute, type RouterContext } from './root-route';

/** Admin pages: signed-out visitors go to sign in, then back; others to / with 'Access Denied'. */
function adminOnly({
  context,
  location,
  preload,
}: {
  context: RouterContext;
  location: { href: string };
  preload: boolean;
}) {
  return requireAdmin({
    // `ensureQueryData`'s successor: known data (boot data, an earlier answer) is used as is.
    loadUser: () =>
      context.queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
    returnTo: location.href,
    preload,
  });
}

const adminSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin-settings',
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./routes/admin-settings'), 'AdminSettingsRoute'),
});

const BRAND_MANAGER_LOADING_TEXT = 'Loading brand manager...';

function BrandManagerLoading() {
  return (
    <p role="status" className="mx-auto w-full max-w-5xl px-4 py-12 text-muted-foreground">
      {BRAND_MANAGER_LOADING_TEXT}
    </p>
  );
}

const adminBrandsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/brands',
  validateSearch: readBrandManagerSearch,
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./routes/admin-brands'), 'AdminBrandsRoute'),
  // 'Loading brand manager...' shows while the page loads, and only as long: the router would
  // otherwise hold it on screen for half a second however fast the page arrived.
  pendingComponent: BrandManagerLoading,
  pendingMs: 0,
  pendingMinMs: 0,
});

/** Back-office pages: platform admins and brand staff (the server says who is staff). */
function backOfficeOnly({
  context,
  location,
  preload,
}: {
  context: RouterContext;
  location: { href: string };
  preload: boolean;
}) {
  return requireBackOffice({
    loadUser: () =>
      context.queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
    // Imported when asked, so that the shell does not carry the admin contracts.
    loadAccess: async () => {
      const { backOfficeAccessQueryOptions } = await import('../features/admin/api/back-office');
      return context.queryClient.query(backOfficeAccessQueryOptions());
    },
    returnTo: location.href,
    preload,
  });
}

const adminDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-dashboard'), 'AdminDashboardRoute'),
});

const adminBookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings',
  validateSearch: readBookingsSearch,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-bookings'), 'AdminBookingsRoute'),
});

const adminBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings/$id',
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-booking'), 'AdminBookingRoute'),
});

const adminInboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/inbox',
  validateSearch: readEnquiriesSearch,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-inbox'), 'AdminInboxRoute'),
});

const adminNewsletterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/newsletter',
  validateSearch: readNewsletterSearch,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-newsletter'), 'AdminNewsletterRoute'),
});

const adminOutboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/outbox',
  validateSearch: readOutboxSearch,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-outbox'), 'AdminOutboxRoute'),
});

const adminAuditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/audit',
  validateSearch: readAuditSearch,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-audit'), 'AdminAuditRoute'),
});

const adminStaffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/staff',
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./routes/admin-staff'), 'AdminStaffRoute'),
});

export const backOfficeRoutes = [
  adminSettingsRoute,
  adminBrandsRoute,
  adminDashboardRoute,
  adminBookingsRoute,
  adminBookingRoute,
  adminInboxRoute,
  adminNewsletterRoute,
  adminOutboxRoute,
  adminAuditRoute,
  adminStaffRoute,
] as const;
