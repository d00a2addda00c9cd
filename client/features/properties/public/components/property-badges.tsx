import { BadgeCheck, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatRating, toAmount } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Rating badge: "4.9" with a star, or "New" before the first review. */
export function RatingBadge({
  rating,
  reviewCount,
  className,
}: {
  rating: string;
  reviewCount: number;
  className?: string;
}) {
  const hasRating = reviewCount > 0 && toAmount(rating) > 0;
  return (
    <Badge variant="glass" className={cn("gap-1 px-2 py-1 text-[13px] font-semibold tabular-nums", className)}>
      <Star aria-hidden="true" className="fill-brass-500 text-brass-500" />
      {hasRating ? (
        <>
          <span className="sr-only">Rated </span>
          {formatRating(rating)}
          <span className="sr-only"> out of 5</span>
        </>
      ) : (
        "New"
      )}
    </Badge>
  );
}

/** "Verified": shown only for a listing an administrator has verified (the server's `verified`). */
export function VerifiedLabel({ verified, className }: { verified: boolean; className?: string }) {
  if (!verified) return null;
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs font-semibold text-success", className)}>
      <BadgeCheck aria-hidden="true" className="size-4" />
      Verified
    </span>
  );
}
