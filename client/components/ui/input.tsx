import type * as React from "react";
import { cn } from "@/lib/utils";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-11 w-full min-w-0 rounded-xl border border-input bg-card px-3.5 text-base text-foreground shadow-[inset_0_1px_1px_rgb(20_33_61/0.04)] transition-[border-color,box-shadow] duration-150 outline-none sm:text-sm",
        "placeholder:text-muted-foreground",
        "hover:border-foreground/50",
        "focus-visible:border-foreground focus-visible:ring-3 focus-visible:ring-brass-500/35 focus-visible:outline-none",
        "read-only:bg-secondary/60 read-only:hover:border-input",
        "aria-invalid:border-destructive aria-invalid:bg-destructive-soft/60 aria-invalid:focus-visible:ring-destructive/25",
        "disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}

/** An input with a decorative icon inside its leading edge (search, location…). */
export function IconInput({
  icon: Icon,
  className,
  ...props
}: React.ComponentProps<"input"> & { icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }> }) {
  return (
    <div className="relative">
      <Icon
        aria-hidden={true}
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input className={cn("pl-10", className)} {...props} />
    </div>
  );
}
