import { z } from 'zod';

// The back office's search params, validated by the router. The brand filter is `brandId`
// (`brand` is the root's brand key on localhost); the API calls it `brand`. They stay light (zod only, no
// contract import) because the router is in the shell; the API validates them again in full.

const text = z.string().trim().max(200).optional().catch(undefined);
const id = z.uuid().optional().catch(undefined);
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const page = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);

export const bookingsSearchSchema = z.object({
  q: text,
  brandId: id,
  status: z
    .enum([
      'pending',
      'ordering',
      'capturing',
      'confirmed',
      'voiding',
      'failed',
      'cancelling',
      'cancelled',
    ])
    .optional()
    .catch(undefined),
  payment: z.enum(['held', 'captured', 'refunded', 'released', 'none']).optional().catch(undefined),
  queue: z.enum(['order_uncertain', 'assistance']).optional().catch(undefined),
  travelFrom: date,
  travelTo: date,
  bookedFrom: date,
  bookedTo: date,
  sort: z.enum(['created', 'travel', 'total']).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page,
});
export type BookingsSearch = z.infer<typeof bookingsSearchSchema>;

export const enquiriesSearchSchema = z.object({
  brandId: id,
  status: z.enum(['open', 'answered']).optional().catch(undefined),
  kind: z.enum(['contact', 'support', 'lookup']).optional().catch(undefined),
  page,
});
export type EnquiriesSearch = z.infer<typeof enquiriesSearchSchema>;

export const newsletterSearchSchema = z.object({
  brandId: id,
  status: z.enum(['subscribed', 'unsubscribed']).optional().catch(undefined),
  page,
});
export type NewsletterSearch = z.infer<typeof newsletterSearchSchema>;

export const outboxSearchSchema = z.object({
  brandId: id,
  status: z.enum(['queued', 'sent', 'failed']).optional().catch(undefined),
  page,
});
export type OutboxSearch = z.infer<typeof outboxSearchSchema>;

export const auditSearchSchema = z.object({ brandId: id, page });
export type AuditSearch = z.infer<typeof auditSearchSchema>;

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
