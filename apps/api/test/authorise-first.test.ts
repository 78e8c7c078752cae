import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { TestClient } from './http';
import { USER_PASSWORD } from './users';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every route that only a signed-in user may use, and the admin routes on top. */
const accountRoutes: [string, string][] = [
  ['GET', '/api/auth/user'],
  ['POST', '/api/auth/change-password'],
  ['GET', '/api/bookings'],
  ['GET', `/api/bookings/${SOME_ID}`],
  ['GET', `/api/bookings/${SOME_ID}/cancellation`],
  ['POST', `/api/bookings/${SOME_ID}/cancel`],
];
const adminRoutes: [string, string][] = [
  ['GET', '/api/admin/settings'],
  ['POST', '/api/admin/settings'],
  ['POST', '/api/admin/login'],
  ['GET', '/api/admin/brands'],
  ['POST', '/api/admin/brands'],
  ['PUT', `/api/admin/brands/${SOME_ID}`],
  ['DELETE', `/api/admin/brands/${SOME_ID}`],
  ['GET', '/api/admin/staff'],
  ['POST', '/api/admin/staff'],
  ['DELETE', `/api/admin/staff/${SOME_ID}`],
  // The back office (platform admins and brand staff).
  ['GET', '/api/admin/me'],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/bookings'],
  ['GET', `/api/admin/bookings/${SOME_ID}`],
  ['GET', `/api/admin/bookings/${SOME_ID}/cancel-quote`],
  ['POST', `/api/admin/bookings/${SOME_ID}/resend-email`],
  ['POST', `/api/admin/bookings/${SOME_ID}/cancel`],
  ['POST', `/api/admin/bookings/${SOME_ID}/void`],
  ['POST', `/api/admin/bookings/${SOME_ID}/reconcile`],
  ['POST', `/api/admin/bookings/${SOME_ID}/notes`],
  ['GET', '/api/admin/enquiries'],
  ['POST', `/api/admin/enquiries/${SOME_ID}/reply`],
  ['GET', '/api/admin/newsletter'],
  ['GET', '/api/admin/newsletter.csv'],
  ['POST', `/api/admin/newsletter/${SOME_ID}/unsubscribe`],
  ['GET', '/api/admin/outbox'],
  ['POST', `/api/admin/outbox/${SOME_ID}/resend`],
  ['GET', '/api/admin/audit'],
];

/** Bodies and paths that would fail validation or parsing, were they read. */
function hostile(method: string, url: string) {
  const write = method !== 'GET';
  return [
    { method, url, ...(write ? { payload: {} } : {}) },
    { method, url: url.replace(SOME_ID, 'not-an-id') },
    ...(write ? [] : [{ method, url: `${url}?page=0&pageSize=x&brand=not-a-brand&status=lost` }]),
    ...(write
      ? [
          { method, url, payload: '{"domain":', headers: { 'content-type': 'application/json' } },
          { method, url, payload: 'name=x', headers: { 'content-type': 'text/plain' } },
        ]
      : []),
  ];
}

/** The answer carries no field of any schema: only the code and message of the refusal. */
function expectBareRefusal(body: string, code: string): void {
  const parsed = JSON.parse(body) as { error: Record<string, unknown> };
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message']);
  expect(parsed.error.code).toBe(code);
  expect(body).not.toMatch(/domain|theme|currentPassword|password|enableLiveMode|fields/i);
}

describe('authorisation comes before the body is read', () => {
  const t = useTestApp();

  async function traveller(): Promise<TestClient> {
    const client = new TestClient(t.app);
    const registered = await client.post('/api/auth/register', {
      username: 'traveller',
      email: 'traveller@example.com',
      firstName: 'Tess',
      lastName: 'Traveller',
      password: USER_PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    const signedIn = await client.post('/api/auth/login', {
      username: 'traveller',
      password: USER_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    return client;
  }

  it.each([...accountRoutes, ...adminRoutes])(
    '%s %s: 401 signed out, whatever the body',
    async (method, url) => {
      const client = new TestClient(t.app);
      for (const request of hostile(method, url)) {
        const response = await client.request(request);
        expect(response.statusCode, `${request.url} ${JSON.stringify(request)}`).toBe(401);
        expectBareRefusal(response.body, 'not_authenticated');
      }
    },
  );

  it.each(adminRoutes)('%s %s: 403 for a traveller, whatever the body', async (method, url) => {
    const client = await traveller();
    for (const request of hostile(method, url)) {
      const response = await client.request(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(403);
      expectBareRefusal(response.body, 'forbidden');
    }
  });

  it('still validates the body of a signed-in user', async () => {
    const client = await traveller();
    const response = await client.post('/api/auth/change-password', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
