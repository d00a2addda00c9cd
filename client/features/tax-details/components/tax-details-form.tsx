import {
  IDENTIFIERS_OF_KIND,
  type SavedIdentifiers,
  TAX_IDENTIFIER_FIELDS,
  TAX_IDENTIFIER_LABELS,
  type TaxDetailsKind,
  type TaxIdentifierField,
  type TTaxDetailsFields,
  type TTaxDetailsView,
  taxDetailsFormSchema,
} from "@common/entities/tax-details";
import { formatDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { type FieldError as HookFieldError, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SectionCard } from "@/components/ui/section-card";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { useSaveTaxDetails } from "../api/tax-details-api";

/** The form as typed: every field of both kinds as text; what is sent keeps only the chosen kind's. */
type TaxForm = {
  kind: TaxDetailsKind;
  legalName: string;
  dateOfBirth: string;
  address: { line1: string; line2: string; city: string; postcode: string; country: string };
} & Record<TaxIdentifierField, string>;

const KIND_CHOICES: { value: TaxDetailsKind; label: string; hint: string }[] = [
  { value: "individual", label: "Individual", hint: "You are paid in your own name, as a sole trader or landlord." },
  { value: "business", label: "Business", hint: "You are paid as a company or another registered business." },
];

const IDENTIFIER_HINTS: Record<TaxIdentifierField, string> = {
  nationalInsuranceNumber: "Two letters, six digits and a letter, such as QQ 12 34 56 C.",
  utr: "The 10 digits on letters from HMRC about Self Assessment or Corporation Tax.",
  companyNumber: "8 characters from Companies House, such as 01234567 or SC123456.",
};

/** Only the chosen kind's fields go to the schema (and the server), as the shared schema expects. */
function chosenFields(values: TaxForm) {
  const { kind, dateOfBirth, nationalInsuranceNumber, companyNumber, ...shared } = values;
  return kind === "individual"
    ? { kind, dateOfBirth, nationalInsuranceNumber, ...shared }
    : { kind, companyNumber, ...shared };
}

function formValues(details: TTaxDetailsView | null): TaxForm {
  return {
    kind: details?.kind ?? "individual",
    legalName: details?.legalName ?? "",
    dateOfBirth: details?.dateOfBirth ?? "",
    address: {
      line1: details?.address.line1 ?? "",
      line2: details?.address.line2 ?? "",
      city: details?.address.city ?? "",
      postcode: details?.address.postcode ?? "",
      country: details?.address.country ?? "GB",
    },
    // Saved identifiers are never sent back whole: the fields start blank, and blank keeps what is saved.
    nationalInsuranceNumber: "",
    utr: "",
    companyNumber: "",
  };
}

/**
 * The seller's tax details: individual or business, the legal name and address, and the identifiers HMRC's report
 * needs. Saved identifiers show masked beside their field; typing one replaces it, leaving it blank keeps it.
 */
export function TaxDetailsForm({ details }: { details: TTaxDetailsView | null }) {
  const save = useSaveTaxDetails();
  const saved: SavedIdentifiers = useMemo(
    () => details && { kind: details.kind, fields: TAX_IDENTIFIER_FIELDS.filter((field) => details[field] !== null) },
    [details],
  );
  // The form holds both kinds' fields; the shared schema reads only the chosen kind's.
  const resolver = useMemo(
    () =>
      zodResolver(
        z.preprocess((values) => chosenFields(values as TaxForm), taxDetailsFormSchema(saved)) as unknown as z.ZodType<
          TTaxDetailsFields,
          TaxForm
        >,
      ),
    [saved],
  );
  const form = useForm<TaxForm, unknown, TTaxDetailsFields>({ resolver, defaultValues: formValues(details) });
  const { register, handleSubmit, formState, reset, control } = form;
  const kind = useWatch({ control, name: "kind" });
  useEffect(() => {
    reset(formValues(details));
  }, [details, reset]);

  const errors = formState.errors;
  const field = (name: string, error: HookFieldError | undefined) => ({ id: `tax-${name}`, error: error?.message });
  const savedMask = (name: TaxIdentifierField) => (details && details.kind === kind ? details[name] : null);

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={handleSubmit((input) =>
        save.mutate(input, {
          onSuccess: () => toast({ title: "Tax details saved", description: "Thank you. They are stored encrypted." }),
        }),
      )}
    >
      <SectionCard id="tax-kind-heading" title="Who is paid">
        <fieldset className="mt-4 grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">You are paid as</legend>
          {KIND_CHOICES.map((choice) => (
            <label key={choice.value} className={CHOICE_CARD}>
              <input type="radio" value={choice.value} className={CHOICE_INPUT} {...register("kind")} />
              <span className="grid gap-0.5">
                <span className="font-medium">{choice.label}</span>
                <span className="text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </SectionCard>

      <SectionCard id="tax-identity-heading" title={kind === "individual" ? "About you" : "About the business"}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField
            {...field("legalName", errors.legalName)}
            label={kind === "individual" ? "Full legal name" : "Registered business name"}
            hint={
              kind === "individual" ? "As on your passport or HMRC letters." : "As registered with Companies House."
            }
            required
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                autoComplete={kind === "individual" ? "name" : "organization"}
                {...register("legalName")}
              />
            )}
          </FormField>
          {kind === "individual" ? (
            <FormField {...field("dateOfBirth", errors.dateOfBirth)} label="Date of birth" required>
              {(control) => <Input {...control} type="date" autoComplete="bday" {...register("dateOfBirth")} />}
            </FormField>
          ) : null}
        </div>
      </SectionCard>

      <SectionCard
        id="tax-address-heading"
        title={kind === "individual" ? "Home address" : "Registered address"}
        description="Where HMRC would write to you."
      >
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField
            {...field("line1", errors.address?.line1)}
            label="Address line 1"
            required
            className="sm:col-span-2"
          >
            {(control) => <Input {...control} autoComplete="address-line1" {...register("address.line1")} />}
          </FormField>
          <FormField {...field("line2", errors.address?.line2)} label="Address line 2" className="sm:col-span-2">
            {(control) => <Input {...control} autoComplete="address-line2" {...register("address.line2")} />}
          </FormField>
          <FormField {...field("city", errors.address?.city)} label="Town or city" required>
            {(control) => <Input {...control} autoComplete="address-level2" {...register("address.city")} />}
          </FormField>
          <FormField {...field("postcode", errors.address?.postcode)} label="Postcode" required>
            {(control) => <Input {...control} autoComplete="postal-code" {...register("address.postcode")} />}
          </FormField>
          <FormField
            {...field("country", errors.address?.country)}
            label="Country"
            hint="Two-letter code: GB for the United Kingdom."
            required
          >
            {(control) => <Input {...control} maxLength={2} autoComplete="country" {...register("address.country")} />}
          </FormField>
        </div>
      </SectionCard>

      <SectionCard
        id="tax-identifiers-heading"
        title="Tax references"
        description={
          kind === "individual"
            ? "Give your National Insurance number or your UTR, or both."
            : "Give the company number or the business's UTR, or both."
        }
      >
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {IDENTIFIERS_OF_KIND[kind].map((name) => {
            const masked = savedMask(name);
            return (
              <FormField
                key={name}
                {...field(name, errors[name])}
                label={TAX_IDENTIFIER_LABELS[name]}
                hint={
                  masked ? (
                    <>
                      <span className="font-medium text-foreground">Saved: {masked}</span>. Leave blank to keep it, or
                      type a new one to replace it.
                    </>
                  ) : (
                    IDENTIFIER_HINTS[name]
                  )
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={masked ? "Leave blank to keep the saved one" : undefined}
                    {...register(name)}
                  />
                )}
              </FormField>
            );
          })}
        </div>
      </SectionCard>

      {save.isError ? (
        <FormFailure>{serverMessageOf(save.error, "Your tax details were not saved.")}</FormFailure>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {details
            ? `${details.complete ? "Complete" : "Not complete yet"}. Last changed ${formatDate(details.updatedAt)}.`
            : "You have not given your tax details yet."}
        </p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save tax details"}
        </Button>
      </div>
    </form>
  );
}
