import { alertListSchema, alertMessages, MAX_ACTIVE_ALERTS } from '@contrail/contracts/alerts';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import { createSandboxSupplier } from '../../providers/flights/sandbox/sandbox-supplier';
import type { MailMessage } from '../email/email.service';

const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const clock = () => now;
const later = (hours: number) => {
  now = new Date(now.getTime() + hours * 60 * 60 * 1000);
};

const sandbox = createSandboxSupplier({
  store: createMemoryStore(),
  clock,
  secret: 'alerts-test-secret-0123456789abcdef',
});
/** What the test takes off every fare (minor units): the "price" it controls. */
let discountMinor = 0;
let searches = 0;
const minus = (amount: string) =>
  fromMinorUnits(toMinorUnits(amount, 'USD') - discountMinor, 'USD');
/** The sandbox airline, its fares lowered by `discountMinor`, asked anew at every search. */
const supplier: FlightSupplier = {
  ...sandbox,
  searchWindowMs: undefined,
  // Its answers are made from its own offers below, never written by the sandbox itself.
  answerSearch: undefined,
  threading: undefined,
  search: async (request) => {
    searches += 1;
    const answer = await sandbox.search(request);
    return {
      ...answer,
      offers: answer.offers.map((offer) => ({
        ...offer,
        base_amount: minus(offer.base_amount),
        total_amount: minus(offer.total_amount),
      })),
    };
  },
};

const trip = (overrides: Record<string, unknown> = {}) => ({
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  tripType: 'round-trip',
  cabinClass: 'economy',
  adultsCount: 1,
  ...overrides,
});

const PASSWORD = 'Blue-Horizon-42';
const sent: MailMessage[] = [];

function setup(env: Record<string, string> = {}) {
  const t = useTestApp(env, {
    clock,
    flightSupplier: supplier,
    mailer: {
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    },
  });
  beforeEach(() => {
    now = START;
    discountMinor = 0;
    searches = 0;
    sent.length = 0;
  });

  /** A signed-in traveller whose account has confirmed its address, unless `confirmed` is false. */
  async function traveller(username: string, confirmed = true): Promise<TestClient> {
    const c = new TestClient(t.app);
    await c.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      firstName: 'T',
      lastName: 'R',
      password: PASSWORD,
    });
    expect((await c.post('/api/auth/login', { username, password: PASSWORD })).statusCode).toBe(
      200,
    );
    if (confirmed) {
      const text = String((await outbox('email_verification')).at(-1)?.text);
      const token = /verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
      expect((await c.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    }
    return c;
  }

  async function outbox(kind: string) {
    return queryRows(
      t.database,
      sql`select recipient, subject, text, headers from email_outbox where kind = ${kind} order by created_at`,
    );
  }

  /** The token of the /price-alert link (`confirm` or `stop`) in the latest e-mail of `kind`. */
  async function tokenIn(kind: string, action: 'confirm' | 'stop'): Promise<string> {
    const rows = await outbox(kind);
    const text = String(rows.at(-1)?.text);
    const match = new RegExp(`https?://[^\\s\\]]*/price-alert\\?${action}=[A-Za-z0-9._%-]+`).exec(
      text,
    );
    if (!match) throw new Error(`no ${action} link in ${text}`);
    return new URL(match[0]).searchParams.get(action) ?? '';
  }

  return { t, traveller, outbox, tokenIn };
}

