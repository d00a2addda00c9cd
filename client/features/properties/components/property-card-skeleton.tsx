import type * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * A property card's placeholder while a list loads, whoever's list it is: the cover's shape, then the card's own
 * placeholder lines.
 */
export function PropertyCardSkeletonFrame({
  coverClassName,
  children,
  ...props
}: React.ComponentProps<"div"> & { coverClassName: string }) {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft" {...props}>
      <Skeleton className={`${coverClassName} rounded-none`} />
      <div className="space-y-3 p-5">{children}</div>
    </div>
  );
}
