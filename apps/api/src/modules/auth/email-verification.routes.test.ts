import { bookingListSchema } from '@contrail/contracts/bookings';
import {
  EMAIL_LINK_VALID_DAYS,
  verificationMessages,
} from '@contrail/contracts/email-verification';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchOffer } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { RESEND_LIMIT_PER_ACCOUNT } from './account-links.service';

// An account proves its address before a booking that merely names the address reaches it: the
// attack was to register with a victim's address, wait for the victim to book as a guest, then
// read and cancel the victim's trip from the attacker's account.

const PASSWORD = 'Blue-Horizon-42';
const NEW_PASSWORD = 'Quiet-Harbour-Lights';
const DAY_MS = 24 * 60 * 60 * 1000;

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
let addressCount = 0;
const freshIp = () => `198.18.9.${String((addressCount++ % 250) + 1)}`;

describe('accounts prove their e-mail address', () => {
  const t = useTestApp({}, { clock });
  const client = () => new TestClient(t.app).withIp(freshIp());
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  async function register(c: TestClient, username: string, email: string) {
    const response = await c.post('/api/auth/register', {
      username,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    return response;
  }

  async function signIn(c: TestClient, username: string, password = PASSWORD) {
    const response = await c.post('/api/auth/login', { username, password });
    expect(response.statusCode).toBe(200);
  }

  /** The link of `path` in the last e-mail of `kind` to `to`, and its token. */
  async function linkIn(kind: string, to: string, path: string) {
    const [last] = await rows(
      sql`select text from email_outbox where kind = ${kind} and lower(recipient) = lower(${to}) order by created_at desc limit 1`,
    );
    const text = typeof last?.text === 'string' ? last.text : '';
    const match = new RegExp(`https?://\\S+${path}\\?token=([\\w-]+)`).exec(text);
    if (!match?.[1]) throw new Error(`no ${path} link in the ${kind} e-mail: ${text}`);
    return { url: match[0], token: match[1] };
  }

  const kinds = async (to: string) =>
    (
      await rows(
        sql`select kind from email_outbox where lower(recipient) = lower(${to}) order by kind`,
      )
    ).map((row) => row.kind);

  const tripsOf = async (c: TestClient) => {
    const response = await c.get('/api/bookings');
    expect(response.statusCode).toBe(200);
    return bookingListSchema.parse(response.json()).bookings;
  };

  it('answers a registration alike whether or not the address has an account; its owner is told', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const fresh = await register(client(), 'amelia', 'amelia@example.com');
    const taken = await register(client(), 'someone', 'Amelia@Example.com');
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['set-cookie']).toBe(fresh.headers['set-cookie']);
    expect(await kinds('amelia@example.com')).toEqual(['account_notice', 'email_verification']);
    const [notice] = await rows(
      sql`select subject, text from email_outbox where kind = 'account_notice'`,
    );
    expect(notice?.text).toContain('amelia');
    expect(notice?.text).toContain('http://localhost:3000/forgot-password');
    expect(notice?.text).not.toMatch(/token=/);
    expect(await rows(sql`select username from users order by username`)).toEqual([
      { username: 'amelia' },
    ]);
  });

  it('confirms an address only with its link, signed in to the account it was sent to', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const owner = client();
    await register(owner, 'amelia', 'amelia@example.com');
    const { url, token } = await linkIn(
      'email_verification',
      'amelia@example.com',
      '/verify-email',
    );
    expect(url).toBe(`http://localhost:3000/verify-email?token=${token}`);
    // Signed out, the link does nothing: a stranger's click cannot confirm an address for
    // whoever registered with it.
    const signedOut = await client().post('/api/auth/verify-email', { token });
    expect(signedOut.statusCode).toBe(401);

    const other = client();
    await register(other, 'grace', 'grace@example.com');
    await signIn(other, 'grace');
    const wrong = await other.post('/api/auth/verify-email', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: { code: 'verification_other_account', message: verificationMessages.otherAccount },
    });
    const forged = await other.post('/api/auth/verify-email', { token: `${token}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'invalid_verification_token' } });

    await signIn(owner, 'amelia');
    expect((await owner.get('/api/auth/user')).json()).toMatchObject({ emailVerified: false });
    const confirmed = await owner.post('/api/auth/verify-email', { token });
    expect(confirmed.json()).toEqual({ success: true, message: verificationMessages.confirmed });
    expect((await owner.get('/api/auth/user')).json()).toMatchObject({ emailVerified: true });
    // Opened again: nothing left to do, and said so.
    const again = await owner.post('/api/auth/verify-email', { token });
    expect(again.json()).toEqual({
      success: true,
      message: verificationMessages.alreadyConfirmed,
    });
    // Only the hash of the token is kept.
    expect(JSON.stringify(await rows(sql`select * from email_verifications`))).not.toContain(token);
  });

  it(`lets a link lapse after ${String(EMAIL_LINK_VALID_DAYS)} days, and sends a new one on request, so often`, async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const owner = client();
    await register(owner, 'amelia', 'amelia@example.com');
    const { token } = await linkIn('email_verification', 'amelia@example.com', '/verify-email');
    await signIn(owner, 'amelia');
    now = new Date(now.getTime() + EMAIL_LINK_VALID_DAYS * DAY_MS + 1000);
    const lapsed = await owner.post('/api/auth/verify-email', { token });
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json()).toMatchObject({
      error: { code: 'invalid_verification_token', message: verificationMessages.linkInvalid },
    });
    for (let i = 0; i < RESEND_LIMIT_PER_ACCOUNT.max; i += 1) {
      const sent = await owner.post('/api/auth/verify-email/resend');
      expect(sent.json()).toEqual({ success: true, message: verificationMessages.sent });
    }
    const tooMany = await owner.post('/api/auth/verify-email/resend');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({
      error: { message: 'Too many confirmation emails. Please try again in 60 minutes.' },
    });
    const fresh = await linkIn('email_verification', 'amelia@example.com', '/verify-email');
    expect((await owner.post('/api/auth/verify-email', { token: fresh.token })).statusCode).toBe(
      200,
    );
    expect((await owner.post('/api/auth/verify-email/resend')).json()).toEqual({
      success: true,
      message: verificationMessages.alreadyConfirmed,
    });
  });

  it("keeps a guest's trip out of an account someone registered with the address, until the address's owner claims it", async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const attacker = client();
    await register(attacker, 'mallory', 'victim@example.com');
    await signIn(attacker, 'mallory');

    const victim = client();
    const offer = await searchOffer(victim);
    const booked = await payAndBook(victim, offer, 'victim@example.com');
    expect(booked.statusCode).toBe(201);
    const { id } = booked.json<{ id: string }>();

    expect(await tripsOf(attacker)).toEqual([]);
    expect((await attacker.get(`/api/bookings/${id}`)).statusCode).toBe(404);
    expect((await attacker.get(`/api/bookings/${id}/cancellation`)).statusCode).toBe(404);
    expect((await attacker.post(`/api/bookings/${id}/cancel`)).statusCode).toBe(404);
    expect(await rows(sql`select status, user_id from bookings`)).toEqual([
      { status: 'confirmed', user_id: null },
    ]);

    // The victim is told how to take the account over: choosing a password from the link
    // confirms the address and signs everyone else out of it.
    expect(await kinds('victim@example.com')).toEqual([
      'booking_confirmation',
      'email_verification',
      'guest_booking_account',
    ]);
    const { token } = await linkIn(
      'guest_booking_account',
      'victim@example.com',
      '/reset-password',
    );
    const reset = await victim.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await attacker.get('/api/bookings')).statusCode).toBe(401);
    expect(
      (await attacker.post('/api/auth/login', { username: 'mallory', password: PASSWORD }))
        .statusCode,
    ).toBe(401);

    await signIn(victim, 'mallory', NEW_PASSWORD);
    expect((await tripsOf(victim)).map((trip) => trip.id)).toEqual([id]);
    expect((await victim.get(`/api/bookings/${id}`)).statusCode).toBe(200);
  });

  it('answers a guest checkout alike for a new address, an unconfirmed account and a confirmed one', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const unconfirmed = client();
    await register(unconfirmed, 'unsure', 'unsure@example.com');
    const confirmed = client();
    await register(confirmed, 'sure', 'sure@example.com');
    await signIn(confirmed, 'sure');
    const link = await linkIn('email_verification', 'sure@example.com', '/verify-email');
    expect((await confirmed.post('/api/auth/verify-email', { token: link.token })).statusCode).toBe(
      200,
    );

    const answers = [];
    for (const email of ['new@example.com', 'unsure@example.com', 'sure@example.com']) {
      const guest = client();
      const response = await payAndBook(guest, await searchOffer(guest), email);
      expect(response.statusCode).toBe(201);
      const body = response.json<{
        id: string;
        bookingReference: string;
        duffelBookingId: string;
      }>();
      // What differs is the booking itself, nothing about the address.
      const masked = response.body
        .replaceAll(body.id, 'ID')
        .replaceAll(body.bookingReference, 'REF')
        .replaceAll(body.duffelBookingId, 'ORDER')
        .replaceAll(email, 'EMAIL')
        .replaceAll(encodeURIComponent(email), 'EMAIL')
        .replace(/(?:Booking ID|booking_id=)[^<"\s&]+/g, 'BOOKING');
      answers.push({
        status: response.statusCode,
        cookies: response.cookies.map((cookie) => cookie.name).sort(),
        masked,
      });
      expect(await kinds(email)).toEqual(
        expect.arrayContaining(['booking_confirmation', 'guest_booking_account']),
      );
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]?.cookies).not.toContain('contrail_session');

    // The confirmed account has the trip at once; the unconfirmed one once it confirms.
    expect(await tripsOf(confirmed)).toHaveLength(1);
    await signIn(unconfirmed, 'unsure');
    expect(await tripsOf(unconfirmed)).toEqual([]);
    const claim = await linkIn('guest_booking_account', 'unsure@example.com', '/verify-email');
    expect(
      (await unconfirmed.post('/api/auth/verify-email', { token: claim.token })).statusCode,
    ).toBe(200);
    expect(await tripsOf(unconfirmed)).toHaveLength(1);

    // The new address got an account whose password nobody knows until it is chosen by link.
    const setup = await linkIn('guest_booking_account', 'new@example.com', '/reset-password');
    const newcomer = client();
    expect(
      (
        await newcomer.post('/api/auth/reset-password', {
          token: setup.token,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    await signIn(newcomer, 'new', NEW_PASSWORD);
    expect((await newcomer.get('/api/auth/user')).json()).toMatchObject({ emailVerified: true });
    expect(await tripsOf(newcomer)).toHaveLength(1);
  });

  it('shows an unconfirmed account the bookings it made signed in', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const traveller = client();
    await register(traveller, 'amelia', 'amelia@example.com');
    await signIn(traveller, 'amelia');
    const response = await payAndBook(traveller, await searchOffer(traveller), 'other@example.com');
    expect(response.statusCode).toBe(201);
    expect(await tripsOf(traveller)).toHaveLength(1);
    // Signed in, nothing about an account is sent to the booking's address.
    expect(await kinds('other@example.com')).toEqual(['booking_confirmation']);
  });
});
