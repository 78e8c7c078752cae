/**
 * The back office's inbox, newsletter, outbox and audit log as staff see them, read from their
 * records.
 */
import type {
  AdminAuditEntry,
  AdminEmail,
  AdminEnquiry,
  AdminSubscriber,
} from '@contrail/contracts/back-office';
import { contactReasonLabels } from '@contrail/contracts/enquiries';
import { emailSchema } from '@contrail/contracts/fields';
import { readEnquiryFields } from '../content';
import { MAX_EMAIL_ATTEMPTS } from '../email/email.service';
import type { EmailRecord } from '../email';
import type { AuditRecord } from './back-office.repository';
import type { EnquiryRecord, SubscriberRecord } from './back-office-records';

export function emailStatus(record: EmailRecord): AdminEmail['status'] {
  if (record.sentAt) return 'sent';
  return record.attempts >= MAX_EMAIL_ATTEMPTS ? 'failed' : 'queued';
}

export function toAdminEmail(record: EmailRecord): AdminEmail {
  return {
    id: record.id,
    brandId: record.brandId,
    kind: record.kind,
    recipient: record.recipient,
    subject: record.subject,
    status: emailStatus(record),
    attempts: record.attempts,
    lastError: record.lastError,
    relatedId: record.relatedId,
    createdAt: record.createdAt.toISOString(),
    sentAt: record.sentAt?.toISOString() ?? null,
  };
}

export function toEnquiry(record: EnquiryRecord): AdminEnquiry {
  const data = readEnquiryFields(record.fields);
  const canReply = emailSchema.safeParse(record.email).success;
  if (record.kind === 'lookup') {
    // A retrieve-booking look-up: what was typed, and what the traveller was answered.
    const reference = data.bookingReference ?? '';
    return {
      ...common(record, canReply),
      name: '',
      subject: lookupSubject,
      message: `Booking reference: ${reference}`,
      bookingReference: reference || null,
      lookup: { found: data.found === true, bookingId: data.bookingId ?? null },
    };
  }
  const name =
    data.fullName ??
    [data.firstName, data.lastName]
      .filter((part) => part)
      .join(' ')
      .trim();
  return {
    ...common(record, canReply),
    name,
    subject:
      data.subject ??
      (data.reason && data.reason in contactReasonLabels
        ? contactReasonLabels[data.reason as keyof typeof contactReasonLabels]
        : ''),
    message: data.message ?? '',
    bookingReference: data.bookingReference ?? null,
    lookup: null,
  };
}

/** The inbox's title for a retrieve-booking look-up. */
const lookupSubject = 'Find my booking';

function common(record: EnquiryRecord, canReply: boolean) {
  return {
    id: record.id,
    reference: record.reference,
    brand: record.brand,
    kind: record.kind,
    status: record.answeredAt ? ('answered' as const) : ('open' as const),
    email: record.email,
    canReply,
    createdAt: record.createdAt.toISOString(),
    answeredAt: record.answeredAt?.toISOString() ?? null,
    replies: record.replies.map((reply) => ({
      author: reply.author,
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

export function toSubscriber(record: SubscriberRecord): AdminSubscriber {
  return {
    id: record.id,
    brand: record.brand,
    email: record.email,
    subscribedAt: record.createdAt.toISOString(),
    unsubscribedAt: record.unsubscribedAt?.toISOString() ?? null,
  };
}

export function toAuditEntry(record: AuditRecord): AdminAuditEntry {
  return {
    id: record.id,
    actor: record.actorUsername,
    action: record.action,
    brandId: record.brandId,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
    details: record.details,
    createdAt: record.createdAt.toISOString(),
  };
}

/** A CSV field, quoted; a leading =, +, - or @ is defused so that no spreadsheet runs it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