describe('tracking a trip', () => {
  const { t, traveller, outbox, tokenIn } = setup();

  it('starts a signed-in traveller’s alert at once and lists it as theirs', async () => {
    const c = await traveller('amelia');
    const created = await c.post('/api/alerts', trip());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'active',
      message: alertMessages.tracking,
      alert: { origin: 'LHR', destination: 'JFK', returnDate: '2026-12-27', lastPrice: null },
    });
    const list = alertListSchema.parse((await c.get('/api/alerts')).json());
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]).toMatchObject({ status: 'active', departureDate: '2026-12-20' });
    expect(await outbox('alert_confirmation')).toHaveLength(0);
  });

  it('lists only signed-in travellers’ alerts', async () => {
    const response = await new TestClient(t.app).get('/api/alerts');
    expect(response.statusCode).toBe(401);
  });

  it('refuses a trip that cannot be searched', async () => {
    const c = await traveller('amelia');
    const response = await c.post('/api/alerts', trip({ departureDate: '2026-11-01' }));
    expect(response.statusCode).toBe(422);
    expect(await c.get('/api/alerts').then((r) => r.json<{ alerts: unknown[] }>().alerts)).toEqual(
      [],
    );
  });

  it(`keeps at most ${String(MAX_ACTIVE_ALERTS)} alerts active per account`, async () => {
    const c = await traveller('amelia');
    for (let i = 0; i < MAX_ACTIVE_ALERTS; i += 1) {
      const day = String(10 + i);
      expect(
        (await c.post('/api/alerts', trip({ departureDate: `2026-12-${day}` }))).statusCode,
      ).toBe(201);
    }
    // Creation is also rate limited per client: another address for the last one.
    const over = await c
      .withIp('10.9.9.9')
      .post('/api/alerts', trip({ departureDate: '2026-12-28', returnDate: '2027-01-02' }));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      error: { code: 'alert_limit_reached', message: alertMessages.limitReached },
    });
  });

  it('rate limits creation per client address', async () => {
    const guest = new TestClient(t.app).withIp('10.7.7.7');
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await guest.post('/api/alerts', trip({ email: `g${String(i)}@example.com` }))).statusCode,
      ).toBe(200);
    }
    const limited = await guest.post('/api/alerts', trip({ email: 'g99@example.com' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('asks a guest for an address, then starts the alert only from the e-mailed link', async () => {
    const guest = new TestClient(t.app);
    const missing = await guest.post('/api/alerts', trip());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { code: 'alert_email_required', fields: { email: alertMessages.emailRequired } },
    });

    const created = await guest.post('/api/alerts', trip({ email: 'grace@example.com' }));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      status: 'pending_confirmation',
      message: alertMessages.checkEmail,
    });
    const [mail] = await outbox('alert_confirmation');
    expect(mail).toMatchObject({ recipient: 'grace@example.com' });
    // The token is stored hashed only.
    const token = await tokenIn('alert_confirmation', 'confirm');
    const stored = await queryRows(t.database, sql`select confirm_token_hash from price_alerts`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Not checked before it is confirmed.
    expect((await t.app.jobs.checkPriceAlerts()).checked).toBe(0);

    // The link opens a page whose button confirms (mail scanners open links, never press).
    const confirmed = await guest.post('/api/alerts/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: alertMessages.confirmed });
    const again = await guest.post('/api/alerts/confirm', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: { code: 'alert_link_invalid' } });
    expect((await t.app.jobs.checkPriceAlerts()).checked).toBe(1);
  });

  it('lets a confirmation link lapse after 24 hours', async () => {
    const guest = new TestClient(t.app);
    await guest.post('/api/alerts', trip({ email: 'grace@example.com' }));
    const token = await tokenIn('alert_confirmation', 'confirm');
    later(24.5);
    const response = await guest.post('/api/alerts/confirm', { token });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ error: { message: alertMessages.linkInvalid } });
  });

  it('answers a guest alike whether or not the address has an account', async () => {
    await traveller('amelia');
    const answer = await new TestClient(t.app).post(
      '/api/alerts',
      trip({ email: 'amelia@example.com' }),
    );
    const other = await new TestClient(t.app).post(
      '/api/alerts',
      trip({ email: 'nobody@example.com' }),
    );
    expect(answer.statusCode).toBe(other.statusCode);
    expect(answer.json()).toEqual(other.json());
  });

  it('gives a confirmed guest alert to the account of its address, and to no other', async () => {
    const amelia = await traveller('amelia');
    const bessie = await traveller('bessie');
    const guest = new TestClient(t.app);
    await guest.post('/api/alerts', trip({ email: 'AMELIA@example.com' }));
    // Not before the link proves the address is theirs.
    expect(alertListSchema.parse((await amelia.get('/api/alerts')).json()).alerts).toHaveLength(0);
    const token = await tokenIn('alert_confirmation', 'confirm');
    expect((await guest.post('/api/alerts/confirm', { token })).statusCode).toBe(200);

    const mine = alertListSchema.parse((await amelia.get('/api/alerts')).json()).alerts;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ origin: 'LHR', status: 'active' });
    expect(alertListSchema.parse((await bessie.get('/api/alerts')).json()).alerts).toEqual([]);
    // And it is the account's now: its owner stops it.
    const id = mine[0]?.id ?? '';
    expect((await amelia.request({ method: 'DELETE', url: `/api/alerts/${id}` })).statusCode).toBe(
      204,
    );
  });

  it('gives a confirmed guest alert to no account that has not confirmed the address', async () => {
    // Anyone may register with any address: the alert's routes and dates stay with the link.
    const squatter = await traveller('amelia', false);
    const guest = new TestClient(t.app);
    await guest.post('/api/alerts', trip({ email: 'amelia@example.com' }));
    const token = await tokenIn('alert_confirmation', 'confirm');
    expect((await guest.post('/api/alerts/confirm', { token })).statusCode).toBe(200);
    expect(alertListSchema.parse((await squatter.get('/api/alerts')).json()).alerts).toEqual([]);
    expect(await queryRows(t.database, sql`select user_id, status from price_alerts`)).toEqual([
      { user_id: null, status: 'active' },
    ]);
  });

  it('keeps a confirmed guest alert on its address when the account has its maximum', async () => {
    const amelia = await traveller('amelia');
    for (let i = 1; i < MAX_ACTIVE_ALERTS; i += 1) {
      expect((await amelia.post('/api/alerts', trip())).statusCode).toBe(201);
    }
    const guest = new TestClient(t.app);
    await guest.post('/api/alerts', trip({ email: 'amelia@example.com' }));
    // The account reaches its maximum before the link is followed (an hour on: the rate limit).
    later(1.1);
    expect((await amelia.post('/api/alerts', trip())).statusCode).toBe(201);
    const token = await tokenIn('alert_confirmation', 'confirm');
    expect((await guest.post('/api/alerts/confirm', { token })).statusCode).toBe(200);
    const rows = await queryRows(
      t.database,
      sql`select user_id, status from price_alerts where user_id is null`,
    );
    expect(rows).toEqual([{ user_id: null, status: 'active' }]);
  });

  it('answers 404 for another traveller’s alert and lets only its owner stop it', async () => {
    const amelia = await traveller('amelia');
    const bob = await traveller('bob');
    const { alert } = (await amelia.post('/api/alerts', trip())).json<{ alert: { id: string } }>();

    const foreign = await bob.request({ method: 'DELETE', url: `/api/alerts/${alert.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'alert_not_found' } });
    expect((await bob.get('/api/alerts')).json()).toEqual({ alerts: [] });

    const own = await amelia.request({ method: 'DELETE', url: `/api/alerts/${alert.id}` });
    expect(own.statusCode).toBe(204);
    expect((await amelia.get('/api/alerts')).json()).toEqual({ alerts: [] });
    expect(
      (await amelia.request({ method: 'DELETE', url: `/api/alerts/${alert.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('the price-alert job', () => {
  const { t, traveller, outbox, tokenIn } = setup();

  async function tracked() {
    const c = await traveller('amelia');
    expect((await c.post('/api/alerts', trip())).statusCode).toBe(201);
    return c;
  }

  it('records a baseline first, then e-mails once for each drop below the last price e-mailed', async () => {
    const c = await tracked();
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, emailed: 0 });
    const [first] = alertListSchema.parse((await c.get('/api/alerts')).json()).alerts;
    expect(first?.lastPrice).not.toBeNull();
    const baseline = toMinorUnits(first?.lastPrice?.amount ?? '0', 'USD');

    // Checked again only after 6 hours.
    later(1);
    expect((await t.app.jobs.checkPriceAlerts()).checked).toBe(0);

    later(6);
    discountMinor = 2500;
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, emailed: 1 });
    const [second] = alertListSchema.parse((await c.get('/api/alerts')).json()).alerts;
    const dropped = toMinorUnits(second?.lastPrice?.amount ?? '0', 'USD');
    expect(dropped).toBeLessThan(baseline);

    // The same price again: no e-mail. A rise, then a fall back to it: none either.
    later(7);
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, emailed: 0 });
    later(7);
    discountMinor = 0;
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, emailed: 0 });
    later(7);
    discountMinor = 2500;
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, emailed: 0 });
    // Below the last price e-mailed: a second e-mail.
    later(7);
    discountMinor = 4000;
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, emailed: 1 });

    const mails = await outbox('price_alert');
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ recipient: 'amelia@example.com' });
    expect(String(mails[0]?.subject)).toMatch(/^Price drop: LHR to JFK now /);

    // Delivered with the RFC 8058 headers (with the account's confirmation link).
    expect(await t.app.jobs.deliverEmails()).toBe(3);
    const delivered = sent.find((message) => message.subject.startsWith('Price drop'));
    expect(delivered?.headers).toMatchObject({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(delivered?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=[^>]+>$/,
    );
  });

  it('never e-mails again after a one-click unsubscribe', async () => {
    await tracked();
    await t.app.jobs.checkPriceAlerts();
    later(7);
    discountMinor = 2500;
    expect((await t.app.jobs.checkPriceAlerts()).emailed).toBe(1);
    const [mail] = await outbox('price_alert');
    const header = (mail?.headers as Record<string, string>)['List-Unsubscribe'] ?? '';
    const address = new URL(header.slice(1, -1));
    const link = `${address.pathname}${address.search}`;
    // The e-mail's own link opens the page that posts the same token.
    expect(await tokenIn('price_alert', 'stop')).toBe(address.searchParams.get('token'));

    // A mail client's one-click POST: from its own server, no cookie, a form body.
    const mailClient = new TestClient(t.app);
    const response = await mailClient.request({
      method: 'POST',
      url: link,
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': undefined as unknown as string,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: alertMessages.unsubscribed });
    // Not even the drop e-mail queued just before goes out.
    await t.app.jobs.deliverEmails();
    expect(sent.filter((message) => message.subject.startsWith('Price drop'))).toEqual([]);
    expect(await outbox('price_alert')).toHaveLength(0);

    later(7);
    discountMinor = 9000;
    const searchesBefore = searches;
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 0, emailed: 0 });
    expect(searches).toBe(searchesBefore);
    expect(await outbox('price_alert')).toHaveLength(0);
    // The link keeps answering alike (a mail client may post twice, as multipart this time).
    const again = await mailClient.request({
      method: 'POST',
      url: link,
      payload:
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a forged unsubscribe link', async () => {
    const c = await tracked();
    const [alert] = alertListSchema.parse((await c.get('/api/alerts')).json()).alerts;
    const forged = `/api/alerts/unsubscribe?token=${alert?.id ?? ''}.${'A'.repeat(43)}`;
    expect((await new TestClient(t.app).post(forged)).statusCode).toBe(410);
    expect(alertListSchema.parse((await c.get('/api/alerts')).json()).alerts).toHaveLength(1);
  });

  it('stops checking an alert once its departure date has passed', async () => {
    const c = await tracked();
    now = new Date('2026-12-21T00:30:00Z');
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 0, expired: 1 });
    expect(searches).toBe(0);
    const [alert] = alertListSchema.parse((await c.get('/api/alerts')).json()).alerts;
    expect(alert?.status).toBe('expired');
  });
});

