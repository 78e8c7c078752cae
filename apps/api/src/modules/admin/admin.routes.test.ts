import { adminMessages, type BrandInput } from '@contrail/contracts/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxLiveProviders, useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { PASSWORD_CONFIRMATIONS_PER_SESSION } from '../auth/auth.service';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, USER_PASSWORD, createAdmin } from '../../../test/users';

let now = new Date('2026-11-22T10:00:00Z');

const newBrand = (overrides: Partial<BrandInput> = {}): BrandInput => ({
  name: 'Jetwise',
  domain: 'jetwise.example',
  logo: 'https://cdn.jetwise.example/logo.svg',
  theme: {
    primary: '#7C3AED',
    secondary: '#1e1b4b',
    accent: '#facc15',
    background: '#ffffff',
    text: '#111827',
    font: 'Inter, sans-serif',
  },
  contact: {
    email: 'help@jetwise.example',
    phone: '+1 212 555 0199',
    address: '5 Main St, New York, NY',
  },
  social: { facebook: 'https://facebook.com/jetwise', twitter: '', instagram: null },
  markupPercent: 15.5,
  currency: 'EUR',
  ...overrides,
});

describe('admin API', () => {
  const t = useTestApp({}, { clock: () => now });

  async function as(role: 'anonymous' | 'user' | 'admin'): Promise<TestClient> {
    const c = new TestClient(t.app);
    if (role === 'anonymous') return c;
    if (role === 'admin') {
      await createAdmin(t.database);
      expect(
        (await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD }))
          .statusCode,
      ).toBe(200);
      return c;
    }
    await c.post('/api/auth/register', {
      username: 'traveller',
      email: 't@example.com',
      firstName: 'T',
      lastName: 'R',
      password: USER_PASSWORD,
    });
    expect(
      (await c.post('/api/auth/login', { username: 'traveller', password: USER_PASSWORD }))
        .statusCode,
    ).toBe(200);
    return c;
  }

  async function steppedUpAdmin(): Promise<TestClient> {
    const c = await as('admin');
    expect((await c.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
    return c;
  }

  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/settings'],
    ['POST', '/api/admin/settings', { enableLiveMode: false }],
    ['POST', '/api/admin/login', { password: ADMIN_PASSWORD }],
    ['GET', '/api/admin/brands'],
    ['POST', '/api/admin/brands', newBrand()],
    ['PUT', '/api/admin/brands/00000000-0000-4000-8000-000000000000', newBrand()],
    ['DELETE', '/api/admin/brands/00000000-0000-4000-8000-000000000000'],
  ];

  describe('authorization matrix', () => {
    it.each(calls)('%s %s: 401 signed out', async (method, url, payload) => {
      const c = await as('anonymous');
      const response = await c.request({
        method: method,
        url,
        ...(payload ? { payload: payload } : {}),
      });
      expect(response.statusCode).toBe(401);
    });

    it.each(calls)('%s %s: 403 for a user who is not an admin', async (method, url, payload) => {
      const c = await as('user');
      const response = await c.request({
        method: method,
        url,
        ...(payload ? { payload: payload } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: { code: 'forbidden', message: adminMessages.accessDenied },
      });
    });

    it.each(calls)('%s %s: allowed for an admin', async (method, url, payload) => {
      const c = await steppedUpAdmin();
      const response = await c.request({
        method: method,
        url,
        ...(payload ? { payload: payload } : {}),
      });
      expect([200, 201, 404]).toContain(response.statusCode);
      if (response.statusCode === 404) expect(url).toMatch(/00000000-0000-4000-8000-000000000000/);
    });
  });

  describe('settings and the mode switch', () => {
    it('answers the settings: test mode, no live providers', async () => {
      const c = await as('admin');
      const response = await c.get('/api/admin/settings');
      expect(response.json()).toEqual({
        enableLiveMode: false,
        environment: 'test',
        duffelApiConfigured: false,
        stripeConfigured: false,
        modes: {
          test: {
            flights: 'sandbox',
            payments: 'sandbox',
            duffelApiConfigured: false,
            stripeConfigured: false,
            flightCurrency: null,
          },
          live: {
            flights: null,
            payments: null,
            duffelApiConfigured: false,
            stripeConfigured: false,
            flightCurrency: null,
          },
        },
      });
    });

    it('asks for the password again before a mode change', async () => {
      const c = await as('admin');
      const unconfirmed = await c.post('/api/admin/settings', { enableLiveMode: false });
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json()).toMatchObject({ error: { code: 'step_up_required' } });

      const wrong = await c.post('/api/admin/login', { password: 'Not-The-Admin-Pass-1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        error: { code: 'invalid_password', message: adminMessages.passwordIncorrect },
      });

      const right = await c.post('/api/admin/login', { password: ADMIN_PASSWORD });
      expect(right.json()).toEqual({ success: true, message: adminMessages.authenticated });
      expect((await c.post('/api/admin/settings', { enableLiveMode: false })).statusCode).toBe(200);

      now = new Date(now.getTime() + 5 * 60 * 1000 + 1000);
      expect((await c.post('/api/admin/settings', { enableLiveMode: false })).statusCode).toBe(403);
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('limits wrong passwords at the confirmation per session (a stolen session), not the owner elsewhere', async () => {
      now = new Date('2026-11-22T16:00:00Z');
      const stolen = await as('admin');
      for (let i = 0; i < PASSWORD_CONFIRMATIONS_PER_SESSION.max; i += 1) {
        const wrong = await stolen.post('/api/admin/login', {
          password: `Guess-${String(i)}-Pass!`,
        });
        expect(wrong.statusCode).toBe(401);
      }
      // Past the limit, the right password is refused too: the guesser learns nothing.
      const blocked = await stolen.post('/api/admin/login', { password: ADMIN_PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: {
          code: 'too_many_attempts',
          message: 'Too many wrong passwords. Please try again in 15 minutes.',
        },
      });
      expect(blocked.headers['retry-after']).toBe('900');
      expect((await stolen.post('/api/admin/settings', { enableLiveMode: false })).statusCode).toBe(
        403,
      );

      // The owner's own session keeps its allowance.
      const owner = new TestClient(t.app);
      await owner.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
      expect((await owner.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(
        200,
      );

      now = new Date(now.getTime() + PASSWORD_CONFIRMATIONS_PER_SESSION.windowMs);
      expect((await stolen.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(
        200,
      );
      now = new Date('2026-11-22T10:00:00Z');
    });

    it('refuses live mode while no live provider is configured', async () => {
      const c = await steppedUpAdmin();
      const response = await c.post('/api/admin/settings', { enableLiveMode: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: { code: 'live_provider_missing', message: adminMessages.liveProviderMissing },
      });
      expect((await c.get('/api/system/mode')).json()).toEqual({ isLiveMode: false, mode: 'test' });
    });
  });

  describe('brand manager', () => {
    it('lists every brand with its markup', async () => {
      const c = await as('admin');
      const response = await c.get('/api/admin/brands');
      expect(response.statusCode).toBe(200);
      const { brands } = response.json<{
        brands: { domain: string; markupPercent: number; isDefault: boolean }[];
      }>();
      expect(brands.map((b) => [b.domain, b.markupPercent, b.isDefault])).toEqual([
        ['default', 23, true],
        ['skyhop.localhost', 18, false],
      ]);
    });

    it('creates a brand that its host serves at once', async () => {
      const c = await steppedUpAdmin();
      const created = await c.post('/api/admin/brands', newBrand());
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        domain: 'jetwise.example',
        markupPercent: 15.5,
        currency: 'EUR',
        theme: { primary: '#7c3aed' },
        social: { twitter: null },
      });
      const publicView = await new TestClient(t.app, { host: 'www.jetwise.example' }).get(
        '/api/brands/jetwise.example',
      );
      expect(publicView.json()).toMatchObject({ name: 'Jetwise', theme: { primary: '#7c3aed' } });
      const page = await t.app.inject({
        method: 'GET',
        url: '/api/site',
        headers: { host: 'jetwise.example' },
      });
      expect(page.statusCode).toBe(200);
      const audit = await queryRows(t.database, sql`select actor_username, action from audit_log`);
      expect(audit).toEqual([{ actor_username: 'root', action: 'brand.created' }]);
    });

    it('updates a brand, and the change shows at the next request', async () => {
      const c = await steppedUpAdmin();
      const { brands } = (await c.get('/api/admin/brands')).json<{
        brands: { id: string; domain: string }[];
      }>();
      const skyhop = brands.find((b) => b.domain === 'skyhop.localhost');
      const response = await c.request({
        method: 'PUT',
        url: `/api/admin/brands/${skyhop?.id ?? ''}`,
        payload: newBrand({
          name: 'SkyHop',
          domain: 'skyhop.localhost',
          theme: { ...newBrand().theme, primary: '#be123c' },
        }),
      });
      expect(response.statusCode).toBe(200);
      const publicView = await t.app.inject({ method: 'GET', url: '/api/brands/skyhop.localhost' });
      expect(publicView.json()).toMatchObject({ theme: { primary: '#be123c' } });
    });

    it.each([
      [{ name: '' }, 'name', adminMessages.nameRequired],
      [{ domain: 'not a host' }, 'domain', adminMessages.domainInvalid],
      [{ domain: 'localhost' }, 'domain', adminMessages.domainInvalid],
      [{ domain: '-bad.example' }, 'domain', adminMessages.domainInvalid],
      [{ logo: 'javascript:alert(1)' }, 'logo', adminMessages.logoInvalid],
      [{ logo: '//evil.example/x.svg' }, 'logo', adminMessages.logoInvalid],
      [
        { theme: { ...newBrand().theme, primary: 'purple' } },
        'theme.primary',
        'Use a hex colour such as #1a73e8',
      ],
      [
        { theme: { ...newBrand().theme, font: 'Inter;}</style>' } },
        'theme.font',
        adminMessages.fontInvalid,
      ],
      [
        { contact: { ...newBrand().contact, email: 'nope' } },
        'contact.email',
        adminMessages.emailInvalid,
      ],
      [
        { contact: { ...newBrand().contact, phone: 'call us' } },
        'contact.phone',
        adminMessages.phoneInvalid,
      ],
      [
        { social: { ...newBrand().social, facebook: 'http://facebook.com/x' } },
        'social.facebook',
        adminMessages.socialInvalid,
      ],
      [{ markupPercent: 150 }, 'markupPercent', adminMessages.markupRange],
      [{ markupPercent: -1 }, 'markupPercent', adminMessages.markupRange],
      [{ currency: 'INR' as 'USD' }, 'currency', adminMessages.currencyUnsupported],
      // Themes that cannot meet WCAG AA, refused at the colour to change.
      [
        { theme: { ...newBrand().theme, text: '#999999' } },
        'theme.text',
        'Text on background is 2.84:1, below the 4.50:1 WCAG AA minimum. Choose a colour with more contrast.',
      ],
      [
        { theme: { ...newBrand().theme, accent: '#00a000' } },
        'theme.accent',
        'White text on accent is 3.48:1, below the 4.50:1 WCAG AA minimum. Choose a colour with more contrast.',
      ],
    ])('refuses %o with a clear message', async (override, field, message) => {
      const c = await as('admin');
      const response = await c.post('/api/admin/brands', newBrand(override));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: { [field]: message } } });
    });

    it('refuses a domain another brand has', async () => {
      const c = await steppedUpAdmin();
      const response = await c.post('/api/admin/brands', newBrand({ domain: 'skyhop.localhost' }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: { code: 'domain_taken', fields: { domain: adminMessages.domainTaken } },
      });
    });

    it('never deletes the default brand, nor a brand with accounts', async () => {
      const c = await as('admin');
      const { brands } = (await c.get('/api/admin/brands')).json<{
        brands: { id: string; domain: string }[];
      }>();
      const byDomain = (domain: string) => brands.find((b) => b.domain === domain)?.id ?? '';
      const protectedDefault = await c.request({
        method: 'DELETE',
        url: `/api/admin/brands/${byDomain('default')}`,
      });
      expect(protectedDefault.statusCode).toBe(409);
      expect(protectedDefault.json()).toMatchObject({ error: { code: 'default_brand_protected' } });

      await new TestClient(t.app, { brand: 'skyhop.localhost' }).post('/api/auth/register', {
        username: 'flyer',
        email: 'f@example.com',
        firstName: 'F',
        lastName: 'L',
        password: USER_PASSWORD,
      });
      const inUse = await c.request({
        method: 'DELETE',
        url: `/api/admin/brands/${byDomain('skyhop.localhost')}`,
      });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ error: { code: 'brand_in_use' } });
    });

    it('deletes an unused brand', async () => {
      const c = await steppedUpAdmin();
      const created = (await c.post('/api/admin/brands', newBrand())).json<{ id: string }>();
      const response = await c.request({
        method: 'DELETE',
        url: `/api/admin/brands/${created.id}`,
      });
      expect(response.statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/brands/jetwise.example' })).statusCode,
      ).toBe(404);
    });
  });
});

