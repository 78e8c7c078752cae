/**
 * What other modules use of the e-mail module besides its service: the outbox they queue e-mail
 * in (with their own change, in their transaction), the brand's sender, the templates' building
 * blocks, and the outbox's messages as the back office reads them.
 */
export {
  ExistingAccountEmail,
  GuestBookingAccountEmail,
  VerificationEmail,
  type GuestBookingAccountEmailProps,
} from './templates/account-emails';
export { brandSender } from './brand-sender';
export { EMAIL_QUEUED_CHANNEL, type EmailOutbox, type QueuedEmail } from './email.repository';
export type { EmailRecord, OutboxRecordsRepository } from './outbox-records.repository';
export { BookingCancellationEmail } from './templates/booking-cancellation-email';
export { BookingConfirmationEmail } from './templates/booking-confirmation-email';
export { money } from './templates/email-format';
export { EmailLayout, heading, paragraph } from './templates/email-layout';
export { PasswordResetEmail } from './templates/password-reset-email';
export { renderEmail, type RenderedEmail } from './templates/render-email';
export {
  AlertConfirmationEmail,
  PriceDropEmail,
  type AlertTrip,
} from './templates/price-alert-emails';
