import { Skeleton } from "@/components/ui/skeleton";
import { SkeletonTiles } from "@/components/ui/skeleton-tiles";
import { cn } from "@/lib/utils";

/**
 * A card's shape while its list loads, so the page does not jump when the cards arrive: its heading, the line under
 * it, a grid of fact tiles and, where the card has them, its buttons. `className` sets the card's corners, padding and
 * gaps; each other class names one placeholder's size. Not `framed` when it is the text beside a photo inside a card
 * the caller draws.
 */
export function CardSkeleton({
  className,
  heading,
  line,
  facts,
  factsClassName,
  factClassName,
  actions,
  framed = true,
}: {
  className: string;
  heading: string;
  line: string;
  facts: number;
  factsClassName: string;
  factClassName: string;
  actions?: string;
  framed?: boolean;
}) {
  return (
    <div className={cn("grid", framed && "border border-border bg-card", className)}>
      <Skeleton className={heading} />
      <Skeleton className={line} />
      <SkeletonTiles count={facts} className={factsClassName} tileClassName={factClassName} />
      {actions ? <Skeleton className={actions} /> : null}
    </div>
  );
}
