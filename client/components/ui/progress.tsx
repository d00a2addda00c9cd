import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "max" | "getValueLabel"> & {
  /** 0 to 100; null while the amount is not known yet. */
  value: number | null;
  /** What is progressing, for assistive technology ("Uploading photos"). */
  "aria-label": string;
  /** Spoken with the value, e.g. "Photo 2 of 3, 45%". */
  valueText?: string;
};

/** A progress bar (role="progressbar", 0 to 100) that tells screen readers what it measures and how far it is. */
export function Progress({ className, value, valueText, ...props }: ProgressProps) {
  const shown = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={shown}
      max={100}
      getValueLabel={(current) => valueText ?? `${current}%`}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          "h-full rounded-full bg-brass-700 transition-[width] duration-200 ease-out",
          shown === null && "w-1/3 animate-pulse",
        )}
        style={shown === null ? undefined : { width: `${shown}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
