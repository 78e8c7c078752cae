import type { SeatSelection, ServiceSelection } from '@contrail/contracts/payments';
import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../lib/stored-json';
import { authorizationExtras } from './payments.columns';

describe("the payment authorisations' seats and bags", () => {
  it('reads the seats and bags an authorisation holds, as written', () => {
    const seats: SeatSelection[] = [
      { passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A' },
    ];
    const services: ServiceSelection[] = [{ id: 'ase_1', quantity: 2 }];
    expect(
      authorizationExtras(
        JSON.parse(JSON.stringify({ seats, services })) as { seats: unknown; services: unknown },
      ),
    ).toEqual({
      seats,
      services,
    });
    // Authorisations made before bags were sold have the column's default.
    expect(authorizationExtras({ seats: [], services: [] })).toEqual({ seats: [], services: [] });
  });

  it('throws corrupt seats or bags, naming the column', () => {
    expect(() => authorizationExtras({ seats: [{ passengerId: 'pas_1' }], services: [] })).toThrow(
      /payment_authorizations\.seats[\s\S]*segmentId/,
    );
    expect(() =>
      authorizationExtras({ seats: [], services: [{ id: 'ase_1', quantity: 0 }] }),
    ).toThrow(/payment_authorizations\.services[\s\S]*quantity/);
    expect(() => authorizationExtras({ seats: null, services: [] })).toThrow(StoredJsonError);
  });
});
