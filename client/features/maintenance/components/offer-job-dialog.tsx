import { MAX_CONTRACTORS_PER_OFFER, MAX_ESTIMATED_HOURS } from "@common/domain/maintenance";
import { ZOfferJob } from "@common/schemas/maintenance";
import { formatWeekdayDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { FieldError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { RequiredMark } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { contractorChoicesQueryOptions } from "../api/maintenance-api";
import { nullableNumber, upcomingDateOr } from "../utils/job-rules";
import { ActionForm, ActionFormDialog, PoundsField, VacantNightsFields, WorkDateField } from "./form-parts";
import { type ActionDialogProps, type ActionSender, jobSummary } from "./use-action-form";

/**
 * Offer to contractors: whom (up to MAX_CONTRACTORS_PER_OFFER; the first to accept takes it), the date, how long it
 * takes, whether the property must be empty for some nights (those nights are blocked on its calendar; a confirmed
 * stay in the way is refused with the next free window) and the payment agreed.
 */
export function OfferJobDialog({
  lead,
  ...props
}: ActionDialogProps & {
  /** A first sentence, such as the reference of the job just reported. */
  lead?: string;
}) {
  return (
    <ActionFormDialog
      dialog={props}
      wide
      title="Offer to contractors"
      description={
        <>
          {lead ? `${lead} ` : null}
          {jobSummary(props.job)}. It goes to the contractors you choose, on these terms; an earlier open offer to
          anyone else is withdrawn. The first to accept takes the job.
        </>
      }
    >
      {(sender) => <OfferForm job={props.job} sender={sender} />}
    </ActionFormDialog>
  );
}

function OfferForm({ job, sender }: { job: ActionDialogProps["job"]; sender: ActionSender }) {
  const ids = useId();
  const contractors = useQuery(contractorChoicesQueryOptions);
  const { register, handleSubmit, setValue, formState, control } = useForm({
    resolver: zodResolver(ZOfferJob),
    defaultValues: {
      contractorIds: [],
      scheduledDate: upcomingDateOr(job.scheduledDate),
      estimatedHours: job.estimatedHours ?? undefined,
      vacantNights: job.vacantNights,
      agreedPayment: job.payment ?? undefined,
      note: "",
    },
  });
  const { errors } = formState;

  const submit = handleSubmit((offer) =>
    sender.send(
      { action: "offer", body: offer },
      {
        title: "Job offered",
        description: `${job.reference} is offered to ${pluralize(offer.contractorIds.length, "contractor")} for ${formatWeekdayDate(offer.scheduledDate)} at ${formatPounds(offer.agreedPayment)}.`,
      },
    ),
  );

  return (
    <ActionForm sender={sender} onSubmit={submit} submitLabel="Send offer" pendingLabel="Sending…">
      <fieldset
        aria-describedby={errors.contractorIds ? `${ids}-contractors-error` : `${ids}-contractors-hint`}
        aria-invalid={errors.contractorIds ? true : undefined}
        className="grid gap-2"
      >
        <legend className="flex items-center gap-1 text-sm font-medium">
          Contractors
          <RequiredMark />
        </legend>
        <p id={`${ids}-contractors-hint`} className="text-xs text-muted-foreground">
          Choose up to {MAX_CONTRACTORS_PER_OFFER}.
        </p>
        {contractors.isPending ? (
          <LoadingBlock label="Loading contractors…" className="grid gap-2">
            <Skeleton className="h-12 rounded-xl" />
            <Skeleton className="h-12 rounded-xl" />
          </LoadingBlock>
        ) : contractors.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            We couldn't load the contractors.
            <Button variant="outline" size="sm" onClick={() => void contractors.refetch()}>
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : contractors.data.length === 0 ? (
          <p className="rounded-xl bg-ivory px-4 py-3 text-sm text-muted-foreground">
            There are no contractor accounts to offer work to yet.
          </p>
        ) : (
          // Held as numbers, as the API takes them: a checkbox's own value would be text.
          <Controller
            control={control}
            name="contractorIds"
            render={({ field }) => (
              <ul className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
                {contractors.data.map((contractor) => (
                  <li key={contractor.id}>
                    <label className={cn(CHOICE_CARD, "h-full")}>
                      <input
                        type="checkbox"
                        name={field.name}
                        value={contractor.id}
                        checked={field.value.includes(contractor.id)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, contractor.id]
                              : field.value.filter((id) => id !== contractor.id),
                          )
                        }
                        onBlur={field.onBlur}
                        className={CHOICE_INPUT}
                      />
                      <span className="grid">
                        <span className="font-medium">{contractor.name}</span>
                        <span className="text-xs text-muted-foreground">
                          {pluralize(contractor.completedJobs, "job")} completed
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          />
        )}
        {errors.contractorIds ? (
          <FieldError id={`${ids}-contractors-error`}>{errors.contractorIds.message}</FieldError>
        ) : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <WorkDateField
          id={`${ids}-date`}
          label="Date"
          error={errors.scheduledDate?.message}
          input={register("scheduledDate")}
        />
        <FormField
          id={`${ids}-hours`}
          label="Estimated hours"
          required
          hint={`Whole hours, up to ${MAX_ESTIMATED_HOURS}.`}
          error={errors.estimatedHours?.message}
        >
          {(control) => (
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ESTIMATED_HOURS}
              step={1}
              {...control}
              {...register("estimatedHours", { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>

      <VacantNightsFields
        id={ids}
        initial={job.vacantNights}
        onNightsChange={(nights) => setValue("vacantNights", nights)}
        hint="Those nights are blocked on the property's calendar, so nobody can book them."
        error={errors.vacantNights?.message}
        input={register("vacantNights", { setValueAs: nullableNumber })}
      />

      <PoundsField
        id={`${ids}-payment`}
        label="Payment (£)"
        hint="What the contractor is paid for the job."
        error={errors.agreedPayment?.message}
        input={register("agreedPayment", { valueAsNumber: true })}
      />

      <FormField id={`${ids}-note`} label="Note for the contractor" error={errors.note?.message}>
        {(control) => <Textarea maxLength={2000} className="min-h-20" {...control} {...register("note")} />}
      </FormField>
    </ActionForm>
  );
}
