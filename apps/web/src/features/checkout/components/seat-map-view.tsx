import type { SeatMap } from '@contrail/contracts/offers';
import { XIcon } from 'lucide-react';
import { Fragment, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { checkoutTexts } from '../lib/checkout-texts';
import { formatSeatPrice } from '../lib/order-totals';
import {
  cabinViews,
  type FacilityCell,
  type FacilityKind,
  type SeatCell,
  type SeatMapCell,
  seatLetter,
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
  available: 'border-primary-strong bg-primary/10 text-foreground hover:bg-primary/25',
  selected:
    'border-primary bg-primary text-primary-foreground shadow-sm ring-2 ring-primary ring-offset-2 ring-offset-background',
  held: 'border-primary bg-primary text-primary-foreground',
  unavailable: 'border-border bg-muted text-muted-foreground/60',
} as const;

const SEAT_SIZE = 'size-9 sm:size-10';

/** The seats in the order the arrow keys move through them: rows of every cabin, front to back. */
function seatRows(cabins: ReturnType<typeof cabinViews>): SeatCell[][] {
  return cabins.flatMap((cabin) =>
    cabin.rows
      .filter((row) => row.number !== null)
      .map((row) => row.sections.flat().filter((cell): cell is SeatCell => cell.kind === 'seat')),
  );
}

const GRID_KEYS: ReadonlySet<string> = new Set([
  'ArrowRight',
  'ArrowLeft',
  'ArrowDown',
  'ArrowUp',
  'Home',
  'End',
]);

/** Where an arrow key (Home, End, with Ctrl for the whole map) goes from `designator`. */
export function seatAfterKey(
  rows: readonly (readonly SeatCell[])[],
  designator: string,
  key: string,
  ctrl: boolean,
): string | null {
  const rowIndex = rows.findIndex((row) => row.some((seat) => seat.designator === designator));
  const row = rows[rowIndex];
  if (!row) return null;
  const index = row.findIndex((seat) => seat.designator === designator);
  const letter = seatLetter(designator);
  const sameColumn = (target: readonly SeatCell[] | undefined) => {
    if (!target || target.length === 0) return null;
    const match = target.find((seat) => seatLetter(seat.designator) === letter);
    return (match ?? target[Math.min(index, target.length - 1)])?.designator ?? null;
  };
  switch (key) {
    case 'ArrowRight':
      return row[index + 1]?.designator ?? null;
    case 'ArrowLeft':
      return index > 0 ? (row[index - 1]?.designator ?? null) : null;
    case 'ArrowDown':
      return sameColumn(rows[rowIndex + 1]);
    case 'ArrowUp':
      return rowIndex > 0 ? sameColumn(rows[rowIndex - 1]) : null;
    case 'Home':
      return (ctrl ? rows[0]?.[0] : row[0])?.designator ?? null;
    case 'End':
      return (ctrl ? rows.at(-1)?.at(-1) : row.at(-1))?.designator ?? null;
    default:
      return null;
  }
}

/**
 * One flight's seat map: each cabin with its column letters, row numbers in the aisles, exits
 * and facilities. Every seat is a button named like 'Seat 14C, window, $25', pressed when it is
 * the active passenger's; a seat they cannot have says so (aria-disabled, so the focus stays on
 * a seat that was just taken). The map is one tab stop, and the arrow keys move between seats,
 * as in the ARIA grid pattern.
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
  const rows = useMemo(() => seatRows(cabins), [cabins]);
  const container = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  // The tab stop: the seat last moved to, else the active passenger's, else the first they may
  // take, else the first seat.
  const all = rows.flat();
  const known = (designator: string | null | undefined) =>
    designator != null && all.some((seat) => seat.designator === designator) ? designator : null;
  const own = [...holders.entries()].find(([, holder]) => holder.passengerId === activePassengerId);
  const tabStop =
    known(current) ??
    known(own?.[0]) ??
    all.find((seat) => seat.prices.has(activePassengerId) && !holders.has(seat.designator))
      ?.designator ??
    all[0]?.designator ??
    null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.dataset.designator) return;
    if (!GRID_KEYS.has(event.key)) return;
    event.preventDefault();
    const next = seatAfterKey(rows, target.dataset.designator, event.key, event.ctrlKey);
    if (!next) return;
    setCurrent(next);
    container.current
      ?.querySelector<HTMLElement>(`[data-designator="${CSS.escape(next)}"]`)
      ?.focus();
  };

  return (
    // Key presses bubble up from the seat buttons; the map itself takes no focus.
    <div
      ref={container}
      role="group"
      aria-label={`Seat map, ${flightLabel}`}
      className="grid gap-6"
      onKeyDown={onKeyDown}
    >
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
          <div
            role="grid"
            aria-label={`${cabin.label} seats`}
            className="mx-auto grid w-max gap-1.5"
          >
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
                <div key={row.key} role="row" className="flex items-center justify-center gap-1">
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
                      <div role="none" className="flex gap-1">
                        {section.map((cell, cellIndex) =>
                          cell.kind === 'seat' ? (
                            <div key={cell.designator} role="gridcell">
                              <SeatButton
                                seat={cell}
                                activePassengerId={activePassengerId}
                                holder={holders.get(cell.designator)}
                                onSeat={(seat) => {
                                  setCurrent(seat.designator);
                                  onSeat(seat);
                                }}
                                restricted={restriction?.(cell) ?? null}
                                tabStop={cell.designator === tabStop}
                              />
                            </div>
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

function SeatButton({
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
