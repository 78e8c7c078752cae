import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from './app';
import { queryRows } from './database';
import { TestClient } from './http';

// Every link in every e-mail goes to a known site: a brand's own host, PUBLIC_URL, or the
// address the server listens on. A forged Host once made the password-reset e-mail link to the
// attacker's host, whose owner then reset the victim's password with the stolen token.

const PASSWORD = 'Blue-Horizon-42';
let addressCount = 0;

/** Registers amelia on the brand, then asks for reset, confirmation and alert links from `host`. */
async function linksFrom(t: TestApp, host: string, brand?: string): Promise<string[]> {
  const honest = new TestClient(t.app, brand ? { brand } : {}).withIp('192.0.2.1');
  await honest.post('/api/auth/register', {
    username: 'amelia',
    email: 'amelia@example.com',
    firstName: 'Amelia',
    lastName: 'Earhart',
    password: PASSWORD,
  });
  await t.database.db.execute(sql`delete from email_outbox`);
  const attacker = new TestClient(t.app, { host, ...(brand ? { brand } : {}) }).withIp(
    `198.18.20.${String((addressCount++ % 250) + 1)}`,
  );
  const asked = [
    await attacker.post('/api/auth/forgot-password', { email: 'amelia@example.com' }),
    await attacker.post('/api/auth/register', {
      username: `someone${String(addressCount)}`,
      email: `someone${String(addressCount)}@example.com`,
      firstName: 'S',
      lastName: 'O',
      password: PASSWORD,
    }),
    await attacker.post('/api/alerts', {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2027-02-10',
      returnDate: '2027-02-17',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
      email: 'amelia@example.com',
    }),
  ];
  for (const answer of asked) expect(answer.statusCode, answer.body).toBeLessThan(300);
  const rows = await queryRows(t.database, sql`select text from email_outbox`);
  const links = rows.flatMap((row) => String(row.text).match(/https?:\/\/[^\s\])]+/g) ?? []);
  expect(links.length).toBeGreaterThanOrEqual(3);
  return links;
}

const FORGED = [
  ['an IP literal with a port', '203.0.113.66:8443'],
  ['an IPv6 literal', '[2001:db8::66]'],
  ['a single label', 'intranet-evil'],
  ['another name', 'evil.example'],
  ['an IDN', 'xn--bcher-kva.example'],
  ['a loopback name', 'localhost:3000'],
  ["the demo brand's host on another port", 'skyhop.localhost:8443'],
] as const;

describe('links in e-mails, in production with PUBLIC_URL', () => {
  const t = useTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://fly.example' });

  it.each(FORGED)('go to PUBLIC_URL or the brand whatever %s says', async (_kind, host) => {
    // X-Brand counts only on hosts that cannot name a brand; a brand's links go to its host.
    const known = ['https://fly.example', 'https://skyhop.localhost'];
    for (const brand of [undefined, 'skyhop.localhost']) {
      for (const link of await linksFrom(t, host, brand)) {
        expect(known).toContain(new URL(link).origin);
      }
    }
    if (!host.startsWith('skyhop.')) {
      for (const link of await linksFrom(t, host)) {
        expect(new URL(link).origin).toBe('https://fly.example');
      }
    }
  });

  it("use the brand's host as it was reached", async () => {
    const links = await linksFrom(t, 'skyhop.localhost', undefined);
    for (const link of links) expect(new URL(link).origin).toBe('http://skyhop.localhost');
  });

  it('refuses a Host that is no host, before anything is sent', async () => {
    for (const host of ['bücher.example', 'a.example, b.example', 'evil.example/x']) {
      const response = await new TestClient(t.app, { host }).post('/api/auth/forgot-password', {
        email: 'amelia@example.com',
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await queryRows(t.database, sql`select id from email_outbox`)).toEqual([]);
  });
});

describe('links in e-mails, in production without PUBLIC_URL', () => {
  const t = useTestApp({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '3000' });

  it.each(FORGED)('go to the server itself whatever %s says', async (_kind, host) => {
    for (const link of await linksFrom(t, host)) {
      expect(new URL(link).origin).toBe('http://127.0.0.1:3000');
    }
  });
});
