import { searchOffersOf } from '@contrail/contracts/search-results';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPackageRoot } from '../src/lib/package-root';
import { scratchDatabaseUrl } from './database';
import { amountOf, passengersFor, TEST_CARD } from './booking-flow';
import { parseMail, startSmtpSink, type SmtpSink } from './mail';

// A real server process (the esbuild bundle, as `npm start` runs it) on a database of its own,
// sending through a real SMTP server: the path a traveller's confirmation takes.

const apiRoot = apiPackageRoot();
const distDir = join(apiRoot, 'dist', `email-test-${String(process.pid)}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A date a month ahead, as the server's own clock (the real one) sees it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('a running server e-mails the booking confirmation over SMTP', () => {
  let sink: SmtpSink;
  let server: ChildProcess;
  let dataDir: string;
  let base = '';
  let output = '';

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = await mkdtemp(join(tmpdir(), 'contrail-email-'));
    // The bundle lives under apps/api so that its npm dependencies resolve as in dist/.
    await promisify(execFile)(process.execPath, [join(apiRoot, 'scripts', 'build.mjs')], {
      env: { ...process.env, API_DIST_DIR: distDir },
    });
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    server = spawn(process.execPath, [join(distDir, 'server.js')], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        TZ: 'UTC',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: (await scratchDatabaseUrl('email')) ?? '',
        ADMIN_PASSWORD: 'Email-Test-Admin-Pass-1!',
        LOG_LEVEL: 'info',
        SMTP_URL: sink.url,
        EMAIL_FROM: 'Contrail Bookings <bookings@contrail.example>',
        EMAIL_DELIVERY_INTERVAL_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(
      'the server to be ready',
      async () => ((await fetch(`${base}/api/ready`)).ok ? true : undefined),
      60_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output}`);
    });
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await sink.close();
    await rm(distDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body: JSON.stringify(body),
    });

  it('receives a multipart confirmation with reference, passengers, total and manage link', async () => {
    const search = await post('/api/flights/search', {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: inDays(30),
      returnDate: inDays(37),
      cabinClass: 'economy',
      adultsCount: 2,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
    });
    expect(search.status).toBe(200);
    const offer: SearchOffer | undefined = searchOffersOf(await search.json())[0];
    if (!offer) throw new Error('no offer');
    const amount = amountOf(offer);
    const passengers = passengersFor(offer, 'ada@example.com');
    const payment = await post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: offer.total_currency,
      passengers,
      cardDetails: TEST_CARD,
    });
    expect(payment.status, await payment.clone().text()).toBe(200);
    const { paymentId } = (await payment.json()) as { paymentId: string };
    // A guest's authorisation is usable only by the browser that made it: its checkout cookie.
    const cookie = payment.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const booking = await post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers,
        paymentDetails: { paymentId, amount, currency: offer.total_currency },
      },
      { 'idempotency-key': randomUUID(), cookie },
    );
    expect(booking.status, await booking.clone().text()).toBe(201);
    const { bookingReference } = (await booking.json()) as { bookingReference: string };

    const received = await until(
      'the confirmation to arrive',
      async () =>
        sink.received
          .filter((mail) => mail.to.includes('ada@example.com'))
          .map((mail) => ({ mail, parsed: parseMail(mail.raw) }))
          .find(({ parsed }) =>
            parsed.headers.get('subject')?.startsWith('Contrail booking confirmed'),
          ),
      20_000,
    );
    // A guest booking also sends the address its account mail; the two leave in either order.
    const mail = received.parsed;
    expect(mail.headers.get('from')).toBe('Contrail <bookings@contrail.example>');
    expect(mail.headers.get('reply-to')).toBe('support@contrail.example');
    expect(mail.headers.get('subject')).toBe(`Contrail booking confirmed: ${bookingReference}`);
    // The text and HTML bodies side by side, and the trip's calendar attached.
    expect(mail.contentType).toMatch(/^multipart\/mixed/);
    expect(mail.parts).toEqual(['multipart/alternative', 'text/calendar']);
    expect(mail.attachments).toHaveLength(1);
    const [calendar] = mail.attachments;
    expect(calendar?.filename).toBe(`trip-${bookingReference}.ics`);
    expect(calendar?.contentType).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(calendar?.content).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // One event per flight of the round trip, each named by the booking reference.
    expect(calendar?.content.match(/BEGIN:VEVENT/g)).toHaveLength(
      offer.slices.flatMap((s) => s.segments).length,
    );
    expect(calendar?.content).toContain(bookingReference);

    const manage = `${base}/manage-booking?reference=${bookingReference}&email=ada%40example.com`;
    const total = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: offer.total_currency,
    }).format(Number(amount));
    for (const body of [mail.text ?? '', mail.html ?? '']) {
      expect(body).toContain(bookingReference);
      expect(body).toContain('Ada Lovelace');
      expect(body).toContain('CompanionB Lovelace');
      expect(body).toContain(total);
    }
    expect(mail.text).toContain(manage);
    expect(mail.html).toContain(`href="${manage.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain('All times are local to each airport.');
    expect(mail.text).toContain('Ada Lovelace · Adult');
    // The fare's rules as the offer showed them.
    expect(mail.text).toContain(offer.conditions.refundable ? 'Refundable' : 'Non-refundable');
    expect(mail.text).toContain('Fare conditions');
    expect(mail.text).toContain('Seats: Ada Lovelace at check-in, CompanionB Lovelace at check-in');

    // Recipient and subject may be logged (once the outbox has recorded the sending); the
    // content never is.
    await until(
      'the sending to be logged',
      async () => (output.includes('e-mail sent') ? true : undefined),
      5000,
    );
    expect(output).toContain(`"subject":"Contrail booking confirmed: ${bookingReference}"`);
    expect(output).not.toContain('manage-booking');
    expect(output).not.toContain('Lovelace');
    expect(output).not.toContain('No SMTP_URL');
  });
});
