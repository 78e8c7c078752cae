import { brandSchema, defaultBrand } from '@contrail/contracts/brands';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
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
});
