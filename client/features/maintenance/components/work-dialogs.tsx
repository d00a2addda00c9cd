import { WORK_STAGE_LABELS, WORK_STAGES } from "@common/domain/maintenance";
import { type TCompleteJob, ZCompleteJob, ZProgressUpdate } from "@common/schemas/maintenance";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { FieldError, FormField } from "@/components/ui/form-field";
import { RequiredMark } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatPounds } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ActionForm, ActionFormDialog, PoundsField } from "./form-parts";
import { type ActionDialogProps, type ActionSender, jobSummary } from "./use-action-form";

type Job = ActionDialogProps["job"];

/** Update Status: on the way, in progress or waiting for parts, with a note. The first update starts the work. */
export function ProgressDialog(props: ActionDialogProps) {
  return (
    <ActionFormDialog
      dialog={props}
      title="Update Status"
      description={
        <>
          {jobSummary(props.job)}.{props.job.status === "scheduled" ? " Your first update starts the job." : null} The
          property's manager or owner sees each update.
        </>
      }
    >
      {(sender) => <ProgressForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

function ProgressForm({ job, sender }: { job: Job; sender: ActionSender }) {
  const ids = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZProgressUpdate),
    defaultValues: { stage: job.workStage ?? (job.status === "scheduled" ? "on_the_way" : "in_progress"), note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    sender.send(
      { action: "update_progress", body },
      { title: "Status updated", description: `${job.reference}: ${WORK_STAGE_LABELS[body.stage].toLowerCase()}.` },
    ),
  );
  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Update status" pendingLabel="Updating…">
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
            <label key={stage} className={cn(CHOICE_CARD, "items-center font-medium")}>
              <input type="radio" value={stage} className={cn(CHOICE_INPUT, "mt-0")} {...register("stage")} />
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
    </ActionForm>
  );
}

/** Mark Complete: the final cost (what the contractor is owed) and a note on what was done. */
export function CompleteJobDialog(props: ActionDialogProps) {
  return (
    <ActionFormDialog
      dialog={props}
      title="Mark Complete"
      description={
        <>
          {jobSummary(props.job)}.
          {props.job.payment !== null ? ` Agreed payment ${formatPounds(props.job.payment)}.` : null} The final cost is
          what you are paid; the property's manager or owner marks it paid.
        </>
      }
    >
      {(sender) => <CompleteForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

function CompleteForm({ job, sender }: { job: Job; sender: ActionSender }) {
  const ids = useId();
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZCompleteJob>, unknown, TCompleteJob>({
    resolver: zodResolver(ZCompleteJob),
    defaultValues: { finalCost: job.payment ?? undefined, note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    sender.send(
      { action: "complete", body },
      { title: "Job complete", description: `${job.reference} is done; final cost ${formatPounds(body.finalCost)}.` },
    ),
  );
  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Mark complete" pendingLabel="Completing…">
      <PoundsField
        id={`${ids}-cost`}
        label="Final cost (£)"
        error={errors.finalCost?.message}
        input={register("finalCost", { valueAsNumber: true })}
      />
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
    </ActionForm>
  );
}
