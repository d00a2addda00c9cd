import type { TPricingRule } from "@common/schemas/landlord-properties";
import { Loader2 } from "lucide-react";
import { Dialog } from "radix-ui";
import type * as React from "react";
import { type FormEvent, useId, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { cn } from "@/lib/utils";
import { usePricingRuleChange } from "../../api/manage-property-api";
import {
  checkRuleDraft,
  DAYS_MONDAY_FIRST,
  draftFromRule,
  EMPTY_RULE_DRAFT,
  type PricingRuleDraft,
  type PricingRuleField,
} from "../../utils/pricing-rule-form";

type Errors = Partial<Record<PricingRuleField | "amount", string>>;

/** Create (rule null) or edit a pricing rule; the shared ZPricingRuleInput checks it before sending. */
export function PricingRuleDialog({
  propertyId,
  open,
  rule,
  onOpenChange,
}: {
  propertyId: string;
  open: boolean;
  rule: TPricingRule | null;
  onOpenChange: (open: boolean) => void;
}) {
  const change = usePricingRuleChange(propertyId);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogPanel size="xl">
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-xl leading-snug font-medium">
            {rule ? "Edit pricing rule" : "Add a pricing rule"}
          </Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            Raise or lower the nightly price on chosen dates, days or stay lengths. Where rules overlap, the highest
            priority wins.
          </Dialog.Description>
        </div>
        <DialogCloseButton disabled={change.isPending} />
        {/* Keyed so that each opening starts from the rule (or a blank one), not from the last draft. */}
        {open ? (
          <RuleForm key={rule?.id ?? "new"} rule={rule} change={change} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}

function RuleForm({
  rule,
  change,
  onDone,
}: {
  rule: TPricingRule | null;
  change: ReturnType<typeof usePricingRuleChange>;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<PricingRuleDraft>(rule ? draftFromRule(rule) : EMPTY_RULE_DRAFT);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = useId();

  const set = <K extends keyof PricingRuleDraft>(key: K, value: PricingRuleDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const checked = checkRuleDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    change.mutate(
      rule ? { kind: "update", ruleId: rule.id, input: checked.input } : { kind: "create", input: checked.input },
      {
        onSuccess: () => {
          toast({
            title: rule ? "Pricing rule saved" : "Pricing rule added",
            description: `${checked.input.name}: the calendar shows the new prices.`,
          });
          onDone();
        },
        onError: (error) => setServerError(serverMessageOf(error, "The rule could not be saved. Please try again.")),
      },
    );
  }

  const field = (name: PricingRuleField | "amount") => ({
    id: `${ids}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${ids}-${name}-error` : undefined,
  });
  const message = (name: PricingRuleField | "amount") =>
    errors[name] ? (
      <p id={`${ids}-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;
  /** A labelled text, date or number field of the draft, with its message. */
  const textField = (
    name: "startDate" | "endDate" | "minStayLength" | "maxStayLength" | "priority",
    label: string,
    input: Omit<React.ComponentProps<typeof Input>, "id" | "value" | "onChange">,
  ) => (
    <div className="grid gap-2">
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
      <Input {...field(name)} {...input} value={draft[name]} onChange={(e) => set(name, e.target.value)} />
      {message(name)}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {serverError ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Rule not saved</AlertTitle>
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-2">
        <Label htmlFor={`${ids}-name`}>
          Name
          <RequiredMark />
        </Label>
        <Input
          {...field("name")}
          aria-required={true}
          maxLength={80}
          placeholder="Christmas week, Weekend nights…"
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
        />
        {message("name")}
      </div>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold">When</legend>
        <p className="text-xs text-muted-foreground">Leave the dates empty for a rule that always applies.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {textField("startDate", "Start date", { type: "date" })}
          {textField("endDate", "End date", { type: "date", min: draft.startDate || undefined })}
        </div>
      </fieldset>

      <fieldset
        className="grid gap-2"
        aria-describedby={errors.daysOfWeek ? `${ids}-daysOfWeek-error` : `${ids}-days-hint`}
      >
        <legend className="text-sm font-semibold">Nights of the week</legend>
        <p id={`${ids}-days-hint`} className="text-xs text-muted-foreground">
          None ticked: every night.
        </p>
        <div className="flex flex-wrap gap-2">
          {DAYS_MONDAY_FIRST.map(({ day, short, long }) => {
            const checked = draft.daysOfWeek.includes(day);
            return (
              <label
                key={day}
                className={cn(
                  "inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  checked ? "border-primary bg-primary text-primary-foreground" : "border-input hover:bg-secondary",
                )}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  aria-label={long}
                  onChange={() =>
                    set("daysOfWeek", checked ? draft.daysOfWeek.filter((d) => d !== day) : [...draft.daysOfWeek, day])
                  }
                />
                <span aria-hidden="true">{short}</span>
              </label>
            );
          })}
        </div>
        {message("daysOfWeek")}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold">Stay length</legend>
        <p className="text-xs text-muted-foreground">
          Applies to quotes for stays of this length; the calendar shows one-night prices.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {textField("minStayLength", "Minimum nights", { type: "number", inputMode: "numeric", min: 1, max: 365 })}
          {textField("maxStayLength", "Maximum nights", { type: "number", inputMode: "numeric", min: 1, max: 365 })}
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold">
          Price change
          <RequiredMark />
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["percent", "Percentage change", "+15 raises, −10 lowers"],
              ["fixed", "Fixed nightly price", "Replaces the base price"],
            ] as const
          ).map(([kind, label, hint]) => (
            <label
              key={kind}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                draft.changeKind === kind ? "border-primary bg-secondary/70" : "border-border hover:bg-secondary/50",
              )}
            >
              <input
                type="radio"
                name={`${ids}-kind`}
                value={kind}
                checked={draft.changeKind === kind}
                onChange={() => set("changeKind", kind)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-amount`}>
            {draft.changeKind === "percent" ? "Change in percent" : "Nightly price in pounds (£)"}
          </Label>
          <div className="relative">
            <span
              aria-hidden="true"
              className={cn(
                "pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-muted-foreground",
                draft.changeKind === "percent" ? "right-3.5" : "left-3.5",
              )}
            >
              {draft.changeKind === "percent" ? "%" : "£"}
            </span>
            <Input
              {...field("amount")}
              type="number"
              inputMode="decimal"
              step={draft.changeKind === "percent" ? 1 : 0.01}
              min={draft.changeKind === "percent" ? -90 : 1}
              max={draft.changeKind === "percent" ? 500 : 100000}
              placeholder={draft.changeKind === "percent" ? "15" : "180"}
              className={draft.changeKind === "percent" ? "pr-9" : "pl-8"}
              value={draft.amount}
              onChange={(e) => set("amount", e.target.value)}
            />
          </div>
          {message("amount")}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        {textField("priority", "Priority (0 to 100)", { type: "number", inputMode: "numeric", min: 0, max: 100 })}
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 text-sm sm:mt-6">
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(e) => set("isActive", e.target.checked)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span>
            <span className="block font-medium">Active</span>
            <span className="text-muted-foreground">Untick to keep the rule without applying it.</span>
          </span>
        </label>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={change.isPending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {change.isPending ? "Saving…" : rule ? "Save rule" : "Add rule"}
        </Button>
      </div>
    </form>
  );
}
