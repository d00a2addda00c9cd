import { MAX_VACANT_NIGHTS } from "@common/domain/maintenance";
import { ZProposeDate, ZRescheduleJob } from "@common/schemas/maintenance";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormFailure } from "@/components/ui/form-failure";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { formatStayDate } from "@/lib/stay-dates";
import { nullableNumber, upcomingDateOr, workDateBounds } from "../utils/job-rules";
import { CheckboxField, FormButtons, FormDialog, FormField } from "./form-parts";
import { type ActionDialogProps, jobSummary, useActionForm } from "./use-action-form";

/** Reschedule, as whoever runs the job: a new date, the nights it keeps the property empty, and why. */
export function RescheduleJobDialog(props: ActionDialogProps) {
  const form = useActionForm(props);
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      busy={form.busy}
      title="Reschedule"
      description={
        <>
          {jobSummary(props.job)}.
          {props.job.scheduledDate ? ` Now set for ${formatStayDate(props.job.scheduledDate)}.` : null} The contractor
          is told of the new date.
        </>
      }
    >
      {props.open ? <RescheduleForm {...props} form={form} /> : null}
    </FormDialog>
  );
}

function RescheduleForm({ job, form }: ActionDialogProps & { form: ReturnType<typeof useActionForm> }) {
  const ids = useId();
  const bounds = workDateBounds();
  const [mustBeEmpty, setMustBeEmpty] = useState(job.vacantNights !== null);
  const { register, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(ZRescheduleJob),
    defaultValues: { scheduledDate: upcomingDateOr(job.scheduledDate), vacantNights: job.vacantNights, note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    form.send(
      { action: "reschedule", body },
      {
        title: "Job rescheduled",
        description: `${job.reference} is now set for ${formatStayDate(body.scheduledDate)}.`,
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField id={`${ids}-date`} label="New date" required error={errors.scheduledDate?.message}>
        {(control) => (
          <Input
            type="date"
            min={bounds.min}
            max={bounds.max}
            className="sm:max-w-56"
            {...control}
            {...register("scheduledDate")}
          />
        )}
      </FormField>
      <CheckboxField
        id={`${ids}-empty`}
        label="The property must be empty during the work"
        hint="Those nights are blocked on the property's calendar; nights blocked for the old date open again."
        checked={mustBeEmpty}
        onChange={(event) => {
          setMustBeEmpty(event.target.checked);
          setValue("vacantNights", event.target.checked ? (job.vacantNights ?? 1) : null);
        }}
      />
      {mustBeEmpty ? (
        <FormField
          id={`${ids}-nights`}
          label="Nights empty, from the date"
          required
          hint={`1 to ${MAX_VACANT_NIGHTS} nights.`}
          error={errors.vacantNights?.message}
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
              {...register("vacantNights", { setValueAs: nullableNumber })}
            />
          )}
        </FormField>
      ) : null}
      <FormField id={`${ids}-note`} label="Why the date changes" error={errors.note?.message}>
        {(control) => <Textarea maxLength={2000} className="min-h-20" {...control} {...register("note")} />}
      </FormField>
      {form.failure ? <FormFailure>{form.failure}</FormFailure> : null}
      <FormButtons busy={form.busy} submitLabel="Reschedule" pendingLabel="Rescheduling…" />
    </form>
  );
}

/** Reschedule, as the contractor: they propose a date and say why; whoever runs the job accepts it or not. */
export function ProposeDateDialog(props: ActionDialogProps) {
  const form = useActionForm(props);
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      busy={form.busy}
      title="Propose another date"
      description={
        <>
          {jobSummary(props.job)}.
          {props.job.scheduledDate
            ? ` The job stays set for ${formatStayDate(props.job.scheduledDate)}`
            : " The job keeps its date"}{" "}
          until the property's manager or owner accepts your date.
        </>
      }
    >
      {props.open ? <ProposeForm {...props} form={form} /> : null}
    </FormDialog>
  );
}

function ProposeForm({ job, form }: ActionDialogProps & { form: ReturnType<typeof useActionForm> }) {
  const ids = useId();
  const bounds = workDateBounds();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZProposeDate),
    defaultValues: { proposedDate: "", note: "" },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    form.send(
      { action: "propose_date", body },
      {
        title: "New date proposed",
        description: `${job.reference}: ${formatStayDate(body.proposedDate)} is sent for approval.`,
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField id={`${ids}-date`} label="Proposed date" required error={errors.proposedDate?.message}>
        {(control) => (
          <Input
            type="date"
            min={bounds.min}
            max={bounds.max}
            className="sm:max-w-56"
            {...control}
            {...register("proposedDate")}
          />
        )}
      </FormField>
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
      {form.failure ? <FormFailure>{form.failure}</FormFailure> : null}
      <FormButtons busy={form.busy} submitLabel="Propose date" pendingLabel="Sending…" />
    </form>
  );
}
