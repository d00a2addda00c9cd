import { addDays, londonToday } from "@common/domain/calendar-dates";
import { ArrowRight, CircleAlert, Loader2 } from "lucide-react";
import { useId } from "react";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { pluralize } from "@/lib/format";
import { guestChoices, type StayDraft } from "../utils/wizard-rules";
import { NativeSelect, StepCard } from "./step-card";

/** Step 1: dates and party size. Next asks the server for the price and whether the nights are free. */
export function StayDetailsStep({
  stay,
  maxGuests,
  onChange,
  onNext,
  checking,
  unavailableReasons,
  focusOnMount,
}: {
  stay: StayDraft;
  maxGuests: number;
  onChange: (stay: StayDraft) => void;
  onNext: () => void;
  checking: boolean;
  /** The quote's reasons when the stay cannot be booked as asked. */
  unavailableReasons: string[];
  focusOnMount: boolean;
}) {
  const id = useId();
  const today = londonToday();
  const earliestCheckOut = addDays(stay.checkIn && stay.checkIn >= today ? stay.checkIn : today, 1);

  return (
    <StepCard
      title="Stay Details"
      intro="Choose your dates and how many guests are coming. You won't be charged yet."
      focusOnMount={focusOnMount}
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onNext();
        }}
        className="grid gap-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-check-in`}>
              Check-in
              <RequiredMark />
            </Label>
            <Input
              id={`${id}-check-in`}
              type="date"
              aria-required="true"
              min={today}
              value={stay.checkIn}
              onChange={(e) => onChange({ ...stay, checkIn: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-check-out`}>
              Check-out
              <RequiredMark />
            </Label>
            <Input
              id={`${id}-check-out`}
              type="date"
              aria-required="true"
              min={earliestCheckOut}
              value={stay.checkOut}
              onChange={(e) => onChange({ ...stay, checkOut: e.target.value })}
            />
          </div>
        </div>
        <div className="grid gap-2 sm:max-w-[calc(50%-0.625rem)]">
          <Label htmlFor={`${id}-guests`}>
            Guests
            <RequiredMark />
          </Label>
          <NativeSelect
            id={`${id}-guests`}
            aria-required="true"
            aria-describedby={`${id}-guests-hint`}
            value={stay.guestCount ?? ""}
            onChange={(e) => onChange({ ...stay, guestCount: e.target.value ? Number(e.target.value) : null })}
          >
            {guestChoices(maxGuests).map((n) => (
              <option key={n} value={n}>
                {pluralize(n, "guest")}
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-guests-hint`} className="text-xs text-muted-foreground">
            This home sleeps up to {pluralize(maxGuests, "guest")}.
          </p>
        </div>

        {unavailableReasons.length > 0 ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>These dates can't be booked</AlertTitle>
            <ul className="col-start-2 grid gap-1 leading-relaxed">
              {unavailableReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </Alert>
        ) : null}

        <div className="mt-3 flex justify-end border-t border-border pt-6">
          <Button type="submit" size="lg" disabled={checking} className="w-full sm:w-auto">
            {checking ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {checking ? "Checking availability…" : "Next"}
            {checking ? null : <ArrowRight aria-hidden="true" />}
          </Button>
        </div>
      </form>
    </StepCard>
  );
}
