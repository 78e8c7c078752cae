import { z } from 'zod';

// The codes themselves are in error-codes.ts, which needs no zod.
export {
  API_ERROR_CODES,
  errorCodes,
  isApiErrorCode,
  type ApiErrorCode,
  type GenericErrorCode,
} from './error-codes';

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
