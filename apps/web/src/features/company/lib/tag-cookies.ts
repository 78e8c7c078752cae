import type { AnalyticsConfig } from '@contrail/contracts/site';

export interface TagCookies {
  /** The Google tag id the operator configured. */
  tagId: string;
  /** Google Analytics cookies (a `G-` tag): `_ga` and `_ga_<container>`. */
  analytics: string[];
  /** Google Ads conversion cookies (an `AW-` tag or a conversion label): `_gcl_au`. */
  marketing: string[];
}

/**
 * The cookies Google's tag sets for the analytics configured on the server (lib/analytics loads
 * gtag.js only then), or null when none is: the site then sets no analytics or marketing cookie.
 */
export function tagCookies(config: AnalyticsConfig | undefined): TagCookies | null {
  if (!config) return null;
  const { tagId, conversionLabel } = config;
  const analytics = tagId.startsWith('G-') ? ['_ga', `_ga_${tagId.slice(2)}`] : [];
  const marketing = tagId.startsWith('AW-') || conversionLabel !== null ? ['_gcl_au'] : [];
  return { tagId, analytics, marketing };
}
