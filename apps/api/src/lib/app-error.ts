import { errorCodes, type ApiErrorCode } from '@contrail/contracts/errors';

/**
 * An error a route may answer with. Modules make theirs with the constructors of their
 * `<module>.errors.ts` or the helpers below; the error handler turns it into the
 * `{"error":{"code","message","fields"?}}` envelope. The code is one of the API's listed codes.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (
  message = 'Not found',
  code: ApiErrorCode = errorCodes.notFound,
): AppError => new AppError(404, code, message);

export const badRequest = (
  message: string,
  fields?: Record<string, string>,
  code: ApiErrorCode = errorCodes.validation,
): AppError => new AppError(400, code, message, fields);

export const unauthorized = (
  message = 'Not authenticated',
  code: ApiErrorCode = errorCodes.unauthorized,
): AppError => new AppError(401, code, message);

export const forbidden = (message = 'Forbidden'): AppError =>
  new AppError(403, errorCodes.forbidden, message);

export const conflict = (message: string, code: ApiErrorCode = errorCodes.conflict): AppError =>
  new AppError(409, code, message);
