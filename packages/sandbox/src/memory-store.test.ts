import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store';
import { describeSandboxStoreContract } from './store-contract';

describeSandboxStoreContract('The memory store', () => createMemoryStore());

describe('createMemoryStore', () => {
  it('starts empty', async () => {
    const store = createMemoryStore();
    expect(store.soldSeatCount()).toBe(0);
    await expect(store.getOrder('ord_missing')).resolves.toBeNull();
    await expect(store.listSoldSeats(['BA117-20260304'])).resolves.toEqual([]);
  });
});
