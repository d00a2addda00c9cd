import { COUNCIL_TAX_BANDS, EPC_RATINGS, LONDON_BOROUGHS, PROPERTY_FEATURES } from "@common/domain/property-options";
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
  ChevronDown,
  CircleAlert,
  Images,
  type LucideIcon,
  PawPrint,
  ScrollText,
  ShieldCheck,
  Sparkles,
} from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  type Choice,
  FEATURE_LABELS,
  FURNISHING_CHOICES,
  GUEST_CHOICES,
  MAX_TENANCY_CHOICES,
  MIN_TENANCY_CHOICES,
  PROPERTY_TYPE_CHOICES,
  type PropertyFormErrors,
  type PropertyFormField,
  type PropertyFormState,
  TENANT_PREFERENCE_LABELS,
  type TenantPreference,
} from "../utils/property-form-state";
import { LocationPreview } from "./location-preview";

const CONTROL_CLASSES = cn(
  "w-full min-w-0 rounded-xl border border-input bg-card px-3.5 text-base text-foreground shadow-[inset_0_1px_1px_rgb(20_33_61/0.04)] outline-none transition-[border-color,box-shadow] duration-150 sm:text-sm",
  "placeholder:text-muted-foreground hover:border-foreground/50",
  "focus-visible:border-foreground focus-visible:ring-3 focus-visible:ring-brass-500/35 focus-visible:outline-none",
  "aria-invalid:border-destructive aria-invalid:bg-destructive-soft/60 aria-invalid:focus-visible:ring-destructive/25",
  "disabled:cursor-not-allowed disabled:opacity-60",
);

/** What a control needs to be named, described and marked invalid. */
type ControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required": boolean | undefined;
};

