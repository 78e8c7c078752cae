import { z } from 'zod';

export const DEFAULT_BRAND_KEY = 'default';
export const DEFAULT_BRAND_NAME = 'Contrail';
export const DEFAULT_FONT = 'Inter, system-ui, sans-serif';
export const DEFAULT_MARKUP_PERCENT = 23;
export const DEFAULT_CURRENCY = 'USD';

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

export const brandKeyParamsSchema = z.object({ key: z.string().min(1).max(253) });

/** The built-in brand, used wherever a brand or one of its values is absent. */
export const defaultBrand: Brand = {
  name: DEFAULT_BRAND_NAME,
  domain: DEFAULT_BRAND_KEY,
  logo: null,
  theme: {
    primary: '#1d4ed8',
    secondary: '#0f172a',
    accent: '#f59e0b',
    background: '#ffffff',
    text: '#0f172a',
    font: DEFAULT_FONT,
  },
  contact: {
    email: 'support@contrail.example',
    address: '20 Wenlock Road, London N1 7GU, United Kingdom',
    phone: '+44 20 4577 0199',
  },
  social: { facebook: null, twitter: null, instagram: null },
  currency: DEFAULT_CURRENCY,
};
