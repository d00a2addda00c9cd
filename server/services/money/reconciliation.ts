import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { recordAudit } from "../../repositories/audit-logs.repository";
import type { StripeGateway } from "../payments/stripe-gateway";

export type Difference = {
  claim: string | null;
  stripeTransferId: string | null;
  ledgerPence: number | null;
  stripePence: number | null;
};

/**
 * The daily comparison of the ledger with Stripe: every real transfer the ledger records must be one Stripe made, of
 * the same amount, and every transfer Stripe made for a claim must be in the ledger. A difference is money the books
 * and the bank disagree about: each is written to System Logs (the admin dashboard counts them) for someone to look
 * into; nothing is corrected by itself. Demo money never reaches Stripe and is not compared.
 */
export class Reconciliation {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
  ) {}

  async compareTransfers(since: Date): Promise<Difference[]> {
    if (!this.gateway.enabled) return [];
    const [atStripe, recorded] = await Promise.all([
      this.gateway.transfersSince(since),
      this.db.execute<{ key: string; stripe_object_id: string; pence: string }>(sql`
        select t.idempotency_key as key, t.stripe_object_id, sum(e.amount_pence)::text as pence
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'connected_cash'
        where t.kind = 'transfer' and not t.demo and t.created_at >= ${since}
        group by t.id`),
    ]);
    const inLedger = new Map(recorded.rows.map((row) => [row.stripe_object_id, row]));
    const differences: Difference[] = [];
    for (const transfer of atStripe) {
      const row = inLedger.get(transfer.id);
      inLedger.delete(transfer.id);
      const ledgerPence = row ? Number(row.pence) : null;
      if (ledgerPence !== transfer.amountPence) {
        differences.push({
          claim: transfer.claim,
          stripeTransferId: transfer.id,
          ledgerPence,
          stripePence: transfer.amountPence,
        });
      }
    }
    for (const row of inLedger.values()) {
      differences.push({
        claim: row.key,
        stripeTransferId: row.stripe_object_id,
        ledgerPence: Number(row.pence),
        stripePence: null,
      });
    }
    for (const difference of differences) {
      await recordAudit(this.db, {
        type: "error",
        action: "reconciliation.mismatch",
        message:
          difference.ledgerPence === null
            ? `Stripe made transfer ${difference.stripeTransferId} that the ledger does not record`
            : difference.stripePence === null
              ? `The ledger records transfer ${difference.stripeTransferId} that Stripe does not have`
              : `Transfer ${difference.stripeTransferId} is ${difference.stripePence} pence at Stripe but ${difference.ledgerPence} in the ledger`,
        target: { type: "payment", id: difference.stripeTransferId ?? difference.claim ?? "unknown" },
        details: { ...difference },
      });
    }
    return differences;
  }
}
