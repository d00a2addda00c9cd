import { ALL_IN_LABEL } from "@common/domain/all-in";
import { formatPounds, pluralize } from "@/lib/format";

/**
 * The first line of a stay's price: the per-night all-in figure the card and listing show (when every night costs the
 * same), then what the stay costs in all. The total is the charged one, not a product of the nightly figure, so the
 * line names the nights rather than multiplying. The breakdown (nights, service fee) follows it.
 */
export function AllInFirstLine({
  nights,
  allInNightly,
  total,
}: {
  nights: number;
  allInNightly?: number | null;
  total: number;
}) {
  const nightsLabel = pluralize(nights, "night");
  return (
    <div className="flex justify-between gap-4 font-semibold" data-testid="all-in-first-line">
      <dt>
        {allInNightly ? (
          <>
            {formatPounds(allInNightly)}{" "}
            <span className="font-normal text-muted-foreground">per night {ALL_IN_LABEL}</span> · {nightsLabel}
          </>
        ) : (
          <>
            {nightsLabel} <span className="font-normal text-muted-foreground">{ALL_IN_LABEL}</span>
          </>
        )}
      </dt>
      <dd>{formatPounds(total)}</dd>
    </div>
  );
}
