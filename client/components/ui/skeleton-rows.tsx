import { Skeleton } from "@/components/ui/skeleton";

/**
 * `count` like placeholder rows for a list still loading: a shape at the start (a photo, an avatar, a dot), lines of
 * text beside it, and an optional shape at the end (a badge, a button). Each class names one placeholder's size.
 */
export function SkeletonRows({
  count,
  as: Row = "div",
  className,
  lead,
  lines,
  linesClassName = "flex-1 space-y-2",
  trail,
}: {
  count: number;
  as?: "div" | "li";
  className: string;
  lead: string;
  lines: readonly string[];
  linesClassName?: string;
  trail?: string;
}) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Row key={i} className={className}>
      <Skeleton className={lead} />
      <div className={linesClassName}>
        {lines.map((line, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={j} className={line} />
        ))}
      </div>
      {trail ? <Skeleton className={trail} /> : null}
    </Row>
  ));
}
