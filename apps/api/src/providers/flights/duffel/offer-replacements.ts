import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { readReplacementIds } from './duffel.columns';
import { duffelOfferReplacements } from './duffel.table';

export interface OfferReplacement {
  offerId: string;
  /** The replacement's passenger, slice and segment ids → the replaced offer's. */
  ids: Record<string, string>;
}

/** Where every process finds an offer's replacement (see `duffelOfferReplacements`). */
export interface OfferReplacements {
  find(offerId: string): Promise<OfferReplacement | null>;
  save(offerId: string, replacement: OfferReplacement, now: Date): Promise<void>;
}

/** Offers live 30 minutes at most; a day is long past any use of their replacements. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export function createPostgresOfferReplacements(db: Database): OfferReplacements {
  return {
    async find(offerId) {
      const [row] = await db
        .select()
        .from(duffelOfferReplacements)
        .where(eq(duffelOfferReplacements.offerId, offerId));
      return row ? { offerId: row.replacementOfferId, ids: readReplacementIds(row.ids) } : null;
    },
    async save(offerId, replacement, now) {
      await db
        .delete(duffelOfferReplacements)
        .where(lt(duffelOfferReplacements.createdAt, new Date(now.getTime() - KEEP_MS)));
      const values = {
        replacementOfferId: replacement.offerId,
        ids: replacement.ids,
        createdAt: now,
      };
      await db
        .insert(duffelOfferReplacements)
        .values({ offerId, ...values })
        .onConflictDoUpdate({ target: duffelOfferReplacements.offerId, set: values });
    },
  };
}

/** The same in memory, for tests of the adapter alone. */
export function createMemoryOfferReplacements(): OfferReplacements {
  const rows = new Map<string, OfferReplacement>();
  return {
    find: (offerId) => Promise.resolve(rows.get(offerId) ?? null),
    save: (offerId, replacement) => {
      rows.set(offerId, structuredClone(replacement));
      return Promise.resolve();
    },
  };
}
