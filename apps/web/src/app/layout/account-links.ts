// The account menu's links, apart from nav-links.ts: only the menus loaded on demand use them.

/**
 * The account menu's links: Admin Panel for platform admins, as the original product had; Back
 * Office for anyone who may open it (platform admins and brand staff; the server authorises every
 * call there).
 */
export function accountLinks(user: { isAdmin: boolean; backOffice: boolean }) {
  return [
    { label: 'Settings', to: '/account-settings' },
    { label: 'My Trips', to: '/my-trips' },
    ...(user.isAdmin ? [{ label: 'Admin Panel', to: '/admin-settings' }] : []),
    ...(user.isAdmin || user.backOffice ? [{ label: 'Back Office', to: '/admin' }] : []),
  ] as const;
}
