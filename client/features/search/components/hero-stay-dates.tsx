import { CalendarDays } from "lucide-react";
import type * as React from "react";
import { BritishDateInput } from "@/components/ui/british-date-input";
import { Label, RequiredMark } from "@/components/ui/label";

type StayDate = "checkIn" | "checkOut";

const DATES: ReadonlyArray<[StayDate, string]> = [
  ["checkIn", "Check-in"],
  ["checkOut", "Check-out"],
];

/**
 * The hero's Check-in and Check-out, written British ("12 June 2027", typed 12/06/2027) whatever the browser's
 * language. The form keeps the values, the checks and the messages; this draws the two fields.
 */
export function HeroStayDates({
  id,
  today,
  checkIn,
  fieldProps,
  fieldError,
  onChange,
}: {
  id: string;
  today: string;
  /** The chosen check-in, the earliest check-out the picker offers. */
  checkIn: string;
  fieldProps: (field: StayDate) => Omit<React.ComponentProps<typeof BritishDateInput>, "onChange" | "pickerLabel">;
  fieldError: (field: StayDate) => React.ReactNode;
  onChange: (field: StayDate, day: string) => void;
}) {
  return DATES.map(([field, label]) => (
    <div key={field}>
      <Label htmlFor={`${id}-${field}`} className="mb-2">
        <CalendarDays aria-hidden="true" className="size-4 text-brass-700" />
        {label} <RequiredMark />
      </Label>
      <BritishDateInput
        {...fieldProps(field)}
        onChange={(day) => onChange(field, day)}
        min={field === "checkIn" ? today : checkIn || today}
        pickerLabel={`Choose ${label.toLowerCase()} date`}
        className="h-12"
      />
      {fieldError(field)}
    </div>
  ));
}
