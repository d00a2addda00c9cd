import type * as React from "react";
import { cn } from "@/lib/utils";

/** A placeholder block. A span (shown as a block) so that it may also stand in for a figure inside a paragraph. */
export function Skeleton({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("block animate-pulse rounded-lg bg-secondary-hover/80", className)}
      {...props}
    />
  );
}
