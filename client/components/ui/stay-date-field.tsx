import { addDays, londonToday } from "@common/domain/calendar-dates";
import type { StayDatesProblem } from "@common/domain/stay-dates";
import { CircleAlert, Info } from "lucide-react";
import type * as React from "react";
import { BritishDateInput, pickerLabelFor } from "@/components/ui/british-date-input";
import { Label, RequiredMark } from "@/components/ui/label";
import { type StaySearch, stayProblemMessage } from "@/lib/stay-search";
import { cn } from "@/lib/utils";

type StayDate = "checkIn" | "checkOut";

const LABELS: Record<StayDate, string> = { checkIn: "Check-in", checkOut: "Check-out" };

/** A problem the visitor must fix; `missing` is only a hint (they may be choosing the other date). */
export const isStayError = (problem: StayDatesProblem | null) => problem !== null && problem.kind !== "missing";

/**
 * The Check-in or Check-out date field of a stay, written British whatever the browser's language, with the earliest date the server accepts as its `min`
 * (check-in from London's today, check-out the day after check-in). Each page brings its own look.
 */
export function StayDateField({
  id,
  field,
  label,
  stay,
  onChange,
  problem = null,
  describedBy,
  required = false,
  className,
  labelClassName,
  inputClassName,
}: {
  id: string;
  field: StayDate;
  /** Instead of "Check-in" or "Check-out" (a tenancy's "Move-in date"). */
  label?: string;
  stay: Pick<StaySearch, "checkIn" | "checkOut">;
  onChange: (value: string) => void;
  problem?: StayDatesProblem | null;
  describedBy?: string | undefined;
  required?: boolean;
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
}) {
  const today = londonToday();
  const min = field === "checkIn" ? today : addDays(stay.checkIn && stay.checkIn >= today ? stay.checkIn : today, 1);
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelClassName}>
        {label ?? LABELS[field]}
        {required ? <RequiredMark /> : null}
      </Label>
      <BritishDateInput
        id={id}
        aria-required={required || undefined}
        min={min}
        value={stay[field]}
        onChange={onChange}
        pickerLabel={pickerLabelFor(label ?? LABELS[field])}
        aria-invalid={(isStayError(problem) && problem?.path === field) || undefined}
        aria-describedby={describedBy}
        className={inputClassName}
      />
    </div>
  );
}

/** Check-in then Check-out, sharing the page's look; ids are `${idPrefix}-checkIn` and `${idPrefix}-checkOut`. */
export function StayDateFields({
  idPrefix,
  onChange,
  ...shared
}: Omit<React.ComponentProps<typeof StayDateField>, "id" | "field" | "onChange"> & {
  idPrefix: string;
  onChange: (field: StayDate, value: string) => void;
}) {
  return (["checkIn", "checkOut"] as const).map((field) => (
    <StayDateField
      key={field}
      id={`${idPrefix}-${field}`}
      field={field}
      onChange={(value) => onChange(field, value)}
      {...shared}
    />
  ));
}

/** Says what is wrong with the stay's dates, in a live region so the change is announced. */
export function StayProblemNote({
  id,
  problem,
  messageOf = stayProblemMessage,
  className,
  messageClassName,
}: {
  id: string;
  problem: StayDatesProblem | null;
  /** The problem in words: a stay's by default (a tenancy's move-in day has its own). */
  messageOf?: (problem: StayDatesProblem) => string;
  className?: string;
  messageClassName?: string;
}) {
  const isError = isStayError(problem);
  return (
    <div aria-live="polite" className={className}>
      {problem ? (
        <p
          id={id}
          className={cn(
            "flex items-start gap-1.5 text-xs leading-relaxed",
            messageClassName,
            isError ? "font-medium text-destructive" : "text-muted-foreground",
          )}
        >
          {isError ? (
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          ) : (
            <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          )}
          {messageOf(problem)}
        </p>
      ) : null}
    </div>
  );
}
