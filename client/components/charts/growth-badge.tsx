import { TrendingDown, TrendingUp } from "lucide-react";
import { cn } from "@/lib/utils";
import type { GrowthTone } from "./figure-format";

const GROWTH_CLASSES: Record<GrowthTone, string> = {
  up: "border-transparent bg-success-soft text-success",
  down: "border-transparent bg-destructive-soft text-destructive",
  none: "border-border bg-secondary text-secondary-foreground",
};

/** Green above 0, red otherwise; a month or period with nothing before it is neutral. */
export function GrowthBadge({ text, tone, label }: { text: string; tone: GrowthTone; label?: string }) {
  const Icon = tone === "up" ? TrendingUp : tone === "down" ? TrendingDown : null;
  return (
    <span
      data-growth-tone={tone}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap tabular-nums",
        GROWTH_CLASSES[tone],
      )}
    >
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {label ? <span className="sr-only">{label} </span> : null}
      {text}
    </span>
  );
}
