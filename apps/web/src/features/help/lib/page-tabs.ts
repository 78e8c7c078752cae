/** The support page's tabs; each is also the URL's hash. */
export const SUPPORT_TABS = ['help-center', 'contact-us', 'my-bookings'] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];
export const DEFAULT_SUPPORT_TAB: SupportTab = 'help-center';

export function isSupportTab(value: string): value is SupportTab {
  return (SUPPORT_TABS as readonly string[]).includes(value);
}
