import type { ReactNode } from 'react';

export interface PolicyTableProps {
  caption: string;
  columns: readonly string[];
  /** One entry per row; the first cell is the row's header. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/**
 * A table inside policy text. On phones each row becomes a card with the column names above its
 * values (shown to the eye only: assistive technology reads the column headers); the explicit
 * roles keep the table's semantics when its display changes. Print never splits a row.
 */
export function PolicyTable({ caption, columns, rows }: PolicyTableProps) {
  return (
    <div className="overflow-hidden rounded-lg border border-border print:overflow-visible">
      <table role="table" className="w-full border-collapse text-left text-sm max-sm:block">
        <caption className="border-b border-border bg-muted px-4 py-3 text-left font-semibold text-foreground max-sm:block">
          {caption}
        </caption>
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr role="row" className="border-b border-border">
            {columns.map((column) => (
              <th
                key={column}
                role="columnheader"
                scope="col"
                className="px-4 py-3 font-semibold text-foreground"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block">
          {rows.map((row) => (
            <PolicyTableRow key={row.key} cells={row.cells} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row: its header cell, then each value under its column name (shown on phones only). */
function PolicyTableRow({
  cells,
  columns,
}: {
  cells: readonly ReactNode[];
  columns: readonly string[];
}) {
  return (
    <tr
      role="row"
      className="border-b border-border align-top break-inside-avoid last:border-b-0 max-sm:block max-sm:px-4 max-sm:py-4"
    >
      {cells.map((cell, index) =>
        index === 0 ? (
          <th
            key={index}
            role="rowheader"
            scope="row"
            className="px-4 py-3 font-semibold text-foreground max-sm:block max-sm:p-0 max-sm:text-base sm:w-44"
          >
            {cell}
          </th>
        ) : (
          <td
            key={index}
            role="cell"
            className="px-4 py-3 leading-6 text-foreground max-sm:block max-sm:px-0 max-sm:pt-3 max-sm:pb-0"
          >
            <span
              aria-hidden="true"
              className="block text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:hidden"
            >
              {columns[index]}
            </span>
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}
