import {
  adminMessages,
  brandInputSchema,
  type AdminBrand,
  type BrandInput,
} from '@contrail/contracts/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';
import { PASSWORD_CONFIRMATIONS_PER_SESSION } from '../auth/auth.service';
import { STEP_UP_TTL_MS } from './admin.service';

// A brand's markup, currency, domain and contact e-mail decide what travellers pay and where
// their replies go: changing one, or creating a brand, needs the password confirmed again within
// the step-up window, as the switch to live mode does. Its look and texts do not.

const START = new Date('2026-11-22T10:00:00Z');
let now = START;

const JETWISE: BrandInput = {
  name: 'Jetwise',
  domain: 'jetwise.example',
  logo: 'https://cdn.jetwise.example/logo.svg',
  theme: {
    primary: '#7c3aed',
    secondary: '#1e1b4b',
    accent: '#facc15',
    background: '#ffffff',
    text: '#111827',
    font: 'Inter, sans-serif',
  },
  contact: { email: 'help@jetwise.example', phone: '+1 212 555 0199', address: '5 Main St' },
  social: { facebook: null, twitter: null, instagram: null },
  markupPercent: 15.5,
  currency: 'EUR',
};

/** The brand manager's form as it would send a brand back unchanged. */
function inputOf(brand: AdminBrand): BrandInput {
  const { name, domain, logo, theme, contact, social, markupPercent, currency } = brand;
  return {
    ...{ name, domain, logo, theme, contact, social, markupPercent },
    currency: brandInputSchema.shape.currency.parse(currency),
  };
}

const stepUpRefusal = (message: string) => ({
  error: { code: 'step_up_required', message },
});

