import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";

/**
 * A card that is one big link: an icon, a title and a line on what is behind it. `row` puts the icon beside the
 * words, for a longer list of destinations that should stay short on a phone.
 */
export function LinkCard({
  to,
  icon: Icon,
  title,
  text,
  layout = "stacked",
}: {
  to: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  text: string;
  layout?: "stacked" | "row";
}) {
  if (layout === "row") {
    return (
      <Link
        to={to}
        className="group flex h-full items-start gap-4 rounded-2xl border border-border bg-card p-4 shadow-soft transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-foreground/30 hover:shadow-lift sm:p-5"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brass-100 text-brass-700">
          <Icon aria-hidden={true} className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="flex items-center gap-2 font-display text-lg font-medium">
            {title}
            <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
          <span className="mt-0.5 block text-sm leading-relaxed text-muted-foreground">{text}</span>
        </span>
      </Link>
    );
  }
  return (
    <Link
      to={to}
      className="group flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-soft transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-foreground/30 hover:shadow-lift"
    >
      <span className="flex size-11 items-center justify-center rounded-xl bg-brass-100 text-brass-700">
        <Icon aria-hidden={true} className="size-5" />
      </span>
      <span className="mt-5 flex items-center gap-2 font-display text-lg font-medium">
        {title}
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
      <span className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</span>
    </Link>
  );
}
