import { alertMessages } from '@contrail/contracts/alerts';
import type { AlertErrorCode } from '@contrail/contracts/alert-errors';
import { AppError } from '../../lib/app-error';

/** The codes of price alerts, by name. */
const alertErrorCodes = {
  alertNotFound: 'alert_not_found',
  alertLimitReached: 'alert_limit_reached',
  alertEmailRequired: 'alert_email_required',
  alertLinkInvalid: 'alert_link_invalid',
} as const satisfies Record<string, AlertErrorCode>;

export const alertErrors = {
  /** Also someone else's alert: whether it exists is nobody else's business. */
  notFound: (): AppError =>
    new AppError(404, alertErrorCodes.alertNotFound, alertMessages.notFound),
  limitReached: (): AppError =>
    new AppError(409, alertErrorCodes.alertLimitReached, alertMessages.limitReached),
  emailRequired: (): AppError =>
    new AppError(400, alertErrorCodes.alertEmailRequired, alertMessages.emailRequired, {
      email: alertMessages.emailRequired,
    }),
  linkInvalid: (): AppError =>
    new AppError(410, alertErrorCodes.alertLinkInvalid, alertMessages.linkInvalid),
};
