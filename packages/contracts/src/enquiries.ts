import { z } from 'zod';
import { emailSchema } from './fields';

export const enquiryMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  fullNameRequired: 'Full name is required',
  phoneInvalid: 'Please enter a valid phone number',
  phoneNeededForCall: 'Please enter a phone number so we can call you',
  reasonRequired: 'Please choose a reason for contacting us',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  messageTooLong: 'Message cannot exceed 5000 characters',
  bookingReferenceInvalid: 'Booking reference can only contain letters and numbers',
  consentRequired: 'Please agree to the privacy policy',
  tooManyRequests: 'Too many requests. Please try again later.',
  contactReceived: "Thank you for your message. We'll respond within 24 hours.",
  subscribed: 'Thank you for subscribing!',
} as const;

export const CONTACT_REASONS = [
  'booking',
  'cancellation',
  'technical',
  'billing',
  'feedback',
  'partnership',
  'other',
] as const;
export const contactReasonLabels: Record<(typeof CONTACT_REASONS)[number], string> = {
  booking: 'Booking inquiry',
  cancellation: 'Cancellation or refund',
  technical: 'Technical support',
  billing: 'Billing question',
  feedback: 'Feedback',
  partnership: 'Partnership',
  other: 'Other',
};

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const bookingReference = z
  .string()
  .trim()
  .max(20, enquiryMessages.bookingReferenceInvalid)
  .regex(/^[A-Za-z0-9-]*$/, enquiryMessages.bookingReferenceInvalid)
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined));

const message = z
  .string()
  .trim()
  .min(1, enquiryMessages.messageRequired)
  .max(5000, enquiryMessages.messageTooLong);

/** The contact page's form. */
export const contactRequestSchema = z
  .object({
    kind: z.literal('contact'),
    firstName: z.string().trim().min(1, enquiryMessages.firstNameRequired).max(100),
    lastName: z.string().trim().min(1, enquiryMessages.lastNameRequired).max(100),
    email: emailSchema,
    phone: optionalText(30).pipe(
      z
        .string()
        .regex(/^\+?[0-9 ()-]{7,20}$/, enquiryMessages.phoneInvalid)
        .optional(),
    ),
    reason: z.enum(CONTACT_REASONS, enquiryMessages.reasonRequired),
    bookingReference,
    message,
    preferredContact: z.enum(['email', 'phone']).default('email'),
    consent: z.literal(true, enquiryMessages.consentRequired),
  })
  // Asking to be called needs a number to call.
  .superRefine((values, context) => {
    if (values.preferredContact === 'phone' && !values.phone) {
      context.addIssue({
        code: 'custom',
        path: ['phone'],
        message: enquiryMessages.phoneNeededForCall,
      });
    }
  });

/** The support page's Contact Us form. */
export const supportRequestSchema = z.object({
  kind: z.literal('support'),
  fullName: z.string().trim().min(1, enquiryMessages.fullNameRequired).max(200),
  email: emailSchema,
  bookingReference,
  subject: z.string().trim().min(1, enquiryMessages.subjectRequired).max(200),
  message,
});

export const enquiryRequestSchema = z.discriminatedUnion('kind', [
  contactRequestSchema,
  supportRequestSchema,
]);
export type EnquiryRequest = z.input<typeof enquiryRequestSchema>;

export const enquiryResponseSchema = z.object({
  success: z.literal(true),
  reference: z.string(),
  message: z.string(),
});

export const newsletterRequestSchema = z.object({ email: emailSchema });
export const newsletterResponseSchema = z.object({ success: z.literal(true), message: z.string() });
