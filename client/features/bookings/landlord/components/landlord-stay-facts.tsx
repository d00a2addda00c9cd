import { stayPurposeText } from "@common/domain/mid-lets";
import { penceToPounds } from "@common/domain/pricing";
import { DEPOSIT_SCHEME_DETAILS, DEPOSIT_SCHEMES } from "@common/domain/tenancy-deposits";
import type { TLandlordBooking } from "@common/schemas/bookings";
import {
  type TDepositProtection,
  type TRecordDepositProtection,
  ZRecordDepositProtection,
} from "@common/schemas/tenancy-deposits";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { DepositProtectionStatus } from "@/features/bookings/components/deposit-protection";
import { serverMessageOf } from "@/lib/error-message";
import { toIsoDate } from "@/lib/format";
import { useRecordDepositProtection } from "../api/landlord-bookings-api";

/** The landlord records the deposit received and the scheme protecting it; the tenant then sees it protected. */
export function RecordDepositForm({ bookingId, deposit }: { bookingId: number; deposit: TDepositProtection }) {
  const [open, setOpen] = useState(false);
  const record = useRecordDepositProtection(bookingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TRecordDepositProtection>({
    resolver: zodResolver(ZRecordDepositProtection),
    defaultValues: {
      amount: penceToPounds(deposit.amountPence).toFixed(2),
      receivedOn: deposit.receivedOn,
      scheme: deposit.scheme ?? undefined,
      certificateNumber: deposit.certificateNumber ?? "",
      protectedOn: deposit.protectedOn ?? toIsoDate(new Date()),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const prefix = `deposit-${bookingId}`;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await record.mutateAsync(values);
      setOpen(false);
    } catch (error) {
      setFailure(serverMessageOf(error, "The protection could not be recorded. Please try again."));
    }
  });

  if (!open) {
    return (
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        {deposit.state === "protected" ? "Correct the protection" : "Record protection"}
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Record the deposit's protection" className="mt-4 grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${prefix}-amount`}
          label="Deposit received (£)"
          required
          hint="In pounds, such as 1153.84"
          error={errors.amount?.message}
        >
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("amount")} />}
        </FormField>
        <FormField id={`${prefix}-received`} label="Received on" required error={errors.receivedOn?.message}>
          {(control) => <Input {...control} type="date" {...form.register("receivedOn")} />}
        </FormField>
        <FormField id={`${prefix}-scheme`} label="Protection scheme" required error={errors.scheme?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("scheme")}>
              <option value="">Choose a scheme</option>
              {DEPOSIT_SCHEMES.map((scheme) => (
                <option key={scheme} value={scheme}>
                  {DEPOSIT_SCHEME_DETAILS[scheme].name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={`${prefix}-certificate`}
          label="Certificate number"
          required
          hint="As the scheme's certificate shows it"
          error={errors.certificateNumber?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register("certificateNumber")} />}
        </FormField>
        <FormField id={`${prefix}-protected`} label="Protected on" required error={errors.protectedOn?.message}>
          {(control) => <Input {...control} type="date" {...form.register("protectedOn")} />}
        </FormField>
      </div>
      {failure ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save protection"}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** What the landlord's card adds for a mid let (the guest's declaration) and a tenancy (its deposit's protection). */
export function LandlordStayFacts({ booking }: { booking: TLandlordBooking }) {
  return (
    <>
      {booking.midLet ? <MidLetDeclaration bookingId={booking.id} declaration={booking.midLet} /> : null}
      {booking.depositProtection ? (
        <DepositProtectionStatus bookingId={booking.id} deposit={booking.depositProtection}>
          <RecordDepositForm bookingId={booking.id} deposit={booking.depositProtection} />
        </DepositProtectionStatus>
      ) : null}
    </>
  );
}

/** What the guest declared when booking a mid let: why they stay, and the main home they keep elsewhere. */
function MidLetDeclaration({
  bookingId,
  declaration,
}: {
  bookingId: number;
  declaration: NonNullable<TLandlordBooking["midLet"]>;
}) {
  const headingId = `landlord-booking-${bookingId}-mid-let`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-border bg-muted/40 p-4 text-sm">
      <h4 id={headingId} className="font-semibold">
        The guest's declaration for this mid let
      </h4>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Purpose of stay</dt>
        <dd>{stayPurposeText(declaration.purpose, declaration.purposeOther)}</dd>
        <dt className="text-muted-foreground">Main home</dt>
        <dd>{declaration.mainHomeAddress}</dd>
      </dl>
    </section>
  );
}
