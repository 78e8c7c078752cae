/** The error codes of brands, read by the site and managed in the admin. */
export const BRAND_ERROR_CODES = [
  /** 404: no brand with that key or id. */
  'brand_not_found',
] as const;
export type BrandErrorCode = (typeof BRAND_ERROR_CODES)[number];
