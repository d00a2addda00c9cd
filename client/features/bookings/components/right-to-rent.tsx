import { RIGHT_TO_RENT_METHOD_LABELS, RIGHT_TO_RENT_METHODS } from "@common/domain/right-to-rent";
import { type TRecordRightToRentCheck, ZRecordRightToRentCheck } from "@common/entities/right-to-rent";
import type { TLandlordBooking } from "@common/schemas/bookings";
import { formatWeekdayDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useRecordRightToRent } from "@/features/bookings/tenancy/api/tenancy-api";
import { serverMessageOf } from "@/lib/error-message";
import { toIsoDate } from "@/lib/format";

type Reminder = TLandlordBooking["tenancyReminders"][number];

/** When a landlord's duty is due, or the day it was done, with a badge once it is done or overdue. */
export function ReminderWhen({ reminder }: { reminder: Reminder }) {
  if (reminder.status === "done" && reminder.doneOn) {
    return (
      <>
        {" "}
        on <time dateTime={reminder.doneOn}>{formatWeekdayDate(reminder.doneOn)}</time>{" "}
        <Badge variant="success">Done</Badge>
      </>
    );
  }
  if (!reminder.dueOn) {
    return <span className="font-normal text-muted-foreground"> · dated once the tenancy is confirmed</span>;
  }
  return (
    <>
      {" "}
      by <time dateTime={reminder.dueOn}>{formatWeekdayDate(reminder.dueOn)}</time>
      {reminder.status === "overdue" ? (
        <>
          {" "}
          <Badge variant="destructive">Overdue</Badge>
        </>
      ) : null}
    </>
  );
}

/**
 * The landlord records their Right to Rent check: the day and how it was made (the copies stay with them). The server
 * refuses a future day or one too long before the tenancy starts, and says why.
 */
export function RecordRightToRentForm({ bookingId, reminder }: { bookingId: number; reminder: Reminder }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const record = useRecordRightToRent(bookingId);
  const form = useForm<TRecordRightToRentCheck>({
    resolver: zodResolver(ZRecordRightToRentCheck),
    defaultValues: { checkedOn: reminder.doneOn ?? toIsoDate(new Date()) },
  });
  const { errors, isSubmitting } = form.formState;
  const idOf = (field: string) => `right-to-rent-${bookingId}-${field}`;

  if (!open) {
    return (
      <Button variant="outline" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {reminder.status === "done" ? "Correct the check" : "Record the check"}
      </Button>
    );
  }
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    return record.mutateAsync(values).then(
      () => setOpen(false),
      (error: unknown) => setFailure(serverMessageOf(error, "The check could not be recorded. Please try again.")),
    );
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Record the Right to Rent check" className="mt-3 grid gap-3">
      <FormField
        id={idOf("day")}
        label="Day of the check"
        required
        hint="At most 28 days before the tenancy starts"
        error={errors.checkedOn?.message}
      >
        {(control) => <Input {...control} type="date" {...form.register("checkedOn")} />}
      </FormField>
      <FormField id={idOf("method")} label="How you checked" required error={errors.method?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register("method")}>
            <option value="">Choose how</option>
            {RIGHT_TO_RENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {RIGHT_TO_RENT_METHOD_LABELS[method]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <p className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save the check"}
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={isSubmitting} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </p>
    </form>
  );
}
