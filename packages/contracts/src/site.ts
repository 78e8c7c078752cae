import { z } from 'zod';
import { currentUserSchema } from './auth';
import { brandSchema } from './brands';

/** The operating company, from configuration (shown in the footer and legal pages). */
export const siteInfoSchema = z.object({
  companyName: z.string(),
  companyNumber: z.string(),
  registeredOffice: z.string(),
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

export const BOOT_DATA_ELEMENT_ID = 'boot-data';
export const BRAND_QUERY_PARAM = 'brand';
export const BRAND_HEADER = 'x-brand';
