import type { ReactNode } from "react";
import { stacked } from "./stacked-table";

export type StackedColumn = { label: string; className?: string };
export type StackedRow = { key: string; cells: ReactNode[] };

/**
 * A bordered table of `rows` under `columns` (stacked-table.ts: rows of labelled cells on a phone).
 * The first column is the row's title: unlabelled on a phone, in bold unless its cell brings its own look.
 */
export function StackedTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: StackedColumn[];
  rows: StackedRow[];
}) {
  return (
    <div className="rounded-lg border border-slate-300 bg-white">
      <table className={stacked.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={stacked.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={stacked.th}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stacked.body}>
          {rows.map((row) => (
            <tr key={row.key} className={stacked.row}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <td key={index} className={`${stacked.lead} font-medium text-slate-900`}>
                    {cell}
                  </td>
                ) : (
                  <td
                    key={index}
                    data-label={columns[index]!.label}
                    className={`${stacked.cell} ${columns[index]!.className ?? ""}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
