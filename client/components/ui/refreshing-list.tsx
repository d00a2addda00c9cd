import type { Key, ReactNode } from "react";
import { cn } from "@/lib/utils";

type Labelled = { "aria-label": string } | { "aria-labelledby": string };

/**
 * A list of records that stays on screen, dimmed and marked busy, while the next page or filter loads in its
 * place: people keep their bearings instead of watching the list vanish into a spinner.
 */
export function RefreshingList<T>({
  items,
  keyOf,
  refreshing,
  className,
  itemClassName,
  children,
  ...labelled
}: Labelled & {
  items: readonly T[];
  keyOf: (item: T) => Key;
  /** The items shown are the previous answer's while the new one loads. */
  refreshing: boolean;
  className?: string;
  itemClassName?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul
      {...labelled}
      aria-busy={refreshing}
      className={cn("transition-opacity", className, refreshing && "opacity-60")}
    >
      {items.map((item) => (
        <li key={keyOf(item)} className={itemClassName}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
