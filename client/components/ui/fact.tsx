import { formatWeekdayDate } from "@common/utils/dates";
import type * as React from "react";
import { formatPounds, pluralize } from "@/lib/format";

/** A small labelled value in a card's fact grid (render inside a <dl>): "CHECK-IN / Wed 23 Jun 2027". */
export function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-0.5 font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** One quiet line with an icon under a card's facts: where a booking stands, what happens next. */
export function StatusLine({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** A booking card's five facts: the stay's dates, its length, its guests and what it costs. */
export function StayFacts({
  checkIn,
  checkOut,
  nights,
  guests,
  amount,
  amountLabel = "Total",
}: {
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  amount: string | number;
  amountLabel?: string;
}) {
  return (
    <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
      <Fact term="Check-in">{formatWeekdayDate(checkIn)}</Fact>
      <Fact term="Check-out">{formatWeekdayDate(checkOut)}</Fact>
      <Fact term="Nights">{pluralize(nights, "night")}</Fact>
      <Fact term="Guests">{pluralize(guests, "guest")}</Fact>
      <Fact term={amountLabel}>
        <span className="font-display text-lg">{formatPounds(amount)}</span>
      </Fact>
    </dl>
  );
}
