import nodemailer from 'nodemailer';
import type { EmailRepository } from './email.repository';

export interface Mailer {
  send(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
  }): Promise<void>;
}

/** An SMTP mailer for `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

export const MAX_EMAIL_ATTEMPTS = 8;
const LEASE_MS = 2 * 60 * 1000;
/** 1 min, 2, 4, 8… up to 6 hours between attempts. */
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);

export interface EmailLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface EmailService {
  /** Sends the e-mails that are due; answers how many went out. */
  deliverDue(): Promise<number>;
}

/**
 * Sends queued e-mails through SMTP, retrying failures with backoff. Without a mailer (no
 * SMTP_URL) it only logs each e-mail's recipient and subject, never its content.
 */
export function createEmailService({
  emails,
  mailer,
  from,
  log,
  clock,
}: {
  emails: EmailRepository;
  mailer: Mailer | null;
  from: string;
  log: EmailLog;
  clock: () => Date;
}): EmailService {
  return {
    async deliverDue() {
      const now = clock();
      const due = await emails.claimDue(
        now,
        new Date(now.getTime() + LEASE_MS),
        MAX_EMAIL_ATTEMPTS,
        20,
      );
      let sent = 0;
      for (const email of due) {
        if (!mailer) {
          log.info(
            { to: email.recipient, subject: email.subject },
            'e-mail not sent: no SMTP_URL configured',
          );
          await emails.markSent(email.id, clock());
          continue;
        }
        try {
          await mailer.send({
            from,
            to: email.recipient,
            subject: email.subject,
            html: email.html,
            text: email.text,
          });
          await emails.markSent(email.id, clock());
          sent += 1;
        } catch (error) {
          const attempts = email.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          log.warn({ to: email.recipient, attempts, reason }, 'e-mail delivery failed');
          await emails.markFailed(
            email.id,
            attempts,
            reason,
            new Date(clock().getTime() + backoffMs(attempts)),
          );
        }
      }
      return sent;
    },
  };
}
