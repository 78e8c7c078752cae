/**
 * The price alerts table's JSON columns: one schema each, the column's type in `alerts.table.ts`
 * and the one reading of it (the alerts service and its job).
 */
import { searchCriteriaSchema } from '@contrail/contracts/flight-search';
import { z } from 'zod';
import { readStoredJson } from '../../lib/stored-json';

/**
 * The search tracked, as the search form's schema parsed it (`SearchCriteria`): parsing it again
 * gives it back unchanged, and criteria kept before the ages were asked read with none.
 */
const alertCriteriaSchema = searchCriteriaSchema;
export type AlertCriteria = z.infer<typeof alertCriteriaSchema>;

/** Where the brand's site is reached (`SiteUrl`), for the links in the alert's e-mails. */
const alertSiteUrlSchema = z.object({
  origin: z.string(),
  brandParam: z.string().nullable(),
});
export type AlertSiteUrl = z.infer<typeof alertSiteUrlSchema>;

export const readAlertCriteria = (value: unknown): AlertCriteria =>
  readStoredJson(alertCriteriaSchema, 'price_alerts.criteria', value);
export const readAlertSiteUrl = (value: unknown): AlertSiteUrl =>
  readStoredJson(alertSiteUrlSchema, 'price_alerts.site_url', value);
