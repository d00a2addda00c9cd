import { CANCELLATION_POLICIES, type CancellationPolicy, POLICY_SUMMARIES } from "@common/domain/cancellation-policy";
import type { TManagedProperty } from "@common/schemas/landlord-properties";
import { CircleAlert, Loader2, RotateCcw, Save, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { cn } from "@/lib/utils";
import { useUpdateProperty } from "../../api/manage-property-api";
import { checkUpdateProperty, formStateFromProperty } from "../../utils/edit-property-form";
import type { PropertyFormErrors, PropertyFormState } from "../../utils/property-form-state";
import { PropertyFormFields } from "../property-form-fields";
import { Panel, SectionFrame } from "./section-frame";

const POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: "Flexible",
  moderate: "Moderate",
  strict: "Strict",
};

type Draft = { form: PropertyFormState; policy: CancellationPolicy };

function draftOf(property: TManagedProperty): Draft {
  return { form: formStateFromProperty(property), policy: property.cancellationPolicy };
}

const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** Every field of the listing (the shared form sections) and the cancellation policy, saved together. */
export function EditDetailsSection({ property, propertyRef }: { property: TManagedProperty; propertyRef: string }) {
  const update = useUpdateProperty(propertyRef);
  const [draft, setDraft] = useState<Draft>(() => draftOf(property));
  const [errors, setErrors] = useState<PropertyFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const saved = draftOf(property);
  const dirty = !sameDraft(draft, saved);
  const ids = useId();

  // The property may change elsewhere (a status change, another tab): follow it unless there are edits.
  const lastUpdate = useRef(property.updatedAt);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (lastUpdate.current === property.updatedAt) return;
    lastUpdate.current = property.updatedAt;
    if (!dirtyRef.current) setDraft(draftOf(property));
  }, [property]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const checked = checkUpdateProperty(draft.form, draft.policy);
    if (!checked.ok) {
      setErrors(checked.errors);
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      toast({ variant: "destructive", title: "Check the details", description: "Some fields need your attention." });
      return;
    }
    setErrors({});
    update.mutate(checked.payload, {
      onSuccess: (updated) => {
        lastUpdate.current = updated.updatedAt;
        setDraft(draftOf(updated));
        toast({ title: "Changes saved", description: `${updated.title} is up to date.` });
      },
      onError: (error) => {
        const message = serverMessageOf(error, "The changes could not be saved. Please try again.");
        setServerError(message);
        toast({ variant: "destructive", title: "Changes not saved", description: message });
      },
    });
  }

  return (
    <SectionFrame
      id="manage-details"
      title="Details"
      description="Everything guests read about the property. Changes show on your listing as soon as you save."
    >
      <form onSubmit={submit} noValidate className="grid gap-6" aria-describedby={`${ids}-required`}>
        <p id={`${ids}-required`} className="text-sm text-muted-foreground">
          Fields marked <span className="text-destructive">*</span> are required.
        </p>
        <Panel className="sm:p-8">
          <PropertyFormFields
            values={draft.form}
            errors={errors}
            disabled={update.isPending}
            onChange={(changes) => {
              setDraft((d) => ({ ...d, form: { ...d.form, ...changes } }));
              // A field's message goes once the landlord changes it; the next save checks again.
              if (Object.keys(changes).some((key) => key in errors)) {
                setErrors((e) => {
                  const next = { ...e };
                  for (const key of Object.keys(changes)) delete next[key as keyof PropertyFormErrors];
                  return next;
                });
              }
            }}
          />
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
                    "flex cursor-pointer items-start gap-3 rounded-xl border p-4 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                    draft.policy === policy
                      ? "border-primary bg-secondary/70 ring-1 ring-primary"
                      : "border-border hover:border-foreground/40",
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-policy`}
                    value={policy}
                    checked={draft.policy === policy}
                    disabled={update.isPending}
                    onChange={() => setDraft((d) => ({ ...d, policy }))}
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
                setDraft(saved);
                setErrors({});
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
