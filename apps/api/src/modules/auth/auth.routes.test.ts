import { authMessages, currentUserSchema } from '@contrail/contracts/auth';
import { verificationMessages } from '@contrail/contracts/email-verification';
import { fieldMessages } from '@contrail/contracts/fields';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { TestClient } from '../../../test/http';
import { brandId } from '../../../test/users';
import { createUsersRepository } from './auth.repository';
import { PASSWORD_CONFIRMATIONS_PER_SESSION } from './auth.service';
import { REGISTER_REFUSALS_PER_ADDRESS } from './registration';
import {
  SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_LIMIT_PER_ADDRESS,
  SIGN_IN_SLOW_DOWN_AFTER,
  SIGN_IN_SLOW_DOWN_MAX_MS,
  SIGN_IN_WINDOW_MS,
  slowDownGapMs,
} from './sign-in';
import { hashPassword } from './password';

const COOKIE = 'contrail_session';
const PASSWORD = 'Blue-Horizon-42';
const NEW_PASSWORD = 'Green-Meadow-Run-77!';

let now = new Date('2026-11-22T10:00:00Z');
const clock = () => now;

const registration = (overrides: Record<string, unknown> = {}) => ({
  username: 'amelia',
  email: 'amelia@example.com',
  firstName: 'Amelia',
  lastName: 'Earhart',
  password: PASSWORD,
  ...overrides,
});

