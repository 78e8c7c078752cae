import { brandSchema, defaultBrand } from '@contrail/contracts/brands';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/app';
import { queryRows } from '../../../test/database';
import { demoBrand } from './brands.seed';

describe('GET /api/brands/:key', () => {
  const t = useTestApp();

  it('answers the demo brand by its domain', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/brands/skyhop.localhost' });
    expect(response.statusCode).toBe(200);
    const body = brandSchema.parse(response.json());
    expect(body).toEqual(demoBrand);
  });

  it('never exposes the markup or internal ids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/brands/skyhop.localhost' });
    const raw = response.body;
    expect(raw).not.toMatch(/markup/i);
    expect(Object.keys(response.json<Record<string, unknown>>())).not.toContain('id');
  });

  it('answers the default brand for the key "default"', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/brands/default' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: defaultBrand.name, domain: 'default' });
  });

  it('matches keys case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/brands/SkyHop.Localhost' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'SkyHop' });
  });

  it('answers 404 with the error envelope for an unknown key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/brands/nowhere.example' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'brand_not_found', message: 'Brand not found' },
    });
  });

  it('sees a change another process made to a brand, through the database notification', async () => {
    const read = async () =>
      brandSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/brands/skyhop.localhost' })).json(),
      ).name;
    expect(await read()).toBe(demoBrand.name);
    // Cached now; the change below does not go through this process.
    await queryRows(
      t.database,
      sql`update brands set name = 'SkyHop Two' where domain = 'skyhop.localhost'`,
    );
    // PGlite notifies as the statement ends; a server's notification takes a moment to arrive.
    const deadline = Date.now() + 3_000;
    let name = await read();
    while (name !== 'SkyHop Two' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      name = await read();
    }
    expect(name).toBe('SkyHop Two');
  });
});
