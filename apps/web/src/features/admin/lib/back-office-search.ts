import {
  isoDate,
  oneOf,
  searchParams,
  text,
  uuid,
  wholeNumber,
  type SearchOf,
} from '../../../lib/search-param-readers';

// The back office's search params, read by the router. The brand filter is `brandId` (`brand` is
// the root's brand key on localhost); the API calls it `brand`. They stay light (no zod, no
// contract import) because the router is in the shell; the API validates them again in full.

const page = wholeNumber(1, 100_000);

const bookingsShape = {
  q: text({ trim: true, max: 200 }),
  brandId: uuid,
  status: oneOf([
    'pending',
    'ordering',
    'capturing',
    'confirmed',
    'voiding',
    'failed',
    'cancelling',
    'cancelled',
  ]),
  payment: oneOf(['held', 'captured', 'refunded', 'released', 'none']),
  queue: oneOf(['order_uncertain', 'assistance']),
  travelFrom: isoDate,
  travelTo: isoDate,
  bookedFrom: isoDate,
  bookedTo: isoDate,
  sort: oneOf(['created', 'travel', 'total']),
  dir: oneOf(['asc', 'desc']),
  page,
};
export const readBookingsSearch = searchParams(bookingsShape);
export type BookingsSearch = SearchOf<typeof bookingsShape>;

const enquiriesShape = {
  brandId: uuid,
  status: oneOf(['open', 'answered']),
  kind: oneOf(['contact', 'support', 'lookup']),
  page,
};
export const readEnquiriesSearch = searchParams(enquiriesShape);
export type EnquiriesSearch = SearchOf<typeof enquiriesShape>;

const newsletterShape = { brandId: uuid, status: oneOf(['subscribed', 'unsubscribed']), page };
export const readNewsletterSearch = searchParams(newsletterShape);
export type NewsletterSearch = SearchOf<typeof newsletterShape>;

const outboxShape = { brandId: uuid, status: oneOf(['queued', 'sent', 'failed']), page };
export const readOutboxSearch = searchParams(outboxShape);
export type OutboxSearch = SearchOf<typeof outboxShape>;

const auditShape = { brandId: uuid, page };
export const readAuditSearch = searchParams(auditShape);
export type AuditSearch = SearchOf<typeof auditShape>;

/**
 * A search as a query string for the API (`brandId` as `brand`): empty values left out, and the
 * root's `brand` (the brand key a route's search also holds on localhost) never sent.
 */
export function toQueryString(search: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (name === 'brand') continue;
    const key = name === 'brandId' ? 'brand' : name;
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      params.set(key, String(value));
    }
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
