import { formatWeekdayDate } from "@common/utils/dates";
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
