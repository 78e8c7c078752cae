// The built-in brand's values, without the schemas of brands.ts: the web app's entry chunk reads
// them, and zod stays out of it.

export const DEFAULT_BRAND_KEY = 'default';
export const DEFAULT_BRAND_NAME = 'Contrail';
export const DEFAULT_FONT = 'Inter, system-ui, sans-serif';
export const DEFAULT_MARKUP_PERCENT = 23;
export const DEFAULT_CURRENCY = 'USD';

/**
 * The built-in brand, used wherever a brand or one of its values is absent (checked against the
 * brand schema's type in brands.ts, which this file cannot import without a cycle).
 */
export const defaultBrand = {
  name: DEFAULT_BRAND_NAME,
  domain: DEFAULT_BRAND_KEY,
  logo: null as string | null,
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
  social: {
    facebook: null as string | null,
    twitter: null as string | null,
    instagram: null as string | null,
  },
  currency: DEFAULT_CURRENCY,
};
