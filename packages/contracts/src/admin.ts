import { z } from 'zod';
import { themeContrastMessage, themeContrastProblems } from './theme-contrast';
import { brandSchema, brandThemeSchema } from './brands';
import { CHARGEABLE_CURRENCIES } from './money';

export const adminMessages = {
  accessDenied: "You don't have permission to access admin settings.",
  passwordRequired: 'Password is required',
  passwordIncorrect: 'Incorrect password',
  stepUpRequired: 'Please confirm your password to change the booking mode',
  brandCreateStepUpRequired: 'Please confirm your password to create a brand',
  brandStepUpRequired:
    "Please confirm your password to change a brand's markup, currency, domain or contact e-mail",
  liveProviderMissing: 'Live mode needs a configured live flight provider',
  currencyDiffers: (brandCurrency: string, flightCurrency: string, mode: string) =>
    `Flights in ${mode} mode are priced in ${flightCurrency} (the flight provider's account currency), so this brand sells in ${flightCurrency}, not ${brandCurrency}.`,
  settingsUpdated: 'Settings Updated',
  authenticated: 'Authenticated',
  nameRequired: 'Brand name is required',
  domainInvalid: 'Enter a host name such as flights.example.com',
  domainTaken: 'Another brand already uses this domain',
  defaultDomainFixed: "The default brand's domain cannot change",
  defaultBrandProtected: 'The default brand cannot be deleted',
  brandInUse: 'This brand has accounts or bookings and cannot be deleted',
  brandNotFound: 'Brand not found',
  logoInvalid: 'Logo must be an https:// address or a path on this site, such as /brand/logo.svg',
  socialInvalid: 'Must be an https:// address',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  addressRequired: 'Address is required',
  markupRange: 'Markup must be between 0 and 100 percent',
  currencyUnsupported: 'Choose one of the supported currencies',
  fontInvalid: 'Use font names separated by commas',
} as const;

/** The currencies a brand can sell in: every one the product can charge. */
export const SUPPORTED_CURRENCIES = CHARGEABLE_CURRENCIES;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
export const brandDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, adminMessages.domainInvalid)
  .refine(
    (value) => {
      if (value === 'default') return true;
      const labels = value.split('.');
      return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label));
    },
    { message: adminMessages.domainInvalid },
  );

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~\-/]+$/;

/** An optional link: blank becomes null; anything else must pass `valid`. */
const optionalLink = (valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || valid(value), message);

export const brandLogoSchema = optionalLink(
  (value) => SITE_PATH.test(value) || isHttpsUrl(value),
  adminMessages.logoInvalid,
);
const socialLinkSchema = optionalLink(isHttpsUrl, adminMessages.socialInvalid);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, adminMessages.phoneInvalid);

/** What the brand manager sends to create or update a brand: every Brand field, markup and currency. */
export const brandInputSchema = z.object({
  name: z.string().trim().min(1, adminMessages.nameRequired).max(80),
  domain: brandDomainSchema,
  logo: brandLogoSchema,
  theme: brandThemeSchema
    .extend({
      font: z
        .string()
        .trim()
        .min(1, adminMessages.fontInvalid)
        .max(200, adminMessages.fontInvalid)
        .regex(/^[\w\s,'"-]+$/, adminMessages.fontInvalid),
    })
    // Every page must meet WCAG 2.2 AA for every brand: a theme whose text cannot be read on its
    // own colours is refused, at the colour to change.
    .superRefine((theme, ctx) => {
      for (const problem of themeContrastProblems(theme)) {
        ctx.addIssue({
          code: 'custom',
          path: [problem.colour],
          message: themeContrastMessage(problem),
        });
      }
    }),
  contact: z.object({
    email: z.string().trim().pipe(z.email(adminMessages.emailInvalid)),
    phone: phoneSchema,
    address: z.string().trim().min(1, adminMessages.addressRequired).max(300),
  }),
  social: z.object({
    facebook: socialLinkSchema,
    twitter: socialLinkSchema,
    instagram: socialLinkSchema,
  }),
  markupPercent: z.number().min(0, adminMessages.markupRange).max(100, adminMessages.markupRange),
  currency: z.enum(SUPPORTED_CURRENCIES, adminMessages.currencyUnsupported),
});
export type BrandInput = z.input<typeof brandInputSchema>;

/** A brand as the brand manager sees it. */
export const adminBrandSchema = brandSchema.extend({
  id: z.uuid(),
  markupPercent: z.number(),
  isDefault: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;
export const adminBrandListSchema = z.object({ brands: z.array(adminBrandSchema) });
export const brandIdParamsSchema = z.object({ id: z.uuid() });

/** Who answers in one booking mode: its flight provider and card processor. */
export const modeProvidersSchema = z.object({
  /** The flight provider; null when the mode has none configured. */
  flights: z.enum(['sandbox', 'duffel']).nullable(),
  /** The card processor; null when the mode has none configured. */
  payments: z.enum(['sandbox', 'stripe']).nullable(),
  /** Duffel answers this mode's flights (DUFFEL_TEST_TOKEN or DUFFEL_LIVE_TOKEN is set). */
  duffelApiConfigured: z.boolean(),
  stripeConfigured: z.boolean(),
  /**
   * The currency the flight provider prices in for this mode, when it is not the brand's own:
   * Duffel prices in its account's currency, learned from its answers (null until one came).
   */
  flightCurrency: z.string().length(3).nullable(),
});
export type ModeProviders = z.infer<typeof modeProvidersSchema>;

export const adminSettingsSchema = z.object({
  enableLiveMode: z.boolean(),
  environment: z.enum(['development', 'production', 'test']),
  /** Whether the live providers are configured (the switch needs both). */
  duffelApiConfigured: z.boolean(),
  stripeConfigured: z.boolean(),
  modes: z.object({ test: modeProvidersSchema, live: modeProvidersSchema }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsUpdateSchema = z.object({ enableLiveMode: z.boolean() });

export const adminLoginRequestSchema = z.object({
  password: z
    .string()
    .min(1, adminMessages.passwordRequired)
    .max(128, adminMessages.passwordIncorrect),
});
export const adminLoginResponseSchema = z.object({ success: z.literal(true), message: z.string() });
