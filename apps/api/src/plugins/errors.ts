import { errorCodes, type ApiErrorBody } from '@contrail/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import { isDatabaseUnavailable } from '../db/client';
import { AppError } from '../lib/app-error';
import { flightErrors } from '../modules/flights';
import { requestLine } from './logging';

type Envelope = ApiErrorBody['error'];

/**
 * The answer while the database cannot be reached: 503 (the request may well succeed in a
 * moment) with a stable code, and Retry-After for clients and proxies that honour it.
 */
export const databaseUnavailable = (): AppError =>
  new AppError(
    503,
    errorCodes.databaseUnavailable,
    'The database is not answering. Please try again in a moment.',
    undefined,
    { 'retry-after': '5' },
  );

/** Fastify's own errors that are the client's fault, with the answer they get. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: errorCodes.unsupportedMediaType,
    message: 'Request bodies must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: errorCodes.badRequest,
    message: 'Invalid Content-Length',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: errorCodes.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: errorCodes.badRequest, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: errorCodes.badRequest,
    message: 'Request body is not valid JSON',
  },
};

function fieldsFromZod(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[path] ??= issue.message ?? 'Invalid input';
  }
  return fields;
}

function send(reply: FastifyReply, status: number, body: Envelope): void {
  void reply.status(status).type('application/json; charset=utf-8').send({ error: body });
}

/** One of our errors, answered with its status, code and message (and logged where it must be). */
function answerAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): void {
  if (error.code === errorCodes.clientClosedRequest) {
    // The client left while it waited (499): nobody receives the answer, and no 'finish' ever
    // logs the request, so it is said here, at info: leaving is the client's right, no failure.
    void reply.status(error.statusCode);
    request.log.info(requestLine(request, reply), 'request');
  }
  if (error.code === 'currency_not_supported') {
    // Nothing can be sold until the provider prices in a currency the product charges.
    request.log.error(
      { currency: error.details?.currency },
      'the flight provider prices in a currency that cannot be charged; sales are refused',
    );
  }
  if (error.headers) void reply.headers(error.headers);
  // An unreachable database is logged where it is found, not once per request here.
  if (error.statusCode >= 500 && error.code !== errorCodes.databaseUnavailable) {
    request.log.error({ err: error }, 'request failed');
  }
  const body: Envelope = { code: error.code, message: error.message };
  if (error.fields && Object.keys(error.fields).length > 0) body.fields = error.fields;
  if (error.details) body.details = error.details;
  send(reply, error.statusCode, body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let error = thrown;
    if (!(thrown instanceof AppError) && isDatabaseUnavailable(thrown)) {
      // The detail (which host, which socket error) stays in the log.
      request.log.error({ err: thrown }, 'database unavailable');
      error = databaseUnavailable();
    }
    if (thrown instanceof UnsupportedCurrencyError)
      error = flightErrors.currencyNotSupported(thrown.currency);
    if (error instanceof AppError) {
      answerAppError(request, reply, error);
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromZod(error);
      const first = Object.values(fields)[0] ?? 'Invalid input';
      send(reply, 400, { code: errorCodes.validation, message: first, fields });
      return;
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    // Errors thrown by libraries do not always carry a status.
    const statusCode: number | undefined = error.statusCode;
    const status = statusCode ?? 500;
    if (known && status < 500) {
      send(reply, status, known);
      return;
    }
    if (status === 429) {
      send(reply, 429, {
        code: errorCodes.rateLimited,
        message: 'Too many requests, please try again later',
      });
      return;
    }
    if (status >= 400 && status < 500) {
      send(reply, status, {
        code: errorCodes.badRequest,
        message: 'The request could not be processed',
      });
      return;
    }
    // Never reveal internals: the log keeps the detail, the client gets a generic answer.
    request.log.error({ err: error }, 'unhandled error');
    send(reply, status >= 500 && status < 600 ? status : 500, {
      code: errorCodes.internal,
      message: 'Something went wrong. Please try again.',
    });
  });
}

/** JSON 404 for API paths; anything else is the caller's to decide (the web app's fallback). */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): void {
  send(reply, 404, {
    code: errorCodes.notFound,
    message: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`,
  });
}
