/**
 * The newsletter's subscribers as the back office reads them, subscribed or not, and one taken
 * off the list.
 */
import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { newsletterSubscriptions } from './content.table';

export interface SubscriberRow {
  id: string;
  brandId: string;
  email: string;
  createdAt: Date;
  unsubscribedAt: Date | null;
}

export interface NewsletterRepository {
  listSubscribers(
    scope: BrandScope,
    status: 'subscribed' | 'unsubscribed' | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ rows: SubscriberRow[]; total: number }>;
  /** Every subscriber of the brands in scope, oldest first. */
  allSubscribers(scope: BrandScope): Promise<SubscriberRow[]>;
  findSubscriber(id: string): Promise<SubscriberRow | undefined>;
  /** Takes the address off the list (`now`); false when it was off already. */
  unsubscribe(id: string, now: Date): Promise<boolean>;
}

const subscriberColumns = {
  id: newsletterSubscriptions.id,
  brandId: newsletterSubscriptions.brandId,
  email: newsletterSubscriptions.email,
  createdAt: newsletterSubscriptions.createdAt,
  unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
};

export function createNewsletterRepository(db: Database): NewsletterRepository {
  return {
    async listSubscribers(scope, status, page, pageSize) {
      const where = and(
        scoped(newsletterSubscriptions.brandId, scope),
        status === 'subscribed'
          ? isNull(newsletterSubscriptions.unsubscribedAt)
          : status === 'unsubscribed'
            ? isNotNull(newsletterSubscriptions.unsubscribedAt)
            : undefined,
      );
      const rows = await db
        .select(subscriberColumns)
        .from(newsletterSubscriptions)
        .where(where)
        .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(newsletterSubscriptions)
        .where(where);
      return { rows, total };
    },

    allSubscribers(scope) {
      return db
        .select(subscriberColumns)
        .from(newsletterSubscriptions)
        .where(scoped(newsletterSubscriptions.brandId, scope))
        .orderBy(asc(newsletterSubscriptions.createdAt));
    },

    async findSubscriber(id) {
      const [row] = await db
        .select(subscriberColumns)
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, id));
      return row;
    },

    async unsubscribe(id, now) {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: now })
        .where(
          and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.unsubscribedAt)),
        )
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },
  };
}
