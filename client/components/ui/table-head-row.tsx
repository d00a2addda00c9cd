import type * as React from "react";

/** One column heading: its name, and what it shows where that is more than the name (a name only screen readers hear). */
export type TableColumn = { name: string; className: string; label?: React.ReactNode };

/** A table's column headings in one row, each a `th` for its column, so a table lists its columns once. */
export function TableHeadRow({ className, columns }: { className: string; columns: readonly TableColumn[] }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column.name} scope="col" className={column.className}>
            {column.label ?? column.name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
