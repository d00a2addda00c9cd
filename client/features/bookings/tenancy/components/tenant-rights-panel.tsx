import { PET_ANSWER_DAYS } from "@common/domain/tenant-rights";
import { type TAskPetRequest, type TTenancyRights, ZAskPetRequest } from "@common/schemas/tenant-rights";
import { useState } from "react";
import { useAcceptStatement, useAskPet } from "../api/tenant-rights-api";
import { Button, FormFailure, FormField, serverMessageOf, Textarea, useForm, zodResolver } from "./form-parts";
import { PetRequestList, RentPart, RightsPart, StatementPart, TenancyRightsFrame } from "./tenancy-parts";

/** Tenancies the tenant still acts on: requested, or agreed and not ended. */
const live = (rights: TTenancyRights) => rights.status === "pending" || rights.status === "confirmed";

/** The tenant's side of a tenancy on My Bookings: the statement to accept, rent notices, and pet requests. */
export function TenantRightsPanel({ bookingId }: { bookingId: number }) {
  return (
    <TenancyRightsFrame bookingId={bookingId}>
      {(rights) => (
        <>
          <StatementPart
            rights={rights}
            side="tenant"
            action={live(rights) ? <AcceptStatement rights={rights} /> : undefined}
          />
          <RentPart rights={rights} side="tenant" />
          <RightsPart title="Pets">
            <PetRequestList requests={rights.petRequests} side="tenant" />
            {live(rights) ? <AskPet rights={rights} /> : null}
          </RightsPart>
        </>
      )}
    </TenancyRightsFrame>
  );
}

function AcceptStatement({ rights }: { rights: TTenancyRights }) {
  const accept = useAcceptStatement(rights.bookingId);
  return (
    <>
      <p className="text-muted-foreground">
        {rights.status === "pending"
          ? "Read it, then accept it: your landlord can agree the tenancy only once you have."
          : "Read it, then accept it: it sets out the terms of your tenancy."}
      </p>
      <div>
        <Button size="sm" onClick={() => accept.mutate(rights.statement.sha256)} disabled={accept.isPending}>
          {accept.isPending ? "Accepting…" : "I have read and accept the statement"}
        </Button>
      </div>
      {accept.isError ? (
        <FormFailure>{serverMessageOf(accept.error, "It could not be accepted. Please try again.")}</FormFailure>
      ) : null}
    </>
  );
}

/** The form, or why there is none while a request waits: one request at a time. */
function AskPet({ rights }: { rights: TTenancyRights }) {
  if (rights.petRequests.some((request) => request.status === "pending")) {
    return (
      <p className="text-muted-foreground">You can ask about another pet once your landlord has answered this one.</p>
    );
  }
  return <AskPetForm rights={rights} />;
}

function AskPetForm({ rights }: { rights: TTenancyRights }) {
  const ask = useAskPet(rights.bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TAskPetRequest>({ resolver: zodResolver(ZAskPetRequest), defaultValues: { description: "" } });
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
      <p>
        {rights.petRequests.length === 0
          ? "You can ask your landlord to let you keep a pet."
          : "You can ask about another pet."}{" "}
        They must answer within {PET_ANSWER_DAYS} days and can refuse only with a reason.
      </p>
      <FormField
        id={`pet-description-${rights.bookingId}`}
        label="Describe the pet"
        required
        hint="What kind of animal, its age, and anything your landlord should know (for example, house-trained)."
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
