import { CircleAlert } from "lucide-react";
import type * as React from "react";
import { Label, RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/**
 * What a field's control needs so a screen reader names it, reads its hint or message, and knows it is required
 * and invalid. `required` is the native attribute: forms here are `noValidate`, so it only informs.
 */
export type FieldControlProps = {
  id: string;
  required: true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A labelled field: the label (with * when required), the control, and under it either the hint or, once there is
 * one, the message saying what to put right (the message replaces the hint, so a screen reader reads one line).
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownHint = error ? null : hint;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children({
        id,
        required: required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : shownHint ? hintId : undefined,
      })}
      {shownHint ? (
        <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {shownHint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A message saying what to put right, under a field or a group of fields. */
export function FieldError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} className="flex items-center gap-1.5 text-sm text-destructive">
      <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
      {children}
    </p>
  );
}
