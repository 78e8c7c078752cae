import { describe, expect, it, vi } from 'vitest';
import { SandboxError } from './errors';
import { findSpecialRoute, specialRoutes } from './special-routes';
import { createTestSandbox, orderInputFor, sumAmounts, must } from './test-factories';
import type { SearchOffersInput } from './types';

async function rejection(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}

function oneWay(origin: string, destination: string): SearchOffersInput {
  return {
    slices: [{ origin, destination, departure_date: '2026-02-02' }],
    passengers: [{ type: 'adult' }],
    currency: 'GBP',
  };
}

describe('special routes', () => {
  it('are the documented sixteen, each with its own behaviour', () => {
    expect(specialRoutes.map((r) => `${r.origin}-${r.destination}:${r.behaviour}`)).toEqual([
      'PVD-RAI:no_offers',
      'STN-LHR:slow_search',
      'LGW-LHR:offer_gone',
      'LHR-STN:price_changed',
      'LHR-LCY:order_refused',
      'LHR-LTN:rate_limited',
      'LHR-LGW:order_lost',
      'LGW-STN:order_not_created',
      'LGW-LCY:order_late',
      'LGW-LTN:order_timeout',
      'STN-LGW:airline_unknown',
      'LCY-LHR:insufficient_balance',
      'LTN-LHR:price_changed_stale',
      'LCY-LGW:amount_mismatch',
      'LCY-STN:refund_unknown',
      'LTN-STN:refund_to_credits',
    ]);
    expect(findSpecialRoute('RAI', 'PVD')).toBeUndefined();
  });

  it('PVD→RAI finds no offers', async () => {
    const { sandbox } = createTestSandbox();
    const request = await sandbox.searchOffers(oneWay('PVD', 'RAI'));
    expect(request.offers).toEqual([]);
    expect(request.passengers).toHaveLength(1);
  });

  it('STN→LHR waits on the injected timer, then times out', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const { sandbox } = createTestSandbox({ sleep, slowSearchMs: 45_000 });
    const error = await rejection(sandbox.searchOffers(oneWay('STN', 'LHR')));
    expect(sleep).toHaveBeenCalledWith(45_000, undefined);
    expect(error.code).toBe('gateway_timeout_error');
    expect(error.status).toBe(504);
    expect(error.type).toBe('api_error');
  });

  it('STN→LHR ends early when the caller aborts', async () => {
    vi.useFakeTimers();
    try {
      const { sandbox } = createTestSandbox();
      const controller = new AbortController();
      const search = rejection(
        sandbox.searchOffers({ ...oneWay('STN', 'LHR'), signal: controller.signal }),
      );
      await vi.advanceTimersByTimeAsync(5_000);
      controller.abort(new Error('client timeout'));
      const error = await search;
      expect(error.code).toBe('request_aborted');
      const already = await rejection(
        sandbox.searchOffers({ ...oneWay('STN', 'LHR'), signal: AbortSignal.abort() }),
      );
      expect(already.code).toBe('request_aborted');
    } finally {
      vi.useRealTimers();
    }
  });

  it('LGW→LHR has offers that are gone when read', async () => {
    const { sandbox } = createTestSandbox();
    const request = await sandbox.searchOffers(oneWay('LGW', 'LHR'));
    const offer = must(request.offers[0]);
    for (const read of [
      sandbox.getOffer(offer.id),
      sandbox.getSeatMaps(offer.id),
      sandbox.createOrder(orderInputFor(offer)),
    ]) {
      const error = await rejection(read);
      expect(error.code).toBe('offer_no_longer_available');
      expect(error.type).toBe('airline_error');
    }
  });

  it('LHR→STN costs 10.00 more when read, and refuses the old price', async () => {
    const { sandbox } = createTestSandbox();
    const offer = must((await sandbox.searchOffers(oneWay('LHR', 'STN'))).offers[0]);
    const read = await sandbox.getOffer(offer.id);
    expect(read.id).toBe(offer.id);
    expect(read.total_amount).toBe(sumAmounts('GBP', [offer.total_amount, '10.00']));
    const stale = await rejection(sandbox.createOrder(orderInputFor(offer)));
    expect(stale.code).toBe('price_changed');
    expect(stale.details).toMatchObject({ total_amount: read.total_amount, total_currency: 'GBP' });
    const order = await sandbox.createOrder(orderInputFor(read));
    expect(order.total_amount).toBe(read.total_amount);
  });

  it('LHR→LCY refuses the order and books nothing', async () => {
    const { sandbox, store } = createTestSandbox();
    const offer = must((await sandbox.searchOffers(oneWay('LHR', 'LCY'))).offers[0]);
    await expect(sandbox.getSeatMaps(offer.id)).resolves.toHaveLength(1);
    const error = await rejection(sandbox.createOrder(orderInputFor(offer)));
    expect(error.code).toBe('order_creation_failed');
    expect(error.type).toBe('airline_error');
    expect(store.soldSeatCount()).toBe(0);
  });

  it.each([
    ['LHR', 'LTN'],
    ['LHR', 'LGW'],
  ])(
    '%s→%s (failures only over HTTP) search and book normally in the sandbox itself',
    async (from, to) => {
      const { sandbox } = createTestSandbox();
      const offer = must((await sandbox.searchOffers(oneWay(from, to))).offers[0]);
      const order = await sandbox.createOrder(orderInputFor(await sandbox.getOffer(offer.id)));
      expect(order.booking_reference).toHaveLength(6);
    },
  );
});
