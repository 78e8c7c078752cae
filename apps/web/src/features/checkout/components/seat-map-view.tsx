import type { SeatMap } from '@contrail/contracts/offers';
import { XIcon } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { checkoutTexts } from '../lib/checkout-texts';
import { formatSeatPrice } from '../lib/money';
import {
  cabinViews,
  type FacilityCell,
  type FacilityKind,
  type SeatCell,
  type SeatMapCell,
} from '../lib/seat-map';

export interface SeatHolder {
  passengerId: string;
  /** 1-based, as the passengers are numbered on the page. */
  number: number;
  name: string;
}

interface SeatMapViewProps {
  map: SeatMap;
  flightLabel: string;
  /** The passenger a click seats. */
  activePassengerId: string;
  /** Who sits where on this flight. */
  holders: ReadonlyMap<string, SeatHolder>;
  onSeat: (seat: SeatCell) => void;
  /** Why the active passenger may not take a seat (an exit row for a child), or null. */
  restriction?: (seat: SeatCell) => string | null;
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
  available: 'border-primary/50 bg-primary/10 text-foreground hover:bg-primary/25',
  selected:
    'border-primary bg-primary text-primary-foreground shadow-sm ring-2 ring-primary ring-offset-2 ring-offset-background',
  held: 'border-primary bg-primary text-primary-foreground',
  unavailable: 'border-border bg-muted text-muted-foreground/60',
} as const;

const SEAT_SIZE = 'size-9 sm:size-10';

/**
 * One flight's seat map: each cabin with its column letters, row numbers in the aisles, exits
 * and facilities. Every seat is a button named like 'Seat 14C, window, $25', pressed when it is
 * the active passenger's; a seat they cannot have is disabled.
 */
export function SeatMapView({
  map,
  flightLabel,
  activePassengerId,
  holders,
  onSeat,
  restriction,
}: SeatMapViewProps) {
  const cabins = useMemo(() => cabinViews(map), [map]);
  return (
    <div role="group" aria-label={`Seat map, ${flightLabel}`} className="grid gap-6">
      {cabins.map((cabin) => (
        <section
          key={cabin.key}
          aria-label={`${cabin.label} cabin`}
          className="overflow-x-auto rounded-[2rem] border border-border bg-background px-3 py-5 sm:px-6"
        >
          {/* Under the flight's h2. */}
          <h3 className="mb-4 text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {cabin.label}
          </h3>
          <div className="mx-auto grid w-max gap-1.5">
            <div aria-hidden="true" className="flex items-center justify-center gap-1">
              {cabin.columns.map((letters, sectionIndex) => (
                <Fragment key={sectionIndex}>
                  {sectionIndex > 0 ? <span className="w-7 sm:w-8" /> : null}
                  <div className="flex gap-1">
                    {letters.map((letter) => (
                      <span
                        key={letter}
                        className={cn(
                          SEAT_SIZE,
                          'flex items-end justify-center pb-1 text-xs font-semibold text-muted-foreground',
                        )}
                      >
                        {letter}
                      </span>
                    ))}
                  </div>
                </Fragment>
              ))}
            </div>
            {cabin.rows.map((row) =>
              row.number === null ? (
                <FacilityRow key={row.key} sections={row.sections} />
              ) : (
                <div key={row.key} className="flex items-center justify-center gap-1">
                  {row.sections.map((section, sectionIndex) => (
                    <Fragment key={sectionIndex}>
                      {sectionIndex > 0 ? (
                        <span
                          aria-hidden="true"
                          className="w-7 text-center text-xs font-medium text-muted-foreground tabular-nums sm:w-8"
                        >
                          {row.number}
                        </span>
                      ) : null}
                      <div className="flex gap-1">
                        {section.map((cell, cellIndex) =>
                          cell.kind === 'seat' ? (
                            <SeatButton
                              key={cell.designator}
                              seat={cell}
                              activePassengerId={activePassengerId}
                              holder={holders.get(cell.designator)}
                              onSeat={onSeat}
                              restricted={restriction?.(cell) ?? null}
                            />
                          ) : (
                            <span key={`f${cellIndex}`} aria-hidden="true" className={SEAT_SIZE} />
                          ),
                        )}
                      </div>
                    </Fragment>
                  ))}
                </div>
              ),
            )}
          </div>
        </section>
      ))}
    </div>
  );
}

function FacilityRow({ sections }: { sections: SeatMapCell[][] }) {
  const exit = sections.some((section) =>
    section.some((cell) => cell.kind === 'facility' && cell.facility === 'exit_row'),
  );
  if (exit) {
    return (
      <div className="flex items-center justify-between gap-2 py-1 text-[11px] font-semibold tracking-wide text-destructive uppercase">
        <span>◀ {checkoutTexts.exitRow}</span>
        <span className="h-px flex-1 border-t border-dashed border-destructive/40" />
        <span>{checkoutTexts.exitRow} ▶</span>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-between gap-2 py-1">
      {sections.map((section, index) => {
        const facilities = section.filter(
          (cell): cell is FacilityCell => cell.kind === 'facility' && cell.facility !== 'empty',
        );
        return (
          <span
            key={index}
            className="flex-1 rounded-md bg-muted px-2 py-1.5 text-center text-[11px] font-medium text-muted-foreground"
          >
            {facilities.map((cell) => FACILITY_LABELS[cell.facility]).join(' · ') || '\u00a0'}
          </span>
        );
      })}
    </div>
  );
}

function SeatButton({
  seat,
  activePassengerId,
  holder,
  onSeat,
  restricted,
}: {
  seat: SeatCell;
  activePassengerId: string;
  holder: SeatHolder | undefined;
  restricted: string | null;
  onSeat: (seat: SeatCell) => void;
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
      disabled={!choosable}
      data-state={state}
      title={label}
      onClick={() => onSeat(seat)}
      className={cn(
        SEAT_SIZE,
        'relative flex items-center justify-center rounded-t-xl rounded-b-md border text-[10px] leading-none font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed',
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
