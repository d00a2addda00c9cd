import type * as React from "react";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { type TableColumn, TableHeadRow } from "@/components/ui/table-head-row";

/** The period a money page shows (a month, a tax year), picked from those with lines, beside its downloads. */
export function PeriodPicker({
  label,
  value,
  options,
  onChange,
  downloads,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  downloads: React.ReactNode;
}) {
  const pickerId = useId();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-2 sm:w-64">
        <Label htmlFor={pickerId}>{label}</Label>
        <NativeSelect id={pickerId} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap gap-2">{downloads}</div>
    </div>
  );
}

/**
 * A table of money lines that scrolls sideways on a phone rather than squeezing its amounts, unless it `fitsPhone`:
 * a table whose rows fold their less needed columns into the others on a small screen.
 */
export function MoneyTable({
  caption,
  columns,
  fitsPhone = false,
  children,
}: {
  caption: string;
  columns: readonly TableColumn[];
  fitsPhone?: boolean;
  children: React.ReactNode;
}) {
  return (
    // Focusable, so a phone's keyboard user can scroll the table sideways.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-md outline-none focus-visible:ring-3 focus-visible:ring-brass-500/35"
    >
      <table className={`w-full text-sm ${fitsPhone ? "sm:min-w-[40rem]" : "min-w-[40rem]"}`}>
        <caption className="sr-only">{caption}</caption>
        <TableHeadRow className="border-b border-border text-muted-foreground" columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** A column heading of a money table: amounts align right. */
export const moneyColumn = (name: string, align: "left" | "right" = "right"): TableColumn => ({
  name,
  className: `px-4 py-3 font-medium ${align === "right" ? "text-right" : "text-left"}`,
});

/** A column shown from a tablet's width up; on a phone its cells' facts are shown inside another column's. */
export const WIDE_ONLY = "hidden sm:table-cell";

/** The same column, heading only from a tablet's width up. */
export const wideOnly = (column: TableColumn): TableColumn => ({
  ...column,
  className: `${column.className} ${WIDE_ONLY}`,
});
