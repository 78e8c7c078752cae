import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../../test/app';
import { createSettingsRepository } from './system.repository';
import { LIVE_MODE_SETTING } from './system.service';

describe('system routes', () => {
  const t = useTestApp({ COMPANY_NAME: 'Example Air Travel Ltd', COMPANY_NUMBER: '01234567' });

  it('GET /api/health answers while the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers when the database does', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /api/ready answers 503 when the database does not', async () => {
    const broken = {
      ...t.database,
      ping: () => Promise.reject(new Error('connection refused')),
    };
    const app = await buildApp({ config: testConfig(), database: broken, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'database_unavailable', message: 'The database is not answering' },
      });
      expect(response.body).not.toContain('connection refused');
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
