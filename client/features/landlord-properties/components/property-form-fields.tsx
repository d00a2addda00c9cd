import { AMENITY_GROUPS, type AmenityGroup, type AmenityName } from "@common/domain/amenities";
import {
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FEATURE_LABELS,
  LONDON_BOROUGHS,
  PROPERTY_FEATURES,
} from "@common/domain/property-options";
import {
  depositCapPence,
  depositCapWeeks,
  EPC_BANDS_NEEDING_EXEMPTION,
  formatPence,
  holdingDepositCapPence,
  MID_LET_MAX_MONTHS,
  STAY_MODE_SUMMARIES,
  type StayMode,
} from "@common/domain/stay-modes";
import {
  BedDouble,
  Building2,
  CalendarClock,
  CalendarRange,
  Images,
  type LucideIcon,
  PawPrint,
  ScrollText,
  ShieldCheck,
  Sofa,
  Sparkles,
} from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { type UseFormRegisterReturn, useFormContext, useWatch } from "react-hook-form";
import { FieldError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  type Choice,
  FURNISHING_CHOICES,
  GUEST_CHOICES,
  MAX_TENANCY_CHOICES,
  MIN_TENANCY_CHOICES,
  PROPERTY_TYPE_CHOICES,
  type PropertyFormField,
  type PropertyFormState,
  TENANT_PREFERENCE_LABELS,
  type TenantPreference,
} from "../utils/property-form-state";
import { LocationPreview } from "./location-preview";

/**
 * A native select of `choices` after a blank `placeholder` (phones keep their own pickers). A stored value the list
 * does not offer (a listing in Edinburgh, 7 bedrooms, a 9-month tenancy) is offered too, so editing a property never
 * blanks a field the landlord did not touch.
 */
