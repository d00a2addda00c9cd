import { formatDateGb } from "@common/domain/calendar-dates";
import { RENT_PAYMENT_STATUS_LABELS } from "@common/entities/tenancy";
import { type TGiveNoticeRequest, type TTenancy, ZGiveNoticeRequest } from "@common/schemas/tenancies";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { formatPounds } from "@/lib/format";
import { useGiveNotice, useTenancy } from "../api/tenancy-api";
import { RentCard } from "./rent-card";

/**
 * A periodic tenancy on its booking card: the monthly rent, the card it is collected with, each month's payment, and
 * the notice. The tenant saves their card and gives notice here; the landlord sees both. Nothing is shown for a
 * booking without a periodic tenancy.
 */
export function TenancyPanel({ bookingId, side }: { bookingId: number; side: "tenant" | "landlord" }) {
  const { data: tenancy } = useTenancy(bookingId);
  if (!tenancy) return null;
  const headingId = `tenancy-${bookingId}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-4 grid gap-3 rounded-lg border border-border p-4 text-sm">
      <h3 id={headingId} className="font-medium">
        Periodic tenancy: {formatPounds(tenancy.monthlyRent)} a month
      </h3>
      <p>
        Rent is due on the {ordinal(tenancy.startsOn)} of each month from {formatDateGb(tenancy.startsOn)}.
      </p>
      <RentCard tenancy={tenancy} side={side} />
      <NoticeLine tenancy={tenancy} side={side} />
      {tenancy.payments.length > 0 ? (
        <ul aria-label="Rent payments" className="grid gap-1">
          {tenancy.payments.map((p) => (
            <li key={p.periodStart}>
              {formatDateGb(p.periodStart)} to {formatDateGb(p.periodEnd)}: {formatPounds(p.amount)},{" "}
              {RENT_PAYMENT_STATUS_LABELS[p.status].toLowerCase()}
              {p.status !== "paid" && p.nextAttemptOn ? ` (next try ${formatDateGb(p.nextAttemptOn)})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {side === "tenant" && tenancy.agreed && !tenancy.endsOn ? <NoticeForm tenancy={tenancy} /> : null}
    </section>
  );
}

function NoticeLine({ tenancy, side }: { tenancy: TTenancy; side: "tenant" | "landlord" }) {
  if (tenancy.endsOn && tenancy.noticeGivenOn) {
    const who = side === "tenant" ? "You gave" : "Your tenant gave";
    return (
      <p role="status" className="font-medium">
        {who} notice on {formatDateGb(tenancy.noticeGivenOn)}: the tenancy ends on {formatDateGb(tenancy.endsOn)}.
      </p>
    );
  }
  return <p>No end date: the tenancy runs on until the tenant gives notice.</p>;
}

/** The tenant's notice: the last day, at least two months on and at the end of a rent period. */
function NoticeForm({ tenancy }: { tenancy: TTenancy }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const give = useGiveNotice(tenancy.bookingId);
  const form = useForm<TGiveNoticeRequest>({
    resolver: zodResolver(ZGiveNoticeRequest),
    defaultValues: { endsOn: tenancy.earliestNoticeEnd },
  });
  const submit = form.handleSubmit(async ({ endsOn }) => {
    setFailure(null);
    try {
      await give.mutateAsync(endsOn);
      setOpen(false);
    } catch (error) {
      setFailure((isApiError(error) && error.serverMessage) || "That did not work. Please try again.");
    }
  });
  if (!open) {
    return (
      <div>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          Give notice
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField
        id={`${id}-ends-on`}
        label="Last day of your tenancy"
        required
        hint={`At least two months from today, on the last day of a rent period: the earliest is ${formatDateGb(tenancy.earliestNoticeEnd)}.`}
        error={form.formState.errors.endsOn?.message ?? failure ?? undefined}
      >
        {(control) => <Input type="date" min={tenancy.earliestNoticeEnd} {...control} {...form.register("endsOn")} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Give notice
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Keep the tenancy
        </Button>
      </div>
    </form>
  );
}

function ordinal(day: string): string {
  const n = Number(day.slice(8, 10));
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}
