import { XIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { checkoutTexts } from '../lib/checkout-texts';
import { formatSeatPrice } from '../lib/order-totals';
import type { FacilityCell, FacilityKind, SeatCell, SeatMapCell } from '../lib/seat-map';

export interface SeatHolder {
  passengerId: string;
  /** 1-based, as the passengers are numbered on the page. */
  number: number;
  name: string;
}

const FACILITY_LABELS: Record<FacilityKind, string> = {
  exit_row: checkoutTexts.exitRow,
  lavatory: 'Lavatory',
  galley: 'Galley',
  closet: 'Closet',
  stairs: 'Stairs',
  empty: '',
};

export const seatStyles = {
  available: 'border-primary-strong bg-primary/10 text-foreground hover:bg-primary/25',
  selected:
    'border-primary bg-primary text-primary-foreground shadow-sm ring-2 ring-primary ring-offset-2 ring-offset-background',
  held: 'border-primary bg-primary text-primary-foreground',
  unavailable: 'border-border bg-muted text-muted-foreground/60',
} as const;

export const SEAT_SIZE = 'size-9 sm:size-10';

export function FacilityRow({ sections }: { sections: SeatMapCell[][] }) {
  const exit = sections.some((section) =>
    section.some((cell) => cell.kind === 'facility' && cell.facility === 'exit_row'),
  );
  // A row of the grid with one cell, so the grid holds rows only; its text is in rem, growing
  // with the reader's text size.
  if (exit) {
    return (
      <div role="row">
        <div
          role="gridcell"
          className="flex items-center justify-between gap-2 py-1 text-[0.6875rem] font-semibold tracking-wide text-destructive uppercase"
        >
          <span>◀ {checkoutTexts.exitRow}</span>
          <span className="h-px flex-1 border-t border-dashed border-destructive/40" />
          <span>{checkoutTexts.exitRow} ▶</span>
        </div>
      </div>
    );
  }
  return (
    <div role="row">
      <div role="gridcell" className="flex items-center justify-between gap-2 py-1">
        {sections.map((section, index) => {
          const facilities = section.filter(
            (cell): cell is FacilityCell => cell.kind === 'facility' && cell.facility !== 'empty',
          );
          return (
            <span
              key={index}
              className="flex-1 rounded-md bg-muted px-2 py-1.5 text-center text-[0.6875rem] font-medium text-muted-foreground"
            >
              {facilities.map((cell) => FACILITY_LABELS[cell.facility]).join(' · ') || '\u00a0'}
            </span>
          );
        })}
      </div>
    </div>
  );
}

export function SeatButton({
  seat,
  activePassengerId,
  holder,
  onSeat,
  restricted,
  tabStop,
}: {
  seat: SeatCell;
  activePassengerId: string;
  holder: SeatHolder | undefined;
  restricted: string | null;
  onSeat: (seat: SeatCell) => void;
  tabStop: boolean;
}) {
  const price = seat.prices.get(activePassengerId);
  const mine = holder?.passengerId === activePassengerId;
  const heldByOther = holder !== undefined && !mine;
  const choosable = price !== undefined && !heldByOther && (mine || restricted === null);
  const position = `${seat.position}${seat.exitRow ? ', exit row' : ''}`;
  const label = heldByOther
    ? `Seat ${seat.designator}, ${position}, selected for ${holder.name}`
    : price && restricted !== null && !mine
      ? `Seat ${seat.designator}, ${position}, not available: ${restricted}`
      : price
        ? `Seat ${seat.designator}, ${position}, ${formatSeatPrice(price.amountMinor, price.currency)}`
        : `Seat ${seat.designator}, ${position}, unavailable`;
  const state = mine ? 'selected' : heldByOther ? 'held' : choosable ? 'available' : 'unavailable';

  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={mine}
      aria-disabled={!choosable || undefined}
      data-state={state}
      data-designator={seat.designator}
      tabIndex={tabStop ? 0 : -1}
      title={label}
      onClick={() => {
        if (choosable) onSeat(seat);
      }}
      className={cn(
        SEAT_SIZE,
        'relative flex items-center justify-center rounded-t-xl rounded-b-md border text-[0.625rem] leading-none font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-disabled:cursor-not-allowed',
        seatStyles[state],
        seat.exitRow && state === 'available' && 'border-dashed',
      )}
    >
      {holder ? (
        <span className="text-xs">{holder.number}</span>
      ) : price && choosable ? (
        <span aria-hidden="true">{formatSeatPrice(price.amountMinor, price.currency)}</span>
      ) : (
        <XIcon className="size-3.5" aria-hidden="true" />
      )}
    </button>
  );
}
