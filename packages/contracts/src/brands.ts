import { z } from 'zod';

// The defaults are in brand-defaults.ts, which the web app's entry chunk reads without zod.
export {
  DEFAULT_BRAND_KEY,
  DEFAULT_BRAND_NAME,
  DEFAULT_CURRENCY,
  DEFAULT_FONT,
  DEFAULT_MARKUP_PERCENT,
} from './brand-defaults';
import { defaultBrand as builtInBrand } from './brand-defaults';

export const hexColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/, 'Use a hex colour such as #1a73e8');

export const brandThemeSchema = z.object({
  primary: hexColorSchema,
  secondary: hexColorSchema,
  accent: hexColorSchema,
  background: hexColorSchema,
  text: hexColorSchema,
  font: z.string().trim().min(1).max(200),
});
export type BrandTheme = z.infer<typeof brandThemeSchema>;

export const brandContactSchema = z.object({
  email: z.string(),
  address: z.string(),
  phone: z.string(),
});

export const brandSocialSchema = z.object({
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
});

/** The public view of a brand, as `GET /api/brands/:key` answers it. Markup is never exposed. */
export const brandSchema = z.object({
  name: z.string(),
  domain: z.string(),
  logo: z.string().nullable(),
  theme: brandThemeSchema,
  contact: brandContactSchema,
  social: brandSocialSchema,
  currency: z.string().length(3),
});
export type Brand = z.infer<typeof brandSchema>;
/** The built-in brand (brand-defaults.ts), held to the brand's type. */
export const defaultBrand: Brand = builtInBrand;

export const brandKeyParamsSchema = z.object({ key: z.string().min(1).max(253) });
