/**
 * The enquiries table's JSON column: its schema, the column's type in `content.table.ts` and the
 * one reading of it (the back office's inbox).
 */
import { z } from 'zod';
import { readStoredJson } from '../../lib/stored-json';

const text = z.string().optional();

/**
 * What an enquiry keeps besides its kind and address: the contact form's fields (names, phone,
 * reason, preferred contact, consent), the support form's (full name, subject), both forms'
 * booking reference and message, or a retrieve-booking look-up's reference typed, whether a
 * booking was found and which (null when none was).
 */
const enquiryFieldsSchema = z.object({
  firstName: text,
  lastName: text,
  fullName: text,
  phone: text,
  reason: text,
  preferredContact: text,
  consent: z.boolean().optional(),
  subject: text,
  message: text,
  bookingReference: text,
  found: z.boolean().optional(),
  bookingId: z.string().nullable().optional(),
});
export type EnquiryFields = z.infer<typeof enquiryFieldsSchema>;

export const readEnquiryFields = (value: unknown): EnquiryFields =>
  readStoredJson(enquiryFieldsSchema, 'enquiries.fields', value);
