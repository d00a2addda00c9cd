import { formatPence } from "@common/domain/money-documents";
import {
  type TAnswerPetRequestForm,
  type TPetRequest,
  type TProposeRentIncrease,
  type TTenancyRights,
  ZAnswerPetRequestForm,
  ZProposeRentIncrease,
} from "@common/schemas/tenant-rights";
import { FileText } from "lucide-react";
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
import { dateOf, PetRequestList, RentIncreaseList, TenancyRightsFrame } from "./tenancy-parts";

/** The landlord's side of a tenancy on All Bookings: the statement's state, rent increases, pet requests to answer. */
export function LandlordRightsPanel({ bookingId }: { bookingId: number }) {
  return (
    <TenancyRightsFrame bookingId={bookingId}>
      {(rights) => (
        <>
          <p className="flex flex-wrap items-center gap-1.5 text-sm">
            <FileText aria-hidden="true" className="size-4" />
            <a className="font-medium underline" href={rights.statement.pdfUrl}>
              Written statement of terms (PDF)
            </a>
            {rights.statement.acceptedAt ? (
              <span className="text-muted-foreground">
                · accepted by the tenant on {dateOf(rights.statement.acceptedAt.slice(0, 10))}
              </span>
            ) : (
              <span className="text-muted-foreground">· not yet accepted by the tenant</span>
            )}
          </p>
          <PetRequestList
            requests={rights.petRequests}
            answerFor={(request) =>
              request.status === "pending" ? <AnswerPetForm bookingId={bookingId} request={request} /> : null
            }
          />
          <p className="text-sm">Rent now: {formatPence(rights.currentMonthlyRentPence)} a month.</p>
          <RentIncreaseList increases={rights.rentIncreases} />
          {rights.earliestIncreaseOn ? <RentIncreaseForm rights={rights} /> : null}
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
    <form noValidate onSubmit={submit} aria-label="Answer the pet request" className="mt-3 grid gap-3 sm:grid-cols-2">
      <FormField id={`${id}-decision`} label="Your answer" required>
        {(control) => (
          <NativeSelect {...control} {...form.register("decision")}>
            <option value="approve">Agree</option>
            <option value="refuse">Refuse, with a reason</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${id}-reason`}
        label="Reason (needed to refuse)"
        hint="The tenant reads it."
        error={form.formState.errors.reason?.message}
      >
        {(control) => <Textarea {...control} rows={2} maxLength={1000} {...form.register("reason")} />}
      </FormField>
      <FailureRow failure={failure} />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Send answer"}
        </Button>
      </div>
    </form>
  );
}

function RentIncreaseForm({ rights }: { rights: TTenancyRights }) {
  const propose = useProposeRentIncrease(rights.bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TProposeRentIncrease>({
    resolver: zodResolver(ZProposeRentIncrease),
    defaultValues: { monthlyRent: "", startsOn: rights.earliestIncreaseOn ?? "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await propose.mutateAsync(values);
      form.reset({ monthlyRent: "", startsOn: "" });
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
      className="grid gap-3 sm:grid-cols-2"
    >
      <p className="text-sm text-muted-foreground sm:col-span-2">
        Rent can go up once in any 12 months, with two months' notice. The earliest start now is{" "}
        {rights.earliestIncreaseOn ? dateOf(rights.earliestIncreaseOn) : "not yet known"}.
      </p>
      <FormField
        id={`${id}-rent`}
        label="New monthly rent (£)"
        required
        error={form.formState.errors.monthlyRent?.message}
      >
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("monthlyRent")} />}
      </FormField>
      <FormField id={`${id}-start`} label="New rent starts" required error={form.formState.errors.startsOn?.message}>
        {(control) => <Input {...control} type="date" {...form.register("startsOn")} />}
      </FormField>
      <FailureRow failure={failure} />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" variant="outline" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Serving…" : "Serve rent increase notice"}
        </Button>
      </div>
    </form>
  );
}
