import { MAINTENANCE_CATEGORIES, MAINTENANCE_CATEGORY_LABELS, MAX_VACANT_NIGHTS } from "@common/domain/maintenance";
import { Loader2 } from "lucide-react";
import { Dialog } from "radix-ui";
import type * as React from "react";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { workDateBounds } from "../utils/job-rules";
import { type ActionDialogProps, type ActionSender, useActionForm } from "./use-action-form";

/**
 * The pieces every maintenance form shares: a dialog with its title, a line on what happens, the fields, the
 * server's refusal (a 409 naming the next free window is read out and stays on screen) and the two buttons.
 */
export function FormDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While sending, the dialog cannot be closed (the answer must reach it). */
  busy: boolean;
  title: string;
  description: React.ReactNode;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogPanel size={wide ? "xl" : "lg"}>
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-xl leading-snug font-medium">{title}</Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {description}
          </Dialog.Description>
        </div>
        <DialogCloseButton disabled={busy} />
        {children}
      </DialogPanel>
    </Dialog.Root>
  );
}

/** Cancel and the step itself; the step shows it is working while the request is out. */
export function FormButtons({
  busy,
  submitLabel,
  pendingLabel,
  dismissLabel = "Cancel",
  destructive = false,
}: {
  busy: boolean;
  submitLabel: string;
  pendingLabel: string;
  dismissLabel?: string | undefined;
  destructive?: boolean | undefined;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="outline" disabled={busy}>
          {dismissLabel}
        </Button>
      </Dialog.Close>
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

/** A checkbox with its label beside it and an optional line under. */
export function CheckboxField({
  id,
  label,
  hint,
  ...props
}: React.ComponentProps<"input"> & { id: string; label: string; hint?: string }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border bg-ivory px-4 py-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        {...props}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs leading-relaxed text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * An action's dialog: its title and first lines, and the form, mounted only while open so each opening starts from
 * the job as it is now.
 */
export function ActionFormDialog({
  dialog,
  title,
  description,
  wide,
  children,
}: {
  dialog: ActionDialogProps;
  title: string;
  description: React.ReactNode;
  wide?: boolean;
  children: (sender: ActionSender) => React.ReactNode;
}) {
  const sender = useActionForm(dialog);
  return (
    <FormDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      busy={sender.busy}
      wide={wide}
      title={title}
      description={description}
    >
      {dialog.open ? children(sender) : null}
    </FormDialog>
  );
}

/** An action's form: its fields, the server's refusal if it gave one, then Cancel and the step. */
export function ActionForm({
  sender,
  onSubmit,
  submitLabel,
  pendingLabel,
  dismissLabel,
  destructive,
  children,
}: {
  sender: ActionSender;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pendingLabel: string;
  dismissLabel?: string;
  destructive?: boolean;
  children: React.ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {children}
      {sender.failure ? <FormFailure>{sender.failure}</FormFailure> : null}
      <FormButtons
        busy={sender.busy}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        dismissLabel={dismissLabel}
        destructive={destructive}
      />
    </form>
  );
}

/** A work date: today (London) to a year ahead. */
export function WorkDateField({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  const bounds = workDateBounds();
  return (
    <FormField id={id} label={label} required error={error}>
      {(control) => (
        <Input type="date" min={bounds.min} max={bounds.max} className="sm:max-w-56" {...control} {...input} />
      )}
    </FormField>
  );
}

/**
 * Whether the property must be empty for the work and for how many nights from its date: those nights are blocked
 * on the property's calendar (a confirmed stay in the way is refused, with the next free window). Ticked at first
 * when the job already keeps nights empty (`initial`); ticking it asks for those nights again, or one.
 */
export function VacantNightsFields({
  id,
  initial,
  onNightsChange,
  hint,
  error,
  input,
}: {
  id: string;
  initial: number | null;
  onNightsChange: (nights: number | null) => void;
  hint: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  const [checked, setChecked] = useState(initial !== null);
  return (
    <>
      <CheckboxField
        id={`${id}-empty`}
        label="The property must be empty during the work"
        hint={hint}
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onNightsChange(event.target.checked ? (initial ?? 1) : null);
        }}
      />
      {checked ? (
        <FormField
          id={`${id}-nights`}
          label="Nights empty, from the date"
          required
          hint={`1 to ${MAX_VACANT_NIGHTS} nights.`}
          error={error}
        >
          {(control) => (
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_VACANT_NIGHTS}
              step={1}
              className="sm:max-w-40"
              {...control}
              {...input}
            />
          )}
        </FormField>
      ) : null}
    </>
  );
}

/** An amount in pounds: up to £1,000,000 with pence. */
export function PoundsField({
  id,
  label,
  hint,
  error,
  input,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} required hint={hint} error={error}>
      {(control) => (
        <Input type="number" inputMode="decimal" min={0} step={0.01} className="sm:max-w-48" {...control} {...input} />
      )}
    </FormField>
  );
}

/** What kind of work a job is. */
export function CategoryField({
  id,
  error,
  input,
  className,
}: {
  id: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
  className?: string;
}) {
  return (
    <FormField id={id} label="Category" required error={error}>
      {(control) => (
        <NativeSelect className={className} {...control} {...input}>
          {MAINTENANCE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {MAINTENANCE_CATEGORY_LABELS[category]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
