import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderTotals, type SeatCharge } from '../lib/order-totals';
import { buildOffer } from '../test/checkout-factories';
import { OrderSummary } from './order-summary';

const seat = (amountMinor: number, currency: string): SeatCharge => ({
  passengerId: 'pas_adult_1',
  segmentId: 'seg_out',
  designator: '12A',
  amountMinor,
  currency,
});

function summary(currency: string, amounts: [string, string, string], seatMinor: number) {
  const [base_amount, tax_amount, total_amount] = amounts;
  const offer = buildOffer({
    base_amount,
    tax_amount,
    total_amount,
    base_currency: currency,
    tax_currency: currency,
    total_currency: currency,
  });
  const seats = [seat(seatMinor, currency)];
  render(
    <OrderSummary
      offer={offer}
      totals={orderTotals(offer, seats)}
      seats={seats}
      passengerName={() => 'Ada Lovelace'}
      showItinerary={false}
    />,
  );
}

const amountOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('the order summary in every currency', () => {
  it('shows yen without decimals, and no rounding', () => {
    summary('JPY', ['15000', '2103', '17103'], 2_400);
    expect(amountOf('Base Fare')).toBe('¥15,000');
    expect(amountOf('Taxes and Fees')).toBe('¥2,103');
    expect(screen.getByText('¥2,400')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥19,503');
    expect(screen.queryByText('Card rounding')).not.toBeInTheDocument();
  });

  it('shows dinars with three decimals, and the fils a card payment rounds up by', () => {
    summary('KWD', ['40.000', '12.000', '52.000'], 7_677);
    expect(amountOf('Base Fare')).toBe('KWD\u00a040.000');
    expect(screen.getByText('KWD 7.677')).toBeInTheDocument();
    expect(amountOf('Card rounding')).toBe('KWD\u00a00.003');
    expect(screen.getByTestId('order-total')).toHaveTextContent('KWD 59.680');
  });
});
