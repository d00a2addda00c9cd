import { WORK_STAGE_LABELS, WORK_STAGES } from "@common/domain/maintenance";
import { type TCompleteJob, ZCompleteJob, ZProgressUpdate } from "@common/schemas/maintenance";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormFailure } from "@/components/ui/form-failure";
import { Input } from "@/components/ui/input";
import { RequiredMark } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatPounds } from "@/lib/format";
import { FieldError, FormButtons, FormDialog, FormField } from "./form-parts";
import { type ActionDialogProps, jobSummary, useActionForm } from "./use-action-form";

/** Update Status: on the way, in progress or waiting for parts, with a note. The first update starts the work. */
export function ProgressDialog(props: ActionDialogProps) {
  const form = useActionForm(props);
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      busy={form.busy}
      title="Update Status"
      description={
        <>
          {jobSummary(props.job)}.{props.job.status === "scheduled" ? " Your first update starts the job." : null} The
          property's manager or owner sees each update.
        </>
      }
    >
      {props.open ? <ProgressForm {...props} form={form} /> : null}
    </FormDialog>
  );
}

function ProgressForm({ job, form }: ActionDialogProps & { form: ReturnType<typeof useActionForm> }) {
  const ids = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZProgressUpdate),
    defaultValues: { stage: job.workStage ?? (job.status === "scheduled" ? "on_the_way" : "in_progress"), note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    form.send(
      { action: "update_progress", body },
      { title: "Status updated", description: `${job.reference}: ${WORK_STAGE_LABELS[body.stage].toLowerCase()}.` },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <fieldset
        className="grid gap-2"
        aria-invalid={errors.stage ? true : undefined}
        aria-describedby={errors.stage ? `${ids}-stage-error` : undefined}
      >
        <legend className="mb-2 flex items-center gap-1 text-sm font-medium">
          Where the work stands
          <RequiredMark />
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {WORK_STAGES.map((stage) => (
            <label
              key={stage}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-ivory px-3.5 py-3 text-sm font-medium has-checked:border-foreground/40 has-checked:bg-brass-100/60"
            >
              <input
                type="radio"
                value={stage}
                className="size-4 shrink-0 cursor-pointer accent-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                {...register("stage")}
              />
              {WORK_STAGE_LABELS[stage]}
            </label>
          ))}
        </div>
        {errors.stage ? <FieldError id={`${ids}-stage-error`}>{errors.stage.message}</FieldError> : null}
      </fieldset>
      <FormField id={`${ids}-note`} label="Note" error={errors.note?.message}>
        {(control) => (
          <Textarea
            maxLength={2000}
            className="min-h-20"
            placeholder="Replacement valve ordered, fitting it tomorrow morning"
            {...control}
            {...register("note")}
          />
        )}
      </FormField>
      {form.failure ? <FormFailure>{form.failure}</FormFailure> : null}
      <FormButtons busy={form.busy} submitLabel="Update status" pendingLabel="Updating…" />
    </form>
  );
}

/** Mark Complete: the final cost (what the contractor is owed) and a note on what was done. */
export function CompleteJobDialog(props: ActionDialogProps) {
  const form = useActionForm(props);
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      busy={form.busy}
      title="Mark Complete"
      description={
        <>
          {jobSummary(props.job)}.
          {props.job.payment !== null ? ` Agreed payment ${formatPounds(props.job.payment)}.` : null} The final cost is
          what you are paid; the property's manager or owner marks it paid.
        </>
      }
    >
      {props.open ? <CompleteForm {...props} form={form} /> : null}
    </FormDialog>
  );
}

function CompleteForm({ job, form }: ActionDialogProps & { form: ReturnType<typeof useActionForm> }) {
  const ids = useId();
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZCompleteJob>, unknown, TCompleteJob>({
    resolver: zodResolver(ZCompleteJob),
    defaultValues: { finalCost: job.payment ?? undefined, note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    form.send(
      { action: "complete", body },
      { title: "Job complete", description: `${job.reference} is done; final cost ${formatPounds(body.finalCost)}.` },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField id={`${ids}-cost`} label="Final cost (£)" required error={errors.finalCost?.message}>
        {(control) => (
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="sm:max-w-48"
            {...control}
            {...register("finalCost", { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField id={`${ids}-note`} label="What was done" required error={errors.note?.message}>
        {(control) => (
          <Textarea
            maxLength={2000}
            className="min-h-24"
            placeholder="Replaced the washer and valve under the kitchen sink; no further leaks"
            {...control}
            {...register("note")}
          />
        )}
      </FormField>
      {form.failure ? <FormFailure>{form.failure}</FormFailure> : null}
      <FormButtons busy={form.busy} submitLabel="Mark complete" pendingLabel="Completing…" />
    </form>
  );
}
