import { parseBritishDate } from "@common/domain/british-date";
import { formatDateGb } from "@common/domain/calendar-dates";
import { CalendarDays } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** The calendar button's name for a field: "Choose check-in date", "Choose move-in date". */
export const pickerLabelFor = (label: string) => `Choose ${label.toLowerCase().replace(/ date$/, "")} date`;

/**
 * A date field that reads British whatever the browser's language: "12 June 2027", and takes a day typed "12/06/2027",
 * "12 June 2027" or '2027-06-12'. Chromium writes a native date input in the browser's order (mm/dd/yyyy in an American browser) and
 * ignores the page's language, so the native picker is kept only behind the calendar button, which the pointer and
 * the keyboard (Tab, then Enter) both reach.
 * `value` and `onChange` carry 'YYYY-MM-DD' ("" when cleared).
 */
export function BritishDateInput({
  value,
  onChange,
  min,
  pickerLabel,
  className,
  "aria-invalid": invalid,
  ref,
  ...props
}: Omit<React.ComponentProps<"input">, "value" | "onChange" | "type" | "min"> & {
  value: string;
  onChange: (day: string) => void;
  min?: string;
  /** The picker button's name, "Choose check-in date". */
  pickerLabel: string;
}) {
  // What the visitor is typing, until they leave the field; the day it names is taken as soon as it is whole.
  const [typed, setTyped] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLInputElement | null>(null);
  // A day typed on a slow phone before the page came to life sits in the field unread: take it once the page is live.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before the page came to life
  useEffect(() => {
    const text = field.current?.value.trim() ?? "";
    if (!text || text === (value && formatDateGb(value))) return;
    const day = parseBritishDate(text);
    if (day === null) setTyped(text);
    else onChange(day);
  }, []);
  return (
    <div className="relative">
      <Input
        {...props}
        ref={(node) => {
          field.current = node;
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        }}
        autoComplete="off"
        placeholder="DD/MM/YYYY"
        value={typed ?? (value && formatDateGb(value))}
        onChange={({ target: { value: text } }) => {
          setTyped(text);
          const day = text.trim() ? parseBritishDate(text) : "";
          if (day !== null) onChange(day);
        }}
        onBlur={() => setTyped(null)}
        aria-invalid={(typed?.trim() && !parseBritishDate(typed)) || invalid || undefined}
        className={cn(className, "pr-10")}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        title={pickerLabel}
        min={min}
        value={value}
        onChange={(event) => {
          setTyped(null);
          onChange(event.target.value);
        }}
        className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
      />
      <button
        type="button"
        // Named for what it does, so a keyboard or screen-reader user who tabs onto it knows which date it picks.
        aria-label={pickerLabel}
        title={pickerLabel}
        onClick={() => picker.current?.showPicker()}
        className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      >
        <CalendarDays aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
