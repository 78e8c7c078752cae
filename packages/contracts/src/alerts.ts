import { z } from 'zod';
import { emailSchema } from './fields';
import { CABIN_CLASSES, searchCriteriaSchema, TRIP_TYPES } from './flight-search';

/** Most alerts one traveller (an account, or an e-mail address) may have active at once. */
export const MAX_ACTIVE_ALERTS = 10;
/** How long a guest's confirmation link works. */
export const ALERT_CONFIRMATION_VALID_HOURS = 24;

export const alertMessages = {
  tracking: 'Price alert set. We will e-mail you when the price drops.',
  checkEmail:
    'Check your e-mail: click the link we sent you to start your price alert. The link works for 24 hours.',
  confirmed: 'Your price alert is on. We will e-mail you when the price drops.',
  stopped: 'Price alert stopped.',
  unsubscribed: 'You will get no more e-mails about this price alert.',
  linkInvalid: 'This link is no longer valid. Set a new price alert from the search page.',
  notFound: 'Price alert not found',
  limitReached: `You can track up to ${String(MAX_ACTIVE_ALERTS)} routes at a time. Stop an alert in your account settings to add another.`,
  emailRequired: 'Please enter your email address',
  tooManyRequests: 'Too many requests. Please try again later.',
  failed: 'Could not set the price alert. Please try again.',
} as const;

/** What a traveller tracks: a search (route, dates, travellers, cabin), and a guest's address. */
export const createAlertRequestSchema = searchCriteriaSchema.extend({
  /** Where a guest's alerts go; a signed-in traveller's go to the account's address. */
  email: emailSchema.optional(),
});
export type CreateAlertRequest = z.input<typeof createAlertRequestSchema>;

const priceSchema = z.object({ amount: z.string(), currency: z.string().length(3) });

export const ALERT_STATUSES = ['active', 'expired'] as const;

/** An alert as its owner sees it. */
export const alertSchema = z.object({
  id: z.uuid(),
  origin: z.string(),
  destination: z.string(),
  departureDate: z.string(),
  returnDate: z.string().nullable(),
  tripType: z.enum(TRIP_TYPES),
  cabinClass: z.enum(CABIN_CLASSES),
  adultsCount: z.number().int(),
  childrenCount: z.number().int(),
  infantsCount: z.number().int(),
  /** `expired` once the departure date has passed: no longer checked. */
  status: z.enum(ALERT_STATUSES),
  /** The cheapest price at the last check; null before the first. */
  lastPrice: priceSchema.nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema) });

/** A signed-in traveller's alert is active at once; a guest's waits for the e-mailed link. */
export const createAlertResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('active'), message: z.string(), alert: alertSchema }),
  z.object({ status: z.literal('pending_confirmation'), message: z.string() }),
]);
export type CreateAlertResponse = z.infer<typeof createAlertResponseSchema>;

export const alertIdParamsSchema = z.object({ id: z.uuid() });

const tokenSchema = z.string().trim().min(16).max(200);
/** The token of a confirmation link, as the /price-alert page posts it. */
export const alertTokenBodySchema = z.object({ token: tokenSchema });
/** The token of an unsubscribe address (List-Unsubscribe), in its query. */
export const alertTokenQuerySchema = z.object({ token: tokenSchema });

export const alertLinkResponseSchema = z.object({ success: z.literal(true), message: z.string() });
