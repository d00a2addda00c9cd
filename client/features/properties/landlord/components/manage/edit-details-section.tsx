import { CANCELLATION_POLICIES, type CancellationPolicy, POLICY_SUMMARIES } from "@common/domain/cancellation-policy";
import type { TManagedProperty } from "@common/schemas/landlord-properties";
import type { TUpdateProperty } from "@common/schemas/property-form";
import { CircleAlert, Loader2, RotateCcw, Save, ShieldCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { cn } from "@/lib/utils";
import { useUpdateProperty } from "../../api/manage-property-api";
import { checkUpdateProperty, formStateFromProperty } from "../../utils/edit-property-form";
import { type PropertyFormState, propertyFormResolver } from "../../utils/property-form-state";
import { PropertyFormFields } from "../property-form-fields";
import { Panel, SectionFrame } from "./section-frame";

const POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: "Flexible",
  moderate: "Moderate",
  strict: "Strict",
};

/** The listing's fields as typed, and its cancellation policy: saved together. */
type Draft = PropertyFormState & { cancellationPolicy: CancellationPolicy };

function draftOf(property: TManagedProperty): Draft {
  return { ...formStateFromProperty(property), cancellationPolicy: property.cancellationPolicy };
}

/** Every field of the listing (the shared form sections) and the cancellation policy, saved together. */
export function EditDetailsSection({ property, propertyRef }: { property: TManagedProperty; propertyRef: string }) {
  const update = useUpdateProperty(propertyRef);
  const form = useForm<Draft, unknown, TUpdateProperty>({
    defaultValues: draftOf(property),
    resolver: propertyFormResolver((values: Draft) => checkUpdateProperty(values, values.cancellationPolicy)),
    shouldFocusError: false,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = form.formState.isDirty;
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // The property may change elsewhere (a status change, another tab): follow it unless there are edits.
  const lastUpdate = useRef(property.updatedAt);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (lastUpdate.current === property.updatedAt) return;
    lastUpdate.current = property.updatedAt;
    if (!dirtyRef.current) form.reset(draftOf(property));
  }, [property, form]);

  const submit = form.handleSubmit(
    (payload) => {
      setServerError(null);
      update.mutate(payload, {
        onSuccess: (updated) => {
          lastUpdate.current = updated.updatedAt;
          form.reset(draftOf(updated));
          toast({ title: "Changes saved", description: `${updated.title} is up to date.` });
        },
        onError: (error) => {
          const message = serverMessageOf(error, "The changes could not be saved. Please try again.");
          setServerError(message);
          toast({ variant: "destructive", title: "Changes not saved", description: message });
        },
      });
    },
    () => {
      setServerError(null);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      toast({ variant: "destructive", title: "Check the details", description: "Some fields need your attention." });
    },
  );

  return (
    <SectionFrame
      id="manage-details"
      title="Details"
      description="Everything guests read about the property. Changes show on your listing as soon as you save."
    >
      <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6" aria-describedby={`${ids}-required`}>
        <p id={`${ids}-required`} className="text-sm text-muted-foreground">
          Fields marked <span className="text-destructive">*</span> are required.
        </p>
        <Panel className="sm:p-8">
          <FormProvider {...form}>
            <PropertyFormFields disabled={update.isPending} />
          </FormProvider>
        </Panel>

        <Panel>
          <fieldset>
            <legend className="flex items-center gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brass-100 text-brass-700">
                <ShieldCheck aria-hidden="true" className="size-4" />
              </span>
              <span className="font-display text-lg font-medium">Cancellation policy</span>
            </legend>
            <p className="mt-2 text-sm text-muted-foreground">
              What a guest gets back on cancelling a confirmed stay. If you cancel, the guest is always refunded in
              full.
            </p>
            <div className="mt-4 grid gap-3 md:grid-cols-3">
              {CANCELLATION_POLICIES.map((policy) => (
                <label
                  key={policy}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-xl border border-border p-4 text-sm transition-colors hover:border-foreground/40",
                    "has-checked:border-primary has-checked:bg-secondary/70 has-checked:ring-1 has-checked:ring-primary",
                    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  )}
                >
                  <input
                    type="radio"
                    value={policy}
                    {...form.register("cancellationPolicy")}
                    disabled={update.isPending}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <span>
                    <span className="block font-medium">{POLICY_LABELS[policy]}</span>
                    <span className="text-muted-foreground">{POLICY_SUMMARIES[policy]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </Panel>

        {serverError ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Changes not saved</AlertTitle>
            <AlertDescription>{serverError}</AlertDescription>
          </Alert>
        ) : null}

        <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t border-border bg-card/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-5 sm:shadow-soft">
          <p className="text-xs text-muted-foreground sm:text-sm" aria-live="polite">
            {update.isPending ? "Saving…" : dirty ? "You have unsaved changes." : "All changes saved."}
          </p>
          <div className="flex shrink-0 gap-2">
            <Button
              variant="ghost"
              className="px-3 sm:px-5"
              disabled={!dirty || update.isPending}
              onClick={() => {
                form.reset(draftOf(property));
                setServerError(null);
              }}
            >
              <RotateCcw aria-hidden="true" />
              Discard<span className="sr-only sm:not-sr-only">&nbsp;changes</span>
            </Button>
            <Button type="submit" className="px-4 sm:px-5" disabled={update.isPending}>
              {update.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
              {update.isPending ? "Saving…" : "Save changes"}
            </Button>
          </div>
        </div>
      </form>
    </SectionFrame>
  );
}
