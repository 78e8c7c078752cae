import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../../test/app';
import { createSettingsRepository } from './system.repository';
import { LIVE_MODE_SETTING } from './system.service';

describe('system routes', () => {
  const t = useTestApp({ COMPANY_NAME: 'Example Air Travel Ltd', COMPANY_NUMBER: '01234567' });

  it('GET /api/health answers 200 when the database answers within its time limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/ready answers when the database does', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  const unavailable = {
    error: {
      code: 'database_unavailable',
      message: 'The database is not answering. Please try again in a moment.',
    },
  };

  async function appWith(ping: () => Promise<void>) {
    const database = { ...t.database, ping };
    return buildApp({
      config: testConfig(),
      database,
      logger: false,
      settlingJobs: false,
    });
  }

  it.each(['/api/health', '/api/ready'])(
    'GET %s answers 503 without the detail when the database fails',
    async (url) => {
      const app = await appWith(() => Promise.reject(new Error('connection refused')));
      try {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual(unavailable);
        expect(response.body).not.toContain('connection refused');
      } finally {
        await app.close();
      }
    },
  );

  it('GET /api/health answers 503 within its time limit when the database hangs, and the probes share one query', async () => {
    let pings = 0;
    const app = await appWith(() => {
      pings += 1;
      return new Promise(() => undefined);
    });
    try {
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/health' })),
      );
      const elapsed = performance.now() - started;
      for (const response of responses) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(unavailable);
      }
      expect(elapsed).toBeGreaterThanOrEqual(700);
      expect(elapsed).toBeLessThan(5_000);
      expect(pings).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('GET /api/system/mode is test mode on a fresh database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/system/mode' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isLiveMode: false, mode: 'test' });
  });

  it('GET /api/system/mode reads the stored setting', async () => {
    await createSettingsRepository(t.database.db).set(LIVE_MODE_SETTING, true);
    const response = await t.app.inject({ method: 'GET', url: '/api/system/mode' });
    expect(response.json()).toEqual({ isLiveMode: true, mode: 'live' });
  });

  it('GET /api/site answers the configured company', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json()).toEqual({
      companyName: 'Example Air Travel Ltd',
      companyNumber: '01234567',
      registeredOffice: '20 Wenlock Road, London N1 7GU, United Kingdom',
    });
  });
});
