import { PERIODIC_TENANCY_TERMS } from "@common/domain/periodic-terms";
import { ArrowRight, CircleAlert, Loader2 } from "lucide-react";
import { useId } from "react";
import { StayCalendarButton } from "@/components/stay-calendar/stay-calendar-button";
import { StayKindSwitch } from "@/components/stay-modes/stay-kind-switch";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { GuestPicker } from "@/components/ui/guest-picker";
import { StayDateField, StayDateFields } from "@/components/ui/stay-date-field";
import { pluralize } from "@/lib/format";
import { type StayDraft, stayParty, withParty } from "../utils/wizard-rules";
import { StepCard, StepForm } from "./step-card";

/**
 * Step 1: dates and party size. Next asks the server for the price and whether the nights are free. Where the listing's
 * tenancies are periodic, the guest first chooses a stay or a tenancy, which asks a move-in date alone.
 */
export function StayDetailsStep({
  propertyId,
  stay,
  maxGuests,
  petsAllowed = true,
  onChange,
  onNext,
  checking,
  unavailableReasons,
  focusOnMount,
  tenancyChoice = false,
  periodicTenancies = false,
}: {
  /** The listing whose calendar shows which nights are free. */
  propertyId: number;
  stay: StayDraft;
  maxGuests: number;
  /** The listing takes pets on short and mid stays. */
  petsAllowed?: boolean;
  /** The listing offers fixed-term tenancies and these dates may be one: the guest may ask for it. */
  tenancyChoice?: boolean;
  /** The listing offers tenancies with no end date: a stay or a tenancy from a move-in day. */
  periodicTenancies?: boolean;
  onChange: (stay: StayDraft) => void;
  onNext: () => void;
  checking: boolean;
  /** The quote's reasons when the stay cannot be booked as asked. */
  unavailableReasons: string[];
  focusOnMount: boolean;
}) {
  const id = useId();
  const moveInOnly = periodicTenancies && Boolean(stay.asTenancy);
  const party = stayParty(stay);

  return (
    <StepCard
      title="Stay Details"
      intro={
        moveInOnly
          ? "Choose the day you'd move in and how many people will live there. You won't be charged yet."
          : "Choose your dates and how many guests are coming. You won't be charged yet."
      }
      focusOnMount={focusOnMount}
    >
      <StepForm id={`${id}-form`} onNext={onNext} className="grid gap-5">
        {periodicTenancies ? (
          <StayKindSwitch
            tenancy={moveInOnly}
            onChange={(tenancy) => onChange({ ...stay, asTenancy: tenancy })}
            className="flex w-full sm:w-fit"
          />
        ) : null}
        {moveInOnly ? (
          <div className="grid gap-2 sm:max-w-[calc(50%-0.625rem)]">
            <StayDateField
              id={`${id}-checkIn`}
              field="checkIn"
              label="Move-in date"
              stay={stay}
              required
              onChange={(value) => onChange({ ...stay, checkIn: value })}
              describedBy={`${id}-terms`}
              className="grid gap-2"
            />
            <p id={`${id}-terms`} className="text-xs leading-relaxed text-muted-foreground">
              {PERIODIC_TENANCY_TERMS.line}
            </p>
          </div>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2">
            <StayDateFields
              idPrefix={id}
              stay={stay}
              required
              onChange={(field, value) => onChange({ ...stay, [field]: value })}
              className="grid gap-2"
            />
          </div>
        )}
        {/* The listing's calendar, as on its page: taken nights greyed, its stay lengths applied. */}
        <StayCalendarButton
          className="w-full sm:w-fit"
          propertyId={propertyId}
          moveInOnly={moveInOnly}
          checkIn={stay.checkIn}
          checkOut={stay.checkOut}
          onChoose={(dates) => onChange({ ...stay, ...dates })}
        />
        <div className="grid gap-2 sm:max-w-[calc(50%-0.625rem)]">
          <GuestPicker
            label="Who is coming"
            value={party}
            maxGuests={maxGuests}
            petsAllowed={petsAllowed}
            onChange={(next) => onChange(withParty(stay, next))}
          />
          <p className="text-xs text-muted-foreground">
            This home sleeps up to {pluralize(maxGuests, "guest")}; infants are not counted.
          </p>
        </div>

        {tenancyChoice ? (
          <label
            htmlFor={`${id}-tenancy`}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-border px-4 py-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              id={`${id}-tenancy`}
              type="checkbox"
              checked={Boolean(stay.asTenancy)}
              onChange={(event) => onChange({ ...stay, asTenancy: event.target.checked })}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-ink-800"
            />
            <span>
              <span className="font-medium">Rent it as a tenancy</span>
              <span className="block text-muted-foreground">
                Rent by the month with no service fee, and deposits capped by law. Otherwise a stay this long is a mid
                let.
              </span>
            </span>
          </label>
        ) : null}

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
      </StepForm>
    </StepCard>
  );
}