describe('step-up for brand changes that move money or mail', () => {
  const t = useTestApp({}, { clock: () => now });

  async function signedInAdmin(): Promise<TestClient> {
    now = START;
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    const login = await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    expect(login.statusCode).toBe(200);
    return c;
  }

  async function stepUp(c: TestClient): Promise<void> {
    expect((await c.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
  }

  async function skyhop(c: TestClient): Promise<AdminBrand> {
    const { brands } = (await c.get('/api/admin/brands')).json<{ brands: AdminBrand[] }>();
    const brand = brands.find((b) => b.domain === 'skyhop.localhost');
    if (!brand) throw new Error('no demo brand');
    return brand;
  }

  const put = (c: TestClient, id: string, payload: BrandInput) =>
    c.request({ method: 'PUT', url: `/api/admin/brands/${id}`, payload });

  const stored = (id: string) =>
    queryRows(
      t.database,
      sql`select domain, markup_percent, currency, contact_email, primary_color, updated_at
          from brands where id = ${id}`,
    );

  const auditRows = () =>
    queryRows(
      t.database,
      sql`select actor_username, action, details, target_type, target_id, before, after
          from audit_log order by created_at`,
    );

  describe('creating a brand', () => {
    it('is refused without a recent step-up, and nothing is written', async () => {
      const c = await signedInAdmin();
      const refused = await c.post('/api/admin/brands', JETWISE);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(stepUpRefusal(adminMessages.brandCreateStepUpRequired));
      expect(
        await queryRows(t.database, sql`select id from brands where domain = 'jetwise.example'`),
      ).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it('is made after a step-up, and audited as stepped up with every field it set', async () => {
      const c = await signedInAdmin();
      await stepUp(c);
      const created = await c.post('/api/admin/brands', JETWISE);
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: string }>();
      const [record] = await auditRows();
      expect(record).toMatchObject({
        actor_username: 'root',
        action: 'brand.created',
        details: { brandId: id, domain: 'jetwise.example', steppedUp: true },
        target_type: 'brand',
        target_id: id,
        before: null,
        after: {
          domain: 'jetwise.example',
          markupPercent: 15.5,
          currency: 'EUR',
          'contact.email': 'help@jetwise.example',
          'theme.primary': '#7c3aed',
        },
      });
    });
  });

  describe.each([
    ['markup', 'markupPercent', { markupPercent: 0 }, 18, 0],
    ['currency', 'currency', { currency: 'EUR' as const }, 'USD', 'EUR'],
    [
      'domain',
      'domain',
      { domain: 'skyhop-flights.example' },
      'skyhop.localhost',
      'skyhop-flights.example',
    ],
    [
      'contact e-mail',
      'contact.email',
      { contact: { email: 'replies@elsewhere.example' } },
      'hello@skyhop.example',
      'replies@elsewhere.example',
    ],
  ] as const)('changing the %s', (_name, field, change, from, to) => {
    const changed = (brand: AdminBrand): BrandInput => {
      const input = inputOf(brand);
      return 'contact' in change
        ? { ...input, contact: { ...input.contact, ...change.contact } }
        : { ...input, ...change };
    };

    it('is refused without a step-up, and nothing is written', async () => {
      const c = await signedInAdmin();
      const brand = await skyhop(c);
      const before = await stored(brand.id);

      const refused = await put(c, brand.id, changed(brand));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(stepUpRefusal(adminMessages.brandStepUpRequired));
      expect(await stored(brand.id)).toEqual(before);
      expect(await auditRows()).toEqual([]);
    });

    it('is saved after a step-up, and audited with the field before and after', async () => {
      const c = await signedInAdmin();
      const brand = await skyhop(c);
      await stepUp(c);

      const saved = await put(c, brand.id, changed(brand));
      expect(saved.statusCode).toBe(200);
      expect(await auditRows()).toEqual([
        {
          actor_username: 'root',
          action: 'brand.updated',
          details: { brandId: brand.id, domain: saved.json<AdminBrand>().domain, steppedUp: true },
          target_type: 'brand',
          target_id: brand.id,
          before: { [field]: from },
          after: { [field]: to },
        },
      ]);
    });

    it('is refused again once the step-up is more than five minutes old', async () => {
      const c = await signedInAdmin();
      const brand = await skyhop(c);
      await stepUp(c);
      const before = await stored(brand.id);

      now = new Date(START.getTime() + STEP_UP_TTL_MS + 1000);
      const refused = await put(c, brand.id, changed(brand));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'step_up_required' } });
      expect(await stored(brand.id)).toEqual(before);
      expect(await auditRows()).toEqual([]);

      await stepUp(c);
      expect((await put(c, brand.id, changed(brand))).statusCode).toBe(200);
    });
  });

  it('is still within the window at five minutes to the millisecond', async () => {
    const c = await signedInAdmin();
    const brand = await skyhop(c);
    await stepUp(c);
    now = new Date(START.getTime() + STEP_UP_TTL_MS);
    expect((await put(c, brand.id, { ...inputOf(brand), markupPercent: 20 })).statusCode).toBe(200);
  });

  it('changes colours, logo, name and texts without a step-up, audited as not stepped up', async () => {
    const c = await signedInAdmin();
    const brand = await skyhop(c);
    const input = inputOf(brand);

    const saved = await put(c, brand.id, {
      ...input,
      name: 'SkyHop Flights',
      logo: '/brand/skyhop-new.svg',
      theme: { ...input.theme, primary: '#115e59' },
      contact: { ...input.contact, address: '2 Harbour Exchange Square, London' },
      // The same markup written another way is no change.
      markupPercent: 18.001,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'SkyHop Flights', theme: { primary: '#115e59' } });
    expect(await auditRows()).toEqual([
      {
        actor_username: 'root',
        action: 'brand.updated',
        details: { brandId: brand.id, domain: 'skyhop.localhost', steppedUp: false },
        target_type: 'brand',
        target_id: brand.id,
        before: {
          name: 'SkyHop',
          logo: '/brand/skyhop.svg',
          'theme.primary': '#0f766e',
          'contact.address': '1 Harbour Exchange Square, London E14 9GE, United Kingdom',
        },
        after: {
          name: 'SkyHop Flights',
          logo: '/brand/skyhop-new.svg',
          'theme.primary': '#115e59',
          'contact.address': '2 Harbour Exchange Square, London',
        },
      },
    ]);
  });

  it('refuses a colour change that also changes the markup, writing neither', async () => {
    const c = await signedInAdmin();
    const brand = await skyhop(c);
    const input = inputOf(brand);
    const before = await stored(brand.id);
    const refused = await put(c, brand.id, {
      ...input,
      theme: { ...input.theme, primary: '#115e59' },
      markupPercent: 5,
    });
    expect(refused.statusCode).toBe(403);
    expect(await stored(brand.id)).toEqual(before);
  });

  // Needs a second connection: PGlite has one, and a save there never overlaps another.
  it.runIf(process.env.CONTRAIL_TEST_DB === 'postgres')(
    'decides on the row as a concurrent save leaves it: a markup it changed, sent back stale, needs the step-up',
    async () => {
      const c = await signedInAdmin();
      const brand = await skyhop(c);
      const input = inputOf(brand);
      // A colour change from a form that still shows the markup of 18.
      const stale = { ...input, theme: { ...input.theme, primary: '#115e59' } };
      let response: ReturnType<typeof put> | undefined;
      await t.database.db.transaction(async (tx) => {
        // Another admin's save, stepped up, holds the row and is setting the markup to 0.
        await tx.execute(sql`select id from brands where id = ${brand.id} for update`);
        response = put(c, brand.id, stale);
        await waitForLockWait();
        await tx.execute(sql`update brands set markup_percent = 0 where id = ${brand.id}`);
      });
      const refused = await response;
      expect(refused?.statusCode).toBe(403);
      expect(refused?.json()).toEqual(stepUpRefusal(adminMessages.brandStepUpRequired));
      expect(await stored(brand.id)).toEqual([
        expect.objectContaining({ markup_percent: '0.00', primary_color: '#0f766e' }),
      ]);
    },
  );

  /** Until a request of the app waits on a row lock (the save reaching the locked brand). */
  async function waitForLockWait(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const waiting = await queryRows(
        t.database,
        sql`select pid from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the save never reached the locked brand');
  }

  it('keeps the change refused after wrong passwords, and limits them per session', async () => {
    const c = await signedInAdmin();
    const brand = await skyhop(c);
    const cheaper = { ...inputOf(brand), markupPercent: 0 };
    for (let i = 0; i < PASSWORD_CONFIRMATIONS_PER_SESSION.max; i += 1) {
      const wrong = await c.post('/api/admin/login', { password: `Guess-${String(i)}-Pass!` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        error: { code: 'invalid_password', message: adminMessages.passwordIncorrect },
      });
      expect((await put(c, brand.id, cheaper)).statusCode).toBe(403);
    }
    const blocked = await c.post('/api/admin/login', { password: ADMIN_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'too_many_attempts' } });
    expect((await put(c, brand.id, cheaper)).statusCode).toBe(403);
    expect(await stored(brand.id)).toEqual([expect.objectContaining({ markup_percent: '18.00' })]);
  });
});