describe('accounts and sessions', () => {
  const t = useTestApp({}, { clock });
  const client = (brand?: string) => new TestClient(t.app, brand ? { brand } : {});

  async function registered(brand?: string, overrides: Record<string, unknown> = {}) {
    const c = client(brand);
    const response = await c.post('/api/auth/register', registration(overrides));
    expect(response.statusCode).toBe(201);
    return c;
  }

  async function signedIn(brand?: string) {
    const c = await registered(brand);
    const response = await c.post('/api/auth/login', { username: 'amelia', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return c;
  }

  describe('POST /api/auth/register', () => {
    it('creates the account, unconfirmed, and answers without any secret or session', async () => {
      now = new Date('2026-11-22T10:00:00Z');
      const response = await client().post('/api/auth/register', registration());
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        message: verificationMessages.registered,
      });
      expect(response.body).not.toMatch(/argon|password_?hash/i);
      expect(response.cookies).toHaveLength(0);
      const user = await createUsersRepository(t.database.db).findForSignIn(
        await brandId(t.database),
        'amelia',
      );
      expect(user).toMatchObject({ email: 'amelia@example.com', emailVerifiedAt: null });
    });

    it.each([
      [{ username: 'am' }, 'username', authMessages.usernameMin],
      [{ username: 'amelia earhart' }, 'username', authMessages.usernameCharacters],
      [{ email: 'not-an-email' }, 'email', fieldMessages.emailInvalid],
      [{ firstName: '  ' }, 'firstName', authMessages.firstNameRequired],
      [{ lastName: '' }, 'lastName', authMessages.lastNameRequired],
      [{ password: 'Short1!' }, 'password', authMessages.registerPasswordMin],
      [{ password: 'password123' }, 'password', authMessages.passwordCommon],
      [{ password: 'IloveYou' }, 'password', authMessages.passwordCommon],
    ])('refuses %o with the rule message', async (override, field, message) => {
      const response = await client().post('/api/auth/register', registration(override));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', message, fields: { [field]: message } },
      });
    });

    it('refuses a username taken in the brand, whatever its case', async () => {
      await registered();
      const response = await client().post(
        '/api/auth/register',
        registration({ username: 'AMELIA', email: 'other@example.com' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'username_taken',
          message: authMessages.usernameTaken,
          fields: { username: authMessages.usernameTaken },
        },
      });
    });

    it('answers an address that has an account as it answers a new one, and makes none', async () => {
      await registered();
      const response = await client().post(
        '/api/auth/register',
        registration({ username: 'amelia2', email: 'Amelia@Example.com' }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        message: verificationMessages.registered,
      });
      expect(response.cookies).toHaveLength(0);
      const users = createUsersRepository(t.database.db);
      expect(await users.findForSignIn(await brandId(t.database), 'amelia2')).toBeUndefined();
    });

    it('lets another brand have the same username', async () => {
      await registered();
      const response = await client('skyhop.localhost').post('/api/auth/register', registration());
      expect(response.statusCode).toBe(201);
    });
  });

  describe('POST /api/auth/login', () => {
    it('opens a session in an HttpOnly, SameSite=Lax cookie', async () => {
      const c = await registered();
      const response = await c.post('/api/auth/login', { username: 'Amelia', password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(currentUserSchema.parse(response.json())).toMatchObject({
        username: 'amelia',
        mustChangePassword: false,
      });
      const cookie = response.cookies.find((item) => item.name === COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(response.body).not.toContain(cookie?.value);
    });

    it.each([
      [{ username: '', password: PASSWORD }, 'username', authMessages.usernameRequired],
      [{ username: 'amelia', password: '' }, 'password', authMessages.passwordRequired],
    ])('refuses %o with the rule message', async (body, field, message) => {
      const response = await client().post('/api/auth/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { message, fields: { [field]: message } } });
    });

    it('says the same thing for a wrong password and an unknown user', async () => {
      await registered();
      const wrong = await client().post('/api/auth/login', {
        username: 'amelia',
        password: 'Not-The-Password-1',
      });
      const unknown = await client().post('/api/auth/login', {
        username: 'nobody',
        password: 'Not-The-Password-1',
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: { code: 'invalid_credentials', message: 'Invalid username or password' },
        });
        expect(response.cookies).toHaveLength(0);
      }
    });

    it('takes about the same time for an unknown user as for a wrong password', async () => {
      await registered();
      // Interleaved pairs, so machine load falls on both sides alike; medians ignore outliers.
      const existing: number[] = [];
      const missing: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        for (const [username, times] of [
          ['amelia', existing],
          ['nobody-at-all', missing],
        ] as const) {
          const started = performance.now();
          await client().post('/api/auth/login', { username, password: `Wrong-Password-${i}` });
          times.push(performance.now() - started);
        }
        // Keep under the throttle: the window moves on between pairs.
        now = new Date(now.getTime() + SIGN_IN_WINDOW_MS + 1000);
      }
      const median = (times: number[]) => [...times].sort((a, b) => a - b)[3] ?? 0;
      const ratio = median(missing) / median(existing);
      expect(ratio).toBeGreaterThan(0.4);
      expect(ratio).toBeLessThan(2.5);
    });

    it('gives a new session id at every sign-in and ends the previous one', async () => {
      const c = await signedIn();
      const first = c.cookie(COOKIE);
      const again = await c.post('/api/auth/login', { username: 'amelia', password: PASSWORD });
      expect(again.statusCode).toBe(200);
      const second = c.cookie(COOKIE);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      const stale = client();
      stale.setCookie(COOKIE, first ?? '');
      expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('marks the cookie Secure when COOKIE_SECURE is on', async () => {
      // A separate app: the cookie name and flags follow the configuration.
      const { buildApp } = await import('../../app');
      const { testConfig } = await import('../../../test/app');
      const app = await buildApp({
        config: testConfig({ COOKIE_SECURE: 'true' }),
        database: t.database,
        logger: false,
      });
      try {
        const c = new TestClient(app);
        await c.post('/api/auth/register', registration());
        const response = await c.post('/api/auth/login', {
          username: 'amelia',
          password: PASSWORD,
        });
        const cookie = response.cookies.find((item) => item.name === '__Host-contrail_session');
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      } finally {
        await app.close();
      }
    });
  });

  describe('GET /api/auth/user and sign-out', () => {
    it('answers 401 when signed out', async () => {
      const response = await client().get('/api/auth/user');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'not_authenticated', message: 'Not authenticated' },
      });
    });

    it('answers the signed-in user', async () => {
      const c = await signedIn();
      const response = await c.get('/api/auth/user');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        username: 'amelia',
        firstName: 'Amelia',
        lastName: 'Earhart',
      });
    });

    it('kills the cookie at sign-out: the old value answers 401 afterwards', async () => {
      const c = await signedIn();
      const token = c.cookie(COOKIE) ?? '';
      const response = await c.post('/api/auth/logout', {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(c.cookie(COOKIE)).toBeUndefined();
      const replay = client();
      replay.setCookie(COOKIE, token);
      expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('renews a session on use and lets it lapse after 30 idle days', async () => {
      now = new Date('2026-11-22T10:00:00Z');
      const c = await signedIn();
      now = new Date('2026-12-10T10:00:00Z');
      const renewed = await c.get('/api/auth/user');
      expect(renewed.statusCode).toBe(200);
      expect(renewed.cookies.find((item) => item.name === COOKIE)?.expires?.toISOString()).toBe(
        '2027-01-09T10:00:00.000Z',
      );
      now = new Date('2027-01-05T10:00:00Z');
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
      now = new Date('2027-03-01T10:00:00Z');
      expect((await c.get('/api/auth/user')).statusCode).toBe(401);
      now = new Date('2026-11-22T10:00:00Z');
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('changes the password and ends the other sessions only', async () => {
      const c = await signedIn();
      const other = client();
      await other.post('/api/auth/login', { username: 'amelia', password: PASSWORD });
      const response = await c.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: authMessages.passwordUpdated });
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
      expect((await other.get('/api/auth/user')).statusCode).toBe(401);
      expect(
        (await client().post('/api/auth/login', { username: 'amelia', password: PASSWORD }))
          .statusCode,
      ).toBe(401);
      expect(
        (await client().post('/api/auth/login', { username: 'amelia', password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it.each([
      [
        { currentPassword: '', newPassword: NEW_PASSWORD },
        'currentPassword',
        authMessages.currentPasswordRequired,
      ],
      [
        { currentPassword: PASSWORD, newPassword: 'Short-1!' },
        'newPassword',
        authMessages.changePasswordMin,
      ],
      [
        { currentPassword: PASSWORD, newPassword: 'alllowercase-but-long-1' },
        'newPassword',
        authMessages.changePasswordComplexity,
      ],
      [
        { currentPassword: PASSWORD, newPassword: 'NoDigitsOrSymbolsHere' },
        'newPassword',
        authMessages.changePasswordComplexity,
      ],
    ])('refuses %o with the rule message', async (body, field, message) => {
      const c = await signedIn();
      const response = await c.post('/api/auth/change-password', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { message, fields: { [field]: message } } });
    });

    it('refuses a wrong current password', async () => {
      const c = await signedIn();
      const response = await c.post('/api/auth/change-password', {
        currentPassword: 'Wrong-Password-9',
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'invalid_current_password', message: authMessages.currentPasswordIncorrect },
      });
    });

    it('answers 401 when signed out', async () => {
      const response = await client().post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('temporary passwords', () => {
    it('asks for a new password at the first sign-in with a temporary one', async () => {
      const brand = await t.app.inject({ method: 'GET', url: '/api/brands/default' });
      expect(brand.statusCode).toBe(200);
      const users = createUsersRepository(t.database.db);
      const { id: brandId } = await (async () => {
        const c = client();
        await c.post('/api/auth/register', registration());
        const row = await users.findForSignIn(await defaultBrandId(), 'amelia');
        return { id: row?.brandId ?? '' };
      })();
      const row = await users.findForSignIn(brandId, 'amelia');
      await users.updatePassword(row?.id ?? '', await hashPassword('Temp-Generated-Pass-1'), true);

      const c = client();
      const login = await c.post('/api/auth/login', {
        username: 'amelia',
        password: 'Temp-Generated-Pass-1',
      });
      expect(login.json()).toMatchObject({ mustChangePassword: true });
      expect((await c.get('/api/auth/user')).json()).toMatchObject({ mustChangePassword: true });
      const changed = await c.post('/api/auth/change-password', {
        currentPassword: 'Temp-Generated-Pass-1',
        newPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      expect((await c.get('/api/auth/user')).json()).toMatchObject({ mustChangePassword: false });
      const next = await client().post('/api/auth/login', {
        username: 'amelia',
        password: NEW_PASSWORD,
      });
      expect(next.json()).toMatchObject({ mustChangePassword: false });
    });

    async function defaultBrandId(): Promise<string> {
      const { brands } = await import('../brands/brands.table');
      const { eq } = await import('drizzle-orm');
      const [row] = await t.database.db
        .select({ id: brands.id })
        .from(brands)
        .where(eq(brands.domain, 'default'));
      return row?.id ?? '';
    }
  });

  describe('abuse', () => {
    const attempt = (ip: string, username: string, password: string) =>
      client().withIp(ip).post('/api/auth/login', { username, password });

    it('stops an address after repeated failures on an account, saying how long to wait', async () => {
      now = new Date('2026-11-22T10:00:00Z');
      await registered();
      for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS; i += 1) {
        expect(
          (await attempt('203.0.113.9', 'amelia', `Wrong-${String(i)}-password`)).statusCode,
        ).toBe(401);
      }
      // Blocked even with the right password: the guesser cannot tell a hit from a miss.
      const blocked = await attempt('203.0.113.9', 'amelia', PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: {
          code: 'too_many_attempts',
          message: 'Too many sign-in attempts. Please try again in 15 minutes.',
        },
      });
      expect(Number(blocked.headers['retry-after'])).toBe(SIGN_IN_WINDOW_MS / 1000);

      now = new Date(now.getTime() + 4 * 60 * 1000 + 30 * 1000);
      const later = await attempt('203.0.113.9', 'AMELIA', PASSWORD);
      expect(later.statusCode).toBe(429);
      expect(later.json()).toMatchObject({
        error: { message: 'Too many sign-in attempts. Please try again in 11 minutes.' },
      });
      expect(Number(later.headers['retry-after'])).toBe(10 * 60 + 30);

      now = new Date(now.getTime() + 10 * 60 * 1000 + 31 * 1000);
      expect((await attempt('203.0.113.9', 'amelia', PASSWORD)).statusCode).toBe(200);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it("does not let an attacker's failures from one address lock the owner out elsewhere", async () => {
      now = new Date('2026-11-22T11:00:00Z');
      await registered();
      for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS + 3; i += 1) {
        await attempt('198.51.100.66', 'amelia', `Guess-${String(i)}-password`);
      }
      expect((await attempt('198.51.100.66', 'amelia', PASSWORD)).statusCode).toBe(429);
      const owner = await attempt('192.0.2.10', 'amelia', PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ username: 'amelia' });
      // The owner's own typo still counts only against the owner's address.
      expect((await attempt('192.0.2.10', 'amelia', 'Typo-Password-1')).statusCode).toBe(401);
      expect((await attempt('192.0.2.10', 'amelia', PASSWORD)).statusCode).toBe(200);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('forgets the failures of an address once it signs in', async () => {
      now = new Date('2026-11-22T12:00:00Z');
      await registered();
      for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS - 1; i += 1) {
        expect((await attempt('192.0.2.20', 'amelia', `Wrong-${String(i)}-x`)).statusCode).toBe(
          401,
        );
      }
      expect((await attempt('192.0.2.20', 'amelia', PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS; i += 1) {
        expect((await attempt('192.0.2.20', 'amelia', `Again-${String(i)}-x`)).statusCode).toBe(
          401,
        );
      }
      expect((await attempt('192.0.2.20', 'amelia', PASSWORD)).statusCode).toBe(429);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('stops an address that tries many accounts, and only that address', async () => {
      now = new Date('2026-11-22T13:00:00Z');
      await registered();
      for (let i = 0; i < SIGN_IN_LIMIT_PER_ADDRESS; i += 1) {
        const response = await attempt('203.0.113.50', `user${String(i)}`, 'Whatever-123');
        expect(response.statusCode).toBe(401);
      }
      const blocked = await attempt('203.0.113.50', 'amelia', PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe(String(SIGN_IN_WINDOW_MS / 1000));
      expect(blocked.json()).toMatchObject({
        error: { message: 'Too many sign-in attempts. Please try again in 15 minutes.' },
      });
      expect((await attempt('203.0.113.51', 'amelia', PASSWORD)).statusCode).toBe(200);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('counts the addresses of one IPv6 /64 as one', async () => {
      now = new Date('2026-11-22T14:00:00Z');
      await registered();
      for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS; i += 1) {
        await attempt(`2001:db8:7:1::${String(i + 1)}`, 'amelia', `Wrong-${String(i)}-x`);
      }
      expect((await attempt('2001:db8:7:1::99', 'amelia', PASSWORD)).statusCode).toBe(429);
      expect((await attempt('2001:db8:7:2::1', 'amelia', PASSWORD)).statusCode).toBe(200);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('slows down guesses at one account spread over many addresses, never locking it', async () => {
      now = new Date('2026-11-22T14:30:00Z');
      await registered();
      let address = 0;
      const elsewhere = (password: string) =>
        attempt(`198.18.7.${String((address += 1))}`, 'amelia', password);
      for (let i = 0; i < SIGN_IN_SLOW_DOWN_AFTER; i += 1) {
        expect((await elsewhere(`Guess-${String(i)}-password`)).statusCode).toBe(401);
      }
      // Past the allowance each attempt waits its turn: 1 s after the last, then 2 s, 4 s…
      expect((await elsewhere('Guess-next-password')).statusCode).toBe(401);
      const slowed = await elsewhere(PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toEqual({
        error: {
          code: 'too_many_attempts',
          message: 'Too many sign-in attempts for this account. Please try again in 2 seconds.',
        },
      });
      expect(slowed.headers['retry-after']).toBe('2');
      // Refused attempts tried nothing and do not lengthen the wait: the owner gets in after it.
      expect((await elsewhere(PASSWORD)).statusCode).toBe(429);
      now = new Date(now.getTime() + 2_000);
      const owner = await elsewhere(PASSWORD);
      expect(owner.statusCode).toBe(200);
      // A success forgets the failures.
      expect((await elsewhere('Guess-after-password')).statusCode).toBe(401);
      expect((await elsewhere(PASSWORD)).statusCode).toBe(200);
      expect(slowDownGapMs(SIGN_IN_SLOW_DOWN_AFTER + 1)).toBe(1_000);
      expect(slowDownGapMs(SIGN_IN_SLOW_DOWN_AFTER + 40)).toBe(SIGN_IN_SLOW_DOWN_MAX_MS);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('never slows a browser the account signed in from before', async () => {
      now = new Date('2026-11-22T14:40:00Z');
      await registered();
      const browser = client().withIp('192.0.2.44');
      const first = await browser.post('/api/auth/login', {
        username: 'amelia',
        password: PASSWORD,
      });
      expect(first.statusCode).toBe(200);
      const device = first.cookies.find((cookie) => cookie.name === 'contrail_device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      for (let i = 0; i < SIGN_IN_SLOW_DOWN_AFTER + 6; i += 1) {
        await attempt(`198.18.8.${String(i + 1)}`, 'amelia', `Guess-${String(i)}-password`);
      }
      expect((await attempt('198.18.8.200', 'amelia', PASSWORD)).statusCode).toBe(429);
      // A forged device cookie is worth nothing…
      const forged = client().withIp('198.18.8.201');
      forged.setCookie('contrail_device', `${device?.value.split('.')[0] ?? ''}.forged`);
      expect(
        (await forged.post('/api/auth/login', { username: 'amelia', password: PASSWORD }))
          .statusCode,
      ).toBe(429);
      // …and the known browser signs in at once.
      expect(
        (await browser.post('/api/auth/login', { username: 'amelia', password: PASSWORD }))
          .statusCode,
      ).toBe(200);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('limits refused registrations from an address (each tells whether a username is taken)', async () => {
      now = new Date('2026-11-22T15:00:00Z');
      await registered();
      const probe = (ip: string, i: number) =>
        client()
          .withIp(ip)
          .post(
            '/api/auth/register',
            registration({ username: 'amelia', email: `probe${String(i)}@example.com` }),
          );
      // Successful registrations take their attempt back: they do not use up the allowance, and
      // neither does an address that has an account, which is answered as a success.
      for (let i = 0; i < 3; i += 1) {
        const fresh = await client()
          .withIp('203.0.113.77')
          .post(
            '/api/auth/register',
            registration({ username: `fresh${String(i)}`, email: `fresh${String(i)}@example.com` }),
          );
        expect(fresh.statusCode).toBe(201);
        const known = await client()
          .withIp('203.0.113.77')
          .post(
            '/api/auth/register',
            registration({ username: `known${String(i)}`, email: 'amelia@example.com' }),
          );
        expect(known.statusCode).toBe(201);
      }
      for (let i = 0; i < REGISTER_REFUSALS_PER_ADDRESS.max; i += 1) {
        const refused = await probe('203.0.113.77', i);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: { code: 'username_taken' } });
      }
      const blocked = await probe('203.0.113.77', 99);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: 'Too many registration attempts. Please try again in 60 minutes.',
        },
      });
      expect(blocked.headers['retry-after']).toBe('3600');
      // Blocked whatever the answer would have been: a free name no longer tells anything.
      const free = await client()
        .withIp('203.0.113.77')
        .post(
          '/api/auth/register',
          registration({ username: 'newname', email: 'new@example.com' }),
        );
      expect(free.statusCode).toBe(429);
      // Another address is not affected, and the window passes.
      expect((await probe('203.0.113.78', 1)).statusCode).toBe(409);
      now = new Date(now.getTime() + REGISTER_REFUSALS_PER_ADDRESS.windowMs);
      expect((await probe('203.0.113.77', 1)).statusCode).toBe(409);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('limits wrong current passwords per session, and a right one clears the count', async () => {
      now = new Date('2026-11-22T16:00:00Z');
      const stolen = await signedIn();
      const change = (c: TestClient, currentPassword: string) =>
        c.post('/api/auth/change-password', { currentPassword, newPassword: NEW_PASSWORD });
      for (let i = 0; i < PASSWORD_CONFIRMATIONS_PER_SESSION.max; i += 1) {
        expect((await change(stolen, `Guess-${String(i)}-password`)).statusCode).toBe(400);
      }
      const blocked = await change(stolen, PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: {
          code: 'too_many_attempts',
          message: 'Too many wrong passwords. Please try again in 15 minutes.',
        },
      });
      expect(blocked.headers['retry-after']).toBe('900');
      // The password is unchanged, and the owner's other session keeps its allowance.
      const owner = client();
      expect(
        (await owner.post('/api/auth/login', { username: 'amelia', password: PASSWORD }))
          .statusCode,
      ).toBe(200);
      for (let i = 0; i < PASSWORD_CONFIRMATIONS_PER_SESSION.max - 1; i += 1) {
        expect((await change(owner, `Typo-${String(i)}-password`)).statusCode).toBe(400);
      }
      expect((await change(owner, PASSWORD)).statusCode).toBe(200);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it.each([
      [{ 'sec-fetch-site': 'cross-site' }],
      [{ 'sec-fetch-site': 'same-site' }],
      [{ 'sec-fetch-site': undefined, origin: 'https://evil.example' }],
    ])('refuses a state-changing request from another site (%o)', async (headers) => {
      const c = await signedIn();
      const response = await c.request({
        method: 'POST',
        url: '/api/auth/logout',
        payload: {},
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    });

    it('accepts same-origin writes identified by Origin alone', async () => {
      const c = await signedIn();
      const response = await c.request({
        method: 'POST',
        url: '/api/auth/logout',
        payload: {},
        headers: { 'sec-fetch-site': undefined, origin: 'http://localhost:3000' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('does not let a user of one brand sign in on another', async () => {
      await registered('skyhop.localhost');
      const response = await client().post('/api/auth/login', {
        username: 'amelia',
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(401);
    });

    it('does not let a session cross to another brand', async () => {
      const c = await signedIn('skyhop.localhost');
      const token = c.cookie(COOKIE) ?? '';
      const elsewhere = client();
      elsewhere.setCookie(COOKIE, token);
      expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    });
  });
});

describe('platform admins', () => {
  const t = useTestApp();

  it('sign in on any brand', async () => {
    const { createPlatformAdmin } = await import('./admin-bootstrap');
    await createPlatformAdmin(t.database.db, {
      username: 'root',
      password: 'Platform-Admin-Pass-1!',
    });
    for (const brand of [undefined, 'skyhop.localhost']) {
      const c = new TestClient(t.app, brand ? { brand } : {});
      const response = await c.post('/api/auth/login', {
        username: 'root',
        password: 'Platform-Admin-Pass-1!',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ username: 'root', isAdmin: true });
    }
  });
});
