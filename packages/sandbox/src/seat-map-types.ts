/**
 * A seat map's shapes, as Duffel's: one map per segment, its cabins made of rows of sections,
 * each element a seat (with what each passenger would pay for it) or a facility.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';

export interface SeatService {
  /** `ase_…`; book it through createOrder's `services`. */
  readonly id: string;
  readonly passenger_id: string;
  readonly total_amount: string;
  readonly total_currency: string;
}

export interface SeatElement {
  readonly type: 'seat';
  /** Row number and letter, e.g. `14C`. */
  readonly designator: string;
  readonly name: string | null;
  readonly disclosures: readonly string[];
  /** One per passenger who may take the seat; empty when the seat is unavailable. */
  readonly available_services: readonly SeatService[];
}

export interface FacilityElement {
  readonly type: 'exit_row' | 'lavatory' | 'galley' | 'closet' | 'stairs' | 'empty';
}

export type SeatMapElement = SeatElement | FacilityElement;

export interface SeatMapCabin {
  readonly cabin_class: CabinClass;
  readonly deck: 0 | 1;
  readonly aisles: number;
  /** Indexes into `rows` (all rows, not only seat rows) of the first and last row over the wing. */
  readonly wings: { readonly first_row_index: number; readonly last_row_index: number } | null;
  readonly rows: readonly {
    readonly sections: readonly { readonly elements: readonly SeatMapElement[] }[];
  }[];
}

export interface SeatMap {
  /** `sea_…` */
  readonly id: string;
  readonly segment_id: string;
  readonly slice_id: string;
  readonly cabins: readonly SeatMapCabin[];
}
