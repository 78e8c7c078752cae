/** Query keys of the admin console; mutations invalidate by these prefixes. */
export const adminKeys = {
  all: ['admin'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  brands: () => [...adminKeys.all, 'brands'] as const,
};

/**
 * Admin screens show the installation's current state (another admin may have changed it), and
 * the spec's 401/403 check happens "on load": they refetch whenever they mount, not on focus.
 */
export const ADMIN_STALE_TIME = 0;
