import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, resetDatabase, testDatabase } from '../../../test/database';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from './email.table';
import { createEmailRepository } from './email.repository';
import { createEmailService, createSmtpMailer, type EmailLog, type Mailer } from './email.service';

let now = new Date('2026-11-22T09:00:00Z');
const received: { to: string; raw: string }[] = [];
let refuse = false;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      if (refuse) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
        return;
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
      callback();
    });
  },
});
let port = 0;

const logged: { message: string; details: Record<string, unknown> }[] = [];
const log: EmailLog = {
  info: (details, message) => logged.push({ message, details }),
  warn: (details, message) => logged.push({ message, details }),
};

describe('e-mail outbox', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(async () => {
    database = await testDatabase();
    await resetDatabase(database);
    received.length = 0;
    logged.length = 0;
    refuse = false;
    now = new Date('2026-11-22T09:00:00Z');
    await database.db.insert(emailOutbox).values({
      recipient: 'ada@example.com',
      subject: 'Contrail booking confirmed: ABC123',
      html: '<p>Your booking is confirmed</p>',
      text: 'Your booking is confirmed',
      kind: 'booking_confirmation',
      nextAttemptAt: now,
    });
  });

  const service = (
    mailer: Mailer | null = createSmtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`),
  ) =>
    createEmailService({
      emails: createEmailRepository(database.db),
      mailer,
      from: 'Contrail <no-reply@contrail.example>',
      log,
      clock: () => now,
    });
  const outbox = () =>
    queryRows(
      database,
      sql`select attempts, sent_at is not null as sent, last_error from email_outbox`,
    );

  it('sends queued e-mail over SMTP once', async () => {
    expect(await service().deliverDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('ada@example.com');
    expect(received[0]?.raw).toContain('Subject: Contrail booking confirmed: ABC123');
    expect(await outbox()).toEqual([{ attempts: 0, sent: true, last_error: null }]);
    expect(await service().deliverDue()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('retries a refused e-mail later, then sends it', async () => {
    refuse = true;
    expect(await service().deliverDue()).toBe(0);
    const [failed] = await outbox();
    expect(failed).toMatchObject({ attempts: 1, sent: false });
    expect(String(failed?.last_error)).toContain('Mailbox unavailable');
    refuse = false;
    expect(await service().deliverDue()).toBe(0);
    now = new Date(now.getTime() + 61_000);
    expect(await service().deliverDue()).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('only logs recipient and subject without SMTP', async () => {
    expect(await service(null).deliverDue()).toBe(0);
    expect(logged).toEqual([
      {
        message: 'e-mail not sent: no SMTP_URL configured',
        details: { to: 'ada@example.com', subject: 'Contrail booking confirmed: ABC123' },
      },
    ]);
    expect(await outbox()).toEqual([{ attempts: 0, sent: true, last_error: null }]);
  });
});
