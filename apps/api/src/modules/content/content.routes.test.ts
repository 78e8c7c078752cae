import { enquiryMessages } from '@contrail/contracts/enquiries';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';

const contact = (overrides: Record<string, unknown> = {}) => ({
  kind: 'contact',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 (555) 010-2030',
  reason: 'booking',
  bookingReference: 'abc123',
  message: 'My flight time changed; what are my options?',
  preferredContact: 'phone',
  consent: true,
  ...overrides,
});

const support = (overrides: Record<string, unknown> = {}) => ({
  kind: 'support',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Seat question',
  message: 'Can I change my seat after booking?',
  ...overrides,
});

describe('contact and newsletter submissions', () => {
  const t = useTestApp();
  const client = (ip = '127.0.0.1') =>
    new TestClient(t.app, { brand: 'skyhop.localhost' }).withIp(ip);

  async function count(table: string): Promise<number> {
    const [row] = await queryRows(t.database, sql.raw(`select count(*)::int as n from ${table}`));
    return Number(row?.n);
  }

  it('stores a contact message and answers a reference', async () => {
    const response = await client().post('/api/contact', contact());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: enquiryMessages.contactReceived,
    });
    expect(response.json<{ reference: string }>().reference).toMatch(/^ENQ-[A-Z2-9]{8}$/);
    const rows = await queryRows(t.database, sql`select kind, email, fields from enquiries`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'contact',
      email: 'grace@example.com',
      fields: {
        reason: 'booking',
        bookingReference: 'ABC123',
        consent: true,
        preferredContact: 'phone',
      },
    });
  });

  it('stores a support message', async () => {
    const response = await client().post('/api/contact', support({ bookingReference: 'XY12ZQ' }));
    expect(response.statusCode).toBe(201);
    expect(await count('enquiries')).toBe(1);
  });

  it.each([
    [contact({ firstName: '' }), 'firstName', enquiryMessages.firstNameRequired],
    [contact({ lastName: ' ' }), 'lastName', enquiryMessages.lastNameRequired],
    [contact({ email: 'nope' }), 'email', 'Please enter a valid email address'],
    [contact({ phone: 'call me' }), 'phone', enquiryMessages.phoneInvalid],
    [contact({ reason: 'complaint' }), 'reason', enquiryMessages.reasonRequired],
    [
      contact({ bookingReference: 'AB 12!' }),
      'bookingReference',
      enquiryMessages.bookingReferenceInvalid,
    ],
    [contact({ message: '' }), 'message', enquiryMessages.messageRequired],
    [contact({ message: 'x'.repeat(5001) }), 'message', enquiryMessages.messageTooLong],
    [contact({ consent: false }), 'consent', enquiryMessages.consentRequired],
    [
      contact({ preferredContact: 'phone', phone: '' }),
      'phone',
      enquiryMessages.phoneNeededForCall,
    ],
    [support({ fullName: '' }), 'fullName', enquiryMessages.fullNameRequired],
    [support({ subject: '' }), 'subject', enquiryMessages.subjectRequired],
  ])('refuses an invalid field with its message (%#)', async (body, field, message) => {
    const response = await client().post('/api/contact', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: { [field]: message } } });
    expect(await count('enquiries')).toBe(0);
  });

  it('limits how often one address can send messages', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await client('10.1.1.1').post('/api/contact', support())).statusCode).toBe(201);
    }
    const limited = await client('10.1.1.1').post('/api/contact', support());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: { code: 'rate_limited', message: enquiryMessages.tooManyRequests },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await client('10.2.2.2').post('/api/contact', support())).statusCode).toBe(201);
    expect(await count('enquiries')).toBe(6);
  });

  it('subscribes an address once, however often it is sent', async () => {
    for (const email of ['reader@example.com', 'Reader@Example.com', 'reader@example.com']) {
      const response = await client().post('/api/newsletter', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: enquiryMessages.subscribed });
    }
    expect(await count('newsletter_subscriptions')).toBe(1);
  });

  it('refuses an invalid newsletter address', async () => {
    const response = await client().post('/api/newsletter', { email: 'not an email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { email: 'Please enter a valid email address' } },
    });
  });

  it('limits newsletter sign-ups per address', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await client('10.3.3.3').post('/api/newsletter', { email: `r${i}@example.com` }))
          .statusCode,
      ).toBe(200);
    }
    expect(
      (await client('10.3.3.3').post('/api/newsletter', { email: 'r99@example.com' })).statusCode,
    ).toBe(429);
  });
});

describe('the time a message or a sign-up is kept with', () => {
  // The business clock, as every other record's: an operator's figures and exports (the
  // newsletter's consent dates) follow it, not the database server's own clock.
  const at = new Date('2031-02-03T04:05:06.000Z');
  const t = useTestApp({}, { clock: () => at });

  it('is the app clock for contact messages and newsletter sign-ups', async () => {
    const c = new TestClient(t.app, { brand: 'skyhop.localhost' });
    expect((await c.post('/api/contact', contact())).statusCode).toBe(201);
    expect((await c.post('/api/newsletter', { email: 'reader@example.com' })).statusCode).toBe(200);
    const times = await queryRows(
      t.database,
      sql`select created_at from enquiries union all select created_at from newsletter_subscriptions`,
    );
    expect(times.map((row) => new Date(String(row.created_at)).toISOString())).toEqual([
      at.toISOString(),
      at.toISOString(),
    ]);
  });
});

describe('card numbers pasted into a message', () => {
  const t = useTestApp();

  it('are never kept, with their expiry after them or not; the rest of the message is', async () => {
    const c = new TestClient(t.app, { brand: 'skyhop.localhost' });
    const message = 'Charged twice on 4242 4242 4242 4242 12/27.\nAlso 4000-0566-5566-5556?';
    expect((await c.post('/api/contact', contact({ message }))).statusCode).toBe(201);
    expect(
      (await c.post('/api/contact', support({ subject: 'Card 5555555555554444' }))).statusCode,
    ).toBe(201);
    const rows = await queryRows(t.database, sql`select fields from enquiries`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toMatch(/4242|5556|4444/);
    expect(rows.map((row) => (row.fields as { message?: string }).message)).toContain(
      'Charged twice on [card number removed]/27.\nAlso [card number removed]?',
    );
  });
});
