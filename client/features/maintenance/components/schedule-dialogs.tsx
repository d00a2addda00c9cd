import { ZProposeDate, ZRescheduleJob } from "@common/schemas/maintenance";
import { formatWeekdayDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { nullableNumber, upcomingDateOr } from "../utils/job-rules";
import { ActionForm, ActionFormDialog, VacantNightsFields, WorkDateField } from "./form-parts";
import { type ActionDialogProps, type ActionSender, jobSummary } from "./use-action-form";

/** Reschedule, as whoever runs the job: a new date, the nights it keeps the property empty, and why. */
export function RescheduleJobDialog(props: ActionDialogProps) {
  return (
    <ActionFormDialog
      dialog={props}
      title="Reschedule"
      description={
        <>
          {jobSummary(props.job)}.
          {props.job.scheduledDate ? ` Now set for ${formatWeekdayDate(props.job.scheduledDate)}.` : null} The
          contractor is told of the new date.
        </>
      }
    >
      {(sender) => <RescheduleForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

function RescheduleForm({ job, sender }: { job: ActionDialogProps["job"]; sender: ActionSender }) {
  const ids = useId();
  const { register, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(ZRescheduleJob),
    defaultValues: { scheduledDate: upcomingDateOr(job.scheduledDate), vacantNights: job.vacantNights, note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    sender.send(
      { action: "reschedule", body },
      {
        title: "Job rescheduled",
        description: `${job.reference} is now set for ${formatWeekdayDate(body.scheduledDate)}.`,
      },
    ),
  );
  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Reschedule" pendingLabel="Rescheduling…">
      <WorkDateField
        id={`${ids}-date`}
        label="New date"
        error={errors.scheduledDate?.message}
        input={register("scheduledDate")}
      />
      <VacantNightsFields
        id={ids}
        initial={job.vacantNights}
        onNightsChange={(nights) => setValue("vacantNights", nights)}
        hint="Those nights are blocked on the property's calendar; nights blocked for the old date open again."
        error={errors.vacantNights?.message}
        input={register("vacantNights", { setValueAs: nullableNumber })}
      />
      <FormField id={`${ids}-note`} label="Why the date changes" error={errors.note?.message}>
        {(control) => <Textarea maxLength={2000} className="min-h-20" {...control} {...register("note")} />}
      </FormField>
    </ActionForm>
  );
}

/** Reschedule, as the contractor: they propose a date and say why; whoever runs the job accepts it or not. */
export function ProposeDateDialog(props: ActionDialogProps) {
  return (
    <ActionFormDialog
      dialog={props}
      title="Propose another date"
      description={
        <>
          {jobSummary(props.job)}.
          {props.job.scheduledDate
            ? ` The job stays set for ${formatWeekdayDate(props.job.scheduledDate)}`
            : " The job keeps its date"}{" "}
          until the property's manager or owner accepts your date.
        </>
      }
    >
      {(sender) => <ProposeForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

function ProposeForm({ job, sender }: { job: ActionDialogProps["job"]; sender: ActionSender }) {
  const ids = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZProposeDate),
    defaultValues: { proposedDate: "", note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    sender.send(
      { action: "propose_date", body },
      {
        title: "New date proposed",
        description: `${job.reference}: ${formatWeekdayDate(body.proposedDate)} is sent for approval.`,
      },
    ),
  );
  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Propose date" pendingLabel="Sending…">
      <WorkDateField
        id={`${ids}-date`}
        label="Proposed date"
        error={errors.proposedDate?.message}
        input={register("proposedDate")}
      />
      <FormField id={`${ids}-note`} label="Why" required error={errors.note?.message}>
        {(control) => (
          <Textarea
            maxLength={500}
            className="min-h-20"
            placeholder="Parts arrive on Thursday"
            {...control}
            {...register("note")}
          />
        )}
      </FormField>
    </ActionForm>
  );
}
