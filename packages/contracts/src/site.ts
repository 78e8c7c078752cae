import { z } from 'zod';
import { currentUserSchema } from './session';
import { brandSchema } from './brands';

/**
 * The Google tag the web app reports page views and conversions to. `conversionLabel` is a Google
 * Ads conversion label: a bare label is sent as `{tagId}/{label}`, an `AW-…/label` as it is.
 */
export const analyticsConfigSchema = z.object({
  tagId: z.string().min(1),
  conversionLabel: z.string().min(1).nullable(),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

/**
 * The operating company, from configuration (shown in the footer and legal pages), and the
 * analytics tag when one is configured (absent: no third-party script is loaded).
 */
export const siteInfoSchema = z.object({
  companyName: z.string(),
  companyNumber: z.string(),
  registeredOffice: z.string(),
  analytics: analyticsConfigSchema.optional(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/**
 * What the server writes into the HTML it serves (a `<script id="boot-data" type="application/json">`)
 * so the first render already has the brand. The server always fills `brand` (the default brand
 * where the key names none); null is accepted for a page served without a server, e.g. in tests.
 */
export const bootDataSchema = z.object({
  brandKey: z.string(),
  brand: brandSchema.nullable(),
  site: siteInfoSchema,
  /** The signed-in user (null when signed out), so the first render needs no request for it. */
  user: currentUserSchema.nullable().optional(),
});
export type BootData = z.infer<typeof bootDataSchema>;

// The element ids, names and headers are in site-keys.ts, which needs no zod.
export {
  BOOT_DATA_ELEMENT_ID,
  BRAND_HEADER,
  BRAND_QUERY_PARAM,
  CSP_NONCE_META_PROPERTY,
} from './site-keys';
