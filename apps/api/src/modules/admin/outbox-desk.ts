/** The back office's outbox: the e-mails sent and to send, and a failed one queued again. */
import type { AdminEmail } from '@contrail/contracts/back-office';
import { MAX_EMAIL_ATTEMPTS } from '../email/email.service';
import { backOfficeErrors } from './admin.errors';
import { emailStatus, toAdminEmail } from './back-office.views';
import type {
  BackOfficeActor,
  BackOfficeGuards,
  BackOfficeServiceDeps,
  Paged,
} from './back-office-access';

export interface OutboxDesk {
  outbox(
    actor: BackOfficeActor,
    filter: { brand?: string | undefined; status?: AdminEmail['status'] | undefined },
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminEmail>>;
  resendEmail(actor: BackOfficeActor, id: string): Promise<AdminEmail>;
}

export function createOutboxDesk(
  deps: BackOfficeServiceDeps,
  guards: BackOfficeGuards,
): OutboxDesk {
  const { emails, clock } = deps;
  const { visible, narrowed, audit } = guards;

  return {
    async outbox(actor, filter, page, pageSize) {
      const scope = narrowed(actor, filter.brand);
      const { rows, total } = await emails.listEmails(
        scope,
        { status: filter.status, maxAttempts: MAX_EMAIL_ATTEMPTS },
        page,
        pageSize,
      );
      return { items: rows.map(toAdminEmail), total, page, pageSize };
    },

    async resendEmail(actor, id) {
      const record = await emails.findEmail(id);
      // Mail of no brand (none today) is the platform admin's only.
      if (!record || !visible(actor, record.brandId)) {
        throw backOfficeErrors.emailNotFound();
      }
      if (emailStatus(record) !== 'failed') {
        // Queued again already (or sent): a repeated click changes nothing.
        if (record.sentAt === null && record.attempts === 0) return toAdminEmail(record);
        throw backOfficeErrors.emailNotFailed();
      }
      if (!record.hasBody) throw backOfficeErrors.emailBodyGone();
      await deps.inTransaction(async (tx) => {
        if (!(await tx.emails.requeueEmail(id, MAX_EMAIL_ATTEMPTS, clock()))) return;
        await audit(
          actor,
          {
            action: 'email.requeued',
            brandId: record.brandId,
            targetType: 'email',
            targetId: id,
            before: { status: 'failed', attempts: record.attempts, lastError: record.lastError },
            after: { status: 'queued', attempts: 0 },
          },
          tx.repository,
        );
      });
      const after = await emails.findEmail(id);
      if (!after) throw backOfficeErrors.emailNotFound();
      return toAdminEmail(after);
    },
  };
}
