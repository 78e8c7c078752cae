/** The back office's inbox: contact and support messages, look-ups, and staff's replies by e-mail. */
import type { AdminEnquiry } from '@contrail/contracts/back-office';
import { brandSender } from '../email';
import { backOfficeErrors } from './admin.errors';
import { toEnquiry } from './back-office.views';
import { renderEnquiryReply } from './enquiry-reply-email';
import { enquiryRecordsOf } from './back-office-records';
import type {
  BackOfficeActor,
  BackOfficeGuards,
  BackOfficeServiceDeps,
  Paged,
} from './back-office-access';

export interface InboxDesk {
  enquiries(
    actor: BackOfficeActor,
    filter: {
      brand?: string | undefined;
      status?: 'open' | 'answered' | undefined;
      kind?: AdminEnquiry['kind'] | undefined;
    },
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminEnquiry>>;
  reply(actor: BackOfficeActor, id: string, message: string, key: string): Promise<AdminEnquiry>;
}

export function createInboxDesk(deps: BackOfficeServiceDeps, guards: BackOfficeGuards): InboxDesk {
  const { repository, inbox, brandById, clock } = deps;
  const { visible, narrowed, audit, onceInTransaction } = guards;

  const enquiryRecord = async (actor: BackOfficeActor, id: string) => {
    const found = await inbox.findEnquiry(id);
    const [record] = found ? await enquiryRecordsOf(deps, [found]) : [];
    if (!record || !visible(actor, record.brand.id)) {
      throw backOfficeErrors.enquiryNotFound();
    }
    return record;
  };

  return {
    async enquiries(actor, filter, page, pageSize) {
      const scope = narrowed(actor, filter.brand);
      const { rows, total } = await inbox.listEnquiries(
        scope,
        { status: filter.status, kind: filter.kind },
        page,
        pageSize,
      );
      const records = await enquiryRecordsOf(deps, rows);
      return { items: records.map(toEnquiry), total, page, pageSize };
    },

    async reply(actor, id, message, key) {
      const record = await enquiryRecord(actor, id);
      if (await repository.findAudit(actor.auth.user.id, 'enquiry.replied', key)) {
        return toEnquiry(await enquiryRecord(actor, id));
      }
      const brand = await brandById(record.brand.id);
      if (!brand) throw backOfficeErrors.enquiryNotFound();
      const enquiry = toEnquiry(record);
      if (!enquiry.canReply) {
        throw backOfficeErrors.noReplyAddress();
      }
      const email = await renderEnquiryReply({
        brand: brand.brand,
        kind: enquiry.kind,
        name: enquiry.name,
        reference: enquiry.reference,
        bookingReference: enquiry.bookingReference,
        subject: enquiry.subject,
        original: enquiry.message,
        reply: message,
      });
      await onceInTransaction(async (tx) => {
        const now = clock();
        await tx.repository.addReply(id, actor.auth.user.username, message, now);
        await tx.inbox.markAnswered(id, now);
        await tx.outbox.queue(
          {
            brandId: brand.id,
            recipient: record.email.trim(),
            ...brandSender(brand.brand),
            subject: email.subject,
            html: email.html,
            text: email.text,
            kind: 'enquiry_reply',
            relatedId: id,
          },
          now,
        );
        return audit(
          actor,
          {
            action: 'enquiry.replied',
            brandId: brand.id,
            targetType: 'enquiry',
            targetId: id,
            before: { status: enquiry.status },
            after: { status: 'answered', reply: message },
            key,
          },
          tx.repository,
        );
      });
      return toEnquiry(await enquiryRecord(actor, id));
    },
  };
}