function Field({
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
  children: (control: ControlProps) => React.ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-center gap-1.5 text-sm text-destructive">
          <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A native select styled like the kit's inputs: phones keep their own pickers. */
function Select({
  choices,
  placeholder,
  className,
  ...props
}: Omit<React.ComponentProps<"select">, "children"> & { choices: Choice[]; placeholder: string }) {
  // A stored value the list does not offer (a listing in Edinburgh, 7 bedrooms, a 9-month tenancy) stays
  // choosable, so editing a property never blanks a field the landlord did not touch.
  const current = typeof props.value === "string" ? props.value : "";
  const shown =
    current !== "" && !choices.some((c) => c.value === current)
      ? [...choices, { value: current, label: current }]
      : choices;
  return (
    <div className="relative">
      <select className={cn(CONTROL_CLASSES, "h-11 cursor-pointer appearance-none pr-10", className)} {...props}>
        <option value="">{placeholder}</option>
        {shown.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
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

function TextArea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(CONTROL_CLASSES, "min-h-28 py-3 leading-relaxed", className)} {...props} />;
}

/** A checkbox drawn as a calm tile; the whole tile is its label. */
function CheckTile({
  id,
  label,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border bg-card px-3.5 py-2.5 text-sm transition-colors hover:border-foreground/40",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
        checked && "border-brass-700/60 bg-brass-100/60",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
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
 * Every section of the landlord's property form but the photos (spec 2 "Add New Property dialog"): basics with the
 * Location Preview, Property Details, Tenancy Information, Compliance & Legal, Property Features, Tenant
 * Preferences, Terms & Conditions. Controlled: `onChange` receives the fields that changed. Used by the Add New
 * Property dialog and the manage page's edit form.
 */
export function PropertyFormFields({
  values,
  onChange,
  errors,
  disabled = false,
  showLocationPreview = true,
}: {
  values: PropertyFormState;
  onChange: (changes: Partial<PropertyFormState>) => void;
  errors: PropertyFormErrors;
  disabled?: boolean;
  showLocationPreview?: boolean;
}) {
  const prefix = useId();
  const idOf = (name: PropertyFormField | string) => `${prefix}-${name}`;
  type TextField = Exclude<
    PropertyFormField,
    "features" | "tenantPreferences" | "shortLetOffered" | "midLetOffered" | "tenancyOffered"
  >;
  const caps = tenancyCaps(values.pricePerMonth);
  const needsExemption = (EPC_BANDS_NEEDING_EXEMPTION as readonly string[]).includes(values.epcRating);

  /** value, onChange and disabled for a text-like control of `name`. */
  const bind = (name: TextField) => ({
    value: values[name],
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange({ [name]: event.target.value }),
  });

  function toggleFeature(feature: (typeof PROPERTY_FEATURES)[number], on: boolean) {
    const next = on ? [...values.features, feature] : values.features.filter((f) => f !== feature);
    // Keep the list's own order, whatever order the boxes were ticked in.
    onChange({ features: PROPERTY_FEATURES.filter((f) => next.includes(f)) });
  }

  function togglePreference(preference: TenantPreference, on: boolean) {
    onChange({ tenantPreferences: { ...values.tenantPreferences, [preference]: on } });
  }

  return (
    <div className="grid gap-8">
      <FormSection
        icon={Building2}
        divided={false}
        title="Basic Information"
        intro="What guests see first: the name, the story and where it is."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={idOf("title")} label="Property title" required error={errors.title} className="sm:col-span-2">
            {(control) => <Input {...control} {...bind("title")} placeholder="e.g. Bright flat by Regent's Park" />}
          </Field>
          <Field
            id={idOf("description")}
            label="Description"
            required
            error={errors.description}
            className="sm:col-span-2"
          >
            {(control) => (
              <TextArea
                {...control}
                {...bind("description")}
                rows={4}
                placeholder="The rooms, the light, the neighbourhood, what is close by…"
              />
            )}
          </Field>
          <Field id={idOf("address")} label="Address" required error={errors.address} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...bind("address")}
                autoComplete="street-address"
                placeholder="e.g. 12 Marylebone High Street, W1U 4NR"
              />
            )}
          </Field>
          <Field id={idOf("city")} label="Borough" required error={errors.city} className="sm:col-span-2">
            {(control) => (
              <Select
                {...control}
                {...bind("city")}
                placeholder="Select a London borough"
                choices={LONDON_BOROUGHS.map((b) => ({ value: b, label: b }))}
              />
            )}
          </Field>
          <Field id={idOf("pricePerNight")} label="Price per night" required error={errors.pricePerNight}>
            {(control) => <PoundsInput {...control} {...bind("pricePerNight")} min={1} placeholder="150" />}
          </Field>
          <Field id={idOf("pricePerMonth")} label="Price per month" required error={errors.pricePerMonth}>
            {(control) => <PoundsInput {...control} {...bind("pricePerMonth")} min={1} placeholder="3200" />}
          </Field>
        </div>
        {showLocationPreview ? <LocationPreview address={values.address} city={values.city} /> : null}
      </FormSection>

      <FormSection icon={BedDouble} title="Property Details">
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id={idOf("bedrooms")} label="Bedrooms" required error={errors.bedrooms}>
            {(control) => <Select {...control} {...bind("bedrooms")} placeholder="Select" choices={BEDROOM_CHOICES} />}
          </Field>
          <Field id={idOf("bathrooms")} label="Bathrooms" required error={errors.bathrooms}>
            {(control) => (
              <Select {...control} {...bind("bathrooms")} placeholder="Select" choices={BATHROOM_CHOICES} />
            )}
          </Field>
          <Field id={idOf("maxGuests")} label="Max guests" required error={errors.maxGuests}>
            {(control) => <Select {...control} {...bind("maxGuests")} placeholder="Select" choices={GUEST_CHOICES} />}
          </Field>
          <Field id={idOf("propertyType")} label="Property type" required error={errors.propertyType}>
            {(control) => (
              <Select
                {...control}
                {...bind("propertyType")}
                placeholder="Select a type"
                choices={PROPERTY_TYPE_CHOICES}
              />
            )}
          </Field>
          <Field id={idOf("furnishingStatus")} label="Furnishing" required error={errors.furnishingStatus}>
            {(control) => (
              <Select
                {...control}
                {...bind("furnishingStatus")}
                placeholder="Select furnishing"
                choices={FURNISHING_CHOICES}
              />
            )}
          </Field>
          <Field id={idOf("squareFeet")} label="Square feet" error={errors.squareFeet}>
            {(control) => (
              <Input
                {...control}
                {...bind("squareFeet")}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="Optional"
                className="tabular-nums"
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection
        icon={CalendarRange}
        title="Stay Lengths"
        intro="The length of a stay decides its kind and the rules that come with it. Offer the ones that suit you."
      >
        <fieldset className="grid gap-3" aria-describedby={errors.shortLetOffered ? idOf("modes-error") : undefined}>
          <legend className="sr-only">Kinds of stay you offer</legend>
          <ModeCard
            id={idOf("shortLetOffered")}
            mode="short_let"
            title="Short lets"
            checked={values.shortLetOffered}
            showFields={values.shortLetOffered || Boolean(errors.shortLetMinNights || errors.shortLetMaxNights)}
            disabled={disabled}
            onChange={(on) => onChange({ shortLetOffered: on })}
          >
            <div className="grid grid-cols-2 gap-3 sm:gap-4">
              <Field id={idOf("shortLetMinNights")} label="Shortest (nights)" error={errors.shortLetMinNights}>
                {(control) => <NightsInput {...control} {...bind("shortLetMinNights")} min={1} max={27} />}
              </Field>
              <Field id={idOf("shortLetMaxNights")} label="Longest (nights)" error={errors.shortLetMaxNights}>
                {(control) => <NightsInput {...control} {...bind("shortLetMaxNights")} min={1} max={27} />}
              </Field>
            </div>
          </ModeCard>
          <ModeCard
            id={idOf("midLetOffered")}
            mode="mid_let"
            title="Mid lets"
            checked={values.midLetOffered}
            showFields={values.midLetOffered || Boolean(errors.midLetMinNights || errors.midLetMaxNights)}
            disabled={disabled}
            onChange={(on) => onChange({ midLetOffered: on })}
          >
            <div className="grid grid-cols-2 gap-3 sm:gap-4">
              <Field id={idOf("midLetMinNights")} label="Shortest (nights)" error={errors.midLetMinNights}>
                {(control) => <NightsInput {...control} {...bind("midLetMinNights")} min={28} max={184} />}
              </Field>
              <Field
                id={idOf("midLetMaxNights")}
                label="Longest (nights)"
                hint={`Blank: up to ${MID_LET_MAX_MONTHS} months.`}
                error={errors.midLetMaxNights}
              >
                {(control) => (
                  <NightsInput {...control} {...bind("midLetMaxNights")} min={28} max={184} placeholder="No limit" />
                )}
              </Field>
            </div>
          </ModeCard>
          <ModeCard
            id={idOf("tenancyOffered")}
            mode="tenancy"
            title="Tenancies"
            checked={values.tenancyOffered}
            showFields={values.tenancyOffered}
            disabled={disabled}
            onChange={(on) => onChange({ tenancyOffered: on })}
          >
            <p className="text-sm text-muted-foreground">
              Set the minimum and longest tenancy and the deposits under Tenancy Information. You protect the deposit in
              a government-approved scheme within 30 days and check the tenant's Right to Rent before the tenancy
              starts; we remind you of both.
            </p>
          </ModeCard>
          {errors.shortLetOffered ? (
            <p id={idOf("modes-error")} className="flex items-center gap-1.5 text-sm text-destructive">
              <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
              {errors.shortLetOffered}
            </p>
          ) : null}
        </fieldset>
      </FormSection>

      <FormSection
        icon={CalendarClock}
        title="Tenancy Information"
        intro="For longer lets: when it is free, the deposits and the tenancy lengths you accept."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={idOf("availableFrom")} label="Available from" error={errors.availableFrom}>
            {(control) => <Input {...control} {...bind("availableFrom")} type="date" />}
          </Field>
          <Field
            id={idOf("depositAmount")}
            label="Deposit"
            hint={
              caps && values.tenancyOffered
                ? `For a tenancy, at most ${formatPence(caps.deposit)}: ${caps.weeks} weeks' rent (Tenant Fees Act 2019).`
                : undefined
            }
            error={errors.depositAmount}
          >
            {(control) => <PoundsInput {...control} {...bind("depositAmount")} placeholder="Optional" />}
          </Field>
          <Field
            id={idOf("holdingDepositAmount")}
            label="Holding deposit"
            hint={
              caps && values.tenancyOffered
                ? `To reserve a tenancy, at most ${formatPence(caps.holding)}: one week's rent (Tenant Fees Act 2019).`
                : "Optional: to reserve a tenancy while it is agreed."
            }
            error={errors.holdingDepositAmount}
          >
            {(control) => <PoundsInput {...control} {...bind("holdingDepositAmount")} placeholder="Optional" />}
          </Field>
          <Field
            id={idOf("minTenancyMonths")}
            label="Minimum tenancy"
            hint="6 months unless you choose otherwise."
            error={errors.minTenancyMonths}
          >
            {(control) => (
              <Select {...control} {...bind("minTenancyMonths")} placeholder="Not set" choices={MIN_TENANCY_CHOICES} />
            )}
          </Field>
          <Field
            id={idOf("maxTenancyMonths")}
            label="Longest tenancy"
            hint="Blank: up to 24 months, the longest booked online."
            error={errors.maxTenancyMonths}
          >
            {(control) => (
              <Select {...control} {...bind("maxTenancyMonths")} placeholder="No limit" choices={MAX_TENANCY_CHOICES} />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection icon={ShieldCheck} title="Compliance & Legal">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={idOf("epcRating")} label="EPC rating" error={errors.epcRating}>
            {(control) => (
              <Select
                {...control}
                {...bind("epcRating")}
                placeholder="Not provided"
                choices={EPC_RATINGS.map((r) => ({ value: r, label: `Band ${r}` }))}
              />
            )}
          </Field>
          {needsExemption || values.epcExemptionReference !== "" || errors.epcExemptionReference ? (
            <Field
              id={idOf("epcExemptionReference")}
              label="EPC exemption reference"
              hint="A home rated F or G can be let on a tenancy only with an exemption on the PRS Exemptions Register (Minimum Energy Efficiency Standard)."
              error={errors.epcExemptionReference}
            >
              {(control) => (
                <Input {...control} {...bind("epcExemptionReference")} maxLength={100} placeholder="Optional" />
              )}
            </Field>
          ) : null}
          <Field id={idOf("councilTaxBand")} label="Council tax band" error={errors.councilTaxBand}>
            {(control) => (
              <Select
                {...control}
                {...bind("councilTaxBand")}
                placeholder="Not provided"
                choices={COUNCIL_TAX_BANDS.map((b) => ({ value: b, label: `Band ${b}` }))}
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection icon={Sparkles} title="Property Features">
        <CheckGroup legend="Property features">
          {PROPERTY_FEATURES.map((feature) => (
            <CheckTile
              key={feature}
              id={idOf(`feature-${feature}`)}
              label={FEATURE_LABELS[feature]}
              checked={values.features.includes(feature)}
              disabled={disabled}
              onChange={(on) => toggleFeature(feature, on)}
            />
          ))}
        </CheckGroup>
        {errors.features ? <p className="text-sm text-destructive">{errors.features}</p> : null}
      </FormSection>

      <FormSection icon={PawPrint} title="Tenant Preferences" intro="Who the property suits. Leave unticked for no.">
        <CheckGroup legend="Tenant preferences">
          {(Object.keys(TENANT_PREFERENCE_LABELS) as TenantPreference[]).map((preference) => (
            <CheckTile
              key={preference}
              id={idOf(`preference-${preference}`)}
              label={TENANT_PREFERENCE_LABELS[preference]}
              checked={values.tenantPreferences[preference]}
              disabled={disabled}
              onChange={(on) => togglePreference(preference, on)}
            />
          ))}
        </CheckGroup>
      </FormSection>

      <FormSection icon={ScrollText} title="Terms & Conditions">
        <Field
          id={idOf("termsAndConditions")}
          label="Terms and conditions"
          hint="Optional: house rules, check-in times, anything guests agree to."
          error={errors.termsAndConditions}
        >
          {(control) => <TextArea {...control} {...bind("termsAndConditions")} rows={4} />}
        </Field>
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
  checked,
  showFields,
  disabled,
  onChange,
  children,
}: {
  id: string;
  mode: StayMode;
  title: string;
  checked: boolean;
  /** While offered, or while a length of it needs attention. */
  showFields: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
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
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
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
