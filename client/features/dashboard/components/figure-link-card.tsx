import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

type FigureLinkCardProps = {
  to: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  /** The figure, formatted; undefined while loading or after a failure. */
  value: string | undefined;
  loading: boolean;
  /** A line under the figure saying what it counts. */
  hint?: string;
  action: string;
  /** Two cards to a row on phones (the landlord's four): smaller figure, no icon there. */
  dense?: boolean;
};

/** One card of a dashboard's figures; `loading` may be left to the list when all its figures come from one request. */
export type FigureLink = Omit<FigureLinkCardProps, "dense" | "loading"> & { loading?: boolean };

/**
 * A dashboard's row of figures: every card drawn the same way, `dense` for two cards to a row on phones, and `loading`
 * for the cards that do not say their own.
 */
export function FigureLinkList({
  cards,
  loading,
  dense = false,
  className,
}: {
  cards: FigureLink[];
  loading: boolean;
  dense?: boolean;
  className: string;
}) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <FigureLinkCard key={card.title} dense={dense} {...card} loading={card.loading ?? loading} />
      ))}
    </ul>
  );
}

/** A dashboard figure that is also the way to its page: title, figure, hint and a call to action, all one link. */
export function FigureLinkCard({
  to,
  icon: Icon,
  title,
  value,
  loading,
  hint,
  action,
  dense = false,
}: FigureLinkCardProps) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          "group flex h-full flex-col rounded-2xl border border-border bg-card shadow-soft transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-foreground/30 hover:shadow-lift sm:p-6",
          dense ? "p-4" : "p-5",
        )}
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-sm font-medium text-muted-foreground">{title}</span>
          <span
            className={cn(
              "size-10 shrink-0 items-center justify-center rounded-xl bg-brass-100 text-brass-700",
              dense ? "hidden sm:flex" : "flex",
            )}
          >
            <Icon aria-hidden={true} className="size-5" />
          </span>
        </span>
        <span
          className={cn(
            "block font-display font-medium tracking-tight break-words tabular-nums sm:mt-3 sm:text-4xl",
            dense ? "mt-2 text-2xl" : "mt-3 text-4xl",
          )}
        >
          {loading ? (
            <>
              <span
                aria-hidden="true"
                className="block h-8 w-20 animate-pulse rounded-lg bg-secondary-hover/80 sm:h-10 sm:w-24"
              />
              <span className="sr-only">Loading…</span>
            </>
          ) : value === undefined ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">Not available</span>
            </>
          ) : (
            value
          )}
        </span>
        {hint ? <span className="mt-1 block text-xs text-muted-foreground">{hint}</span> : null}
        <span className="mt-auto flex items-center gap-1.5 pt-3 text-sm font-medium text-brass-700 sm:pt-4">
          {action}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </Link>
    </li>
  );
}
