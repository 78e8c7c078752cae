import { offerSchema } from '@contrail/contracts/offers';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createDuffelSupplier } from './duffel-supplier';
import { createMemoryOfferReplacements } from './offer-replacements';

/** A multi-city search through the SDK against the Duffel-compatible server: every slice is sent. */

const TOKEN = 'duffel_test_adapter0123456789';
const NOW = new Date('2026-01-10T09:00:00Z');

let running: DuffelServer | undefined;
afterEach(async () => {
  await running?.close().catch(() => undefined);
  running = undefined;
});

async function supplier() {
  running = createDuffelServer({ clock: () => NOW, tokens: [TOKEN] });
  const apiUrl = await running.listen();
  return createDuffelSupplier({
    token: TOKEN,
    apiUrl,
    live: false,
    replacements: createMemoryOfferReplacements(),
    clock: () => NOW,
    sleep: () => Promise.resolve(),
    log: { info: () => undefined, warn: () => undefined },
    orderLookupWaitsMs: [0],
  });
}

const slices = [
  { origin: 'LHR', destination: 'CDG', departureDate: '2026-02-02' },
  { origin: 'CDG', destination: 'FCO', departureDate: '2026-02-05' },
  { origin: 'FCO', destination: 'LHR', departureDate: '2026-02-09' },
];

describe('the Duffel supplier, multi-city', () => {
  it('sends three slices in one offer request and maps offers flying all three', async () => {
    const duffel = await supplier();
    const result = await duffel.search({
      slices,
      passengers: [{ type: 'adult' }],
      cabinClass: 'economy',
      currency: 'USD',
    });

    expect(result.offers.length).toBeGreaterThan(0);
    for (const offer of result.offers) {
      expect(offerSchema.safeParse(offer).success).toBe(true);
      expect(
        offer.slices.map((slice) => [
          slice.origin.iata_code,
          slice.destination.iata_code,
          slice.segments[0]?.departing_at.slice(0, 10),
        ]),
      ).toEqual(slices.map((s) => [s.origin, s.destination, s.departureDate]));
    }
    const first = result.offers[0];
    if (!first) throw new Error('no offer');
    const again = await duffel.getOffer(first.id);
    expect(again.slices).toHaveLength(3);
  });
});
