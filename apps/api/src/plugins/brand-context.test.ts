import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../../test/app';
import { resetDatabase, testDatabase } from '../../test/database';

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(env),
    database: await testDatabase(),
    logger: false,
  });
  app.get('/api/test/brand', async (request) => {
    const context = await request.brand();
    return { key: request.brandKey, name: context.brand.name, markup: context.markupPercent };
  });
  await app.ready();
  return app;
}

describe('brand resolution per request', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;

  beforeAll(async () => {
    direct = await appWith({});
    proxied = await appWith({ TRUST_PROXY: 'true' });
  });
  beforeEach(async () => resetDatabase(await testDatabase()));
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const brandOf = async (app: FastifyInstance, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/test/brand', headers })).json<{
      key: string;
      name: string;
      markup: string;
    }>();

  it('takes the brand from a two-label Host header', async () => {
    expect(await brandOf(direct, { host: 'skyhop.localhost:3000' })).toEqual({
      key: 'skyhop.localhost',
      name: 'SkyHop',
      markup: '18.00',
    });
  });

  it('uses X-Brand on localhost and IP hosts only', async () => {
    expect(
      (await brandOf(direct, { host: 'localhost:3000', 'x-brand': 'skyhop.localhost' })).name,
    ).toBe('SkyHop');
    expect(
      (await brandOf(direct, { host: '127.0.0.1:3000', 'x-brand': 'skyhop.localhost' })).name,
    ).toBe('SkyHop');
    expect(
      (await brandOf(direct, { host: '[::1]:3000', 'x-brand': 'skyhop.localhost' })).name,
    ).toBe('SkyHop');
    const spoofed = await brandOf(direct, {
      host: 'travel.example.com',
      'x-brand': 'skyhop.localhost',
    });
    expect(spoofed.key).toBe('travel.example.com');
    expect(spoofed.name).toBe('Contrail');
  });

  it('falls back to the default brand for an unknown key', async () => {
    expect(await brandOf(direct, { host: 'unknown.example' })).toMatchObject({
      key: 'unknown.example',
      name: 'Contrail',
      markup: '23.00',
    });
  });

  it('answers keys no host name could be with the default brand', async () => {
    const requests: Record<string, string>[] = [
      { host: 'localhost:3000', 'x-brand': `${'a'.repeat(10_000)}.example` },
      { host: 'localhost:3000', 'x-brand': 'sky hop.localhost' },
      // One character longer than a host name may be (a Host that long is refused at the edge).
      { host: 'localhost:3000', 'x-brand': 'b'.repeat(254) },
    ];
    for (const headers of requests) {
      expect(await brandOf(direct, headers)).toMatchObject({ key: 'default', name: 'Contrail' });
    }
  });

  it('honours X-Forwarded-Host only when TRUST_PROXY is on', async () => {
    const headers = { host: '10.0.0.5:3000', 'x-forwarded-host': 'skyhop.localhost' };
    expect((await brandOf(proxied, headers)).name).toBe('SkyHop');
    expect((await brandOf(direct, headers)).key).toBe('default');
  });
});
