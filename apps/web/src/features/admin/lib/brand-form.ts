import type { AdminBrand, BrandInput } from '@contrail/contracts/admin';
import { adminMessages, SUPPORTED_CURRENCIES } from '@contrail/contracts/admin';
import {
  DEFAULT_CURRENCY,
  DEFAULT_MARKUP_PERCENT,
  defaultBrand,
  hexColorSchema,
} from '@contrail/contracts/brands';
import { hostNeedsExplicitBrand } from '@contrail/contracts/brand-key';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import type { ThemeColours } from './contrast';

/** What the editor holds: the contract's input shape (blank links are '' until validated). */
export type BrandFormValues = BrandInput;

export const THEME_COLOUR_FIELDS = [
  { key: 'primary', label: 'Primary' },
  { key: 'secondary', label: 'Secondary' },
  { key: 'accent', label: 'Accent' },
  { key: 'background', label: 'Background' },
  { key: 'text', label: 'Text' },
] as const;

export const SOCIAL_FIELDS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter / X' },
  { key: 'instagram', label: 'Instagram' },
] as const;

export const CURRENCY_OPTIONS = SUPPORTED_CURRENCIES;

/** Every field the editor shows, so an error the server names can be put next to its field. */
export const BRAND_FORM_FIELDS: readonly FieldPath<BrandFormValues>[] = [
  'name',
  'domain',
  'logo',
  ...THEME_COLOUR_FIELDS.map(({ key }) => `theme.${key}` as const),
  'theme.font',
  'contact.email',
  'contact.phone',
  'contact.address',
  ...SOCIAL_FIELDS.map(({ key }) => `social.${key}` as const),
  'markupPercent',
  'currency',
];

export function isBrandFormField(path: string): path is FieldPath<BrandFormValues> {
  return (BRAND_FORM_FIELDS as readonly string[]).includes(path);
}

/** The editor's starting values: the brand's own, or the default brand's look for a new one. */
export function brandFormValues(brand?: AdminBrand): BrandFormValues {
  if (!brand) {
    return {
      name: '',
      domain: '',
      logo: '',
      theme: { ...defaultBrand.theme },
      contact: { email: '', phone: '', address: '' },
      social: { facebook: '', twitter: '', instagram: '' },
      markupPercent: DEFAULT_MARKUP_PERCENT,
      currency: DEFAULT_CURRENCY,
    };
  }
  return {
    name: brand.name,
    domain: brand.domain,
    logo: brand.logo ?? '',
    theme: { ...brand.theme },
    contact: { ...brand.contact },
    social: {
      facebook: brand.social.facebook ?? '',
      twitter: brand.social.twitter ?? '',
      instagram: brand.social.instagram ?? '',
    },
    markupPercent: brand.markupPercent,
    currency: supportedCurrency(brand.currency),
  };
}

/** The server stores only supported currencies (same schema); anything else starts as the default. */
function supportedCurrency(code: string): BrandFormValues['currency'] {
  return CURRENCY_OPTIONS.find((option) => option === code) ?? DEFAULT_CURRENCY;
}

/**
 * Parse-time messages for what the contract leaves to zod's defaults: an empty or non-numeric
 * markup would otherwise read 'Invalid input: expected number, received NaN'.
 */
export const brandFormErrorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.path?.[0] === 'markupPercent'
    ? adminMessages.markupRange
    : undefined;

/** The colours to preview: each edited value while it is a valid hex colour, else `fallback`'s. */
export function previewColours(
  edited: Partial<ThemeColours> | undefined,
  fallback: ThemeColours,
): ThemeColours {
  const pick = (key: keyof ThemeColours): string => {
    const parsed = hexColorSchema.safeParse(edited?.[key] ?? '');
    return parsed.success ? parsed.data : fallback[key];
  };
  return {
    primary: pick('primary'),
    secondary: pick('secondary'),
    accent: pick('accent'),
    background: pick('background'),
    text: pick('text'),
  };
}

/** `#abc` → `#aabbcc`, as the colour picker needs; anything else unchanged. */
export function expandHex(value: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim());
  if (!short) return value.trim().toLowerCase();
  const [, r = '', g = '', b = ''] = short;
  return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
}

/**
 * Where a brand's site opens. On hosts that cannot name a brand (localhost, an IP address) the
 * `brand` parameter chooses it; elsewhere the brand's own host does.
 */
export function brandSiteUrl(
  domain: string,
  location: Pick<Location, 'host' | 'protocol'>,
): string {
  if (hostNeedsExplicitBrand(location.host)) return `/?brand=${encodeURIComponent(domain)}`;
  if (domain === defaultBrand.domain) return '/';
  return `${location.protocol}//${domain}/`;
}
