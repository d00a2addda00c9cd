import { formatWindow } from "@common/domain/flex-kinds";
import type { TStayWindow } from "@common/schemas/flexible-dates";
import { CalendarDays } from "lucide-react";
import { formatPounds, pluralize } from "@/lib/format";

/** A flexible search's result: its first free stay and what the guest pays for it in all. */
export default function StayWindowNote({ window }: { window: TStayWindow }) {
  return (
    <p className="mt-4 flex items-start gap-2 rounded-xl bg-brass-100/60 px-3 py-2 text-sm">
      <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
      <span>
        <span className="font-semibold">{formatWindow(window.checkIn, window.checkOut)}</span>
        <span className="text-muted-foreground">
          {" "}
          · {pluralize(window.nights, "night")} · {formatPounds(window.total)} total
        </span>
      </span>
    </p>
  );
}
