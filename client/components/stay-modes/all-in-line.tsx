import { ALL_IN_LABEL } from "@common/domain/all-in";
import { formatPounds, pluralize } from "@/lib/format";

/**
 * The first line of a stay's price: what the guest pays in all, as nights × the all-in nightly price shown on the
 * listing when every night costs the same. The breakdown (nights, service fee) follows it.
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
        {allInNightly ? `${formatPounds(allInNightly)} × ${nightsLabel}` : nightsLabel}{" "}
        <span className="font-normal text-muted-foreground">{ALL_IN_LABEL}</span>
      </dt>
      <dd>{formatPounds(total)}</dd>
    </div>
  );
}