describe('the price-alert job’s hourly budget', () => {
  const { t, traveller } = setup({ ALERT_SEARCHES_PER_HOUR: '2' });

  it('searches at most ALERT_SEARCHES_PER_HOUR times an hour, the rest waiting their turn', async () => {
    const c = await traveller('amelia');
    for (const day of ['2026-12-10', '2026-12-11', '2026-12-12']) {
      expect((await c.post('/api/alerts', trip({ departureDate: day }))).statusCode).toBe(201);
    }
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 2, budgetSpent: true });
    expect(searches).toBe(2);
    later(0.5);
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 0, budgetSpent: true });
    expect(searches).toBe(2);
    later(1);
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, budgetSpent: false });
    expect(searches).toBe(3);
  });

  it('spends none of the budget on a trip a traveller searched a moment ago', async () => {
    const c = await traveller('amelia');
    const days = ['2026-12-10', '2026-12-11', '2026-12-12'];
    for (const day of days) {
      expect((await c.post('/api/alerts', trip({ departureDate: day }))).statusCode).toBe(201);
    }
    // Someone searches the second trip: the job reads that answer instead of asking again.
    const search = await c.post('/api/flights/search', trip({ departureDate: days[1] }));
    expect(search.statusCode).toBe(200);
    expect(searches).toBe(1);
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 3, budgetSpent: false });
    expect(searches).toBe(3);
    const alerts = alertListSchema.parse((await c.get('/api/alerts')).json()).alerts;
    expect(alerts.map((alert) => alert.lastPrice === null)).toEqual([false, false, false]);
  });

  it('leaves an alert the spent budget stopped due, first in line for the next hour', async () => {
    const c = await traveller('amelia');
    for (const day of ['2026-12-10', '2026-12-11', '2026-12-12']) {
      expect((await c.post('/api/alerts', trip({ departureDate: day }))).statusCode).toBe(201);
    }
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 2, budgetSpent: true });
    const unchecked = alertListSchema
      .parse((await c.get('/api/alerts')).json())
      .alerts.filter((alert) => alert.lastCheckedAt === null);
    expect(unchecked.map((alert) => alert.departureDate)).toEqual(['2026-12-12']);
    // An hour on, only it is due (the others were checked): it is checked.
    later(1);
    expect(await t.app.jobs.checkPriceAlerts()).toMatchObject({ checked: 1, budgetSpent: false });
    const alerts = alertListSchema.parse((await c.get('/api/alerts')).json()).alerts;
    expect(alerts.filter((alert) => alert.lastCheckedAt === null)).toEqual([]);
  });
});
