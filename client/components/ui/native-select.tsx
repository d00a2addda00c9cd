import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/** A native select styled like the kit's inputs (a native control keeps phones' own pickers). */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-11 w-full min-w-0 cursor-pointer appearance-none rounded-xl border border-input bg-card px-3.5 pr-10 text-base text-foreground transition-[border-color,box-shadow] duration-150 outline-none sm:text-sm",
          "hover:border-foreground/50 focus-visible:border-foreground focus-visible:ring-3 focus-visible:ring-brass-500/35",
          "aria-invalid:border-destructive aria-invalid:bg-destructive-soft/60 aria-invalid:focus-visible:ring-destructive/25",
          "disabled:cursor-not-allowed disabled:opacity-60",
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