function ChoiceSelect({
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
function PoundsInput(props: React.ComponentProps<"input">) {
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
function CheckTile({
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

function FormSection({
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
function CheckGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">{legend}</legend>
      <div className="grid grid-cols-1 gap-2.5 min-[22rem]:grid-cols-2 sm:grid-cols-3">{children}</div>
    </fieldset>
  );
}

/**
 * Every section of the landlord's property form but the photos: basics with the Location Preview, Property Details,
 * Stay Lengths, Tenancy Information, Compliance & Legal, Property Features, Tenant Preferences, Terms & Conditions.
 * The fields of the react-hook-form form around it (FormProvider), whose values are a PropertyFormState. Used by the
 * Add New Property dialog and the manage page's edit form.
 */
export function PropertyFormFields({
  disabled = false,
  showLocationPreview = true,
}: {
  disabled?: boolean;
  showLocationPreview?: boolean;
}) {
  const { register, control, formState } = useFormContext<PropertyFormState>();
  const prefix = useId();
  const idOf = (name: PropertyFormField | string) => `${prefix}-${name}`;
  const [pricePerMonth, tenancyOffered, epcRating, epcExemptionReference, shortLetOffered, midLetOffered] = useWatch({
    control,
    name: ["pricePerMonth", "tenancyOffered", "epcRating", "epcExemptionReference", "shortLetOffered", "midLetOffered"],
  });
  const [address, city] = useWatch({ control, name: ["address", "city"] });
  const caps = tenancyCaps(pricePerMonth);
  const needsExemption = (EPC_BANDS_NEEDING_EXEMPTION as readonly string[]).includes(epcRating);
  const errorOf = (name: PropertyFormField) => formState.errors[name]?.message;
  type ChoiceField = "city" | "bedrooms" | "bathrooms" | "maxGuests" | "propertyType" | "furnishingStatus";
  /** The field's registration, its disabled state and, for a select, the value stored when the form started. */
  const bind = (name: Exclude<PropertyFormField, "features" | "amenities" | "tenantPreferences">) => ({
    ...register(name),
    disabled,
  });
  const bindChoice = (
    name: ChoiceField | "minTenancyMonths" | "maxTenancyMonths" | "epcRating" | "councilTaxBand",
  ) => ({
    ...bind(name),
    stored: formState.defaultValues?.[name] ?? "",
  });

  return (
    <div className="grid gap-8">
      <FormSection
        icon={Building2}
        divided={false}
        title="Basic Information"
        intro="What guests see first: the name, the story and where it is."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={idOf("title")}
            label="Property title"
            required
            error={errorOf("title")}
            className="sm:col-span-2"
          >
            {(field) => <Input {...field} {...bind("title")} placeholder="e.g. Bright flat by Regent's Park" />}
          </FormField>
          <FormField
            id={idOf("description")}
            label="Description"
            required
            error={errorOf("description")}
            className="sm:col-span-2"
          >
            {(field) => (
              <Textarea
                {...field}
                {...bind("description")}
                rows={4}
                className="min-h-28"
                placeholder="The rooms, the light, the neighbourhood, what is close by…"
              />
            )}
          </FormField>
          <FormField id={idOf("address")} label="Address" required error={errorOf("address")} className="sm:col-span-2">
            {(field) => (
              <Input
                {...field}
                {...bind("address")}
                autoComplete="street-address"
                placeholder="e.g. 12 Marylebone High Street, W1U 4NR"
              />
            )}
          </FormField>
          <FormField id={idOf("city")} label="Borough" required error={errorOf("city")} className="sm:col-span-2">
            {(field) => (
              <ChoiceSelect
                {...field}
                {...bindChoice("city")}
                placeholder="Select a London borough"
                choices={LONDON_BOROUGHS.map((b) => ({ value: b, label: b }))}
              />
            )}
          </FormField>
          <FormField id={idOf("pricePerNight")} label="Price per night" required error={errorOf("pricePerNight")}>
            {(field) => <PoundsInput {...field} {...bind("pricePerNight")} min={1} placeholder="150" />}
          </FormField>
          <FormField id={idOf("pricePerMonth")} label="Price per month" required error={errorOf("pricePerMonth")}>
            {(field) => <PoundsInput {...field} {...bind("pricePerMonth")} min={1} placeholder="3200" />}
          </FormField>
        </div>
        {showLocationPreview ? <LocationPreview address={address} city={city} /> : null}
      </FormSection>

      <FormSection icon={BedDouble} title="Property Details">
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField id={idOf("bedrooms")} label="Bedrooms" required error={errorOf("bedrooms")}>
            {(field) => (
              <ChoiceSelect {...field} {...bindChoice("bedrooms")} placeholder="Select" choices={BEDROOM_CHOICES} />
            )}
          </FormField>
          <FormField id={idOf("bathrooms")} label="Bathrooms" required error={errorOf("bathrooms")}>
            {(field) => (
              <ChoiceSelect {...field} {...bindChoice("bathrooms")} placeholder="Select" choices={BATHROOM_CHOICES} />
            )}
          </FormField>
          <FormField id={idOf("maxGuests")} label="Max guests" required error={errorOf("maxGuests")}>
            {(field) => (
              <ChoiceSelect {...field} {...bindChoice("maxGuests")} placeholder="Select" choices={GUEST_CHOICES} />
            )}
          </FormField>
          <FormField id={idOf("propertyType")} label="Property type" required error={errorOf("propertyType")}>
            {(field) => (
              <ChoiceSelect
                {...field}
                {...bindChoice("propertyType")}
                placeholder="Select a type"
                choices={PROPERTY_TYPE_CHOICES}
              />
            )}
          </FormField>
          <FormField id={idOf("furnishingStatus")} label="Furnishing" required error={errorOf("furnishingStatus")}>
            {(field) => (
              <ChoiceSelect
                {...field}
                {...bindChoice("furnishingStatus")}
                placeholder="Select furnishing"
                choices={FURNISHING_CHOICES}
              />
            )}
          </FormField>
          <FormField id={idOf("squareFeet")} label="Square feet" error={errorOf("squareFeet")}>
            {(field) => (
              <Input
                {...field}
                {...bind("squareFeet")}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="Optional"
                className="tabular-nums"
              />
            )}
          </FormField>
        </div>
      </FormSection>

      <FormSection
        icon={CalendarRange}
        title="Stay Lengths"
        intro="The length of a stay decides its kind and the rules that come with it. Offer the ones that suit you."
      >
        <fieldset
          className="grid gap-3"
          aria-describedby={errorOf("shortLetOffered") ? idOf("modes-error") : undefined}
        >
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
              Set the minimum and longest tenancy and the deposits under Tenancy Information. You protect the deposit in
              a government-approved scheme within 30 days and check the tenant's Right to Rent before the tenancy
              starts; we remind you of both.
            </p>
          </ModeCard>
          {errorOf("shortLetOffered") ? (
            <FieldError id={idOf("modes-error")}>{errorOf("shortLetOffered")}</FieldError>
          ) : null}
        </fieldset>
      </FormSection>

      <FormSection
        icon={CalendarClock}
        title="Tenancy Information"
        intro="For longer lets: when it is free, the deposits and the tenancy lengths you accept."
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
        </div>
      </FormSection>

      <FormSection icon={ShieldCheck} title="Compliance & Legal">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={idOf("epcRating")} label="EPC rating" error={errorOf("epcRating")}>
            {(field) => (
              <ChoiceSelect
                {...field}
                {...bindChoice("epcRating")}
                placeholder="Not provided"
                choices={EPC_RATINGS.map((r) => ({ value: r, label: `Band ${r}` }))}
              />
            )}
          </FormField>
          {needsExemption || epcExemptionReference !== "" || errorOf("epcExemptionReference") ? (
            <FormField
              id={idOf("epcExemptionReference")}
              label="EPC exemption reference"
              hint="A home rated F or G can be let on a tenancy only with an exemption on the PRS Exemptions Register (Minimum Energy Efficiency Standard)."
              error={errorOf("epcExemptionReference")}
            >
              {(field) => (
                <Input {...field} {...bind("epcExemptionReference")} maxLength={100} placeholder="Optional" />
              )}
            </FormField>
          ) : null}
          <FormField id={idOf("councilTaxBand")} label="Council tax band" error={errorOf("councilTaxBand")}>
            {(field) => (
              <ChoiceSelect
                {...field}
                {...bindChoice("councilTaxBand")}
                placeholder="Not provided"
                choices={COUNCIL_TAX_BANDS.map((b) => ({ value: b, label: `Band ${b}` }))}
              />
            )}
          </FormField>
        </div>
      </FormSection>

      <FormSection icon={Sparkles} title="Property Features">
        <CheckGroup legend="Property features">
          {PROPERTY_FEATURES.map((feature) => (
            <CheckTile
              key={feature}
              id={idOf(`feature-${feature}`)}
              label={FEATURE_LABELS[feature]}
              input={register("features")}
              value={feature}
              disabled={disabled}
            />
          ))}
        </CheckGroup>
        {errorOf("features") ? <FieldError>{errorOf("features")}</FieldError> : null}
      </FormSection>

      <FormSection icon={Sofa} title="Amenities" intro="What guests will find in the home. Tick all that apply.">
        {(Object.entries(AMENITY_GROUPS) as [AmenityGroup, readonly AmenityName[]][]).map(([group, names]) => (
          <fieldset key={group} className="grid gap-2.5">
            <legend className="mb-1 text-sm font-medium text-foreground">{group}</legend>
            <div className="grid grid-cols-1 gap-2.5 min-[22rem]:grid-cols-2 sm:grid-cols-3">
              {names.map((name) => (
                <CheckTile
                  key={name}
                  id={idOf(`amenity-${name}`)}
                  label={name}
                  input={register("amenities")}
                  value={name}
                  disabled={disabled}
                />
              ))}
            </div>
          </fieldset>
        ))}
        {errorOf("amenities") ? <FieldError>{errorOf("amenities")}</FieldError> : null}
      </FormSection>

      <FormSection icon={PawPrint} title="Tenant Preferences" intro="Who the property suits. Leave unticked for no.">
        <CheckGroup legend="Tenant preferences">
          {(Object.keys(TENANT_PREFERENCE_LABELS) as TenantPreference[]).map((preference) => (
            <CheckTile
              key={preference}
              id={idOf(`preference-${preference}`)}
              label={TENANT_PREFERENCE_LABELS[preference]}
              input={register(`tenantPreferences.${preference}`)}
              disabled={disabled}
            />
          ))}
        </CheckGroup>
      </FormSection>

      <FormSection icon={ScrollText} title="Terms & Conditions">
        <FormField
          id={idOf("termsAndConditions")}
          label="Terms and conditions"
          hint="Optional: house rules, check-in times, anything guests agree to."
          error={errorOf("termsAndConditions")}
        >
          {(field) => <Textarea {...field} {...bind("termsAndConditions")} rows={4} className="min-h-28" />}
        </FormField>
      </FormSection>
    </div>
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

/** Whole nights, typed. */
function NightsInput(props: React.ComponentProps<"input">) {
  return <Input type="number" inputMode="numeric" step={1} className="tabular-nums" {...props} />;
}

/** One stay mode: a checkbox with its rules in plain words, and its lengths while it is offered. */
function ModeCard({
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

/** The photo section's frame, in the same style as the others (the photos themselves are not form fields). */
export function PropertyImagesSection({ children }: { children: React.ReactNode }) {
  return (
    <FormSection
      icon={Images}
      title="Property Images"
      intro="Upload photos or add them by address. The first photo is the main one."
    >
      {children}
    </FormSection>
  );
}
