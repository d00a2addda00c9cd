import { PET_ANSWER_DAYS } from "@common/domain/tenant-rights";
import { type TAskPetRequest, type TTenancyRights, ZAskPetRequest } from "@common/schemas/tenant-rights";
import { FileText } from "lucide-react";
import { useState } from "react";
import { useAcceptStatement, useAskPet } from "../api/tenant-rights-api";
import { Button, FormFailure, FormField, serverMessageOf, Textarea, useForm, zodResolver } from "./form-parts";
import { dateOf, PetRequestList, RentIncreaseList, TenancyRightsFrame } from "./tenancy-parts";

/** The tenant's side of a tenancy on My Bookings: the statement to accept, rent notices, and pet requests. */
export function TenantRightsPanel({ bookingId }: { bookingId: number }) {
  return (
    <TenancyRightsFrame bookingId={bookingId}>
      {(rights) => (
        <>
          <StatementStep rights={rights} />
          <RentIncreaseList increases={rights.rentIncreases} />
          <PetRequestList requests={rights.petRequests} />
          {rights.status === "pending" || rights.status === "confirmed" ? <AskPetForm rights={rights} /> : null}
        </>
      )}
    </TenancyRightsFrame>
  );
}

function StatementStep({ rights }: { rights: TTenancyRights }) {
  const accept = useAcceptStatement(rights.bookingId);
  const { statement } = rights;
  return (
    <div className="grid gap-2 text-sm">
      <a className="inline-flex items-center gap-1.5 font-medium underline" href={statement.pdfUrl}>
        <FileText aria-hidden="true" className="size-4" />
        Written statement of terms (PDF)
      </a>
      {statement.acceptedAt ? (
        <p className="text-muted-foreground">You accepted it on {dateOf(statement.acceptedAt.slice(0, 10))}.</p>
      ) : rights.status === "pending" || rights.status === "confirmed" ? (
        <>
          <p className="text-muted-foreground">
            Read it, then accept it: your landlord can agree the tenancy only once you have.
          </p>
          <div>
            <Button size="sm" onClick={() => accept.mutate(statement.sha256)} disabled={accept.isPending}>
              {accept.isPending ? "Accepting…" : "I have read and accept the statement"}
            </Button>
          </div>
          {accept.isError ? (
            <FormFailure>{serverMessageOf(accept.error, "It could not be accepted. Please try again.")}</FormFailure>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function AskPetForm({ rights }: { rights: TTenancyRights }) {
  const ask = useAskPet(rights.bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TAskPetRequest>({ resolver: zodResolver(ZAskPetRequest), defaultValues: { description: "" } });
  const waiting = rights.petRequests.some((request) => request.status === "pending");
  if (waiting) return null;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await ask.mutateAsync(values);
      form.reset();
    } catch (error) {
      setFailure(serverMessageOf(error, "The request could not be sent. Please try again."));
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Ask to keep a pet" className="grid gap-3">
      <FormField
        id={`pet-description-${rights.bookingId}`}
        label="Ask to keep a pet"
        required
        hint={`Describe the pet. Your landlord answers within ${PET_ANSWER_DAYS} days and can refuse only with a reason.`}
        error={form.formState.errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={2} maxLength={1000} {...form.register("description")} />}
      </FormField>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Send pet request"}
        </Button>
      </div>
    </form>
  );
}
