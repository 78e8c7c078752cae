import { createHmac, timingSafeEqual } from 'node:crypto';
import { agesToText, type SearchCriteria } from '@contrail/contracts/flight-search';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import type { AlertTrip } from '../email';
import { readAlertSiteUrl } from './alerts.columns';
import type { AlertRow } from './alerts.repository';

/**
 * The links a price alert's e-mails carry: the tracked trip's search, and the signed unsubscribe
 * link that works without signing in (one-click for mail clients, and a page to confirm it).
 */

export function tripOf(criteria: SearchCriteria): AlertTrip {
  return {
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
    returnDate:
      criteria.tripType === 'round-trip' && criteria.returnDate ? criteria.returnDate : null,
  };
}

/** The /search link of the tracked trip. */
export function searchUrl(site: SiteUrl, criteria: SearchCriteria): string {
  const params: Record<string, string> = {
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
    tripType: criteria.tripType,
    cabinClass: criteria.cabinClass,
    adultsCount: String(criteria.adultsCount),
    childrenCount: String(criteria.childrenCount),
    infantsCount: String(criteria.infantsCount),
  };
  if (criteria.tripType === 'round-trip' && criteria.returnDate) {
    params.returnDate = criteria.returnDate;
  }
  const children = agesToText(criteria.childrenAges);
  const infants = agesToText(criteria.infantsAges);
  if (children) params.childrenAges = children;
  if (infants) params.infantsAges = infants;
  return pageUrl(site, '/search', params);
}

export type AlertLinks = ReturnType<typeof createAlertLinks>;

/** Unsubscribe links signed with `unsubscribeSecret` (an installation secret). */
export function createAlertLinks(unsubscribeSecret: string) {
  const signature = (id: string) =>
    createHmac('sha256', unsubscribeSecret).update(`alert-unsubscribe:${id}`).digest('base64url');
  const unsubscribeToken = (id: string) => `${id}.${signature(id)}`;

  /** The alert id of a genuine unsubscribe token, else null. */
  function idOfUnsubscribeToken(token: string): string | null {
    const [id = '', given = ''] = token.split('.');
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const expected = Buffer.from(signature(id));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
  }

  /** The one-click address (List-Unsubscribe), and the page the e-mail's own link opens. */
  const unsubscribeUrl = (row: AlertRow) =>
    pageUrl(readAlertSiteUrl(row.siteUrl), '/api/alerts/unsubscribe', {
      token: unsubscribeToken(row.id),
    });
  const stopPageUrl = (row: AlertRow) =>
    pageUrl(readAlertSiteUrl(row.siteUrl), '/price-alert', { stop: unsubscribeToken(row.id) });

  return { idOfUnsubscribeToken, unsubscribeUrl, stopPageUrl };
}
