import { Skeleton } from "@/components/ui/skeleton";

/** A grid of like placeholders standing in for a card's facts or figures while they load. */
export function SkeletonTiles({
  count,
  className,
  tileClassName,
}: {
  count: number;
  className?: string;
  tileClassName?: string;
}) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
        <Skeleton key={i} className={tileClassName} />
      ))}
    </div>
  );
}
