import { MAINTENANCE_PRIORITIES, MAINTENANCE_PRIORITY_LABELS } from "@common/domain/maintenance";
import { ZPropertyMaintenanceBody, ZTriageJob } from "@common/schemas/maintenance";
import { formatWeekdayDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { FieldError, FormField } from "@/components/ui/form-field";
import { RequiredMark } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { formatPounds } from "@/lib/format";
import { ActionForm, ActionFormDialog, CategoryField, CheckboxField } from "./form-parts";
import { type ActionDialogProps, type ActionSender, jobSummary } from "./use-action-form";

type Job = ActionDialogProps["job"];

/** Triage: how soon (priority), whether it is urgent, and what kind of work it is. */
export function TriageDialog(props: ActionDialogProps) {
  return (
    <ActionFormDialog
      dialog={props}
      title="Triage"
      description={<>{jobSummary(props.job)}. An urgent job nobody has taken yet shows as Urgent on every list.</>}
    >
      {(sender) => <TriageForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

function TriageForm({ job, sender }: { job: Job; sender: ActionSender }) {
  const ids = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZTriageJob),
    defaultValues: { priority: job.priority, category: job.category, isUrgent: job.isUrgent },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) =>
    sender.send({ action: "triage", body }, { title: "Job updated", description: `${job.reference} is triaged.` }),
  );
  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Save" pendingLabel="Saving…">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${ids}-priority`} label="Priority" required error={errors.priority?.message}>
          {(control) => (
            <NativeSelect {...control} {...register("priority")}>
              {MAINTENANCE_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {MAINTENANCE_PRIORITY_LABELS[priority]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <CategoryField id={`${ids}-category`} error={errors.category?.message} input={register("category")} />
      </div>
      <CheckboxField
        id={`${ids}-urgent`}
        label="Urgent"
        hint="Needs someone as soon as possible: water, heating, power, security."
        {...register("isUrgent")}
      />
      {/* The schema's own rule for an empty change ("Change at least one field") lands on the form. */}
      {errors.root ? <FieldError>{errors.root.message}</FieldError> : null}
    </ActionForm>
  );
}

/** The actions that need no more than a yes: what happens, then the button. */
const CONFIRMATIONS = {
  accept: {
    title: "Accept this job?",
    submit: "Accept Job",
    pending: "Accepting…",
    done: "Job accepted",
  },
  accept_proposed_date: {
    title: "Accept the proposed date?",
    submit: "Accept date",
    pending: "Accepting…",
    done: "Date accepted",
  },
  mark_paid: {
    title: "Mark the payment made?",
    submit: "Mark paid",
    pending: "Saving…",
    done: "Marked paid",
  },
  withdraw_report: {
    title: "Withdraw your report?",
    submit: "Withdraw report",
    pending: "Withdrawing…",
    done: "Report withdrawn",
  },
} as const;
export type ConfirmAction = keyof typeof CONFIRMATIONS;

function confirmationText(action: ConfirmAction, job: ActionDialogProps["job"]): { body: string; done: string } {
  switch (action) {
    case "accept":
      return {
        body: `${job.scheduledDate ? `On ${formatWeekdayDate(job.scheduledDate)}` : "On the date offered"}${
          job.estimatedDuration ? `, about ${job.estimatedDuration}` : ""
        }${job.payment !== null ? `, for ${formatPounds(job.payment)}` : ""}. Once you accept, the job is yours: the address and who to ask for on site appear, and the other contractors' offers are withdrawn.`,
        done: `${job.reference} is yours. The address and contact are on the job.`,
      };
    case "accept_proposed_date":
      return {
        body: `The contractor proposes ${job.proposedDate ? formatWeekdayDate(job.proposedDate) : "another date"}${
          job.proposedNote ? `: “${job.proposedNote}”` : ""
        }. Accepting moves the job to that date.`,
        done: `${job.reference} is now set for ${job.proposedDate ? formatWeekdayDate(job.proposedDate) : "the proposed date"}.`,
      };
    case "mark_paid":
      return {
        body: `The contractor${job.contractor ? `, ${job.contractor.name},` : ""} is paid ${formatPounds(
          job.finalCost ?? job.payment,
        )} for this job. It then counts as paid in their earnings.`,
        done: `${job.reference} is marked paid.`,
      };
    case "withdraw_report":
      return {
        body: "Nobody has taken the job yet. Withdraw it if the problem is solved or was reported by mistake.",
        done: `${job.reference} is withdrawn.`,
      };
  }
}

/** Accept Job, Accept proposed date, Mark paid, Withdraw report: a question and one button. */
export function ConfirmActionDialog({ action, ...props }: ActionDialogProps & { action: ConfirmAction }) {
  const look = CONFIRMATIONS[action];
  const text = confirmationText(action, props.job);
  return (
    <ActionFormDialog dialog={props} title={look.title} description={jobSummary(props.job)}>
      {(sender) => (
        <ActionForm
          sender={sender}
          onSubmit={(event) => {
            event.preventDefault();
            void sender.send({ action }, { title: look.done, description: text.done });
          }}
          submitLabel={look.submit}
          pendingLabel={look.pending}
          dismissLabel={action === "withdraw_report" ? "Keep report" : "Cancel"}
          destructive={action === "withdraw_report"}
        >
          <p className="text-sm leading-relaxed">{text.body}</p>
        </ActionForm>
      )}
    </ActionFormDialog>
  );
}

/**
 * Take the property offline for an urgent job: it stays listed as under maintenance but takes no new bookings;
 * existing stays are kept. The same dialog puts it back online once the work allows.
 */
export function PropertyOfflineDialog(props: ActionDialogProps) {
  return (
    <ActionFormDialog dialog={props} title="Take property offline" description={<>{jobSummary(props.job)}.</>}>
      {(sender) => <PropertyOfflineForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

const OFFLINE_CHOICES = [
  {
    value: true,
    label: "Under maintenance",
    hint: "Still listed, marked 'Under maintenance', closed to new bookings. Existing stays are kept.",
  },
  { value: false, label: "Open to bookings", hint: "Back on the market once the work allows it." },
] as const;

function PropertyOfflineForm({ job, sender }: { job: Job; sender: ActionSender }) {
  const ids = useId();
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZPropertyMaintenanceBody),
    // The choice starts at the change from how the property stands now.
    defaultValues: { underMaintenance: !job.propertyUnderMaintenance },
  });
  const submit = handleSubmit((body) =>
    sender.send(
      { action: "property_maintenance", body },
      {
        title: body.underMaintenance ? "Property offline" : "Property back online",
        description: body.underMaintenance
          ? `${job.propertyName} is under maintenance and takes no new bookings.`
          : `${job.propertyName} takes bookings again.`,
      },
    ),
  );
  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Save" pendingLabel="Saving…">
      <fieldset className="grid gap-2">
        <legend className="mb-2 flex items-center gap-1 text-sm font-medium">
          {job.propertyName}: now {job.propertyUnderMaintenance ? "under maintenance" : "open to bookings"}
          <RequiredMark />
        </legend>
        <Controller
          control={control}
          name="underMaintenance"
          render={({ field }) => (
            <>
              {OFFLINE_CHOICES.map((option) => (
                <label key={String(option.value)} className={CHOICE_CARD}>
                  <input
                    type="radio"
                    name={field.name}
                    checked={field.value === option.value}
                    onChange={() => field.onChange(option.value)}
                    onBlur={field.onBlur}
                    aria-describedby={`${ids}-${option.value}-hint`}
                    className={CHOICE_INPUT}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{option.label}</span>
                    <span id={`${ids}-${option.value}-hint`} className="text-xs text-muted-foreground">
                      {option.hint}
                    </span>
                  </span>
                </label>
              ))}
            </>
          )}
        />
      </fieldset>
      {formState.errors.underMaintenance ? <FieldError>{formState.errors.underMaintenance.message}</FieldError> : null}
    </ActionForm>
  );
}
