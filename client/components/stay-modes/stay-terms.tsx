import { PERIODIC_TENANCY_SUMMARY } from "@common/domain/periodic-terms";
import { GUIDANCE_NOTE, STAY_MODE_LABELS, STAY_MODE_SUMMARIES, type StayMode } from "@common/domain/stay-modes";
import type { TQuote } from "@common/schemas/bookings";
import { BookOpenText } from "lucide-react";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * How a quote's stay is let, in plain words, for the listing's price card and the booking wizard: the mode and its
 * rules, a tenancy's rent and deposits, and the guidance with its sources. Not legal advice, and it says so.
 */

/** "Tenancy" with what that means for this stay; a periodic tenancy (no end date) says so. */
export function StayModeLine({
  mode,
  periodic = false,
  className,
}: {
  mode: StayMode;
  periodic?: boolean;
  className?: string;
}) {
  const periodicTenancy = mode === "tenancy" && periodic;
  return (
    <div className={cn("rounded-xl bg-secondary/70 px-3.5 py-3 text-sm", className)}>
      <p>
        <span className="font-semibold text-foreground">
          {periodicTenancy ? "Periodic tenancy" : STAY_MODE_LABELS[mode]}.
        </span>{" "}
        <span className="text-muted-foreground">
          {periodicTenancy ? PERIODIC_TENANCY_SUMMARY : STAY_MODE_SUMMARIES[mode]}
        </span>
      </p>
    </div>
  );
}

/** The deposits a tenancy asks, each beside the most the law allows; paid to the landlord, not in the total. */
export function TenancyDeposits({ deposits }: { deposits: NonNullable<TQuote["deposits"]> }) {
  return (
    <div className="rounded-xl border border-border px-3.5 py-3 text-sm">
      <dl className="space-y-2 tabular-nums">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Holding deposit</dt>
          <dd className="text-right">
            {deposits.holdingDeposit === null ? "None" : formatPounds(deposits.holdingDeposit)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Deposit</dt>
          <dd className="text-right">{deposits.deposit === null ? "None" : formatPounds(deposits.deposit)}</dd>
        </div>
      </dl>
      <p className="mt-2.5 text-xs leading-relaxed text-muted-foreground">
        Paid to the landlord, not included in the total. By law at most one week's rent (
        {formatPounds(deposits.holdingDepositCap)}) to hold the home, and {deposits.depositCapWeeks} weeks' rent (
        {formatPounds(deposits.depositCap)}) as a deposit, which the landlord protects in a government-approved scheme.
      </p>
    </div>
  );
}

/** The rules that come with the stay, each with its source, folded away until asked for. */
export function StayGuidance({ guidance, className }: { guidance: TQuote["guidance"]; className?: string }) {
  if (guidance.length === 0) return null;
  return (
    <details className={cn("group rounded-xl border border-border px-3.5 py-3 text-sm", className)}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md font-medium text-foreground marker:hidden">
        <BookOpenText aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
        <span className="underline-offset-4 group-hover:underline">The rules for this stay</span>
        <span className="ml-auto text-xs font-normal text-muted-foreground">{pluralize(guidance.length, "point")}</span>
      </summary>
      <ul className="mt-3 space-y-3">
        {guidance.map((item) => (
          <li key={item.topic} className="leading-relaxed">
            <p>
              <span className="font-medium text-foreground">{item.topic}.</span>{" "}
              <span className="text-muted-foreground">{item.text}</span>
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">Source: {item.source}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 border-t border-border pt-2.5 text-xs text-muted-foreground">{GUIDANCE_NOTE}</p>
    </details>
  );
}
