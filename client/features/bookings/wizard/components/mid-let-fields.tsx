import { STAY_PURPOSE_LABELS, STAY_PURPOSES } from "@common/domain/mid-lets";
import type { ZMidLetDeclaration } from "@common/entities/booking";
import { House } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

export type MidLetDraft = z.input<typeof ZMidLetDeclaration>;

/**
 * A mid let's declaration in the guest step: why the guest stays and where they live. Declaring the stay as their main
 * home stops the booking as a mid let and offers the tenancy instead where the listing has one.
 */
export function MidLetFields({
  form,
  refusal,
  onTenancyInstead,
}: {
  form: UseFormReturn<MidLetDraft>;
  /** Why a main home cannot be a mid let, shown once the guest ticks it. */
  refusal: string;
  /** Present when the listing offers tenancies for these dates. */
  onTenancyInstead?: (() => void) | undefined;
}) {
  const { errors } = form.formState;
  const purpose = form.watch("purpose");
  const mainHome = form.watch("isMainHome");
  return (
    <fieldset className="grid gap-5 rounded-2xl border border-border p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold">About your stay</legend>
      <p className="-mt-2 text-sm text-muted-foreground">
        A stay of 28 nights to 6 months is a mid let: serviced accommodation while your main home is elsewhere. The host
        sees what you tell us here.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="mid-let-purpose" label="Purpose of your stay" required error={errors.purpose?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("purpose")}>
              <option value="">Choose one</option>
              {STAY_PURPOSES.map((p) => (
                <option key={p} value={p}>
                  {STAY_PURPOSE_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {purpose === "other" ? (
          <FormField
            id="mid-let-purpose-other"
            label="What brings you here"
            required
            error={errors.purposeOther?.message}
          >
            {(control) => <Input {...control} maxLength={200} {...form.register("purposeOther")} />}
          </FormField>
        ) : null}
      </div>
      <FormField
        id="mid-let-main-home"
        label="Your main home address"
        required
        hint="Where you live, with its postcode"
        error={errors.mainHomeAddress?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={300}
            autoComplete="street-address"
            {...form.register("mainHomeAddress")}
          />
        )}
      </FormField>
      <label htmlFor="mid-let-is-main-home" className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          id="mid-let-is-main-home"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-ink-800"
          {...form.register("isMainHome")}
        />
        <span>This home will be my only or main home while I stay</span>
      </label>
      {mainHome ? (
        <Alert variant="warning" role="alert">
          <House aria-hidden="true" />
          <AlertTitle>Not a mid let</AlertTitle>
          <AlertDescription>
            <p>{refusal}</p>
            {onTenancyInstead ? (
              <div className="mt-3">
                <Button variant="outline" size="sm" onClick={onTenancyInstead}>
                  Book it as a tenancy
                </Button>
              </div>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </fieldset>
  );
}
