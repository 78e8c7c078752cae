import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app';
import { queryRows, resetDatabase, testDatabase } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { buildApp } from '../../app';
import { parseMail, startSmtpSink, type SmtpSink } from '../../../test/mail';
import type { DatabaseHandle } from '../../db/client';
import { createEmailRepository, EMAIL_QUEUED_CHANNEL, type QueuedEmail } from './email.repository';
import {
  MAX_EMAIL_ATTEMPTS,
  backoffMs,
  createEmailService,
  createFileMailer,
  createSmtpMailer,
  type EmailLog,
  type Mailer,
} from './email.service';

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
const logged: { message: string; details: Record<string, unknown> }[] = [];
const log: EmailLog = {
  info: (details, message) => logged.push({ message, details }),
  warn: (details, message) => logged.push({ message, details }),
  error: (details, message) => logged.push({ message, details }),
};

const confirmation = (overrides: Partial<QueuedEmail> = {}): QueuedEmail => ({
  brandId: null,
  recipient: 'ada@example.com',
  senderName: 'SkyHop',
  replyTo: 'help@skyhop.example',
  subject: 'SkyHop booking confirmed: ABC123',
  html: '<p>Your booking is <strong>confirmed</strong></p>',
  text: 'Your booking is confirmed',
  kind: 'booking_confirmation',
  relatedId: null,
  ...overrides,
});

