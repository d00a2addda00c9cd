import { LONDON_SHORT_LET_WARNING } from "@common/domain/short-let-ledger";
import type { TShortLetCount } from "@common/schemas/landlord-properties";
import { CalendarClock } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A London home's count towards the yearly short-let limit, on the landlord's property cards: plain until the
 * limit nears, then in the warning colour. Nothing for homes the limit does not concern.
 */
export function ShortLetCount({ count, className }: { count: TShortLetCount; className?: string }) {
  if (!count.inLondon) return null;
  const near = count.applies && count.nights >= LONDON_SHORT_LET_WARNING;
  return (
    <p
      className={cn(
        "flex items-center gap-2 text-sm",
        near ? "rounded-xl bg-warning-soft px-3 py-2 font-medium text-warning" : "text-muted-foreground",
        className,
      )}
    >
      <CalendarClock aria-hidden="true" className={cn("size-4 shrink-0", near ? "" : "text-brass-700")} />
      {count.applies ? (
        <span>
          Short lets in {count.year}: <span className="tabular-nums">{count.nights}</span> of {count.limit} nights
          {near ? ` (${Math.max(0, count.limit - count.nights)} left)` : ""}
        </span>
      ) : (
        <span>Short lets in {count.year}: not limited, planning permission recorded</span>
      )}
    </p>
  );
}
