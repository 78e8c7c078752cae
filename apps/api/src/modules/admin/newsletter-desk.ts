/** The back office's newsletter: subscribers per brand, their export and unsubscribing one. */
import type { AdminSubscriber } from '@contrail/contracts/back-office';
import { backOfficeErrors } from './admin.errors';
import { csvField, toSubscriber } from './back-office.views';
import { subscriberRecordsOf } from './back-office-records';
import type {
  BackOfficeActor,
  BackOfficeGuards,
  BackOfficeServiceDeps,
  Paged,
} from './back-office-access';

export interface NewsletterDesk {
  subscribers(
    actor: BackOfficeActor,
    filter: { brand?: string | undefined; status?: 'subscribed' | 'unsubscribed' | undefined },
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminSubscriber>>;
  subscribersCsv(actor: BackOfficeActor, brand: string | undefined): Promise<string>;
  unsubscribe(actor: BackOfficeActor, id: string): Promise<AdminSubscriber>;
}

export function createNewsletterDesk(
  deps: BackOfficeServiceDeps,
  guards: BackOfficeGuards,
): NewsletterDesk {
  const { newsletter, clock } = deps;

  const subscriberRecord = async (id: string) => {
    const found = await newsletter.findSubscriber(id);
    const [record] = found ? await subscriberRecordsOf(deps, [found]) : [];
    return record;
  };
  const { visible, narrowed, audit } = guards;

  return {
    async subscribers(actor, filter, page, pageSize) {
      const scope = narrowed(actor, filter.brand);
      const { rows, total } = await newsletter.listSubscribers(
        scope,
        filter.status,
        page,
        pageSize,
      );
      const records = await subscriberRecordsOf(deps, rows);
      return { items: records.map(toSubscriber), total, page, pageSize };
    },

    async subscribersCsv(actor, brand) {
      const rows = await subscriberRecordsOf(
        deps,
        await newsletter.allSubscribers(narrowed(actor, brand)),
        'by-brand-name',
      );
      const lines = [
        ['email', 'brand', 'consented_at', 'unsubscribed_at'].join(','),
        ...rows.map((row) =>
          [
            csvField(row.email),
            csvField(row.brand.domain),
            csvField(row.createdAt.toISOString()),
            csvField(row.unsubscribedAt?.toISOString() ?? ''),
          ].join(','),
        ),
      ];
      return `${lines.join('\r\n')}\r\n`;
    },

    async unsubscribe(actor, id) {
      const record = await subscriberRecord(id);
      if (!record || !visible(actor, record.brand.id)) {
        throw backOfficeErrors.subscriberNotFound();
      }
      if (record.unsubscribedAt) {
        // Already off the list: the same answer, nothing written twice.
        return toSubscriber(record);
      }
      await deps.inTransaction(async (tx) => {
        if (!(await tx.newsletter.unsubscribe(id, clock()))) return;
        await audit(
          actor,
          {
            action: 'newsletter.unsubscribed',
            brandId: record.brand.id,
            targetType: 'subscriber',
            targetId: id,
            before: { email: record.email, unsubscribedAt: null },
            after: { email: record.email, unsubscribedAt: clock().toISOString() },
          },
          tx.repository,
        );
      });
      const after = await subscriberRecord(id);
      if (!after) throw backOfficeErrors.subscriberNotFound();
      return toSubscriber(after);
    },
  };
}
