import { STAY_MODE_SUMMARIES, type StayMode } from "@common/domain/stay-modes";
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import type { Choice } from "../../utils/property-form-state";

/**
 * A native select of `choices` after a blank `placeholder` (phones keep their own pickers). A stored value the list
 * does not offer (a listing in Edinburgh, 7 bedrooms, a 9-month tenancy) is offered too, so editing a property never
 * blanks a field the landlord did not touch.
 */
export function ChoiceSelect({
  choices,
  placeholder,
  stored,
  ...props
}: Omit<React.ComponentProps<"select">, "children"> & { choices: Choice[]; placeholder: string; stored: string }) {
  const shown =
    stored !== "" && !choices.some((c) => c.value === stored)
      ? [...choices, { value: stored, label: stored }]
      : choices;
  return (
    <NativeSelect {...props}>
      <option value="">{placeholder}</option>
      {shown.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** An input with "£" in front, for prices and the deposit. */
export function PoundsInput(props: React.ComponentProps<"input">) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-sm text-muted-foreground"
      >
        £
      </span>
      <Input type="number" inputMode="decimal" min={0} step="0.01" className="pl-7 tabular-nums" {...props} />
    </div>
  );
}

/** A checkbox drawn as a calm tile; the whole tile is its label. */
export function CheckTile({
  id,
  label,
  input,
  value,
  disabled,
}: {
  id: string;
  label: string;
  input: UseFormRegisterReturn;
  /** For one of a list of boxes under one name (the features): what a ticked box adds to the list. */
  value?: string;
  disabled: boolean;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border bg-card px-3.5 py-2.5 text-sm transition-colors hover:border-foreground/40",
        "has-checked:border-brass-700/60 has-checked:bg-brass-100/60",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <input
        id={id}
        type="checkbox"
        value={value}
        disabled={disabled}
        {...input}
        className="size-4 shrink-0 cursor-pointer accent-ink-800 focus-visible:outline-none"
      />
      <span>{label}</span>
    </label>
  );
}

/** One titled part of the form, with its icon; a rule sets it apart from the one above. */
export function FormSection({
  icon: Icon,
  title,
  intro,
  divided = true,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro?: string;
  /** A rule above the section; off for the first one. */
  divided?: boolean;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("grid gap-5", divided && "border-t border-border pt-7")}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brass-100 text-brass-700">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="grid gap-1">
          <h3 id={headingId} className="font-display text-lg leading-snug font-medium text-foreground">
            {title}
          </h3>
          {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/** A group of check tiles under its own legend (features, tenant preferences). */
export function CheckGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">{legend}</legend>
      <div className="grid grid-cols-1 gap-2.5 min-[22rem]:grid-cols-2 sm:grid-cols-3">{children}</div>
    </fieldset>
  );
}

/** Whole nights, typed. */
export function NightsInput(props: React.ComponentProps<"input">) {
  return <Input type="number" inputMode="numeric" step={1} className="tabular-nums" {...props} />;
}

/** One stay mode: a checkbox with its rules in plain words, and its lengths while it is offered. */
export function ModeCard({
  id,
  mode,
  title,
  input,
  checked,
  showFields,
  children,
}: {
  id: string;
  mode: StayMode;
  title: string;
  input: UseFormRegisterReturn & { disabled: boolean };
  checked: boolean;
  /** While offered, or while a length of it needs attention. */
  showFields: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "grid gap-4 rounded-2xl border p-4 transition-colors sm:p-5",
        checked ? "border-brass-700/40 bg-brass-100/30" : "border-border bg-card",
      )}
    >
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3">
        <input
          id={id}
          type="checkbox"
          {...input}
          aria-describedby={`${id}-rules`}
          className="mt-1 size-4 shrink-0 cursor-pointer accent-ink-800"
        />
        <span className="grid gap-0.5">
          <span className="font-medium text-foreground">{title}</span>
          <span id={`${id}-rules`} className="text-sm text-muted-foreground">
            {STAY_MODE_SUMMARIES[mode]}
          </span>
        </span>
      </label>
      {showFields ? <div className="sm:pl-7">{children}</div> : null}
    </div>
  );
}
