import { z } from 'zod';

/**
 * The back office's shared schemas, per brand: who may see it, its messages and list filters, and
 * its inbox, newsletter, outbox, audit log, dashboard and staff.
 */

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
export const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A calendar date (YYYY-MM-DD) that exists, in years a booking can have. */
export const isoDate = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, backOfficeMessages.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, backOfficeMessages.dateInvalid);
export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageSize = z.coerce.number().int().min(1).max(100).default(25);

export const adminMoneySchema = z.object({ amount: z.string(), currency: z.string().length(3) });
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
