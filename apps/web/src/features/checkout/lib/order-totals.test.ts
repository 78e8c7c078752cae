import { describe, expect, it } from 'vitest';
import { buildOffer } from '../test/checkout-factories';
import { formatMinor } from '../../../lib/flight-formatters';
import { formatSeatPrice, orderTotals } from './order-totals';

const seat = (designator: string, amountMinor: number, currency = 'USD') => ({
  passengerId: 'pas_adult_1',
  segmentId: 'seg_out',
  designator,
  amountMinor,
  currency,
});

describe('order totals', () => {
  it('adds seats to the sell total in integer minor units', () => {
    // 0.10 + 0.20 is 0.30000000000000004 in floats; cents add up exactly.
    const totals = orderTotals(buildOffer({ total_amount: '2143.10' }), [
      seat('10A', 10),
      seat('10B', 20),
      seat('11A', 2599),
    ]);
    expect(totals).toEqual({
      currency: 'USD',
      baseMinor: 169_800,
      taxMinor: 44_500,
      fareMinor: 214_310,
      seatsMinor: 2_629,
      bagsMinor: 0,
      roundingMinor: 0,
      totalMinor: 216_939,
    });
    expect(formatMinor(totals.totalMinor, totals.currency)).toBe('$2,169.39');
  });

  it('adds the bags after the seats', () => {
    const bag = {
      serviceId: 'ase_1',
      passengerId: 'pas_adult_1',
      segmentIds: ['seg_out'],
      quantity: 2,
      amountMinor: 7_000,
      currency: 'USD',
    };
    const totals = orderTotals(buildOffer(), [seat('10A', 2_500)], [bag]);
    expect(totals.bagsMinor).toBe(7_000);
    expect(totals.totalMinor).toBe(214_300 + 2_500 + 7_000);
    expect(() => orderTotals(buildOffer(), [], [{ ...bag, currency: 'EUR' }])).toThrow(/EUR/);
  });

  it('adds yen as whole yen, and rounds a KWD total up to the tens of fils a card is charged', () => {
    const yen = orderTotals(
      buildOffer({
        base_amount: '15000',
        tax_amount: '2103',
        total_amount: '17103',
        base_currency: 'JPY',
        tax_currency: 'JPY',
        total_currency: 'JPY',
      }),
      [seat('10A', 2_400, 'JPY')],
    );
    expect(yen).toMatchObject({ fareMinor: 17_103, roundingMinor: 0, totalMinor: 19_503 });
    expect(formatMinor(yen.totalMinor, 'JPY')).toBe('¥19,503');
    const kwd = orderTotals(
      buildOffer({
        base_amount: '40.000',
        tax_amount: '12.000',
        total_amount: '52.000',
        base_currency: 'KWD',
        tax_currency: 'KWD',
        total_currency: 'KWD',
      }),
      [seat('10A', 7_677, 'KWD')],
    );
    expect(kwd).toMatchObject({ fareMinor: 52_000, seatsMinor: 7_677, roundingMinor: 3 });
    expect(kwd.totalMinor).toBe(59_680);
    expect(formatMinor(kwd.totalMinor, 'KWD')).toBe('KWD\u00a059.680');
    expect(formatSeatPrice(7_677, 'KWD')).toBe('KWD\u00a07.677');
    expect(formatSeatPrice(7_000, 'KWD')).toBe('KWD\u00a07');
    expect(formatSeatPrice(2_400, 'JPY')).toBe('¥2,400');
  });

  it('refuses a seat priced in another currency rather than adding it', () => {
    expect(() => orderTotals(buildOffer(), [seat('10A', 1000, 'EUR')])).toThrow(/EUR/);
  });

  it('shows seat prices short: whole units, cents when there are any, Free for nothing', () => {
    expect(formatSeatPrice(2500, 'USD')).toBe('$25');
    expect(formatSeatPrice(4760, 'USD')).toBe('$47.60');
    expect(formatSeatPrice(0, 'USD')).toBe('Free');
  });
});
