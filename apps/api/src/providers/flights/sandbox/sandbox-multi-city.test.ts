import { checkPassengers, passengerRulesFor } from '@contrail/contracts/passengers';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { describe, expect, it } from 'vitest';
import { supplierPassengers } from '../../../modules/checkout';
import { createSandboxSupplier } from './sandbox-supplier';

const NOW = new Date('2026-11-22T09:00:00Z');
const slices = [
  { origin: 'LHR', destination: 'CDG', departureDate: '2027-03-01' },
  { origin: 'CDG', destination: 'FCO', departureDate: '2027-03-04' },
  { origin: 'FCO', destination: 'LHR', departureDate: '2027-03-09' },
];
const route = (
  items: readonly { origin: { iata_code: string }; destination: { iata_code: string } }[],
) => items.map((slice) => `${slice.origin.iata_code}-${slice.destination.iata_code}`);

describe('the sandbox supplier, multi-city', () => {
  it('searches three slices and books an offer flying all three', async () => {
    const supplier = createSandboxSupplier({
      store: createMemoryStore(),
      clock: () => NOW,
      secret: 'multi-city-test-secret-0123456789abcdef',
    });
    const found = await supplier.search({
      slices,
      passengers: [{ type: 'adult' }],
      cabinClass: 'economy',
      currency: 'USD',
    });
    const first = found.offers[0];
    if (!first) throw new Error('no offer');
    expect(found.offers.every((o) => o.slices.length === 3)).toBe(true);
    const offer = await supplier.getOffer(first.id);
    expect(route(offer.slices)).toEqual(['LHR-CDG', 'CDG-FCO', 'FCO-LHR']);

    const checked = checkPassengers(
      offer.passengers.map((p) => ({
        id: p.id,
        type: p.type,
        title: 'ms',
        firstName: 'Ada',
        lastName: 'Lovelace',
        gender: 'female',
        dateOfBirth: '1985-12-10',
        email: 'ada@example.com',
        phone: '07911 123456',
        phoneCountry: 'GB',
        passportNumber: 'P1234567',
        passportExpiryDate: '2032-01-01',
        passportIssuingCountry: 'GB',
      })),
      passengerRulesFor(offer, NOW.toISOString().slice(0, 10)),
    );
    if (!checked.success) throw new Error('passengers refused');
    const order = await supplier.createOrder({
      offerId: offer.id,
      passengers: supplierPassengers(checked.passengers),
      services: [],
      amount: offer.total_amount,
      currency: offer.total_currency,
      reference: 'multi-city-1',
    });
    expect(route(order.slices)).toEqual(['LHR-CDG', 'CDG-FCO', 'FCO-LHR']);
    expect(route((await supplier.getOrder(order.id)).slices)).toHaveLength(3);
  });
});
