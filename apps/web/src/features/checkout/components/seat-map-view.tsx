import type { SeatMap } from '@contrail/contracts/offers';
import { Fragment, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { cabinViews, type SeatCell, seatLetter } from '../lib/seat-map';
import { FacilityRow, SEAT_SIZE, SeatButton, type SeatHolder } from './seat-map-cells';

export { seatStyles, type SeatHolder } from './seat-map-cells';

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
function seatAfterKey(
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

/** The seat a key press lands on is the map's one tab stop, and takes the focus. */
function useSeatGridFocus(
  rows: readonly (readonly SeatCell[])[],
  holders: ReadonlyMap<string, SeatHolder>,
  activePassengerId: string,
) {
  const container = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const tabStop = tabStopSeat(rows.flat(), current, holders, activePassengerId);

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

  return { container, tabStop, setCurrent, onKeyDown };
}

/**
 * The tab stop: the seat last moved to, else the active passenger's, else the first they may
 * take, else the first seat.
 */
function tabStopSeat(
  all: readonly SeatCell[],
  current: string | null,
  holders: ReadonlyMap<string, SeatHolder>,
  activePassengerId: string,
): string | null {
  const known = (designator: string | null | undefined) =>
    designator != null && all.some((seat) => seat.designator === designator) ? designator : null;
  const own = [...holders.entries()].find(([, holder]) => holder.passengerId === activePassengerId);
  return (
    known(current) ??
    known(own?.[0]) ??
    all.find((seat) => seat.prices.has(activePassengerId) && !holders.has(seat.designator))
      ?.designator ??
    all[0]?.designator ??
    null
  );
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
  const { container, tabStop, setCurrent, onKeyDown } = useSeatGridFocus(
    rows,
    holders,
    activePassengerId,
  );
  const seatProps: SeatRowSeats = {
    activePassengerId,
    holders,
    onSeat: (seat) => {
      setCurrent(seat.designator);
      onSeat(seat);
    },
    restriction,
    tabStop,
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
        <CabinSeats key={cabin.key} cabin={cabin} seats={seatProps} />
      ))}
    </div>
  );
}

/** What every seat of the map is drawn with. */
interface SeatRowSeats {
  activePassengerId: string;
  holders: ReadonlyMap<string, SeatHolder>;
  onSeat: (seat: SeatCell) => void;
  restriction: ((seat: SeatCell) => string | null) | undefined;
  tabStop: string | null;
}

type CabinView = ReturnType<typeof cabinViews>[number];

function CabinSeats({ cabin, seats }: { cabin: CabinView; seats: SeatRowSeats }) {
  return (
    <section
      aria-label={`${cabin.label} cabin`}
      className="overflow-x-auto rounded-[2rem] border border-border bg-background px-3 py-5 sm:px-6"
    >
      {/* Under the flight's h2. */}
      <h3 className="mb-4 text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {cabin.label}
      </h3>
      <div role="grid" aria-label={`${cabin.label} seats`} className="mx-auto grid w-max gap-1.5">
        <ColumnLetters columns={cabin.columns} />
        {cabin.rows.map((row) =>
          row.number === null ? (
            <FacilityRow key={row.key} sections={row.sections} />
          ) : (
            <SeatRow key={row.key} row={row} seats={seats} />
          ),
        )}
      </div>
    </section>
  );
}

function ColumnLetters({ columns }: { columns: CabinView['columns'] }) {
  return (
    <div aria-hidden="true" className="flex items-center justify-center gap-1">
      {columns.map((letters, sectionIndex) => (
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
  );
}

/** A row of seats, its number in each aisle. */
function SeatRow({ row, seats }: { row: CabinView['rows'][number]; seats: SeatRowSeats }) {
  return (
    <div role="row" className="flex items-center justify-center gap-1">
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
                    activePassengerId={seats.activePassengerId}
                    holder={seats.holders.get(cell.designator)}
                    onSeat={seats.onSeat}
                    restricted={seats.restriction?.(cell) ?? null}
                    tabStop={cell.designator === seats.tabStop}
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
  );
}
