import { z } from 'zod';
import { themeContrastMessage, themeContrastProblems } from './theme-contrast';
import { airlineCreditSchema } from './bookings';
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

// ---------------------------------------------------------------------------------------------
// The back office: bookings, payments, e-mails, enquiries and the newsletter, per brand.
// ---------------------------------------------------------------------------------------------

export const backOfficeMessages = {
  accessDenied: "You don't have permission to access this brand's back office.",
  bookingNotFound: 'Booking not found',
  enquiryNotFound: 'Message not found',
  emailNotFound: 'E-mail not found',
  subscriberNotFound: 'Subscriber not found',
  staffUserNotFound: 'No account with this username in that brand',
  staffIsAdmin: 'Platform admins already see every brand',
  stepUpRequired: 'Please confirm your password to continue',
  noConfirmation: 'This booking has no confirmation to send: it was not confirmed',
  noOpenHold: 'This booking has no open card hold to release',
  holdCaptured: 'The card hold was already captured and cannot be released',
  notReconcilable: 'This booking has nothing left for the reconciler to settle',
  reconcileTooSoon:
    'This booking is still being worked on. The reconciler can settle it two minutes after its last step.',
  emailNotFailed: 'Only an e-mail that failed can be sent again',
  emailBodyGone: 'This e-mail held a password-reset link and was blanked; it cannot be sent again',
  noteRequired: 'Note is required',
  noteTooLong: 'Note cannot exceed 2000 characters',
  replyRequired: 'Reply is required',
  replyTooLong: 'Reply cannot exceed 5000 characters',
  noReplyAddress: 'This request has no valid e-mail address to reply to',
  alreadyUnsubscribed: 'This address has already unsubscribed',
  usernameRequired: 'Username is required',
  brandRequired: 'Choose a brand',
  dateInvalid: 'Use a date such as 2026-12-31',
} as const;

/** Blank query parameters (an empty filter box) count as absent. */
const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A calendar date (YYYY-MM-DD) that exists, in years a booking can have. */
const isoDate = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, backOfficeMessages.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, backOfficeMessages.dateInvalid);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(25);

const adminMoneySchema = z.object({ amount: z.string(), currency: z.string().length(3) });
export type AdminMoney = z.infer<typeof adminMoneySchema>;

/** Who is signed in to the back office and which brands they may see. */
export const backOfficeBrandSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string(),
});
export type BackOfficeBrand = z.infer<typeof backOfficeBrandSchema>;
export const backOfficeAccessSchema = z.object({
  role: z.enum(['platform_admin', 'brand_staff']),
  username: z.string(),
  /** Every brand for a platform admin; the staff member's own brand only. */
  brands: z.array(backOfficeBrandSchema),
  /** A recent password confirmation allows cancellations and role grants until then. */
  steppedUpUntil: z.iso.datetime().nullable(),
});
export type BackOfficeAccess = z.infer<typeof backOfficeAccessSchema>;

/** Every state of a booking's state machine (docs/decisions/006). */
export const ADMIN_BOOKING_STATES = [
  'pending',
  'ordering',
  'capturing',
  'confirmed',
  'voiding',
  'failed',
  'cancelling',
  'cancelled',
] as const;
export type AdminBookingState = (typeof ADMIN_BOOKING_STATES)[number];

/**
 * Where the traveller's money stands: `held` an authorisation still open (the booking is being
 * made, or it failed and the hold was not yet released), `captured` paid, `refunded` cancelled
 * with money back, `released` the hold was voided, `none` nothing was ever held.
 */
