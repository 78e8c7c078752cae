/**
 * Duffel's seat maps as the contract's: each cabin's rows of seats and facilities, a seat
 * available when it is sold to a passenger at a price we can read (a restricted seat is drawn but
 * cannot be chosen).
 */
import type { SeatMap } from '@contrail/contracts/offers';
import { count, list, object, text, top } from './lenient';
import { cabinOf, currencyOf, money } from './duffel-values';

const seatMapElementShape = object({
  type: text,
  designator: text,
  name: text,
  disclosures: list(text),
  available_services: list(
    object({ id: text, passenger_id: text, total_amount: text, total_currency: text }),
  ),
});
const duffelSeatMapSchema = top({
  id: text,
  segment_id: text,
  slice_id: text,
  cabins: list(
    object({
      cabin_class: text,
      deck: count,
      aisles: count,
      wings: object({ first_row_index: count, last_row_index: count }),
      rows: list(object({ sections: list(object({ elements: list(seatMapElementShape) })) })),
    }),
  ),
});

const FACILITIES = ['exit_row', 'lavatory', 'galley', 'closet', 'stairs', 'empty'] as const;

export function seatMapOf(raw: unknown): SeatMap | null {
  const map = duffelSeatMapSchema.read(raw);
  if (map?.segment_id == null) return null;
  return {
    id: map.id ?? '',
    segment_id: map.segment_id,
    slice_id: map.slice_id ?? '',
    cabins: map.cabins.map((cabin) => ({
      cabin_class: cabinOf(cabin.cabin_class) ?? 'economy',
      deck: Math.trunc(cabin.deck ?? 0),
      aisles: Math.max(1, Math.trunc(cabin.aisles ?? 1)),
      wings:
        cabin.wings?.first_row_index != null && cabin.wings.last_row_index != null
          ? {
              first_row_index: Math.trunc(cabin.wings.first_row_index),
              last_row_index: Math.trunc(cabin.wings.last_row_index),
            }
          : null,
      rows: cabin.rows.map((row) => ({
        sections: row.sections.map((section) => ({
          elements: section.elements.map((element) => {
            const isSeat = element.type === 'seat' || element.type === 'restricted_seat_general';
            if (!isSeat || element.designator == null) {
              return { type: FACILITIES.find((f) => f === element.type) ?? ('empty' as const) };
            }
            // A restricted seat is drawn but cannot be chosen.
            const sold = element.type === 'seat' ? element.available_services : [];
            const services = sold.flatMap((service) => {
              const currency = currencyOf(service.total_currency);
              const amount = money(service.total_amount, currency);
              return service.id == null ||
                service.passenger_id == null ||
                amount === null ||
                currency === null
                ? []
                : [
                    {
                      id: service.id,
                      passenger_id: service.passenger_id,
                      total_amount: amount,
                      total_currency: currency,
                    },
                  ];
            });
            return {
              type: 'seat' as const,
              designator: element.designator,
              name: element.name ?? null,
              disclosures: element.disclosures,
              available: services.length > 0,
              available_services: services,
            };
          }),
        })),
      })),
    })),
  };
}
