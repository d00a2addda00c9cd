import type * as React from "react";
import { Label, RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** A labelled multi-line field with a character count and an error line, styled like the UI kit's Input. */
export function ReviewTextArea({
  id,
  label,
  value,
  maxLength,
  error,
  required = true,
  className,
  ...props
}: Omit<React.ComponentProps<"textarea">, "value" | "id"> & {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  error?: string | undefined;
}) {
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {required ? <RequiredMark /> : null}
        </Label>
        <span id={countId} className="text-xs text-muted-foreground tabular-nums">
          {value.length}/{maxLength}
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        className={cn(
          "min-h-28 w-full rounded-xl border border-input bg-card px-3.5 py-3 text-base leading-relaxed text-foreground shadow-[inset_0_1px_1px_rgb(20_33_61/0.04)] outline-none transition-[border-color,box-shadow] duration-150 sm:text-sm",
          "placeholder:text-muted-foreground hover:border-foreground/50",
          "focus-visible:border-foreground focus-visible:ring-3 focus-visible:ring-brass-500/35 focus-visible:outline-none",
          "aria-invalid:border-destructive aria-invalid:bg-destructive-soft/60",
          "disabled:cursor-not-allowed disabled:opacity-60",
          className,
        )}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
