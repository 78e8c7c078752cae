/**
 * Duffel's orders as the suppliers' order: its flights, the seats chosen and what each cost, and
 * our booking's id from its metadata.
 */
import { fromMinorUnits } from '@contrail/contracts/money';
import type { Slice } from '@contrail/contracts/offers';
import type { SupplierOrder, SupplierOrderSeat } from '../flight-supplier';
import { list, record, text, top } from './lenient';
import { conditionsShape, serviceShape, sliceShape } from './duffel-shapes';
import type { OfferContext } from './duffel-offer-mapping';
import { sliceOf } from './duffel-slice-mapping';
import { currencyOf, isoInstant, money } from './duffel-values';

const duffelOrderSchema = top({
  id: text,
  booking_reference: text,
  created_at: text,
  cancelled_at: text,
  total_amount: text,
  total_currency: text,
  slices: list(sliceShape),
  services: list(serviceShape),
  conditions: conditionsShape,
  metadata: record,
});

export function orderOf(raw: unknown, context: OfferContext): SupplierOrder | null {
  const order = duffelOrderSchema.read(raw);
  if (!order) return null;
  const currency = currencyOf(order.total_currency);
  const total = money(order.total_amount, currency);
  if (order.id == null || total === null || currency === null) return null;
  const cabin = context.cabin ?? 'economy';
  const slices = order.slices.map((slice) => sliceOf(slice, cabin));
  const seats: SupplierOrderSeat[] = order.slices.flatMap((slice) =>
    slice.segments.flatMap((segment) =>
      segment.passengers.flatMap((passenger) => {
        const designator = passenger.seat?.designator;
        if (!designator || !passenger.passenger_id || !segment.id) return [];
        const service = order.services.find(
          (s) =>
            s.type === 'seat' &&
            s.passenger_ids.includes(passenger.passenger_id ?? '') &&
            s.segment_ids.includes(segment.id ?? ''),
        );
        return [
          {
            passengerId: passenger.passenger_id,
            segmentId: segment.id,
            designator,
            totalAmount:
              money(service?.total_amount, currencyOf(service?.total_currency) ?? currency) ??
              fromMinorUnits(0, currency),
            totalCurrency: currencyOf(service?.total_currency) ?? currency,
          },
        ];
      }),
    ),
  );
  return {
    id: order.id,
    bookingReference: order.booking_reference ?? '',
    createdAt: isoInstant(order.created_at) ?? context.now.toISOString(),
    cancelledAt: isoInstant(order.cancelled_at),
    totalAmount: total,
    totalCurrency: currency,
    slices: slices.filter((slice): slice is Slice => slice !== null),
    seats,
    refundable: order.conditions?.refund_before_departure?.allowed === true,
  };
}

/** Our booking id as the order's metadata carries it. */
export function orderReference(raw: unknown, key: string): string | null {
  const value = duffelOrderSchema.read(raw)?.metadata?.[key];
  return typeof value === 'string' ? value : null;
}
