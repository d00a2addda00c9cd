import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/** `stacked`: the icon above the words; `row`: beside them, for a longer list that should stay short on a phone. */
const LAYOUTS = {
  stacked: { link: "flex-col p-6", badge: "", words: "mt-5 block", text: "mt-1.5" },
  row: { link: "items-start gap-4 p-4 sm:p-5", badge: "shrink-0", words: "min-w-0", text: "mt-0.5" },
} as const;

/** A card that is one big link: an icon, a title and a line on what is behind it. */
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
  layout?: keyof typeof LAYOUTS;
}) {
  const look = LAYOUTS[layout];
  return (
    <Link
      to={to}
      className={cn(
        "group flex h-full rounded-2xl border border-border bg-card shadow-soft transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-foreground/30 hover:shadow-lift",
        look.link,
      )}
    >
      <span
        className={cn("flex size-11 items-center justify-center rounded-xl bg-brass-100 text-brass-700", look.badge)}
      >
        <Icon aria-hidden={true} className="size-5" />
      </span>
      <span className={look.words}>
        <span className="flex items-center gap-2 font-display text-lg font-medium">
          {title}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
        <span className={cn("block text-sm leading-relaxed text-muted-foreground", look.text)}>{text}</span>
      </span>
    </Link>
  );
}
