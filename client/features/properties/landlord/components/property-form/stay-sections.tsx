import { londonToday } from "@common/domain/calendar-dates";
import { minimumTenancyTermAllowed, PERIODIC_TENANCY_TERMS } from "@common/domain/periodic-terms";
import { MAX_SECURITY_DEPOSIT_PENCE } from "@common/domain/security-deposits";
import {
  depositCapPence,
  depositCapWeeks,
  formatPence,
  holdingDepositCapPence,
  MID_LET_MAX_MONTHS,
} from "@common/domain/stay-modes";
import { CalendarClock, CalendarRange } from "lucide-react";
import { useWatch } from "react-hook-form";
import { FieldError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { MAX_TENANCY_CHOICES, MIN_TENANCY_CHOICES } from "../../utils/property-form-state";
import { type SectionProps, useFieldBinding } from "./field-binding";
import { ChoiceSelect, FormSection, ModeCard, NightsInput, PoundsInput } from "./form-controls";

/** Which kinds of stay the listing offers, and how long each may be. */
export function StayLengthsSection(props: SectionProps) {
  const { idOf, errorOf, bind, control } = useFieldBinding(props);
  const [tenancyOffered, shortLetOffered, midLetOffered] = useWatch({
    control,
    name: ["tenancyOffered", "shortLetOffered", "midLetOffered"],
  });
  return (
    <FormSection
      icon={CalendarRange}
      title="Stay Lengths"
      intro="The length of a stay decides its kind and the rules that come with it. Offer the ones that suit you."
    >
      <fieldset className="grid gap-3" aria-describedby={errorOf("shortLetOffered") ? idOf("modes-error") : undefined}>
        <legend className="sr-only">Kinds of stay you offer</legend>
        <ModeCard
          id={idOf("shortLetOffered")}
          mode="short_let"
          title="Short lets"
          input={bind("shortLetOffered")}
          checked={shortLetOffered}
          showFields={shortLetOffered || Boolean(errorOf("shortLetMinNights") || errorOf("shortLetMaxNights"))}
        >
          <div className="grid grid-cols-2 gap-3 sm:gap-4">
            <FormField id={idOf("shortLetMinNights")} label="Shortest (nights)" error={errorOf("shortLetMinNights")}>
              {(field) => <NightsInput {...field} {...bind("shortLetMinNights")} min={1} max={27} />}
            </FormField>
            <FormField id={idOf("shortLetMaxNights")} label="Longest (nights)" error={errorOf("shortLetMaxNights")}>
              {(field) => <NightsInput {...field} {...bind("shortLetMaxNights")} min={1} max={27} />}
            </FormField>
          </div>
          <FormField
            id={idOf("securityDepositAmount")}
            label="Refundable security deposit"
            hint={`Held on the guest's card around the stay and released after it, unless a damage claim is agreed. Not part of the price; at most ${formatPence(MAX_SECURITY_DEPOSIT_PENCE)}.`}
            error={errorOf("securityDepositAmount")}
          >
            {(field) => <PoundsInput {...field} {...bind("securityDepositAmount")} placeholder="Optional" />}
          </FormField>
        </ModeCard>
        <ModeCard
          id={idOf("midLetOffered")}
          mode="mid_let"
          title="Mid lets"
          input={bind("midLetOffered")}
          checked={midLetOffered}
          showFields={midLetOffered || Boolean(errorOf("midLetMinNights") || errorOf("midLetMaxNights"))}
        >
          <div className="grid grid-cols-2 gap-3 sm:gap-4">
            <FormField id={idOf("midLetMinNights")} label="Shortest (nights)" error={errorOf("midLetMinNights")}>
              {(field) => <NightsInput {...field} {...bind("midLetMinNights")} min={28} max={184} />}
            </FormField>
            <FormField
              id={idOf("midLetMaxNights")}
              label="Longest (nights)"
              hint={`Blank: up to ${MID_LET_MAX_MONTHS} months.`}
              error={errorOf("midLetMaxNights")}
            >
              {(field) => (
                <NightsInput {...field} {...bind("midLetMaxNights")} min={28} max={184} placeholder="No limit" />
              )}
            </FormField>
          </div>
        </ModeCard>
        <ModeCard
          id={idOf("tenancyOffered")}
          mode="tenancy"
          title="Tenancies"
          input={bind("tenancyOffered")}
          checked={tenancyOffered}
          showFields={tenancyOffered}
        >
          <p className="text-sm text-muted-foreground">
            Set the deposits, and where the law allows the tenancy's length, under Tenancy Information. You protect the
            deposit in a government-approved scheme within 30 days and check the tenant's Right to Rent before the
            tenancy starts; we remind you of both.
          </p>
        </ModeCard>
        {errorOf("shortLetOffered") ? (
          <FieldError id={idOf("modes-error")}>{errorOf("shortLetOffered")}</FieldError>
        ) : null}
      </fieldset>
    </FormSection>
  );
}

/** For longer lets: when the home is free, the deposits within their legal caps, and the tenancy lengths. */
export function TenancyInformationSection(props: SectionProps) {
  const { idOf, errorOf, bind, bindChoice, control } = useFieldBinding(props);
  const [pricePerMonth, tenancyOffered, nation] = useWatch({
    control,
    name: ["pricePerMonth", "tenancyOffered", "nation"],
  });
  const caps = tenancyCaps(pricePerMonth);
  return (
    <FormSection
      icon={CalendarClock}
      title="Tenancy Information"
      intro="For longer lets: when it is free, the deposits and, where the law allows, the tenancy lengths you accept."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={idOf("availableFrom")} label="Available from" error={errorOf("availableFrom")}>
          {(field) => <Input {...field} {...bind("availableFrom")} type="date" />}
        </FormField>
        <FormField
          id={idOf("depositAmount")}
          label="Deposit"
          hint={
            caps && tenancyOffered
              ? `For a tenancy, at most ${formatPence(caps.deposit)}: ${caps.weeks} weeks' rent (Tenant Fees Act 2019).`
              : undefined
          }
          error={errorOf("depositAmount")}
        >
          {(field) => <PoundsInput {...field} {...bind("depositAmount")} placeholder="Optional" />}
        </FormField>
        <FormField
          id={idOf("holdingDepositAmount")}
          label="Holding deposit"
          hint={
            caps && tenancyOffered
              ? `To reserve a tenancy, at most ${formatPence(caps.holding)}: one week's rent (Tenant Fees Act 2019).`
              : "Optional: to reserve a tenancy while it is agreed."
          }
          error={errorOf("holdingDepositAmount")}
        >
          {(field) => <PoundsInput {...field} {...bind("holdingDepositAmount")} placeholder="Optional" />}
        </FormField>
        {minimumTenancyTermAllowed(nation, londonToday()) ? (
          <>
            <FormField
              id={idOf("minTenancyMonths")}
              label="Minimum tenancy"
              hint="6 months unless you choose otherwise."
              error={errorOf("minTenancyMonths")}
            >
              {(field) => (
                <ChoiceSelect
                  {...field}
                  {...bindChoice("minTenancyMonths")}
                  placeholder="Not set"
                  choices={MIN_TENANCY_CHOICES}
                />
              )}
            </FormField>
            <FormField
              id={idOf("maxTenancyMonths")}
              label="Longest tenancy"
              hint="Blank: up to 24 months, the longest booked online."
              error={errorOf("maxTenancyMonths")}
            >
              {(field) => (
                <ChoiceSelect
                  {...field}
                  {...bindChoice("maxTenancyMonths")}
                  placeholder="No limit"
                  choices={MAX_TENANCY_CHOICES}
                />
              )}
            </FormField>
          </>
        ) : (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {`No minimum or longest term to set: from 1 May 2026 a tenancy in England is periodic (${PERIODIC_TENANCY_TERMS.rent}), and ${PERIODIC_TENANCY_TERMS.notice} (Renters' Rights Act 2025).`}
          </p>
        )}
      </div>
    </FormSection>
  );
}

/** The deposit caps at the monthly rent as typed, or null until it is a price. */
function tenancyCaps(pricePerMonth: string): { deposit: number; holding: number; weeks: number } | null {
  const monthly = Number(pricePerMonth);
  if (pricePerMonth.trim() === "" || !Number.isFinite(monthly) || monthly <= 0) return null;
  const monthlyPence = Math.round(monthly * 100);
  return {
    deposit: depositCapPence(monthlyPence),
    holding: holdingDepositCapPence(monthlyPence),
    weeks: depositCapWeeks(monthlyPence * 12),
  };
}
