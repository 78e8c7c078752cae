import { z } from 'zod';

/** Every API error answers this envelope; clients switch on `code`, never on `message`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().regex(/^[a-z][a-z0-9_]*$/),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Facts the client can act on, e.g. the current price after a 409. */
    details: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Stable codes shared by API and web app. Modules may add their own snake_case codes. */
export const errorCodes = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'not_authenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  /** The database cannot be reached or cannot serve right now: try again later (503). */
  databaseUnavailable: 'database_unavailable',
} as const;
