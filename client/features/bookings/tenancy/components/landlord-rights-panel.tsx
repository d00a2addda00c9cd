import { formatPence } from "@common/domain/money-documents";
import {
  type TAnswerPetRequestForm,
  type TPetRequest,
  type TProposeRentIncrease,
  type TTenancyRights,
  ZAnswerPetRequestForm,
  ZProposeRentIncrease,
} from "@common/schemas/tenant-rights";
import { formatWeekdayDate } from "@common/utils/dates";
import { useState } from "react";
import { useAnswerPet, useProposeRentIncrease } from "../api/tenant-rights-api";
import {
  Button,
  FailureRow,
  FormField,
  Input,
  NativeSelect,
  serverMessageOf,
  Textarea,
  useForm,
  zodResolver,
} from "./form-parts";
import {
  increaseNoticeWords,
  PetRequestList,
  RentPart,
  RightsPart,
  StatementPart,
  TenancyRightsFrame,
} from "./tenancy-parts";

/** The landlord's side of a tenancy on All Bookings: the statement's state, rent increases, pet requests to answer. */
export function LandlordRightsPanel({ bookingId }: { bookingId: number }) {
  return (
    <TenancyRightsFrame bookingId={bookingId}>
      {(rights) => (
        <>
          <StatementPart rights={rights} side="landlord" />
          <RentPart
            rights={rights}
            side="landlord"
            form={
              rights.earliestIncreaseOn ? (
                // A new notice moves the earliest start on: the step closes and opens again from it.
                <RentIncreaseStep
                  key={rights.earliestIncreaseOn}
                  rights={rights}
                  earliest={rights.earliestIncreaseOn}
                />
              ) : rights.status === "pending" ? (
                <p className="text-muted-foreground">You can serve a rent increase once you have agreed the tenancy.</p>
              ) : null
            }
          />
          <RightsPart title="Pets">
            {rights.petRequests.length === 0 ? (
              <p className="text-muted-foreground">Your tenant has not asked to keep a pet.</p>
            ) : (
              <PetRequestList
                requests={rights.petRequests}
                side="landlord"
                answerFor={(request) =>
                  request.status === "pending" ? <AnswerPetForm bookingId={bookingId} request={request} /> : null
                }
              />
            )}
          </RightsPart>
        </>
      )}
    </TenancyRightsFrame>
  );
}

function AnswerPetForm({ bookingId, request }: { bookingId: number; request: TPetRequest }) {
  const answer = useAnswerPet(bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TAnswerPetRequestForm>({
    resolver: zodResolver(ZAnswerPetRequestForm),
    defaultValues: { decision: "approve", reason: "" },
  });
  const refusing = form.watch("decision") === "refuse";
  const submit = form.handleSubmit(async ({ decision, reason }) => {
    setFailure(null);
    try {
      await answer.mutateAsync({ id: request.id, decision, ...(decision === "refuse" ? { reason } : {}) });
    } catch (error) {
      setFailure(serverMessageOf(error, "The answer could not be sent. Please try again."));
    }
  });
  const id = `pet-answer-${request.id}`;
  return (
    <form noValidate onSubmit={submit} aria-label="Answer the pet request" className="mt-2 grid gap-3 sm:grid-cols-2">
      <FormField id={`${id}-decision`} label="Your answer" required>
        {(control) => (
          <NativeSelect {...control} {...form.register("decision")}>
            <option value="approve">Agree to the pet</option>
            <option value="refuse">Refuse, giving a reason</option>
          </NativeSelect>
        )}
      </FormField>
      {refusing ? (
        <FormField
          id={`${id}-reason`}
          label="Reason for refusing"
          required
          hint="Your tenant reads it. At least 10 characters."
          error={form.formState.errors.reason?.message}
        >
          {(control) => <Textarea {...control} rows={3} maxLength={1000} {...form.register("reason")} />}
        </FormField>
      ) : null}
      <FailureRow failure={failure} />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Send answer"}
        </Button>
      </div>
    </form>
  );
}

/** The next notice, behind a button: the rent goes up at most once a year, so the form is rarely wanted. */
function RentIncreaseStep({ rights, earliest }: { rights: TTenancyRights; earliest: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
          Propose a new rent
        </Button>
      </div>
    );
  }
  return <RentIncreaseForm rights={rights} earliest={earliest} onCancel={() => setOpen(false)} />;
}

function RentIncreaseForm({
  rights,
  earliest,
  onCancel,
}: {
  rights: TTenancyRights;
  earliest: string;
  onCancel: () => void;
}) {
  const propose = useProposeRentIncrease(rights.bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TProposeRentIncrease>({
    resolver: zodResolver(ZProposeRentIncrease),
    defaultValues: { monthlyRent: "", startsOn: earliest },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await propose.mutateAsync(values);
    } catch (error) {
      setFailure(serverMessageOf(error, "The notice could not be served. Please try again."));
    }
  });
  const id = `rent-increase-${rights.bookingId}`;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Serve a Section 13 rent increase"
      className="mt-2 grid gap-3 rounded-xl border border-border bg-card p-3 sm:grid-cols-2"
    >
      <p className="font-medium sm:col-span-2">A Section 13 notice proposing a new rent</p>
      <p className="text-muted-foreground sm:col-span-2">
        It is served as soon as you send it, and your tenant sees it on their booking.
      </p>
      <FormField
        id={`${id}-rent`}
        label="New monthly rent (£)"
        required
        hint={`In pounds, such as 2550.00. Now ${formatPence(rights.currentMonthlyRentPence)}.`}
        error={form.formState.errors.monthlyRent?.message}
      >
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("monthlyRent")} />}
      </FormField>
      <FormField
        id={`${id}-start`}
        label="New rent starts"
        required
        hint={`The earliest is ${formatWeekdayDate(earliest)}: at least ${increaseNoticeWords()}, a year or more after the tenancy began and after the last increase, on the day of the month the tenancy began.`}
        error={form.formState.errors.startsOn?.message}
      >
        {(control) => <Input {...control} type="date" min={earliest} {...form.register("startsOn")} />}
      </FormField>
      <FailureRow failure={failure} />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Serving…" : "Serve rent increase notice"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