export const PAYMENT_STATES = ['held', 'captured', 'refunded', 'released', 'none'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const ADMIN_BOOKING_SORTS = ['created', 'travel', 'total'] as const;

/** The back office's work queues: orders not known to exist yet, assistance to pass on. */
export const ADMIN_BOOKING_QUEUES = ['order_uncertain', 'assistance'] as const;

export const adminBookingsQuerySchema = z.object({
  q: blank(z.string().trim().max(200)),
  queue: blank(z.enum(ADMIN_BOOKING_QUEUES)),
  brand: blank(z.uuid()),
  status: blank(z.enum(ADMIN_BOOKING_STATES)),
  payment: blank(z.enum(PAYMENT_STATES)),
  travelFrom: blank(isoDate),
  travelTo: blank(isoDate),
  bookedFrom: blank(isoDate),
  bookedTo: blank(isoDate),
  sort: blank(z.enum(ADMIN_BOOKING_SORTS)).transform((value) => value ?? 'created'),
  dir: blank(z.enum(['asc', 'desc'])).transform((value) => value ?? 'desc'),
  page,
  pageSize,
});
export type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;
export type AdminBookingsSearch = z.input<typeof adminBookingsQuerySchema>;

export const adminBookingSummarySchema = z.object({
  id: z.uuid(),
  bookingReference: z.string().nullable(),
  brand: backOfficeBrandSchema,
  status: z.enum(ADMIN_BOOKING_STATES),
  paymentState: z.enum(PAYMENT_STATES),
  mode: z.enum(['test', 'live']),
  contactEmail: z.string(),
  leadPassenger: z.string(),
  /** The first flight's local departure date at its origin; null before the airline's order. */
  travelDate: z.string().nullable(),
  route: z.string().nullable(),
  sellTotal: adminMoneySchema,
  createdAt: z.iso.datetime(),
});
export type AdminBookingSummary = z.infer<typeof adminBookingSummarySchema>;

export const adminBookingListSchema = z.object({
  items: z.array(adminBookingSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminBookingList = z.infer<typeof adminBookingListSchema>;

export const outboxStatusSchema = z.enum(['queued', 'sent', 'failed']);
export const adminEmailSchema = z.object({
  id: z.uuid(),
  brandId: z.uuid().nullable(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  relatedId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

export const adminBookingDetailSchema = adminBookingSummarySchema.extend({
  passengers: z.array(
    z.object({
      type: z.string(),
      title: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
      dateOfBirth: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    }),
  ),
  itinerary: z.array(
    z.object({
      origin: z.string(),
      destination: z.string(),
      segments: z.array(
        z.object({
          origin: z.string(),
          destination: z.string(),
          departingAt: z.string(),
          arrivingAt: z.string(),
          carrier: z.string(),
          flightNumber: z.string(),
        }),
      ),
    }),
  ),
  seats: z.array(z.object({ passenger: z.string(), segment: z.string(), designator: z.string() })),
  /** Extra checked bags: whose, on which flights (`LHR–JFK`), how many. */
  bags: z.array(z.object({ passenger: z.string(), route: z.string(), quantity: z.number().int() })),
  provider: z.object({
    flights: z.string(),
    orderId: z.string().nullable(),
    offerId: z.string(),
  }),
  money: z.object({
    sell: adminMoneySchema,
    /** What the airline is paid; null before the order step priced it. */
    providerCost: adminMoneySchema.nullable(),
    seats: adminMoneySchema.nullable(),
    bags: adminMoneySchema.nullable(),
    margin: adminMoneySchema.nullable(),
    refund: adminMoneySchema.nullable(),
  }),
  /**
   * An order the airline may or may not have made: what the provider said, since when, how often
   * it was asked again and when next, and when the card hold lapses (escalated a day before).
   */
  orderCheck: z
    .object({
      since: z.iso.datetime(),
      providerCode: z.string(),
      providerRequestId: z.string().nullable(),
      checks: z.number().int(),
      nextCheckAt: z.iso.datetime().nullable(),
      holdExpiresAt: z.iso.datetime().nullable(),
      escalated: z.boolean(),
    })
    .nullable(),
  /** Assistance the airline's order could not carry: the agency passes each one on. */
  assistance: z.array(z.object({ passenger: z.string(), code: z.string(), label: z.string() })),
  payment: z.object({
    processor: z.string(),
    paymentId: z.string(),
    providerPaymentId: z.string().nullable(),
    authorizationStatus: z.string().nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** Refunded at the processor by anyone (this booking's cancellation, or its dashboard). */
    refundedAtProcessor: adminMoneySchema.nullable(),
    /** The cardholder's dispute, as the processor's latest event tells it. */
    dispute: z
      .object({
        id: z.string(),
        /** Stripe's status: `needs_response`, `under_review`, `won`, `lost`, `warning_…`. */
        status: z.string(),
        amount: adminMoneySchema,
        reason: z.string(),
        evidenceDueBy: z.iso.datetime().nullable(),
      })
      .nullable(),
  }),
  failure: z
    .object({ status: z.number().nullable(), code: z.string(), message: z.string() })
    .nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  timeline: z.array(z.object({ status: z.string(), at: z.iso.datetime() })),
  emails: z.array(adminEmailSchema),
  notes: z.array(
    z.object({ id: z.uuid(), author: z.string(), body: z.string(), createdAt: z.iso.datetime() }),
  ),
  actions: z.object({
    resendEmail: z.boolean(),
    cancel: z.boolean(),
    voidHold: z.boolean(),
    reconcile: z.boolean(),
  }),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

export const adminIdParamsSchema = z.object({ id: z.uuid(backOfficeMessages.bookingNotFound) });

export const adminCancelQuoteSchema = z.object({
  id: z.string(),
  /** Null when the airline has not said what it refunds. */
  refund: adminMoneySchema.nullable(),
  refundTo: z.enum(['card', 'airline_credits', 'none']),
  credits: z.array(airlineCreditSchema),
  expiresAt: z.iso.datetime(),
  refundable: z.boolean(),
});
export const adminNoteRequestSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, backOfficeMessages.noteRequired)
    .max(2000, backOfficeMessages.noteTooLong),
});
export const adminActionResponseSchema = z.object({
  /** False when the same Idempotency-Key had already done it: nothing was done twice. */
  done: z.boolean(),
  booking: adminBookingDetailSchema,
});
export type AdminActionResponse = z.infer<typeof adminActionResponseSchema>;

// Inbox -------------------------------------------------------------------------------------

export const ENQUIRY_STATES = ['open', 'answered'] as const;
/** The contact form, the support page's form, and the retrieve-booking ("find my booking") box. */
export const ENQUIRY_KINDS = ['contact', 'support', 'lookup'] as const;
export const adminEnquiriesQuerySchema = z.object({
  brand: blank(z.uuid()),
  status: blank(z.enum(ENQUIRY_STATES)),
  kind: blank(z.enum(ENQUIRY_KINDS)),
  page,
  pageSize,
});
export type AdminEnquiriesSearch = z.input<typeof adminEnquiriesQuerySchema>;
export const adminEnquirySchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  brand: backOfficeBrandSchema,
  kind: z.enum(ENQUIRY_KINDS),
  status: z.enum(ENQUIRY_STATES),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  bookingReference: z.string().nullable(),
  /** A retrieve-booking look-up's answer: whether a booking was found, and which (else null). */
  lookup: z.object({ found: z.boolean(), bookingId: z.uuid().nullable() }).nullable(),
  /** False when the address typed is not one an e-mail can be sent to (a look-up takes any). */
  canReply: z.boolean(),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  replies: z.array(z.object({ author: z.string(), body: z.string(), createdAt: z.iso.datetime() })),
});
export type AdminEnquiry = z.infer<typeof adminEnquirySchema>;
export const adminEnquiryListSchema = z.object({
  items: z.array(adminEnquirySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const adminEnquiryIdParamsSchema = z.object({
  id: z.uuid(backOfficeMessages.enquiryNotFound),
});
export const adminReplyRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, backOfficeMessages.replyRequired)
    .max(5000, backOfficeMessages.replyTooLong),
});

// Newsletter and outbox -----------------------------------------------------------------------

export const adminNewsletterQuerySchema = z.object({
  brand: blank(z.uuid()),
  status: blank(z.enum(['subscribed', 'unsubscribed'])),
  page,
  pageSize,
});
export type AdminNewsletterSearch = z.input<typeof adminNewsletterQuerySchema>;
export const adminNewsletterCsvQuerySchema = z.object({ brand: blank(z.uuid()) });
export const adminSubscriberSchema = z.object({
  id: z.uuid(),
  brand: backOfficeBrandSchema,
  email: z.string(),
  /** When the address subscribed, which is when it consented. */
  subscribedAt: z.iso.datetime(),
  unsubscribedAt: z.iso.datetime().nullable(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;
export const adminSubscriberListSchema = z.object({
  items: z.array(adminSubscriberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const adminSubscriberIdParamsSchema = z.object({
  id: z.uuid(backOfficeMessages.subscriberNotFound),
});

export const adminOutboxQuerySchema = z.object({
  brand: blank(z.uuid()),
  status: blank(outboxStatusSchema),
  page,
  pageSize,
});
export type AdminOutboxSearch = z.input<typeof adminOutboxQuerySchema>;
export const adminOutboxListSchema = z.object({
  items: z.array(adminEmailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const adminEmailIdParamsSchema = z.object({ id: z.uuid(backOfficeMessages.emailNotFound) });

// Audit log ---------------------------------------------------------------------------------

export const adminAuditQuerySchema = z.object({ brand: blank(z.uuid()), page, pageSize });
export type AdminAuditSearch = z.input<typeof adminAuditQuerySchema>;
export const adminAuditEntrySchema = z.object({
  id: z.uuid(),
  actor: z.string(),
  action: z.string(),
  brandId: z.uuid().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  details: z.unknown(),
  createdAt: z.iso.datetime(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListSchema = z.object({
  items: z.array(adminAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// Dashboard ---------------------------------------------------------------------------------

const periodSchema = z.object({
  bookings: z.number().int(),
  /** Sell and margin per currency: brands sell in different ones, never added together. */
  revenue: z.array(z.object({ currency: z.string(), sell: z.string(), margin: z.string() })),
});
export const dashboardFiguresSchema = z.object({
  today: periodSchema,
  week: periodSchema,
  month: periodSchema,
  /** Confirmed bookings per day over the last 30 days, oldest first. */
  daily: z.array(z.object({ date: z.string(), bookings: z.number().int() })),
  /** Bookings that failed in the last 30 days. */
  failed: z.number().int(),
  /** Card holds still open that no booking in progress will settle. */
  openHolds: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
export const adminDashboardSchema = z.object({
  total: dashboardFiguresSchema,
  brands: z.array(z.object({ brand: backOfficeBrandSchema, figures: dashboardFiguresSchema })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// Staff -------------------------------------------------------------------------------------

export const adminStaffRequestSchema = z.object({
  username: z.string().trim().min(1, backOfficeMessages.usernameRequired).max(254),
  brandId: z.uuid(backOfficeMessages.brandRequired),
});
export const adminStaffMemberSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  email: z.string(),
  brand: backOfficeBrandSchema,
  grantedBy: z.string(),
  grantedAt: z.iso.datetime(),
});
export type AdminStaffMember = z.infer<typeof adminStaffMemberSchema>;
export const adminStaffListSchema = z.object({ staff: z.array(adminStaffMemberSchema) });
export const adminStaffParamsSchema = z.object({ userId: z.uuid() });
