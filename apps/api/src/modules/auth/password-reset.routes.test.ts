import { createHash } from 'node:crypto';
import { authMessages } from '@contrail/contracts/auth';
import { resetMessages } from '@contrail/contracts/password-reset';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { brandId } from '../../../test/users';
import { createUsersRepository } from './auth.repository';
import { RESET_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_EMAIL } from './password-resets';
import { SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS } from './sign-in';
import { hashPassword } from './password';

const PASSWORD = 'Blue-Horizon-42';
const NEW_PASSWORD = 'Quiet-Harbour-Lights';

let now = new Date('2026-11-22T10:00:00Z');
const clock = () => now;
let addressCount = 0;
/** A fresh client address, so the per-address limits stay out of tests about other rules. */
const freshIp = () =>
  `198.18.${String(Math.floor(addressCount / 250))}.${String((addressCount++ % 250) + 1)}`;

describe('password reset', () => {
  const t = useTestApp({}, { clock });
  const client = (brand?: string) =>
    new TestClient(t.app, brand ? { brand } : {}).withIp(freshIp());

  async function register(brand?: string, email = 'amelia@example.com') {
    const response = await client(brand).post('/api/auth/register', {
      username: 'amelia',
      email,
      firstName: 'Amelia',
      lastName: 'Earhart',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
  }

  const signIn = (password: string, c = client()) =>
    c.post('/api/auth/login', { username: 'amelia', password });

  const resetEmails = () =>
    queryRows(
      t.database,
      sql`select recipient, sender_name, reply_to, subject, html, text from email_outbox where kind = 'password_reset' order by created_at`,
    );

  /** The link's token from the last reset e-mail, read from its plain-text body. */
  async function lastLink(): Promise<{ url: string; token: string }> {
    const last = (await resetEmails()).at(-1);
    const text = typeof last?.text === 'string' ? last.text : '';
    const match = /(https?:\/\/\S+\/reset-password\?token=([\w-]+)\S*)/.exec(text);
    if (!match?.[1] || !match[2]) throw new Error(`no reset link in: ${text}`);
    return { url: match[1], token: match[2] };
  }

  const forgot = (email: string, c = client()) => c.post('/api/auth/forgot-password', { email });

  it('e-mails a single link in the brand’s name and keeps only a hash of its token', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    await register();
    const response = await forgot('Amelia@Example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: resetMessages.linkSent });

    const [email] = await resetEmails();
    expect(email).toMatchObject({
      recipient: 'amelia@example.com',
      sender_name: 'Contrail',
      reply_to: 'support@contrail.example',
      subject: 'Reset your Contrail password',
    });
    const { url, token } = await lastLink();
    expect(url).toBe(`http://localhost:3000/reset-password?token=${token}`);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(String(email?.html)).toContain(`/reset-password?token=${token}`);
    expect(String(email?.text)).toContain('expires in 30 minutes');

    const stored = await queryRows(
      t.database,
      sql`select token_hash, expires_at from password_reset_tokens`,
    );
    expect(stored).toEqual([
      {
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: expect.anything() as unknown,
      },
    ]);
    expect(new Date(String(stored[0]?.expires_at)).toISOString()).toBe('2026-11-22T10:30:00.000Z');
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('answers an address without an account exactly alike, and sends nothing', async () => {
    await register('skyhop.localhost');
    const known = await forgot('amelia@example.com', client('skyhop.localhost'));
    // The same address has an account in another brand only.
    const unknown = await forgot('amelia@example.com');
    const nobody = await forgot('nobody@example.com');
    for (const response of [unknown, nobody]) {
      expect(response.statusCode).toBe(known.statusCode);
      expect(response.body).toBe(known.body);
    }
    const emails = await resetEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ sender_name: 'SkyHop' });
    const { url } = await lastLink();
    expect(new URL(url).searchParams.get('brand')).toBe('skyhop.localhost');
    expect(await queryRows(t.database, sql`select 1 from password_reset_tokens`)).toHaveLength(1);
  });

  it('takes about as long for an address without an account', async () => {
    await register();
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      for (const [email, times] of [
        ['amelia@example.com', existing],
        [`nobody-${String(i)}@example.com`, missing],
      ] as const) {
        const started = performance.now();
        await forgot(email);
        times.push(performance.now() - started);
      }
      now = new Date(now.getTime() + RESET_LIMIT_PER_EMAIL.windowMs + 1000);
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[3] ?? 0;
    const ratio = median(missing) / median(existing);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('sets the new password once, ends every session and clears a temporary password', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    await register();
    const users = createUsersRepository(t.database.db);
    const user = await users.findByEmail(await brandId(t.database), 'amelia@example.com');
    // A guest account: the generated password is temporary.
    await users.updatePassword(user?.id ?? '', await hashPassword(PASSWORD), true);
    const laptop = client();
    const phone = client();
    expect((await signIn(PASSWORD, laptop)).json()).toMatchObject({ mustChangePassword: true });
    expect((await signIn(PASSWORD, phone)).statusCode).toBe(200);

    await forgot('amelia@example.com');
    const { token } = await lastLink();
    expect((await client().post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: true,
    });
    const reset = await phone.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: resetMessages.passwordReset });
    expect(reset.body).not.toContain(token);

    expect((await laptop.get('/api/auth/user')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(PASSWORD)).statusCode).toBe(401);
    const signedIn = await signIn(NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ mustChangePassword: false });

    const again = await client().post('/api/auth/reset-password', {
      token,
      password: 'Another-New-Password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'invalid_reset_token',
        message: resetMessages.linkInvalid,
        fields: { token: resetMessages.linkInvalid },
      },
    });
    expect((await client().post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: false,
    });
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    await register();
    await forgot('amelia@example.com');
    const { token } = await lastLink();
    const answers = await Promise.all([
      client().post('/api/auth/reset-password', { token, password: 'First-Racer-Password' }),
      client().post('/api/auth/reset-password', { token, password: 'Second-Racer-Password' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('works for 30 minutes only', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    await register();
    await forgot('amelia@example.com');
    const early = await lastLink();
    now = new Date('2026-11-22T10:29:59Z');
    expect(
      (
        await client().post('/api/auth/reset-password', {
          token: early.token,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);

    await forgot('amelia@example.com');
    const late = await lastLink();
    now = new Date('2026-11-22T11:00:00Z');
    expect(
      (await client().post('/api/auth/reset-password/check', { token: late.token })).json(),
    ).toEqual({
      valid: false,
    });
    const expired = await client().post('/api/auth/reset-password', {
      token: late.token,
      password: 'Yet-Another-Password',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { code: 'invalid_reset_token' } });
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
    now = new Date('2026-11-22T10:00:00Z');
  });

  it('ends every other link once one is used', async () => {
    await register();
    await forgot('amelia@example.com');
    const first = await lastLink();
    await forgot('amelia@example.com');
    const second = await lastLink();
    expect(second.token).not.toBe(first.token);
    expect(
      (
        await client().post('/api/auth/reset-password', {
          token: second.token,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await client().post('/api/auth/reset-password', { token: first.token, password: PASSWORD }))
        .statusCode,
    ).toBe(400);
  });

  it('does not take a link to another brand', async () => {
    await register('skyhop.localhost');
    await forgot('amelia@example.com', client('skyhop.localhost'));
    const { token } = await lastLink();
    const elsewhere = await client().post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(
      (
        await client('skyhop.localhost').post('/api/auth/reset-password', {
          token,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    ['Short-1', authMessages.registerPasswordMin],
    ['password123', authMessages.passwordCommon],
  ])('holds the new password %s to the registration rule', async (password, message) => {
    await register();
    await forgot('amelia@example.com');
    const { token } = await lastLink();
    const response = await client().post('/api/auth/reset-password', { token, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message, fields: { password: message } } });
    expect((await client().post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: true,
    });
  });

  it('limits requests per address (429 with the wait) and e-mails per address (silently)', async () => {
    now = new Date('2026-11-22T15:00:00Z');
    await register();
    const office = client();
    for (let i = 0; i < RESET_LIMIT_PER_ADDRESS.max; i += 1) {
      expect((await forgot(`someone-${String(i)}@example.com`, office)).statusCode).toBe(202);
    }
    const blocked = await forgot('amelia@example.com', office);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many password reset requests. Please try again in 60 minutes.',
      },
    });
    expect(blocked.headers['retry-after']).toBe('3600');

    for (let i = 0; i < RESET_LIMIT_PER_EMAIL.max + 2; i += 1) {
      const response = await forgot('amelia@example.com');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ success: true, message: resetMessages.linkSent });
    }
    expect(await resetEmails()).toHaveLength(RESET_LIMIT_PER_EMAIL.max);
    now = new Date(now.getTime() + RESET_LIMIT_PER_EMAIL.windowMs + 1000);
    await forgot('amelia@example.com');
    expect(await resetEmails()).toHaveLength(RESET_LIMIT_PER_EMAIL.max + 1);
    now = new Date('2026-11-22T10:00:00Z');
  });

  it('lets the owner sign in from an address their own failures had stopped', async () => {
    now = new Date('2026-11-22T16:00:00Z');
    await register();
    const home = client();
    for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      await signIn(`Forgotten-${String(i)}-pass`, home);
    }
    expect((await signIn(PASSWORD, home)).statusCode).toBe(429);
    await forgot('amelia@example.com', home);
    const { token } = await lastLink();
    expect(
      (await home.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await signIn(NEW_PASSWORD, home)).statusCode).toBe(200);
    now = new Date('2026-11-22T10:00:00Z');
  });
});
