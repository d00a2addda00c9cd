import type { TRevenueSettlement } from "@common/schemas/analytics";
import { FlaskConical, Hourglass } from "lucide-react";
import { formatPounds } from "@/lib/format";
import { Alert, AlertDescription, AlertTitle } from "./alert";
import { Badge } from "./badge";

/**
 * Says beside money figures what is not money in the bank: demo stays (confirmed without card payments, so no card
 * was charged) and money guests owe but have not paid. Shows nothing when every pound was collected.
 */
export function SettlementNote({ settlement }: { settlement: TRevenueSettlement }) {
  if (settlement.demo === 0 && settlement.expected === 0) return null;
  return (
    <div className="grid gap-3" data-testid="settlement-note">
      {settlement.demo > 0 ? (
        <Alert variant="warning">
          <FlaskConical aria-hidden="true" />
          <AlertTitle>Demo money: {formatPounds(settlement.demo)} is not real</AlertTitle>
          <AlertDescription>
            These stays were confirmed without card payments, so no card was charged and no real money will be paid out
            for them.
          </AlertDescription>
        </Alert>
      ) : null}
      {settlement.expected > 0 ? (
        <Alert>
          <Hourglass aria-hidden="true" />
          <AlertTitle>{formatPounds(settlement.expected)} is expected, not yet collected</AlertTitle>
          <AlertDescription>Guests owe it for confirmed stays and have not paid it yet.</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** The same for one amount in a list: a small label unless the money was collected. */
export function SettlementBadge({ settlement }: { settlement: "collected" | "expected" | "demo" }) {
  if (settlement === "collected") return null;
  return (
    <Badge className="border-warning/30 bg-warning-soft text-warning">
      {settlement === "demo" ? "Demo" : "Expected"}
    </Badge>
  );
}
