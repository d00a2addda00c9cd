import type * as React from "react";
import { cn } from "@/lib/utils";

/** A multi-line text field styled like the kit's inputs. */
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-24 w-full rounded-xl border border-input bg-card px-3.5 py-3 text-base leading-relaxed text-foreground transition-[border-color,box-shadow] duration-150 outline-none sm:text-sm",
        "placeholder:text-muted-foreground hover:border-foreground/50",
        "focus-visible:border-foreground focus-visible:ring-3 focus-visible:ring-brass-500/35",
        "aria-invalid:border-destructive aria-invalid:bg-destructive-soft/60",
        "disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
