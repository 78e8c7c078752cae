import { defaultBrand } from '@contrail/contracts/brands';
import { themeVariables } from '@contrail/contracts/theme';
import { describe, expect, it, vi } from 'vitest';
import { brandQueryOptions } from '../features/brand/api/get-brand';
import { siteInfoQueryOptions } from '../features/site/api/get-site-info';
import { apiRequest } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { buildBrand } from '../test/brands';
import { jsonResponse, siteInfo, stubFetch } from '../test/fetch-stub';
import { z } from 'zod';
import { bootApp, readBootData, shareStyleNonce } from './boot';

function writeBootData(json: string) {
  const script = document.createElement('script');
  script.id = 'boot-data';
  script.type = 'application/json';
  script.textContent = json;
  document.head.append(script);
}

async function brandHeaderSent(): Promise<string | null> {
  const requests = stubFetch({ 'GET /api/ping': () => jsonResponse({}) });
  await apiRequest('/api/ping', z.object({}));
  return requests[0]?.headers.get('x-brand') ?? null;
}

describe('bootApp', () => {
  it.each([
    ['localhost:5173', '?brand=skyline', 'skyline', 'skyline'],
    ['localhost:5173', '', 'default', 'default'],
    ['127.0.0.1:3000', '?brand=Skyline', 'skyline', 'skyline'],
    ['www.skyline.example', '?brand=other', 'skyline.example', null],
    ['skyline.example', '', 'skyline.example', null],
  ])('on %s%s resolves %s and sends X-Brand %s', async (host, search, key, header) => {
    const { brandKey } = bootApp({
      location: { host, search },
      doc: document,
      queryClient: createQueryClient(),
    });

    expect(brandKey).toBe(key);
    expect(await brandHeaderSent()).toBe(header);
  });

  it('seeds the brand and site queries from matching boot data and paints its theme', () => {
    const brand = buildBrand();
    writeBootData(JSON.stringify({ brandKey: 'skyline', brand, site: siteInfo }));
    const queryClient = createQueryClient();

    const { initialBrand } = bootApp({
      location: { host: 'localhost', search: '?brand=skyline' },
      doc: document,
      queryClient,
    });

    expect(initialBrand.name).toBe('Skyline Air');
    expect(queryClient.getQueryData(brandQueryOptions('skyline').queryKey)).toEqual(brand);
    expect(queryClient.getQueryData(siteInfoQueryOptions().queryKey)).toEqual(siteInfo);
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe(
      themeVariables(brand.theme)['--primary'],
    );
  });

  it('ignores boot data written for another brand key', () => {
    writeBootData(JSON.stringify({ brandKey: 'other', brand: buildBrand(), site: siteInfo }));
    const queryClient = createQueryClient();

    const { initialBrand } = bootApp({
      location: { host: 'localhost', search: '?brand=skyline' },
      doc: document,
      queryClient,
    });

    expect(initialBrand).toBe(defaultBrand);
    expect(queryClient.getQueryData(brandQueryOptions('skyline').queryKey)).toBeUndefined();
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe(
      defaultBrand.theme.primary,
    );
  });
});

describe('readBootData', () => {
  it('reads nothing from the placeholder, malformed JSON or a wrong shape', () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readBootData(document)).toBeNull();
    writeBootData('null');
    expect(readBootData(document)).toBeNull();
    document.getElementById('boot-data')?.remove();
    writeBootData('{not json');
    expect(readBootData(document)).toBeNull();
    document.getElementById('boot-data')?.remove();
    writeBootData('{"brandKey":"x"}');
    expect(readBootData(document)).toBeNull();
    expect(errorLog).toHaveBeenCalledTimes(2);
  });
});

describe('shareStyleNonce', () => {
  it("hands the server style's nonce to libraries that add <style> elements", () => {
    const style = document.createElement('style');
    style.nonce = 'abc123';
    document.head.append(style);
    try {
      shareStyleNonce(document);
      expect(Reflect.get(globalThis, '__webpack_nonce__')).toBe('abc123');
    } finally {
      style.remove();
      Reflect.deleteProperty(globalThis, '__webpack_nonce__');
    }
  });
});