describe('e-mail outbox', () => {
  let database: DatabaseHandle;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(async () => {
    database = await testDatabase();
    await resetDatabase(database);
    sink.received.length = 0;
    sink.refuseWith = null;
    logged.length = 0;
    now = new Date('2026-11-22T09:00:00Z');
  });

  const emails = () => createEmailRepository(database.db);
  const service = (mailer: Mailer = createSmtpMailer(sink.url)) =>
    createEmailService({
      emails: emails(),
      mailer,
      from: 'Contrail <no-reply@contrail.example>',
      log,
      clock,
    });
  const outbox = () =>
    queryRows(
      database,
      sql`select attempts, sent_at is not null as sent, last_error, html, text from email_outbox order by created_at`,
    );

  it('sends a queued e-mail over SMTP once, as HTML and text, in the brand’s name', async () => {
    await emails().queue(confirmation(), now);
    expect(await service().deliverDue()).toBe(1);
    expect(sink.received).toHaveLength(1);
    const [received] = sink.received;
    expect(received?.to).toEqual(['ada@example.com']);
    const mail = parseMail(received?.raw ?? '');
    expect(mail.headers.get('from')).toBe('SkyHop <no-reply@contrail.example>');
    expect(mail.headers.get('reply-to')).toBe('help@skyhop.example');
    expect(mail.headers.get('subject')).toBe('SkyHop booking confirmed: ABC123');
    expect(mail.contentType).toMatch(/^multipart\/alternative/);
    expect(mail.parts).toEqual(['text/plain', 'text/html']);
    expect(mail.text).toContain('Your booking is confirmed');
    expect(mail.html).toContain('<strong>confirmed</strong>');
    expect(await outbox()).toMatchObject([{ attempts: 0, sent: true, last_error: null }]);

    expect(await service().deliverDue()).toBe(0);
    expect(sink.received).toHaveLength(1);
    expect(logged).toEqual([
      {
        message: 'e-mail sent',
        details: {
          to: 'ada@example.com',
          subject: 'SkyHop booking confirmed: ABC123',
          kind: 'booking_confirmation',
        },
      },
    ]);
  });

  it('retries a refused e-mail with growing waits, then sends it', async () => {
    await emails().queue(confirmation(), now);
    sink.refuseWith = 'Mailbox unavailable';
    expect(await service().deliverDue()).toBe(0);
    const [failed] = await outbox();
    expect(failed).toMatchObject({ attempts: 1, sent: false });
    expect(String(failed?.last_error)).toContain('Mailbox unavailable');
    expect(logged.at(-1)).toMatchObject({ message: 'e-mail delivery failed' });
    expect(JSON.stringify(logged)).not.toContain('Your booking');

    now = new Date(now.getTime() + backoffMs(1) + 1000);
    expect(await service().deliverDue()).toBe(0);
    expect(await outbox()).toMatchObject([{ attempts: 2, sent: false }]);

    sink.refuseWith = null;
    now = new Date(now.getTime() + backoffMs(2) - 5000);
    expect(await service().deliverDue()).toBe(0);
    now = new Date(now.getTime() + 6000);
    expect(await service().deliverDue()).toBe(1);
    expect(sink.received).toHaveLength(1);
  });

  it('gives up after the last attempt', async () => {
    await emails().queue(confirmation(), now);
    sink.refuseWith = 'Mailbox unavailable';
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt += 1) {
      await service().deliverDue();
      now = new Date(now.getTime() + backoffMs(attempt) + 1000);
    }
    expect(await outbox()).toMatchObject([{ attempts: MAX_EMAIL_ATTEMPTS, sent: false }]);
    expect(logged.at(-1)).toMatchObject({ message: 'e-mail given up' });
    sink.refuseWith = null;
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(await service().deliverDue()).toBe(0);
  });

  it('blanks a password-reset link once it is delivered, and keeps other e-mails', async () => {
    await emails().queue(confirmation(), now);
    await emails().queue(
      confirmation({
        kind: 'password_reset',
        subject: 'Reset your SkyHop password',
        html: '<a href="http://x/reset-password?token=secret-token">Reset</a>',
        text: 'http://x/reset-password?token=secret-token',
      }),
      new Date(now.getTime() + 1),
    );
    now = new Date(now.getTime() + 1);
    expect(await service().deliverDue()).toBe(2);
    expect(sink.received.map((mail) => mail.raw).join('')).toContain('secret-token');
    const [booking, reset] = await outbox();
    expect(booking).toMatchObject({ sent: true, text: 'Your booking is confirmed' });
    expect(reset).toMatchObject({ sent: true, html: '', text: '' });
  });

  it('sends each e-mail once when several processes deliver at the same time', async () => {
    for (let i = 0; i < 45; i += 1)
      await emails().queue(confirmation({ recipient: `traveller${String(i)}@example.com` }), now);
    const counts = await Promise.all([
      service().deliverDue(),
      service().deliverDue(),
      service().deliverDue(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(45);
    const recipients = sink.received.flatMap((mail) => mail.to);
    expect(recipients).toHaveLength(45);
    expect(new Set(recipients).size).toBe(45);
  });

  it('sends an e-mail’s extra headers (an alert’s one-click unsubscribe) as they were queued', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'contrail-mail-')), 'mail');
    const unsubscribe = 'https://skyhop.example/api/alerts/unsubscribe?token=abc.def';
    await emails().queue(
      confirmation({
        kind: 'price_alert',
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
      now,
    );
    await emails().queue(confirmation({ recipient: 'grace@example.com' }), now);
    expect(await service(createFileMailer(folder)).deliverDue()).toBe(2);
    const mails = await Promise.all(
      (await readdir(folder)).map(async (file) =>
        parseMail(await readFile(join(folder, file), 'utf8')),
      ),
    );
    const alert = mails.find((mail) => mail.headers.get('to') === 'ada@example.com');
    expect(alert?.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(alert?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const other = mails.find((mail) => mail.headers.get('to') === 'grace@example.com');
    expect(other?.headers.has('list-unsubscribe')).toBe(false);
  });

  it('writes each e-mail as an .eml file without SMTP', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'contrail-mail-')), 'mail');
    await emails().queue(confirmation(), now);
    expect(await service(createFileMailer(folder)).deliverDue()).toBe(1);
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMail(await readFile(join(folder, files[0] ?? ''), 'utf8'));
    expect(mail.headers.get('to')).toBe('ada@example.com');
    expect(mail.headers.get('from')).toBe('SkyHop <no-reply@contrail.example>');
    expect(mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(mail.parts).toEqual(['text/plain', 'text/html']);
    expect(mail.html).toContain('<strong>confirmed</strong>');
    expect(await outbox()).toMatchObject([{ sent: true }]);
  });

  it('tells the e-mail job of each e-mail queued once its transaction commits, never of one rolled back', async () => {
    let notified = 0;
    const stop = await database.listen(EMAIL_QUEUED_CHANNEL, {
      onNotify: () => (notified += 1),
      onGap: () => undefined,
    });
    try {
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      await expect(
        database.db.transaction(async (tx) => {
          await createEmailRepository(tx).queue(confirmation(), now);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await settle();
      expect(notified).toBe(0);

      await database.db.transaction(async (tx) => {
        await createEmailRepository(tx).queue(confirmation(), now);
        await settle();
        expect(notified).toBe(0);
      });
      const deadline = Date.now() + 5_000;
      while (notified === 0 && Date.now() < deadline) await settle();
      expect(notified).toBe(1);
      expect(await outbox()).toHaveLength(1);
    } finally {
      await stop();
    }
  });
});

describe('a running app without SMTP_URL', () => {
  it('says once where mail goes and writes each message there as it is queued', async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    const dataDir = await mkdtemp(join(tmpdir(), 'contrail-app-mail-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      database,
      logger: { level: 'info', stream },
      settlingJobs: false,
      emailIntervalMs: 25,
    });
    try {
      await app.ready();
      const client = new TestClient(app);
      expect(
        (
          await client.post('/api/auth/register', {
            username: 'amelia',
            email: 'amelia@example.com',
            firstName: 'Amelia',
            lastName: 'Earhart',
            password: 'Blue-Horizon-42',
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (await client.post('/api/auth/forgot-password', { email: 'amelia@example.com' }))
          .statusCode,
      ).toBe(202);

      const folder = join(dataDir, 'mail');
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      const logged = () => lines.filter((line) => line.includes('e-mail sent')).length >= 2;
      // The files are written first, then each delivery is recorded and logged: wait for both.
      // The first is the account's confirmation link, the second the reset link.
      while ((files.length < 2 || !logged()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml'));
      }
      expect(files).toHaveLength(2);
      const mails = await Promise.all(
        files.map(async (name) => parseMail(await readFile(join(folder, name), 'utf8'))),
      );
      const mail = mails.find((one) => one.text?.includes('/reset-password'));
      expect(mail?.headers.get('to')).toBe('amelia@example.com');
      expect(mail?.parts).toEqual(['text/plain', 'text/html']);
      expect(mail?.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}/);

      const notices = lines.filter((line) => line.includes('No SMTP_URL'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(folder);
      expect(logged()).toBe(true);
      expect(lines.join('\n')).not.toContain('token=');
    } finally {
      await app.close();
    }
  });
});
