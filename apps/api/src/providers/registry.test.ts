import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import type { FlightSupplier, SupplierOrder } from './flights/flight-supplier';
import {
  MODE_CACHE_MS,
  createProviderRegistry,
  modeFollowingFlights,
  offerFlights,
  parseOfferId,
  sourced,
  type Mode,
} from './registry';

/** A supplier that answers with the ids it is asked about, so routing shows in the answers. */
function fakeSupplier(name: string, calls: string[]): FlightSupplier {
  const order = (id: string): SupplierOrder => ({
    id,
    bookingReference: 'ABC123',
    createdAt: '2026-01-01T00:00:00Z',
    slices: [],
    seats: [],
    totalAmount: '100.00',
    totalCurrency: 'USD',
    refundable: true,
    cancelledAt: null,
  });
  return {
    name,
    live: false,
    listAirports: () => [],
    search: () => Promise.resolve({ id: 'orq_1', offers: [] }),
    getOffer: (id) => {
      calls.push(`${name}:getOffer:${id}`);
      return Promise.reject(new Error('not needed'));
    },
    getSeatMaps: (id) => {
      calls.push(`${name}:getSeatMaps:${id}`);
      return Promise.resolve([]);
    },
    createOrder: (input) => {
      calls.push(`${name}:createOrder:${input.offerId}`);
      return Promise.resolve(order('ord_1'));
    },
    getOrder: (id) => {
      calls.push(`${name}:getOrder:${id}`);
      return Promise.resolve(order(id));
    },
    findOrderByReference: (reference) => {
      calls.push(`${name}:find:${reference}`);
      return Promise.resolve(name === 'duffel' ? order('ord_9') : null);
    },
    quoteCancellation: (orderId) => {
      calls.push(`${name}:quote:${orderId}`);
      return Promise.resolve({
        id: 'ore_1',
        orderId,
        refundAmount: '0.00',
        refundCurrency: 'USD',
        refundTo: 'original_payment',
        airlineCredits: [],
        expiresAt: '2026-01-01T00:00:00Z',
        confirmedAt: null,
      });
    },
    confirmCancellation: (id) => {
      calls.push(`${name}:confirm:${id}`);
      return Promise.reject(new Error('not needed'));
    },
    getCancellation: (id) => {
      calls.push(`${name}:getCancellation:${id}`);
      return Promise.reject(new Error('not needed'));
    },
    listCancellations: (orderId) => {
      calls.push(`${name}:listCancellations:${orderId}`);
      return Promise.resolve([]);
    },
  };
}

function setUp(stored: { mode: Mode }) {
  const calls: string[] = [];
  let now = 1_000_000;
  let reads = 0;
  const sandbox = fakeSupplier('sandbox', calls);
  const registry = createProviderRegistry({
    flights: { test: fakeSupplier('duffel', calls), live: fakeSupplier('duffel', calls) },
    payments: {},
    builtIn: { flights: sandbox },
    readMode: () => {
      reads += 1;
      return Promise.resolve(stored.mode);
    },
    clock: () => now,
  });
  return {
    registry,
    calls,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
    supplier: modeFollowingFlights(registry, sandbox),
  };
}

