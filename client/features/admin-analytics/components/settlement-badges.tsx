import type { TRevenueSettlement } from "@common/schemas/analytics";
import { SettlementBadge } from "@/components/ui/settlement-note";

/**
 * Labels an amount made of many stays: "Demo" when some of it is demo money, "Expected" when some is owed and not
 * yet collected; nothing when all of it was collected.
 */
export function SettlementBadges({ settlement }: { settlement: TRevenueSettlement }) {
  if (settlement.demo === 0 && settlement.expected === 0) return null;
  return (
    <span className="inline-flex flex-wrap justify-end gap-1">
      {settlement.demo > 0 ? <SettlementBadge settlement="demo" /> : null}
      {settlement.expected > 0 ? <SettlementBadge settlement="expected" /> : null}
    </span>
  );
}
