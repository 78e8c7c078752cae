/**
 * The outbox's JSON columns: their schemas, the columns' types in `email.table.ts` and the one
 * reading of them (the claim of messages to send, in `email.repository.ts`).
 */
import { z } from 'zod';

/** Extra headers by name (an alert's List-Unsubscribe and List-Unsubscribe-Post), each one text. */
export const emailHeadersSchema = z.record(z.string(), z.string());
export type EmailHeaders = z.infer<typeof emailHeadersSchema>;

/** Files sent with a message (a trip's `.ics`), each one text as it is attached. */
export const emailAttachmentsSchema = z.array(
  z.object({
    filename: z.string().min(1),
    /** The MIME type, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
    contentType: z.string().min(1),
    content: z.string(),
  }),
);
export type EmailAttachments = z.infer<typeof emailAttachmentsSchema>;
