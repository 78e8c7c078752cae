import { defaultBrand } from '@contrail/contracts/brands';
import { describe, expect, it } from 'vitest';
import {
  MAX_CACHED_BRANDS,
  MAX_CACHED_UNKNOWN_KEYS,
  createCachedBrandsService,
  notifyingBrandsRepository,
  type BrandContext,
  type BrandsService,
} from './brands.service';
import type { BrandsRepository } from './brands.repository';

function setup() {
  // Not 0: lru-cache reads a start time of 0 as an entry without a ttl.
  let now = 1_000;
  let reads = 0;
  let name = 'First';
  let failNext = false;
  const inner: Pick<BrandsService, 'findContext'> = {
    findContext: (key) => {
      reads += 1;
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('database down'));
      }
      if (key !== 'default' && !key.startsWith('known')) return Promise.resolve(null);
      return Promise.resolve({
        id: `id-${key}`,
        key,
        brand: { ...defaultBrand, name },
        markupPercent: '23.00',
        currency: 'USD',
      } satisfies BrandContext);
    },
  };
  const cache = createCachedBrandsService(inner, { clock: () => now });
  return {
    cache,
    reads: () => reads,
    rename: (value: string) => {
      name = value;
    },
    fail: () => {
      failNext = true;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('createCachedBrandsService', () => {
  it('reads the database every time until listening is confirmed', async () => {
    const t = setup();
    await t.cache.resolveContext('default');
    await t.cache.resolveContext('default');
    expect(t.reads()).toBe(2);
  });

  it('keeps brands once trusted, and drops them on a change', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await t.cache.resolveContext('default');
    await t.cache.findPublicBrand('default');
    await t.cache.resolveContext('default');
    await t.cache.findPublicBrand('default');
    expect(t.reads()).toBe(1);
    t.rename('Second');
    t.cache.invalidate();
    expect((await t.cache.resolveContext('default')).brand.name).toBe('Second');
    expect((await t.cache.findPublicBrand('default'))?.name).toBe('Second');
    expect(t.reads()).toBe(2);
  });

  it('shares one read between concurrent requests and remembers an unknown key too', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await Promise.all([t.cache.resolveContext('known-a'), t.cache.resolveContext('known-a')]);
    await t.cache.findPublicBrand('none');
    await expect(t.cache.findPublicBrand('none')).resolves.toBeNull();
    expect(t.reads()).toBe(2);
  });

  it('answers an unknown key with the default brand', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await expect(t.cache.resolveContext('made-up.example')).resolves.toMatchObject({
      key: 'default',
    });
    await expect(t.cache.resolveContext('made-up.example')).resolves.toMatchObject({
      key: 'default',
    });
    // The key once, the default brand once.
    expect(t.reads()).toBe(2);
  });

  it('stays bounded however many made-up hosts ask, and keeps the real brands', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await t.cache.resolveContext('known-brand.example');
    for (let i = 0; i < 20_000; i += 1) {
      await t.cache.resolveContext(`made-up-${String(i)}.example`);
    }
    expect(t.cache.size()).toEqual({ brands: 2, unknownKeys: MAX_CACHED_UNKNOWN_KEYS });
    const reads = t.reads();
    await t.cache.resolveContext('known-brand.example');
    expect(t.reads()).toBe(reads);
  });

  it('never holds more than its limit of brands', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    for (let i = 0; i < MAX_CACHED_BRANDS + 500; i += 1) {
      await t.cache.findPublicBrand(`known-${String(i)}.example`);
    }
    expect(t.cache.size().brands).toBe(MAX_CACHED_BRANDS);
  });

  it('does not look up keys longer than any host name', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await expect(t.cache.findPublicBrand(`known${'a'.repeat(300)}`)).resolves.toBeNull();
    expect(t.reads()).toBe(0);
    expect(t.cache.size()).toEqual({ brands: 0, unknownKeys: 0 });
  });

  it('reads again after a minute, should a notification have been missed', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await t.cache.resolveContext('default');
    await t.cache.resolveContext('made-up.example');
    expect(t.reads()).toBe(2);
    t.advance(60_000);
    await t.cache.resolveContext('default');
    await t.cache.resolveContext('made-up.example');
    expect(t.reads()).toBe(4);
  });

  it('stops caching while notifications may be missed', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    await t.cache.resolveContext('default');
    t.cache.setTrusted(false);
    await t.cache.resolveContext('default');
    await t.cache.resolveContext('default');
    expect(t.reads()).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    t.fail();
    await expect(t.cache.resolveContext('default')).rejects.toThrow('database down');
    await expect(t.cache.resolveContext('default')).resolves.toMatchObject({ key: 'default' });
  });

  it('does not remember an unknown key whose read a change overtook', async () => {
    const t = setup();
    t.cache.setTrusted(true);
    const pending = t.cache.findPublicBrand('soon.example');
    t.cache.invalidate();
    await pending;
    await t.cache.findPublicBrand('soon.example');
    expect(t.reads()).toBe(2);
  });
});

describe('notifyingBrandsRepository', () => {
  it('reports each successful write, and no read or failed write', async () => {
    let changes = 0;
    const ok = () => Promise.resolve(undefined);
    const repository = {
      findByDomain: ok,
      findById: ok,
      findByIdForUpdate: ok,
      list: () => Promise.resolve([]),
      insertMany: () => Promise.resolve(),
      insert: ok,
      update: () => Promise.reject(new Error('conflict')),
      delete: () => Promise.resolve(),
    } satisfies BrandsRepository;
    const notifying = notifyingBrandsRepository(repository, () => {
      changes += 1;
    });
    await notifying.findByDomain('x');
    await notifying.list();
    await notifying.delete('id');
    await notifying.insertMany([]);
    await expect(notifying.update('id', {} as never)).rejects.toThrow('conflict');
    expect(changes).toBe(2);
  });
});
