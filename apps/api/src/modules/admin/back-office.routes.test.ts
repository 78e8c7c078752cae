import { randomUUID } from 'node:crypto';
import {
  adminBookingDetailSchema,
  adminBookingListSchema,
  type AdminBookingDetail,
} from '@contrail/contracts/back-office-bookings';
import { adminEnquiryListSchema, backOfficeMessages } from '@contrail/contracts/back-office';
import { adminMessages } from '@contrail/contracts/admin';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchAll } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, USER_PASSWORD, brandId, createAdmin } from '../../../test/users';
import type { BookingStep } from '../bookings/bookings.service';
import type { RecordKind } from './back-office.service';

const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const clock = () => now;
/** Tests make a booking step "crash" by naming it here. */
let crashAfter: BookingStep | null = null;

const SKYHOP = 'skyhop.localhost';
const key = () => ({ 'idempotency-key': randomUUID() });

describe('back office API', () => {
  const t = useTestApp(
    {},
    {
      clock,
      afterBookingStep: (step) => {
        if (step === crashAfter) throw new Error(`crash after ${step} (simulated)`);
      },
    },
  );

  beforeEach(() => {
    now = START;
    crashAfter = null;
  });

  async function signIn(username: string, password: string, brand?: string) {
    const c = new TestClient(t.app, brand ? { brand } : {});
    const response = await c.post('/api/auth/login', { username, password });
    expect(response.statusCode).toBe(200);
    return c;
  }

  async function admin(stepUp = false): Promise<TestClient> {
    await createAdmin(t.database);
    const c = await signIn('root', ADMIN_PASSWORD);
    if (stepUp) {
      expect((await c.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
    }
    return c;
  }

  async function traveller(username: string, brand?: string): Promise<TestClient> {
    const c = new TestClient(t.app, brand ? { brand } : {});
    const registered = await c.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      firstName: 'T',
      lastName: 'R',
      password: USER_PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    return signIn(username, USER_PASSWORD, brand);
  }

  /** A user of `brand` made brand staff by a platform admin, through the API, signed in. */
  async function staff(brand: string, username = `staff${brand.length}`): Promise<TestClient> {
    await traveller(username, brand);
    const root = await admin(true);
    const granted = await root.post('/api/admin/staff', {
      username,
      brandId: await brandId(t.database, brand),
    });
    expect(granted.statusCode).toBe(201);
    return signIn(username, USER_PASSWORD, brand);
  }

  /** A booking made as a traveller of `brand` would make it; answers its id and reference. */
  async function book(
    brand?: string,
    email = 'ada@example.com',
  ): Promise<{ id: string; bookingReference: string }> {
    const c = new TestClient(t.app, brand ? { brand } : {});
    const offer = (await searchAll(c))[0];
    if (!offer) throw new Error('no offer');
    const response = await payAndBook(c, offer, email);
    expect(response.statusCode).toBe(201);
    // The next booking is a second later: lists newest first have one order.
    now = new Date(now.getTime() + 1000);
    return response.json<{ id: string; bookingReference: string }>();
  }

  const detail = async (c: TestClient, id: string): Promise<AdminBookingDetail> => {
    const response = await c.get(`/api/admin/bookings/${id}`);
    expect(response.statusCode).toBe(200);
    return adminBookingDetailSchema.parse(response.json());
  };

  // Every back-office route, with a record id standing for one that may or may not exist.
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/me'],
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/bookings'],
    ['GET', `/api/admin/bookings/${id}`],
    ['GET', `/api/admin/bookings/${id}/cancel-quote`],
    ['POST', `/api/admin/bookings/${id}/resend-email`],
    ['POST', `/api/admin/bookings/${id}/cancel`],
    ['POST', `/api/admin/bookings/${id}/void`],
    ['POST', `/api/admin/bookings/${id}/reconcile`],
    ['POST', `/api/admin/bookings/${id}/notes`, { body: 'Called the traveller' }],
    ['GET', '/api/admin/enquiries'],
    ['POST', `/api/admin/enquiries/${id}/reply`, { message: 'Hello' }],
    ['GET', '/api/admin/newsletter'],
    ['GET', '/api/admin/newsletter.csv'],
    ['POST', `/api/admin/newsletter/${id}/unsubscribe`],
    ['GET', '/api/admin/outbox'],
    ['POST', `/api/admin/outbox/${id}/resend`],
    ['GET', '/api/admin/audit'],
  ];
  const platformOnly: [string, string, unknown?][] = [
    ['GET', '/api/admin/settings'],
    ['POST', '/api/admin/settings', { enableLiveMode: false }],
    ['GET', '/api/admin/brands'],
    ['GET', '/api/admin/staff'],
    ['POST', '/api/admin/staff', { username: 'someone', brandId: id }],
    ['DELETE', `/api/admin/staff/${id}`],
  ];
  const send = (c: TestClient, method: string, url: string, payload?: unknown) =>
    c.request({ method, url, headers: key(), ...(payload ? { payload } : {}) });

  describe('roles and brand boundaries', () => {
    it.each([...routes, ...platformOnly])('%s %s: 401 signed out', async (method, url, payload) => {
      const response = await send(new TestClient(t.app), method, url, payload);
      expect(response.statusCode).toBe(401);
    });

    it.each([...routes, ...platformOnly])(
      '%s %s: 403 for a traveller, before the body is looked at',
      async (method, url) => {
        const c = await traveller('traveller');
        // A body the route would refuse: the role is checked first, so it is never read.
        const response = await send(c, method, url, method === 'GET' ? undefined : { junk: 1 });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          error: { code: 'forbidden', message: adminMessages.accessDenied },
        });
      },
    );

    it.each(platformOnly)('%s %s: 403 for brand staff', async (method, url) => {
      const c = await staff(SKYHOP);
      const response = await send(c, method, url, method === 'GET' ? undefined : { junk: 1 });
      expect(response.statusCode).toBe(403);
    });

    /** One record of each kind of `brand` (a booking, a message, a subscriber, an e-mail). */
    async function records(brand?: string): Promise<Record<RecordKind, string>> {
      const { id: bookingId } = await book(brand);
      const c = new TestClient(t.app, brand ? { brand } : {});
      expect(
        (
          await c.post('/api/contact', {
            kind: 'support',
            fullName: 'Grace Hopper',
            email: 'grace@example.com',
            subject: 'Seat change',
            message: 'Can I change my seat?',
          })
        ).statusCode,
      ).toBe(201);
      expect((await c.post('/api/newsletter', { email: 'fan@example.com' })).statusCode).toBe(200);
      const brandOf = await brandId(t.database, brand);
      const [enquiry] = await queryRows(
        t.database,
        sql`select id from enquiries where brand_id = ${brandOf} and kind = 'support'`,
      );
      const [subscriber] = await queryRows(
        t.database,
        sql`select id from newsletter_subscriptions where brand_id = ${brandOf}`,
      );
      const [email] = await queryRows(
        t.database,
        sql`select id from email_outbox where related_id = ${bookingId}`,
      );
      return {
        booking: bookingId,
        enquiry: String(enquiry?.id),
        subscriber: String(subscriber?.id),
        email: String(email?.id),
      };
    }

    const kindOf = (url: string): RecordKind =>
      url.includes('/enquiries/')
        ? 'enquiry'
        : url.includes('/newsletter/')
          ? 'subscriber'
          : url.includes('/outbox/')
            ? 'email'
            : 'booking';

    it.each(routes.filter(([, url]) => url.includes(id)))(
      "%s %s: 404 for brand staff on another brand's record, before the body is looked at",
      async (method, url) => {
        const others = await records();
        const c = await staff(SKYHOP);
        expect((await c.post('/api/admin/login', { password: USER_PASSWORD })).statusCode).toBe(
          200,
        );
        const record = others[kindOf(url)];
        const response = await send(
          c,
          method,
          url.replace(id, record),
          method === 'GET' ? undefined : { junk: 1 },
        );
        expect(response.statusCode).toBe(404);
        // The same answer as for a record that does not exist at all.
        const none = await send(
          c,
          method,
          url.replace(id, randomUUID()),
          method === 'GET' ? undefined : { junk: 1 },
        );
        expect(response.json()).toEqual(none.json());
        // And nothing was done to it.
        const audit = await queryRows(t.database, sql`select action from audit_log`);
        expect(audit.filter((row) => String(row.action).startsWith('staff.'))).toEqual(audit);
      },
    );

    it.each(routes)(
      "%s %s: answered for brand staff on their own brand's records",
      async (method, url, payload) => {
        const own = await records(SKYHOP);
        const c = await staff(SKYHOP);
        expect((await c.post('/api/admin/login', { password: USER_PASSWORD })).statusCode).toBe(
          200,
        );
        const response = await send(c, method, url.replace(id, own[kindOf(url)]), payload);
        // Answered: done, or refused for what the record is (409: e.g. no hold to release).
        expect([200, 409]).toContain(response.statusCode);
      },
    );

    it.each([
      '/api/admin/bookings',
      '/api/admin/enquiries',
      '/api/admin/newsletter',
      '/api/admin/newsletter.csv',
      '/api/admin/outbox',
      '/api/admin/audit',
    ])("%s: 403 for brand staff asking for another brand's list", async (url) => {
      const c = await staff(SKYHOP);
      const other = await brandId(t.database);
      const response = await c.get(`${url}?brand=${other}`);
      expect(response.statusCode).toBe(403);
      expect((await c.get(`${url}?brand=${await brandId(t.database, SKYHOP)}`)).statusCode).toBe(
        200,
      );
    });

    it.each(routes)('%s %s: answered for a platform admin', async (method, url, payload) => {
      const c = await admin(true);
      const response = await send(c, method, url, payload);
      // The stand-in id names no record: 404; everything else is answered.
      if (url.includes(id)) expect(response.statusCode).toBe(404);
      else expect(response.statusCode).toBe(200);
    });

    it("is staff only on the brand's own host: the same user elsewhere has no session, and a revoked one is refused", async () => {
      const c = await staff(SKYHOP, 'skystaff');
      expect((await c.get('/api/admin/me')).json()).toMatchObject({
        role: 'brand_staff',
        username: 'skystaff',
        brands: [{ domain: SKYHOP }],
      });
      const root = await admin(true);
      const { staff: members } = (await root.get('/api/admin/staff')).json<{
        staff: { userId: string; username: string }[];
      }>();
      const member = members.find((m) => m.username === 'skystaff');
      expect(member).toBeDefined();
      expect(
        (await root.request({ method: 'DELETE', url: `/api/admin/staff/${member?.userId ?? ''}` }))
          .statusCode,
      ).toBe(204);
      expect((await c.get('/api/admin/bookings')).statusCode).toBe(403);
    });

    it('tells the site who may open the back office (for its link): admins and staff, not travellers', async () => {
      const backOfficeOf = async (c: TestClient) =>
        (await c.get('/api/auth/user')).json<{ backOffice: boolean }>().backOffice;
      const plain = await traveller('plain', SKYHOP);
      expect(await backOfficeOf(plain)).toBe(false);
      const c = await staff(SKYHOP, 'linked');
      expect(await backOfficeOf(c)).toBe(true);
      const root = await admin(true);
      expect(await backOfficeOf(root)).toBe(true);
      const login = await new TestClient(t.app, { brand: SKYHOP }).post('/api/auth/login', {
        username: 'linked',
        password: USER_PASSWORD,
      });
      expect(login.json()).toMatchObject({ backOffice: true });
      const { staff: members } = (await root.get('/api/admin/staff')).json<{
        staff: { userId: string; username: string }[];
      }>();
      const member = members.find((m) => m.username === 'linked');
      await root.request({ method: 'DELETE', url: `/api/admin/staff/${member?.userId ?? ''}` });
      expect(await backOfficeOf(c)).toBe(false);
    });

    it("shows staff their brand's bookings only, and refuses a filter on another brand", async () => {
      const own = await book(SKYHOP);
      const other = await book();
      const c = await staff(SKYHOP);
      const list = adminBookingListSchema.parse((await c.get('/api/admin/bookings')).json());
      expect(list.items.map((b) => b.id)).toEqual([own.id]);
      expect(list.items.map((b) => b.id)).not.toContain(other.id);
      const defaultBrand = await brandId(t.database);
      expect((await c.get(`/api/admin/bookings?brand=${defaultBrand}`)).statusCode).toBe(403);
      expect((await c.get(`/api/admin/bookings/${other.id}`)).statusCode).toBe(404);
      // The same 404 as a booking that does not exist at all.
      expect((await c.get(`/api/admin/bookings/${other.id}`)).json()).toEqual(
        (await c.get(`/api/admin/bookings/${randomUUID()}`)).json(),
      );
    });

    it('grants the role only after the password is confirmed, and only to a user of that brand', async () => {
      await traveller('newstaff', SKYHOP);
      const root = await admin();
      const skyhop = await brandId(t.database, SKYHOP);
      const unconfirmed = await root.post('/api/admin/staff', {
        username: 'newstaff',
        brandId: skyhop,
      });
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json()).toMatchObject({ error: { code: 'step_up_required' } });
      await root.post('/api/admin/login', { password: ADMIN_PASSWORD });
      const wrongBrand = await root.post('/api/admin/staff', {
        username: 'newstaff',
        brandId: await brandId(t.database),
      });
      expect(wrongBrand.statusCode).toBe(404);
      expect(wrongBrand.json()).toMatchObject({
        error: { message: backOfficeMessages.staffUserNotFound },
      });
      const granted = await root.post('/api/admin/staff', {
        username: 'newstaff',
        brandId: skyhop,
      });
      expect(granted.statusCode).toBe(201);
      expect(granted.json()).toMatchObject({ username: 'newstaff', brand: { domain: SKYHOP } });
      const audit = await queryRows(
        t.database,
        sql`select actor_username, action, brand_id, after from audit_log where action = 'staff.granted'`,
      );
      expect(audit).toEqual([
        {
          actor_username: 'root',
          action: 'staff.granted',
          brand_id: skyhop,
          after: { role: 'brand_staff', username: 'newstaff' },
        },
      ]);
    });
  });

  describe('bookings', () => {
    it('finds a booking by reference, id, e-mail and passenger name, server-side', async () => {
      const first = await book(undefined, 'grace@example.com');
      const second = await book(undefined, 'alan@example.com');
      const c = await admin();
      const ids = async (query: string) =>
        adminBookingListSchema
          .parse((await c.get(`/api/admin/bookings?${query}`)).json())
          .items.map((b) => b.id);
      expect(await ids(`q=${first.bookingReference.toLowerCase()}`)).toEqual([first.id]);
      expect(await ids(`q=${second.id}`)).toEqual([second.id]);
      expect(await ids('q=GRACE@example')).toEqual([first.id]);
      expect(await ids('q=lovelace')).toEqual([second.id, first.id]);
      expect(await ids('q=ada%20love')).toEqual([second.id, first.id]);
      expect(await ids('q=nobody')).toEqual([]);
      // A LIKE wildcard is a character like any other.
      expect(await ids('q=%25')).toEqual([]);
    });

    it('filters by brand, status, payment state and dates, sorts and pages', async () => {
      const a = await book();
      const b = await book(SKYHOP);
      const c = await book();
      const client = await admin();
      const list = async (query: string) =>
        adminBookingListSchema.parse((await client.get(`/api/admin/bookings?${query}`)).json());
      expect((await list('')).items.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
      expect((await list('dir=asc')).items.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
      const skyhop = await brandId(t.database, SKYHOP);
      expect((await list(`brand=${skyhop}`)).items.map((x) => x.id)).toEqual([b.id]);
      expect((await list('status=confirmed&payment=captured')).total).toBe(3);
      expect((await list('payment=held')).total).toBe(0);
      expect((await list('bookedFrom=2026-11-22&bookedTo=2026-11-22')).total).toBe(3);
      expect((await list('bookedFrom=2026-11-23')).total).toBe(0);
      expect((await list('travelFrom=2026-12-20&travelTo=2026-12-20')).total).toBe(3);
      expect((await list('travelFrom=2026-12-21')).total).toBe(0);
      const page2 = await list('pageSize=2&page=2');
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.items.map((x) => x.id)).toEqual([a.id]);
      expect((await client.get('/api/admin/bookings?status=lost')).statusCode).toBe(400);
      expect((await client.get('/api/admin/bookings?pageSize=500')).statusCode).toBe(400);
      for (const date of ['0000-00-00', '2026-02-30', '2026-13-01']) {
        expect((await client.get(`/api/admin/bookings?bookedTo=${date}`)).statusCode).toBe(400);
      }
    });

    it('shows passengers, itinerary, money, payment, the timeline and the e-mails of a booking', async () => {
      const { id, bookingReference } = await book();
      await t.app.jobs.deliverEmails();
      const booking = await detail(await admin(), id);
      expect(booking).toMatchObject({
        bookingReference,
        status: 'confirmed',
        paymentState: 'captured',
        provider: { flights: 'sandbox' },
        payment: { processor: 'sandbox', authorizationStatus: 'used', card: { last4: '4242' } },
        failure: null,
        actions: { resendEmail: true, cancel: true, voidHold: false, reconcile: false },
      });
      expect(booking.passengers[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
      expect(booking.itinerary).toHaveLength(2);
      expect(booking.itinerary[0]).toMatchObject({ origin: 'LHR', destination: 'JFK' });
      const sell = Number(booking.money.sell.amount);
      const cost = Number(booking.money.providerCost?.amount);
      expect(cost).toBeGreaterThan(0);
      expect(Number(booking.money.margin?.amount)).toBeCloseTo(sell - cost, 2);
      expect(booking.timeline.map((e) => e.status)).toEqual([
        'pending',
        'ordering',
        'capturing',
        'confirmed',
      ]);
      expect(booking.emails).toMatchObject([
        { kind: 'booking_confirmation', status: 'sent', attempts: 0 },
      ]);
      // No card number, no passport, no password in the answer.
      const raw = JSON.stringify(booking);
      expect(raw).not.toMatch(/4242 4242|4242424242424242|P1234567|passwordHash|argon2/);
    });

    it('resends the confirmation once per Idempotency-Key and records who did it', async () => {
      const { id } = await book();
      const c = await admin();
      const headers = key();
      const first = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/resend-email`,
        headers,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ done: true });
      const again = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/resend-email`,
        headers,
      });
      expect(again.json()).toMatchObject({ done: false });
      const mails = await queryRows(
        t.database,
        sql`select kind from email_outbox where related_id = ${id}`,
      );
      expect(mails).toEqual([{ kind: 'booking_confirmation' }, { kind: 'booking_confirmation' }]);
      const audit = await queryRows(
        t.database,
        sql`select actor_username, action, target_id, before, after from audit_log where action = 'booking.email_resent'`,
      );
      expect(audit).toEqual([
        {
          actor_username: 'root',
          action: 'booking.email_resent',
          target_id: id,
          before: { status: 'confirmed', paymentState: 'captured', refund: null },
          after: {
            status: 'confirmed',
            paymentState: 'captured',
            refund: null,
            recipient: 'ada@example.com',
          },
        },
      ]);
      expect((await c.post(`/api/admin/bookings/${id}/resend-email`)).statusCode).toBe(400);
    });

    it('does a resend and a note once when two requests with the same key race', async () => {
      const { id } = await book();
      const c = await admin();
      const headers = key();
      const twice = (url: string, payload?: unknown) =>
        Promise.all(
          [0, 1].map(() =>
            c.request({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
          ),
        );
      const resent = await twice(`/api/admin/bookings/${id}/resend-email`);
      expect(resent.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(resent.map((r) => r.json<{ done: boolean }>().done).sort()).toEqual([false, true]);
      const noted = await twice(`/api/admin/bookings/${id}/notes`, { body: 'Called back' });
      expect(noted.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(noted.map((r) => r.json<{ done: boolean }>().done).sort()).toEqual([false, true]);
      const mails = await queryRows(
        t.database,
        sql`select kind from email_outbox where related_id = ${id}`,
      );
      // The confirmation sent at booking, and one resend.
      expect(mails).toHaveLength(2);
      expect((await detail(c, id)).notes).toHaveLength(1);
      const audit = await queryRows(
        t.database,
        sql`select action from audit_log where target_id = ${id} order by action`,
      );
      expect(audit).toEqual([{ action: 'booking.email_resent' }, { action: 'booking.note_added' }]);
    });

    it('cancels with the refund the traveller would be quoted, after the password is confirmed', async () => {
      const { id } = await book(SKYHOP);
      const c = await staff(SKYHOP);
      const quote = await c.get(`/api/admin/bookings/${id}/cancel-quote`);
      expect(quote.statusCode).toBe(200);
      const { refund, id: quoteId } = quote.json<{
        id: string;
        refund: { amount: string; currency: string };
      }>();

      const unconfirmed = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/cancel`,
        headers: key(),
      });
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json()).toMatchObject({ error: { code: 'step_up_required' } });

      expect((await c.post('/api/admin/login', { password: USER_PASSWORD })).statusCode).toBe(200);
      const headers = key();
      // The quote staff were shown is the one the airline confirms.
      const cancelled = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/cancel`,
        headers,
        payload: { quoteId },
      });
      expect(cancelled.statusCode).toBe(200);
      const { booking } = cancelled.json<{ booking: AdminBookingDetail }>();
      expect(booking).toMatchObject({
        status: 'cancelled',
        money: { refund: refund },
        actions: { cancel: false },
      });
      expect(booking.paymentState).toBe(Number(refund.amount) > 0 ? 'refunded' : 'captured');
      expect(booking.timeline.map((e) => e.status).slice(-2)).toEqual(['cancelling', 'cancelled']);
      const again = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/cancel`,
        headers,
      });
      expect(again.json()).toMatchObject({ done: false, booking: { status: 'cancelled' } });
      const other = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/cancel`,
        headers: key(),
      });
      expect(other.statusCode).toBe(409);
      // The totals kept per brand and state follow the change.
      const total = async (query: string) =>
        adminBookingListSchema.parse((await c.get(`/api/admin/bookings?${query}`)).json()).total;
      expect([
        await total(''),
        await total('status=cancelled'),
        await total('status=confirmed'),
      ]).toEqual([1, 1, 0]);
      const audit = await queryRows(
        t.database,
        sql`select action, before, after from audit_log where action = 'booking.cancelled'`,
      );
      expect(audit).toMatchObject([
        {
          action: 'booking.cancelled',
          before: { status: 'confirmed' },
          after: { status: 'cancelled', refundIssued: refund },
        },
      ]);
      const mails = await queryRows(
        t.database,
        sql`select kind from email_outbox where related_id = ${id} order by created_at`,
      );
      expect(mails.map((m) => m.kind)).toContain('booking_cancellation');
    });

    it('cancels once when two requests with the same key race: the airline and the card are asked once', async () => {
      const { id } = await book(SKYHOP);
      const c = await staff(SKYHOP);
      expect((await c.post('/api/admin/login', { password: USER_PASSWORD })).statusCode).toBe(200);
      const headers = key();
      const raced = await Promise.all(
        [0, 1].map(() =>
          c.request({ method: 'POST', url: `/api/admin/bookings/${id}/cancel`, headers }),
        ),
      );
      // Both answered; one did it, the other found the key taken (not a 409 from cancelling twice).
      expect(raced.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(raced.map((r) => r.json<{ done: boolean }>().done).sort()).toEqual([false, true]);
      const events = await queryRows(
        t.database,
        sql`select status from booking_events where booking_id = ${id} and status in ('cancelling', 'cancelled')`,
      );
      expect(events.map((e) => e.status)).toEqual(['cancelling', 'cancelled']);
      const audit = await queryRows(
        t.database,
        sql`select after from audit_log where action = 'booking.cancelled' and target_id = ${id}`,
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]?.after).toMatchObject({ status: 'cancelled' });
      expect(audit[0]?.after).not.toHaveProperty('pending');
    });

    it('gives the key back when the action fails, so the same key may try again', async () => {
      const { id } = await book();
      const c = await admin();
      const headers = key();
      // A confirmed booking has no hold to release: refused, and nothing claimed under the key.
      const refused = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/void`,
        headers,
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      const audit = await queryRows(
        t.database,
        sql`select action from audit_log where target_id = ${id}`,
      );
      expect(audit).toEqual([]);
    });

    it('releases a hold left open on a failed booking, once', async () => {
      crashAfter = 'claimed';
      const c = new TestClient(t.app);
      const offer = (await searchAll(c))[0];
      if (!offer) throw new Error('no offer');
      expect((await payAndBook(c, offer)).statusCode).toBe(500);
      crashAfter = null;
      // As after a rollback that could not reach the processor: failed, the hold still open.
      await t.database.db.execute(
        sql`update bookings set status = 'failed', failure_code = 'booking_interrupted', failure_message = 'interrupted'`,
      );
      const [row] = await queryRows(t.database, sql`select id, provider_payment_id from bookings`);
      const bookingId = String(row?.id);
      const root = await admin();
      const before = await detail(root, bookingId);
      expect(before).toMatchObject({ paymentState: 'held', actions: { voidHold: true } });
      const list = adminBookingListSchema.parse(
        (await root.get('/api/admin/bookings?payment=held')).json(),
      );
      expect(list.items.map((b) => b.id)).toEqual([bookingId]);

      const voided = await root.request({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/void`,
        headers: key(),
      });
      expect(voided.statusCode).toBe(200);
      expect(voided.json()).toMatchObject({
        done: true,
        booking: { paymentState: 'released', actions: { voidHold: false } },
      });
      const intent = await queryRows(
        t.database,
        sql`select status from sandbox_payment_intents where id = ${String(row?.provider_payment_id)}`,
      );
      expect(intent).toEqual([{ status: 'canceled' }]);
      const twice = await root.request({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/void`,
        headers: key(),
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ error: { code: 'no_open_hold' } });
    });

    it('runs the reconciler for one booking once it is no longer being worked on', async () => {
      crashAfter = 'ordered';
      const c = new TestClient(t.app);
      const offer = (await searchAll(c))[0];
      if (!offer) throw new Error('no offer');
      expect((await payAndBook(c, offer)).statusCode).toBe(500);
      crashAfter = null;
      const [row] = await queryRows(t.database, sql`select id, status from bookings`);
      expect(row?.status).toBe('capturing');
      const bookingId = String(row?.id);
      const root = await admin();
      const tooSoon = await root.request({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/reconcile`,
        headers: key(),
      });
      expect(tooSoon.statusCode).toBe(409);
      expect(tooSoon.json()).toMatchObject({ error: { code: 'reconcile_too_soon' } });
      now = new Date(START.getTime() + 3 * 60_000);
      const settled = await root.request({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/reconcile`,
        headers: key(),
      });
      expect(settled.statusCode).toBe(200);
      expect(settled.json()).toMatchObject({
        done: true,
        booking: { status: 'confirmed', paymentState: 'captured' },
      });
      const nothing = await root.request({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/reconcile`,
        headers: key(),
      });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json()).toMatchObject({ error: { code: 'not_reconcilable' } });
    });

    it('keeps notes by staff with their author, once per key', async () => {
      const { id } = await book(SKYHOP);
      const c = await staff(SKYHOP, 'noter');
      const headers = key();
      const note = () =>
        c.request({
          method: 'POST',
          url: `/api/admin/bookings/${id}/notes`,
          headers,
          payload: { body: 'Traveller called:\nwants an aisle seat' },
        });
      expect((await note()).json()).toMatchObject({ done: true });
      const again = await note();
      expect(again.json()).toMatchObject({ done: false });
      expect((await detail(c, id)).notes).toMatchObject([
        { author: 'noter', body: 'Traveller called:\nwants an aisle seat' },
      ]);
      const blank = await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${id}/notes`,
        headers: key(),
        payload: { body: '  ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({
        error: { fields: { body: backOfficeMessages.noteRequired } },
      });
    });
  });

  describe('inbox, newsletter, outbox and audit', () => {
    async function enquire(brand: string | undefined, email: string) {
      const c = new TestClient(t.app, brand ? { brand } : {});
      const response = await c.post('/api/contact', {
        kind: 'support',
        fullName: 'Grace Hopper',
        email,
        bookingReference: 'ABC123',
        subject: 'Seat change',
        message: 'Can I change my seat?',
      });
      expect(response.statusCode).toBe(201);
    }

    it('lists messages per brand and sends a reply by e-mail through the outbox', async () => {
      await enquire(SKYHOP, 'grace@example.com');
      await enquire(undefined, 'other@example.com');
      const c = await staff(SKYHOP);
      const list = (await c.get('/api/admin/enquiries?status=open')).json<{
        items: { id: string; email: string; status: string; subject: string }[];
        total: number;
      }>();
      expect(list.total).toBe(1);
      expect(list.items[0]).toMatchObject({
        email: 'grace@example.com',
        status: 'open',
        subject: 'Seat change',
      });
      const enquiryId = list.items[0]?.id ?? '';
      const reply = await c.request({
        method: 'POST',
        url: `/api/admin/enquiries/${enquiryId}/reply`,
        headers: key(),
        payload: { message: 'Yes: pick it in My Trips.' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({
        status: 'answered',
        replies: [{ body: 'Yes: pick it in My Trips.' }],
      });
      const mail = await queryRows(
        t.database,
        sql`select recipient, kind, subject, text from email_outbox where kind = 'enquiry_reply'`,
      );
      expect(mail).toMatchObject([{ recipient: 'grace@example.com', kind: 'enquiry_reply' }]);
      expect(String(mail[0]?.subject)).toMatch(/^Re: ENQ-[A-Z0-9]{8}: Seat change$/);
      expect(String(mail[0]?.text)).toContain('Yes: pick it in My Trips.');
      expect((await c.get('/api/admin/enquiries?status=open')).json()).toMatchObject({ total: 0 });
    });

    it('replies once per Idempotency-Key and writes who replied, before and after, to the audit log', async () => {
      await enquire(SKYHOP, 'grace@example.com');
      const c = await staff(SKYHOP, 'replier');
      const list = (await c.get('/api/admin/enquiries')).json<{ items: { id: string }[] }>();
      const enquiryId = list.items[0]?.id ?? '';
      const headers = key();
      const reply = () =>
        c.request({
          method: 'POST',
          url: `/api/admin/enquiries/${enquiryId}/reply`,
          headers,
          payload: { message: 'Done.' },
        });
      expect((await reply()).statusCode).toBe(200);
      expect((await reply()).json()).toMatchObject({ status: 'answered', replies: [{}] });
      const mails = await queryRows(
        t.database,
        sql`select id from email_outbox where kind = 'enquiry_reply'`,
      );
      expect(mails).toHaveLength(1);
      const audit = await queryRows(
        t.database,
        sql`select actor_username, action, target_id, before, after from audit_log where action = 'enquiry.replied'`,
      );
      expect(audit).toEqual([
        {
          actor_username: 'replier',
          action: 'enquiry.replied',
          target_id: enquiryId,
          before: { status: 'open' },
          after: { status: 'answered', reply: 'Done.' },
        },
      ]);
      const blank = await c.request({
        method: 'POST',
        url: `/api/admin/enquiries/${enquiryId}/reply`,
        headers: key(),
        payload: { message: ' ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({
        error: { fields: { message: backOfficeMessages.replyRequired } },
      });
    });

    it("keeps each retrieve-booking look-up, found or not, in its brand's inbox, and replies to one by e-mail", async () => {
      const { id: bookingId, bookingReference } = await book(SKYHOP);
      const guest = new TestClient(t.app, { brand: SKYHOP });
      const lookup = (reference: string, email: string) =>
        guest.get(
          `/api/bookings/lookup?reference=${encodeURIComponent(reference)}&email=${encodeURIComponent(email)}`,
        );
      expect((await lookup(bookingReference, 'ADA@example.com')).statusCode).toBe(200);
      now = new Date(now.getTime() + 1000);
      expect((await lookup('ZZZZZZ', 'eve@example.com')).statusCode).toBe(404);
      now = new Date(now.getTime() + 1000);
      // A card number typed into the wrong box, and an address no e-mail can go to.
      expect((await lookup('4242 4242 4242 4242', 'my card 4000-0566-5566-5556')).statusCode).toBe(
        404,
      );
      now = new Date(now.getTime() + 1000);
      // Another brand's look-up is not this brand's business.
      expect(
        (
          await new TestClient(t.app).get(
            '/api/bookings/lookup?reference=QQQQQQ&email=q@example.com',
          )
        ).statusCode,
      ).toBe(404);
      // A HEAD (a link checker) is no look-up: nothing is kept of it.
      const head = await guest.request({
        method: 'HEAD',
        url: `/api/bookings/lookup?reference=${bookingReference}&email=ada%40example.com`,
      });
      expect(head.statusCode).toBeGreaterThanOrEqual(400);
      await enquire(SKYHOP, 'grace@example.com');

      const c = await staff(SKYHOP);
      const all = adminEnquiryListSchema.parse((await c.get('/api/admin/enquiries')).json());
      expect(all.items.map((e) => e.kind)).toEqual(['support', 'lookup', 'lookup', 'lookup']);
      // Only the look-ups that found nothing wait for someone: one that found the booking was
      // answered by it.
      const lookups = adminEnquiryListSchema.parse(
        (await c.get('/api/admin/enquiries?kind=lookup&status=open')).json(),
      );
      expect(lookups.total).toBe(2);
      const [card, missing] = lookups.items;
      const answered = adminEnquiryListSchema.parse(
        (await c.get('/api/admin/enquiries?kind=lookup&status=answered')).json(),
      );
      const [found] = answered.items;
      expect(answered.total).toBe(1);
      expect(found).toMatchObject({
        kind: 'lookup',
        status: 'answered',
        email: 'ADA@example.com',
        bookingReference: bookingReference,
        subject: 'Find my booking',
        lookup: { found: true, bookingId },
        canReply: true,
        brand: { domain: SKYHOP },
      });
      expect(found?.reference).toMatch(/^LKP-[A-Z0-9]{8}$/);
      expect(missing).toMatchObject({
        email: 'eve@example.com',
        bookingReference: 'ZZZZZZ',
        lookup: { found: false, bookingId: null },
      });
      expect(card).toMatchObject({
        bookingReference: '[card number removed]',
        email: 'my card [card number removed]',
        canReply: false,
      });
      const stored = JSON.stringify(await queryRows(t.database, sql`select * from enquiries`));
      // No run of the card numbers' digits, in any grouping (ids are random: a 4-digit run of one
      // is no card).
      expect(stored.replace(/[\s-]/g, '')).not.toMatch(/42424242|40000566|55665556/);
      expect((await c.get('/api/admin/enquiries?kind=letter')).statusCode).toBe(400);

      const reply = await c.request({
        method: 'POST',
        url: `/api/admin/enquiries/${missing?.id ?? ''}/reply`,
        headers: key(),
        payload: { message: 'Your booking is under ZZZZZY: a letter was mistyped.' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ status: 'answered', kind: 'lookup' });
      const mail = await queryRows(
        t.database,
        sql`select recipient, subject, text from email_outbox where kind = 'enquiry_reply'`,
      );
      expect(mail).toMatchObject([
        { recipient: 'eve@example.com', subject: 'Re: your booking search ZZZZZZ' },
      ]);
      expect(String(mail[0]?.text)).toContain('a letter was mistyped');
      expect(String(mail[0]?.text)).toContain('Booking reference: ZZZZZZ');
      const noAddress = await c.request({
        method: 'POST',
        url: `/api/admin/enquiries/${card?.id ?? ''}/reply`,
        headers: key(),
        payload: { message: 'Hello' },
      });
      expect(noAddress.statusCode).toBe(409);
      expect(noAddress.json()).toMatchObject({
        error: { code: 'no_reply_address', message: backOfficeMessages.noReplyAddress },
      });
      // The platform admin sees both brands' look-ups.
      const root = await admin();
      expect(
        adminEnquiryListSchema.parse((await root.get('/api/admin/enquiries?kind=lookup')).json())
          .total,
      ).toBe(4);
    });

    it('records a look-up only once it is let through the rate limit', async () => {
      const guest = new TestClient(t.app).withIp('10.9.9.8');
      for (let i = 0; i < 12; i += 1) {
        await guest.get(`/api/bookings/lookup?reference=AAA${i}AA&email=x@example.com`);
      }
      const [row] = await queryRows(
        t.database,
        sql`select count(*)::int as n from enquiries where kind = 'lookup'`,
      );
      expect(row?.n).toBe(10);
    });

    it('lists subscribers per brand, exports them with their consent date and unsubscribes', async () => {
      await new TestClient(t.app, { brand: SKYHOP }).post('/api/newsletter', {
        email: 'fan@example.com',
      });
      // An address no form would take, written straight to the table: a formula for a spreadsheet.
      await t.database.db.execute(
        sql`insert into newsletter_subscriptions (brand_id, email) values (${await brandId(t.database)}, '=cmd@example.com')`,
      );
      const c = await staff(SKYHOP);
      const csv = await c.get('/api/admin/newsletter.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^"fan@example.com","skyhop.localhost","\d{4}-\d{2}-\d{2}T[^"]+",""$/,
      );
      const root = await admin();
      // A formula at the start of a field is defused for spreadsheets.
      expect((await root.get('/api/admin/newsletter.csv')).body).toContain(`"'=cmd@example.com"`);
      const list = (await c.get('/api/admin/newsletter')).json<{ items: { id: string }[] }>();
      const subscriber = list.items[0]?.id ?? '';
      const done = await c.post(`/api/admin/newsletter/${subscriber}/unsubscribe`);
      const unsubscribed = done.json<{ email: string; unsubscribedAt: string | null }>();
      expect(unsubscribed.email).toBe('fan@example.com');
      expect(unsubscribed.unsubscribedAt).toBe(now.toISOString());
      expect(
        (await c.get('/api/admin/newsletter?status=subscribed')).json<{ total: number }>().total,
      ).toBe(0);
      // Once: a second click answers the same, and writes nothing again.
      expect((await c.post(`/api/admin/newsletter/${subscriber}/unsubscribe`)).json()).toEqual(
        unsubscribed,
      );
      const audit = await queryRows(
        t.database,
        sql`select action, before, after from audit_log where action = 'newsletter.unsubscribed'`,
      );
      expect(audit).toEqual([
        {
          action: 'newsletter.unsubscribed',
          before: { email: 'fan@example.com', unsubscribedAt: null },
          after: { email: 'fan@example.com', unsubscribedAt: now.toISOString() },
        },
      ]);
    });

    it('shows the outbox with attempts and last error, and queues a failed message again', async () => {
      const { id } = await book(SKYHOP);
      await t.database.db.execute(
        sql`update email_outbox set attempts = 8, last_error = 'connection refused' where related_id = ${id}`,
      );
      const c = await staff(SKYHOP);
      // Everything else queued so far (account e-mails) went out already.
      await t.database.db.execute(
        sql`update email_outbox set sent_at = now() where related_id is distinct from ${id}`,
      );
      const failed = (await c.get('/api/admin/outbox?status=failed')).json<{
        items: { id: string; attempts: number; lastError: string; status: string }[];
      }>();
      expect(failed.items).toMatchObject([
        { attempts: 8, lastError: 'connection refused', status: 'failed' },
      ]);
      const emailId = failed.items[0]?.id ?? '';
      const resent = await c.post(`/api/admin/outbox/${emailId}/resend`);
      expect(resent.json()).toMatchObject({ status: 'queued', attempts: 0 });
      expect((await c.post(`/api/admin/outbox/${emailId}/resend`)).statusCode).toBe(200);
      expect(await t.app.jobs.deliverEmails()).toBe(1);
      expect((await c.post(`/api/admin/outbox/${emailId}/resend`)).statusCode).toBe(409);
      const audit = await queryRows(
        t.database,
        sql`select action from audit_log where action = 'email.requeued'`,
      );
      expect(audit).toHaveLength(1);
    });

    it("shows staff their brand's audit entries only", async () => {
      const own = await book(SKYHOP);
      const other = await book();
      const root = await admin(true);
      await root.request({
        method: 'POST',
        url: `/api/admin/bookings/${other.id}/resend-email`,
        headers: key(),
      });
      const c = await staff(SKYHOP);
      await c.request({
        method: 'POST',
        url: `/api/admin/bookings/${own.id}/resend-email`,
        headers: key(),
      });
      const entries = (await c.get('/api/admin/audit')).json<{
        items: { action: string; targetId: string | null }[];
      }>();
      expect(entries.items.map((e) => e.targetId)).not.toContain(other.id);
      expect(entries.items.map((e) => [e.action, e.targetId])).toContainEqual([
        'booking.email_resent',
        own.id,
      ]);
      const all = (await root.get('/api/admin/audit')).json<{ items: { targetId: string }[] }>();
      expect(all.items.map((e) => e.targetId)).toContain(other.id);
    });

    it('sums bookings, sell and margin per brand and in total, with failed bookings and open holds', async () => {
      await book();
      await book(SKYHOP);
      const root = await admin();
      const dashboard = (await root.get('/api/admin/dashboard')).json<{
        total: {
          today: {
            bookings: number;
            revenue: { currency: string; sell: string; margin: string }[];
          };
          daily: { date: string; bookings: number }[];
          failed: number;
          openHolds: number;
        };
        brands: { brand: { domain: string }; figures: { today: { bookings: number } } }[];
      }>();
      expect(dashboard.total.today.bookings).toBe(2);
      expect(dashboard.total.daily).toHaveLength(30);
      expect(dashboard.total.daily.at(-1)).toEqual({ date: '2026-11-22', bookings: 2 });
      expect(dashboard.total.failed).toBe(0);
      expect(Number(dashboard.total.today.revenue[0]?.margin)).toBeGreaterThan(0);
      expect(
        dashboard.brands.map((b) => [b.brand.domain, b.figures.today.bookings]).sort(),
      ).toEqual([
        ['default', 1],
        [SKYHOP, 1],
      ]);
      // Failed bookings are counted by when they were made, as the list the count links to
      // filters them: one made 30 days ago counts, one made 31 days ago does not.
      const recent = await book();
      const old = await book();
      await queryRows(
        t.database,
        sql`update bookings set status = 'failed', created_at = case id
          when ${recent.id} then timestamptz '2026-10-24T12:00:00Z'
          else timestamptz '2026-10-23T12:00:00Z' end
          where id in (${recent.id}, ${old.id})`,
      );
      const withFailed = (await root.get('/api/admin/dashboard')).json<{
        total: { failed: number; daily: { date: string }[] };
      }>();
      expect(withFailed.total.daily[0]?.date).toBe('2026-10-24');
      expect(withFailed.total.failed).toBe(1);
      const listed = (
        await root.get(`/api/admin/bookings?status=failed&bookedFrom=2026-10-24`)
      ).json<{ total: number; items: { id: string }[] }>();
      expect(listed.items.map((item) => item.id)).toEqual([recent.id]);

      const c = await staff(SKYHOP);
      const mine = (await c.get('/api/admin/dashboard')).json<{
        total: { today: { bookings: number } };
        brands: unknown[];
      }>();
      expect(mine.total.today.bookings).toBe(1);
      expect(mine.brands).toHaveLength(1);
    });
  });
});