describe('admin API with live providers configured', () => {
  const t = useTestApp({}, (database) => sandboxLiveProviders(database));

  it('switches to live mode and back, writing each change to the audit log', async () => {
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    await c.post('/api/admin/login', { password: ADMIN_PASSWORD });
    const live = await c.post('/api/admin/settings', { enableLiveMode: true });
    expect(live.json()).toMatchObject({
      enableLiveMode: true,
      duffelApiConfigured: true,
      stripeConfigured: true,
    });
    expect((await c.get('/api/system/mode')).json()).toEqual({ isLiveMode: true, mode: 'live' });
    await c.post('/api/admin/settings', { enableLiveMode: false });
    const audit = await queryRows(
      t.database,
      sql`select actor_username, action, details from audit_log order by created_at`,
    );
    expect(audit).toEqual([
      {
        actor_username: 'root',
        action: 'system.mode_changed',
        details: { from: 'test', to: 'live' },
      },
      {
        actor_username: 'root',
        action: 'system.mode_changed',
        details: { from: 'live', to: 'test' },
      },
    ]);
  });
});

describe('admin settings with Duffel tokens', () => {
  const t = useTestApp({
    DUFFEL_TEST_TOKEN: 'duffel_test_admin0123456789',
    DUFFEL_LIVE_TOKEN: 'duffel_live_admin0123456789',
    DUFFEL_LIVE_WEBHOOK_SECRET: 'admin-live-webhook-secret',
  });

  it('says Duffel answers each mode it has a token for, and live mode still needs a card processor', async () => {
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    const settings = await c.get('/api/admin/settings');
    expect(settings.json()).toMatchObject({
      duffelApiConfigured: true,
      stripeConfigured: false,
      modes: {
        test: { flights: 'duffel', payments: 'sandbox', duffelApiConfigured: true },
        live: { flights: 'duffel', payments: null, duffelApiConfigured: true },
      },
    });
    await c.post('/api/admin/login', { password: ADMIN_PASSWORD });
    const live = await c.post('/api/admin/settings', { enableLiveMode: true });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toMatchObject({ error: { code: 'live_provider_missing' } });
  });
});
