import { formatWeekdayDate } from "@common/utils/dates";
import type * as React from "react";
import { formatPhoneNumber } from "@/lib/format";

/** "Fri 5 Mar 2027", or nothing. */
export function jobDate(date: string | null): string {
  return date ? formatWeekdayDate(date) : "—";
}

/** A phone number as a link phones can call. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/\s+/g, "")}`}
      className="whitespace-nowrap underline decoration-brass-500 decoration-2 underline-offset-4 hover:decoration-foreground"
    >
      {formatPhoneNumber(phone)}
    </a>
  );
}

/** A part of a job's dialog under a small heading: the work, on site, photos, offers, timeline. */
export function JobSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 border-t border-border pt-5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}