describe('the provider registry', () => {
  it('reads the stored mode again once its cache of a few seconds has passed', async () => {
    const stored = { mode: 'test' as Mode };
    const s = setUp(stored);
    expect(await s.registry.mode()).toBe('test');
    stored.mode = 'live';
    expect(await s.registry.mode()).toBe('test');
    expect(s.reads()).toBe(1);
    s.advance(MODE_CACHE_MS);
    expect(await s.registry.mode()).toBe('live');
    expect(s.reads()).toBe(2);
  });

  it('names provider and mode in the ids of every source but the sandbox in test mode', () => {
    expect(parseOfferId('off_1')).toEqual({
      source: { provider: 'sandbox', mode: 'test' },
      id: 'off_1',
    });
    expect(parseOfferId('duffel-live~off_2')).toEqual({
      source: { provider: 'duffel', mode: 'live' },
      id: 'off_2',
    });
  });

  it('sends an offer of the mode now to its supplier with the provider’s own id', async () => {
    const s = setUp({ mode: 'live' });
    await s.supplier.getSeatMaps('duffel-live~off_2');
    const order = await s.supplier.createOrder({
      offerId: 'duffel-live~off_2',
      passengers: [],
      services: [],
      amount: '100.00',
      currency: 'USD',
      reference: 'booking-1',
    });
    expect(order.id).toBe('duffel-live~ord_1');
    expect(s.calls).toEqual(['duffel:getSeatMaps:off_2', 'duffel:createOrder:off_2']);
  });

  it('answers 409 mode_changed for an offer of the other mode, without asking any supplier', async () => {
    const s = setUp({ mode: 'live' });
    for (const offerId of ['duffel-test~off_1', 'off_1']) {
      const error = await offerFlights(s.registry, offerId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 409, code: 'mode_changed' });
    }
    await expect(s.supplier.getSeatMaps('duffel-test~off_1')).rejects.toMatchObject({
      code: 'mode_changed',
    });
    expect(s.calls).toEqual([]);
  });

  it('reaches an order of any mode, and the built-in sandbox’s after Duffel took test mode', async () => {
    const s = setUp({ mode: 'live' });
    expect((await s.supplier.getOrder('duffel-test~ord_5')).id).toBe('duffel-test~ord_5');
    expect((await s.supplier.getOrder('ord_6')).id).toBe('ord_6');
    expect((await s.supplier.quoteCancellation('duffel-test~ord_5')).orderId).toBe(
      'duffel-test~ord_5',
    );
    expect(s.calls).toEqual([
      'duffel:getOrder:ord_5',
      'sandbox:getOrder:ord_6',
      'duffel:quote:ord_5',
    ]);
    await expect(s.supplier.getOrder('stripe-live~ord_7')).rejects.toMatchObject({
      statusCode: 503,
    });
  });

  it('answers an id no source of ours could have made as an unknown offer, asking no supplier', async () => {
    const s = setUp({ mode: 'test' });
    for (const offerId of [
      'duffel-test~../../air/orders',
      'duffel-test~off_2/../orders',
      'duffel-test~off_2?limit=200',
      'duffel-test~off_2#x',
      'duffel-test~off_2%2F..',
      'duffel-test~off_2Ñ',
      'duffel-test~off_2 ',
      `duffel-test~${'a'.repeat(2001)}`,
      'duffel-test~',
      '../../air/orders',
      // Providers this registry never had, and a mode there is not.
      'evil-test~off_2',
      'stripe-test~off_2',
      'duffel-prod~off_2',
    ]) {
      const error = await offerFlights(s.registry, offerId).catch((e: unknown) => e);
      expect(error, offerId).toBeInstanceOf(AppError);
      expect(error, offerId).toMatchObject({ statusCode: 404, code: 'offer_not_found' });
      await expect(s.supplier.getOffer(offerId), offerId).rejects.toMatchObject({
        statusCode: 404,
      });
    }
    expect(s.calls).toEqual([]);
  });

  it('hands a supplier only its own ids, never another source’s or one no provider makes', async () => {
    const calls: string[] = [];
    const duffel = sourced(fakeSupplier('duffel', calls), 'test');
    for (const id of [
      'duffel-live~ord_5',
      'sandbox-test~ord_5',
      'ord_5',
      'duffel-test~ord_5/../../x',
      'duffel-test~..',
    ]) {
      await expect(duffel.getOrder(id), id).rejects.toMatchObject({ code: 'not_found' });
      await expect(duffel.confirmCancellation(id), id).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    expect(calls).toEqual([]);
    await duffel.getOrder('duffel-test~ord_5');
    expect(calls).toEqual(['duffel:getOrder:ord_5']);
  });

  it('looks for a booking’s order with every supplier until one has it', async () => {
    const s = setUp({ mode: 'test' });
    expect((await s.supplier.findOrderByReference('booking-1'))?.id).toBe('duffel-test~ord_9');
    expect(s.calls).toEqual(['duffel:find:booking-1']);
  });
});
