import { describe, expect, it } from 'vitest';
import { buildBagService as bag, buildOffer } from '../test/checkout-factories';
import { bagCharges, bagOptionsBySlice, serviceSelections, withBagQuantity } from './bags';

const offer = buildOffer({
  available_services: [
    bag('ase_out_1', 'pas_adult_1', 'seg_out', '35.00'),
    bag('ase_back_1', 'pas_adult_1', 'seg_back', '40.50', 1),
    bag('ase_out_2', 'pas_adult_2', 'seg_out', '35.00'),
  ],
});

describe('extra bags', () => {
  it('groups the bag services by slice, in travel order, with the price of one bag', () => {
    const groups = bagOptionsBySlice(offer);
    expect(groups.map((g) => g.sliceIndex)).toEqual([0, 1]);
    expect(groups[0]?.options.map((o) => [o.serviceId, o.passengerId, o.unitMinor])).toEqual([
      ['ase_out_1', 'pas_adult_1', 3500],
      ['ase_out_2', 'pas_adult_2', 3500],
    ]);
    expect(groups[1]?.options.map((o) => o.maximum)).toEqual([1]);
    expect(bagOptionsBySlice(buildOffer())).toEqual([]);
  });

  it('prices the chosen bags, within each maximum, and drops what the offer no longer sells', () => {
    const charges = bagCharges(offer, { ase_out_1: 2, ase_back_1: 3, ase_gone: 1 });
    expect(charges).toEqual([
      {
        serviceId: 'ase_out_1',
        passengerId: 'pas_adult_1',
        segmentIds: ['seg_out'],
        quantity: 2,
        amountMinor: 7000,
        currency: 'USD',
      },
      {
        serviceId: 'ase_back_1',
        passengerId: 'pas_adult_1',
        segmentIds: ['seg_back'],
        quantity: 1,
        amountMinor: 4050,
        currency: 'USD',
      },
    ]);
    expect(serviceSelections(charges)).toEqual([
      { id: 'ase_out_1', quantity: 2 },
      { id: 'ase_back_1', quantity: 1 },
    ]);
  });

  it('sets and clears one choice without touching the others', () => {
    const two = withBagQuantity({ ase_out_1: 1 }, 'ase_out_2', 2);
    expect(two).toEqual({ ase_out_1: 1, ase_out_2: 2 });
    expect(withBagQuantity(two, 'ase_out_1', 0)).toEqual({ ase_out_2: 2 });
  });
});
