import { customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offerSchema } from '@contrail/contracts/offers';
import { z } from 'zod';

/** A provider's answer as stored for sharing. */
export const supplierAnswerSchema = z.object({ id: z.string(), offers: z.array(offerSchema) });
export type SupplierAnswer = z.infer<typeof supplierAnswerSchema>;

/**
 * Bytes as PostgreSQL's bytea: a Buffer both ways (PGlite answers a Uint8Array). The repository
 * writes large ones as hex text decoded by the database (flights.repository.ts).
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Searches shared between travellers and processes, so a rate-limited provider is asked once: the provider's answer to
 * one normalised set of criteria in one mode, for a few minutes. A row without an answer is a
 * search under way; others wait for it instead of asking the provider again.
 */
export const supplierSearches = pgTable(
  'supplier_searches',
  {
    /** Provider, mode and normalised criteria, hashed. */
    key: text('key').primaryKey(),
    /**
     * The provider's answer (its own prices, no markup) as gzipped JSON; null while the search
     * runs. Bytes, not jsonb: the database only keeps it, and a 200-offer answer (about 1 MB of
     * JSON, some 60 kB gzipped) parsed into jsonb cost the embedded database most of a search's
     * processor time. Read through the repository, which unzips and checks it: a process of another
     * version may have written it.
     */
    answer: bytea('answer_gz'),
    /** Until when the running search is left to the process that started it. */
    runningUntil: timestamp('running_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('supplier_searches_expires_idx').on(table.expiresAt)],
);
