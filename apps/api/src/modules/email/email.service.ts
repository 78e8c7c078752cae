import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailRepository } from './email.repository';

export interface MailMessage {
  from: { name: string; address: string };
  replyTo?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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

/**
 * Without SMTP, each message is written to `dir` as an RFC 5322 `.eml` file that any mail client
 * opens. The file appears whole (written aside, then renamed), so a reader never sees half of one.
 */
export function createFileMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `.${name}.part`), info.message);
      await rename(join(dir, `.${name}.part`), join(dir, name));
    },
  };
}

/** `Name <address>` or a bare address, as EMAIL_FROM is written. */
function parseSender(from: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match?.[2]) return { name: match[1]?.trim() ?? '', address: match[2].trim() };
  return { name: '', address: from.trim() };
}

export const MAX_EMAIL_ATTEMPTS = 8;
const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
/**
 * 1 min, 2, 4, 8… between attempts (never more than 6 hours): with MAX_EMAIL_ATTEMPTS, 7 waits
 * of at most 64 minutes, about 2 hours in all before giving up.
 */
export const backoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);

export interface EmailLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface EmailService {
  /** Sends every e-mail that is due; answers how many went out. */
  deliverDue(): Promise<number>;
}

/**
 * Delivers queued e-mails through the mailer, retrying failures with backoff. Logs name the
 * recipient and subject only, never the content (a reset link is a password).
 */
export function createEmailService({
  emails,
  mailer,
  from,
  log,
  clock,
}: {
  emails: EmailRepository;
  mailer: Mailer;
  /** EMAIL_FROM: its address sends every brand's mail; its name stands in for a missing brand. */
  from: string;
  log: EmailLog;
  clock: () => Date;
}): EmailService {
  const sender = parseSender(from);
  return {
    async deliverDue() {
      let sent = 0;
      for (;;) {
        const now = clock();
        const due = await emails.claimDue(
          now,
          new Date(now.getTime() + LEASE_MS),
          MAX_EMAIL_ATTEMPTS,
          BATCH,
        );
        for (const email of due) {
          const details = { to: email.recipient, subject: email.subject, kind: email.kind };
          try {
            await mailer.send({
              from: { name: email.senderName ?? sender.name, address: sender.address },
              ...(email.replyTo ? { replyTo: email.replyTo } : {}),
              ...(email.headers ? { headers: email.headers } : {}),
              ...(email.attachments?.length ? { attachments: email.attachments } : {}),
              to: email.recipient,
              subject: email.subject,
              html: email.html,
              text: email.text,
            });
            await emails.markSent(email.id, clock());
            sent += 1;
            log.info(details, 'e-mail sent');
          } catch (error) {
            const attempts = email.attempts + 1;
            const final = attempts >= MAX_EMAIL_ATTEMPTS;
            const reason = error instanceof Error ? error.message : String(error);
            if (final) log.error({ ...details, attempts, reason }, 'e-mail given up');
            else log.warn({ ...details, attempts, reason }, 'e-mail delivery failed');
            await emails.markFailed(
              email.id,
              attempts,
              reason,
              new Date(clock().getTime() + backoffMs(attempts)),
              final,
            );
          }
        }
        if (due.length < BATCH) return sent;
      }
    },
  };
}
