/**
 * The outbox's JSON column: its schema, the column's type in `email.table.ts` and the one reading
 * of it (the claim of messages to send, in `email.repository.ts`).
 */
import { z } from 'zod';

/** Extra headers by name (an alert's List-Unsubscribe and List-Unsubscribe-Post), each one text. */
export const emailHeadersSchema = z.record(z.string(), z.string());
export type EmailHeaders = z.infer<typeof emailHeadersSchema>;
