import { describe, expect, it } from 'vitest';
import { offerHashOf, readServiceId, serviceId, type ServiceRef } from './service-ids';

describe('service ids', () => {
  const offer = offerHashOf('off_example');
  const refs: ServiceRef[] = [
    { kind: 'seat', segment: 0, passenger: 0, designator: '14C' },
    { kind: 'seat', segment: 5, passenger: 8, designator: '101K' },
    { kind: 'bag', slice: 1, passenger: 3 },
  ];

  it('name a service of one offer and read back', () => {
    for (const ref of refs) {
      const id = serviceId(offer, ref);
      expect(id).toMatch(/^ase_[0-9A-Za-z]+$/);
      expect(readServiceId(offer, id)).toEqual(ref);
    }
  });

  it('belong to their offer only', () => {
    const id = serviceId(offer, { kind: 'bag', slice: 0, passenger: 0 });
    expect(readServiceId(offerHashOf('off_another'), id)).toBeNull();
  });

  it('refuse edits and strangers', () => {
    const id = serviceId(offer, { kind: 'seat', segment: 0, passenger: 0, designator: '14C' });
    expect(readServiceId(offer, id.replace('14C', '14D'))).toBeNull();
    expect(readServiceId(offer, id.replace('S00', 'S01'))).toBeNull();
    expect(readServiceId(offer, 'ase_00009UhD4ongolulWd9108')).toBeNull();
    expect(readServiceId(offer, 'ser_abc')).toBeNull();
  });
});
