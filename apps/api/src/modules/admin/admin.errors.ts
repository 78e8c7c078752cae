import { adminMessages } from '@contrail/contracts/admin';
import { backOfficeMessages } from '@contrail/contracts/back-office';
import type { AdminErrorCode } from '@contrail/contracts/admin-errors';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { bookingErrors } from '../bookings';
import { brandErrors } from '../brands';

/** The codes of the admin and the back office, by name. */
const adminErrorCodes = {
  invalidPassword: 'invalid_password',
  stepUpRequired: 'step_up_required',
  liveProviderMissing: 'live_provider_missing',
  defaultBrandProtected: 'default_brand_protected',
  brandInUse: 'brand_in_use',
  domainTaken: 'domain_taken',
  enquiryNotFound: 'enquiry_not_found',
  subscriberNotFound: 'subscriber_not_found',
  emailNotFound: 'email_not_found',
  noConfirmation: 'no_confirmation',
  noOpenHold: 'no_open_hold',
  holdCaptured: 'hold_captured',
  reconcileTooSoon: 'reconcile_too_soon',
  notReconcilable: 'not_reconcilable',
  noReplyAddress: 'no_reply_address',
  emailNotFailed: 'email_not_failed',
  emailBodyGone: 'email_body_gone',
  userNotFound: 'user_not_found',
  alreadyAdmin: 'already_admin',
} as const satisfies Record<string, AdminErrorCode>;

/** The errors of the admin settings and brands, with the status and message each answers. */
export const adminErrors = {
  /** 401, on the password field of the password step. */
  invalidPassword: (): AppError =>
    new AppError(401, adminErrorCodes.invalidPassword, adminMessages.passwordIncorrect, {
      password: adminMessages.passwordIncorrect,
    }),
  /** 403: the change needs a recent password confirmation. */
  stepUpRequired: (message: string = adminMessages.stepUpRequired): AppError =>
    new AppError(403, adminErrorCodes.stepUpRequired, message),
  liveProviderMissing: (): AppError =>
    conflict(adminMessages.liveProviderMissing, adminErrorCodes.liveProviderMissing),
  brandNotFound: (): AppError => brandErrors.notFound(adminMessages.brandNotFound),
  defaultBrandProtected: (): AppError =>
    conflict(adminMessages.defaultBrandProtected, adminErrorCodes.defaultBrandProtected),
  brandInUse: (): AppError => conflict(adminMessages.brandInUse, adminErrorCodes.brandInUse),
  /** 409, on the domain field. */
  domainTaken: (): AppError =>
    new AppError(409, adminErrorCodes.domainTaken, adminMessages.domainTaken, {
      domain: adminMessages.domainTaken,
    }),
};

/** The errors of the back office, with the status and message each answers. */
export const backOfficeErrors = {
  stepUpRequired: (): AppError => adminErrors.stepUpRequired(backOfficeMessages.stepUpRequired),
  bookingNotFound: (): AppError => bookingErrors.notFound(backOfficeMessages.bookingNotFound),
  enquiryNotFound: (): AppError =>
    notFound(backOfficeMessages.enquiryNotFound, adminErrorCodes.enquiryNotFound),
  subscriberNotFound: (): AppError =>
    notFound(backOfficeMessages.subscriberNotFound, adminErrorCodes.subscriberNotFound),
  emailNotFound: (): AppError =>
    notFound(backOfficeMessages.emailNotFound, adminErrorCodes.emailNotFound),
  noConfirmation: (): AppError =>
    conflict(backOfficeMessages.noConfirmation, adminErrorCodes.noConfirmation),
  noOpenHold: (): AppError => conflict(backOfficeMessages.noOpenHold, adminErrorCodes.noOpenHold),
  holdCaptured: (): AppError =>
    conflict(backOfficeMessages.holdCaptured, adminErrorCodes.holdCaptured),
  reconcileTooSoon: (): AppError =>
    conflict(backOfficeMessages.reconcileTooSoon, adminErrorCodes.reconcileTooSoon),
  notReconcilable: (): AppError =>
    conflict(backOfficeMessages.notReconcilable, adminErrorCodes.notReconcilable),
  noReplyAddress: (): AppError =>
    conflict(backOfficeMessages.noReplyAddress, adminErrorCodes.noReplyAddress),
  emailNotFailed: (): AppError =>
    conflict(backOfficeMessages.emailNotFailed, adminErrorCodes.emailNotFailed),
  emailBodyGone: (): AppError =>
    conflict(backOfficeMessages.emailBodyGone, adminErrorCodes.emailBodyGone),
  /** 404, on the username field. */
  userNotFound: (): AppError =>
    new AppError(404, adminErrorCodes.userNotFound, backOfficeMessages.staffUserNotFound, {
      username: backOfficeMessages.staffUserNotFound,
    }),
  alreadyAdmin: (): AppError =>
    conflict(backOfficeMessages.staffIsAdmin, adminErrorCodes.alreadyAdmin),
};
