import { describe, expect, it } from 'vitest';
import { aircraftTypes, type CabinClass } from '@contrail/reference-data/data/aircraft';
import { SandboxError } from './errors';
import { createTestSandbox } from './test-factories';
import type { Offer, SearchOffersInput } from './types';

async function rejection(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}

async function searchOne(test = createTestSandbox()): Promise<{ offer: Offer; test: typeof test }> {
  const request = await test.sandbox.searchOffers({
    slices: [
      { origin: 'MAN', destination: 'DXB', departure_date: '2026-02-10' },
      { origin: 'DXB', destination: 'MAN', departure_date: '2026-02-20' },
    ],
    passengers: [{ type: 'adult' }, { type: 'child', age: 9 }],
    max_connections: 1,
    currency: 'GBP',
  });
  const offer = request.offers[Math.floor(request.offers.length / 2)];
  if (offer === undefined) throw new Error('no offers');
  return { offer, test };
}

describe('getOffer', () => {
  it('rebuilds exactly the offer the search answered, adding bags for sale', async () => {
    const { offer, test } = await searchOne();
    test.setNow('2026-01-10T09:20:00Z');
    const read = await test.sandbox.getOffer(offer.id);
    expect({ ...read, available_services: [] }).toEqual(offer);
    expect(read.available_services.length).toBe(4);
    for (const service of read.available_services) {
      expect(service).toMatchObject({
        type: 'baggage',
        maximum_quantity: 2,
        total_currency: 'GBP',
      });
      expect(service.id).toMatch(/^ase_/);
      expect(service.passenger_ids).toHaveLength(1);
      expect(service.segment_ids.length).toBeGreaterThan(0);
      expect(Number(service.total_amount)).toBeGreaterThan(0);
    }
  });

  it('works from another sandbox sharing the secret (another API process)', async () => {
    const { offer } = await searchOne();
    const otherProcess = createTestSandbox();
    await expect(otherProcess.sandbox.getOffer(offer.id)).resolves.toMatchObject({
      total_amount: offer.total_amount,
    });
  });

  it('answers offer_expired from 30 minutes after the search', async () => {
    const { offer, test } = await searchOne();
    test.setNow('2026-01-10T09:29:59.999Z');
    await expect(test.sandbox.getOffer(offer.id)).resolves.toBeDefined();
    test.setNow('2026-01-10T09:30:00Z');
    const error = await rejection(test.sandbox.getOffer(offer.id));
    expect(error.code).toBe('offer_expired');
    expect(error.status).toBe(410);
  });

  it('answers not_found for a forged, edited or foreign id', async () => {
    const { offer, test } = await searchOne();
    const middle = Math.floor(offer.id.length / 2);
    const edited = `${offer.id.slice(0, middle)}${offer.id.charAt(middle) === 'A' ? 'B' : 'A'}${offer.id.slice(middle + 1)}`;
    for (const id of [edited, 'off_0000AWUcCEa3JmkwOS1AKd', 'ord_123', '']) {
      const error = await rejection(test.sandbox.getOffer(id));
      expect(error.code).toBe('not_found');
      expect(error.status).toBe(404);
    }
    const otherSecret = createTestSandbox({ secret: 'a-completely-different-secret' });
    expect((await rejection(otherSecret.sandbox.getOffer(offer.id))).code).toBe('not_found');
  });

  it('answers offer_no_longer_available when the schedule no longer has the flights', async () => {
    const { offer } = await searchOne();
    // Another seed is another network: the flights of the id are not in it.
    const reseeded = createTestSandbox({ seed: 'a-different-network' });
    expect((await rejection(reseeded.sandbox.getOffer(offer.id))).code).toBe(
      'offer_no_longer_available',
    );
  });

  it('needs passports for international trips only', async () => {
    const { sandbox } = createTestSandbox();
    const domestic = await sandbox.searchOffers({
      slices: [{ origin: 'JFK', destination: 'LAX', departure_date: '2026-02-10' }],
      passengers: [{ type: 'adult' }],
      max_connections: 0,
    });
    expect(domestic.offers[0]?.passenger_identity_documents_required).toBe(false);
    expect(domestic.offers[0]?.allowed_passenger_identity_document_types).toEqual([]);
  });
});

describe('total_emissions_kg', () => {
  const factors = new Map(aircraftTypes.map((type) => [type.iataCode, type.emissionsFactor]));

  async function search(passengers: SearchOffersInput['passengers'], cabin: CabinClass) {
    const { sandbox } = createTestSandbox();
    const request = await sandbox.searchOffers({
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-02-10' }],
      passengers,
      cabin_class: cabin,
      max_connections: 1,
    });
    return request.offers;
  }

  it('adds up distance plus take-off and landing, by cabin and aircraft, for each seated passenger', async () => {
    const offers = await search([{ type: 'adult' }], 'economy');
    for (const offer of offers) {
      const grams = offer.slices
        .flatMap((slice) => slice.segments)
        .reduce(
          (sum, segment) =>
            sum +
            (Number(segment.distance) + 250) *
              90 *
              (factors.get(segment.aircraft.iata_code) ?? NaN),
          0,
        );
      expect(offer.total_emissions_kg).toBe(String(Math.round(grams / 1000)));
    }
    // The aircraft makes the non-stops of one route differ.
    const nonStops = new Set(
      offers
        .filter((offer) => offer.slices[0]?.segments.length === 1)
        .map((o) => o.total_emissions_kg),
    );
    expect(nonStops.size).toBeGreaterThan(1);
  });

  it('counts seated passengers (not lap infants) and the cabin', async () => {
    const flightsOf = (offer: Offer) =>
      offer.slices
        .flatMap((slice) => slice.segments)
        .map((segment) => `${segment.marketing_carrier_flight_number}@${segment.departing_at}`)
        .join('+');
    const byFlights = (offers: readonly Offer[]) =>
      new Map(offers.map((offer) => [flightsOf(offer), Number(offer.total_emissions_kg)]));
    const one = byFlights(await search([{ type: 'adult' }], 'economy'));
    const family = byFlights(
      await search(
        [{ type: 'adult' }, { type: 'adult' }, { type: 'infant_without_seat' }],
        'economy',
      ),
    );
    const business = byFlights(await search([{ type: 'adult' }], 'business'));
    let compared = 0;
    for (const [flights, kg] of one) {
      const familyKg = family.get(flights);
      const businessKg = business.get(flights);
      if (familyKg === undefined || businessKg === undefined) continue;
      compared += 1;
      expect(Math.abs(familyKg - 2 * kg)).toBeLessThanOrEqual(1);
      expect(businessKg / kg).toBeCloseTo(260 / 90, 1);
    }
    expect(compared).toBeGreaterThan(0);
  });
});
