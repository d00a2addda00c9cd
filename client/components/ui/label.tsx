import type * as React from "react";
import { cn } from "@/lib/utils";

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
    <label
      data-slot="label"
      className={cn("flex items-center gap-1 text-sm font-medium leading-none text-foreground select-none", className)}
      {...props}
    />
  );
}

/** The asterisk on required labels; the input itself carries aria-required. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}
