/** Query keys of the admin console; mutations invalidate by these prefixes. */
export const adminKeys = {
  all: ['admin'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  brands: () => [...adminKeys.all, 'brands'] as const,
  access: () => [...adminKeys.all, 'access'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  bookings: () => [...adminKeys.all, 'bookings'] as const,
  bookingList: (search: object) => [...adminKeys.bookings(), 'list', search] as const,
  booking: (id: string) => [...adminKeys.bookings(), 'detail', id] as const,
  enquiries: (search: object) => [...adminKeys.all, 'enquiries', search] as const,
  newsletter: (search: object) => [...adminKeys.all, 'newsletter', search] as const,
  outbox: (search: object) => [...adminKeys.all, 'outbox', search] as const,
  audit: (search: object) => [...adminKeys.all, 'audit', search] as const,
  staff: () => [...adminKeys.all, 'staff'] as const,
};

/**
 * Admin screens show the installation's current state (another admin may have changed it), and the
 * 401/403 check (back to `/` with 'Access Denied') happens "on load": they refetch whenever they
 * mount, not on focus.
 */
export const ADMIN_STALE_TIME = 0;
