import type Stripe from "stripe";
import { penceToPounds } from "../../../common/domain/pricing";
import type { BankPayoutStatus, TBankPayouts } from "../../../common/entities/payout-account";
import type { Database } from "../../db/client";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { findBankPayouts, lockBankPayout, saveBankPayout } from "../../repositories/bank-payouts.repository";
import { findPosted, postLedgerTransaction } from "../../repositories/ledger.repository";
import { lockPayoutAccountByStripeId } from "../../repositories/payout-accounts.repository";
import { firstDeliveryOf } from "../../repositories/stripe-events.repository";
import { payoutLines } from "../money/booking-postings";
import type { StripeGateway } from "../payments/stripe-gateway";
import { ZPayout, ZPayoutEvent } from "../payments/stripe-gateway";

/** The ledger keys of a payout: paid once, and given back once if the bank then refuses it. */
export const bankPayoutLedgerKey = {
  paid: (payoutId: string) => `payout:${payoutId}:paid`,
  failed: (payoutId: string) => `payout:${payoutId}:failed`,
};

/** The events of a payout that move money: Stripe's other payout events (created, updated) change nothing here. */
export const BANK_PAYOUT_EVENTS: ReadonlySet<string> = new Set(["payout.paid", "payout.failed"]);

type Outcome = "handled" | "duplicate" | "unknown" | "platform" | "not_gbp";

/**
 * Stripe paying payees' Connect balances into their banks, on each account's own schedule. Stripe tells us with
 * `payout.paid` (the money left for the bank) and `payout.failed` (the bank refused it, and the money is back on the
 * payee's Stripe balance). Each is recorded once per event id, in the same transaction as its ledger lines, and an
 * older event arriving after a newer one changes nothing: Stripe does not deliver in order.
 */
export class BankPayoutsService {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
  ) {}

  /** GET /api/payouts/bank-payouts: the payee's own payouts to their bank (the latest 20). */
  async list(user: { id: number }): Promise<TBankPayouts> {
    const rows = await findBankPayouts(this.db, user.id, 20);
    return {
      demo: !this.gateway.enabled,
      payouts: rows.map((row) => ({
        id: row.id,
        status: row.status,
        amount: penceToPounds(row.amountPence),
        arrivalDate: row.arrivalDate,
      })),
    };
  }

  async handleStripeEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    const payout = ZPayout.parse(event.data.object);
    const { account, created } = ZPayoutEvent.parse(event);
    const at = new Date(created * 1000);
    const status: BankPayoutStatus = event.type === "payout.paid" ? "paid" : "failed";
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const payee = account ? await lockPayoutAccountByStripeId(tx, account) : undefined;
      if (account && !payee) return "unknown";
      if (!(await firstDeliveryOf(tx, event))) return "duplicate";
      // The platform's own payouts to its bank are not a payee's money; the ledger does not follow them.
      if (!payee) return "platform";
      if (payout.currency !== "gbp") return "not_gbp";
      const stored = await lockBankPayout(tx, payout.id);
      if (stored && isNewer(stored, at, status)) return "handled";
      await saveBankPayout(tx, {
        stripePayoutId: payout.id,
        payeeId: payee.userId,
        amountPence: payout.amount,
        arrivalDate: new Date(payout.arrival_date * 1000).toISOString().slice(0, 10),
        status,
        failureCode: status === "failed" ? (payout.failure_code ?? null) : null,
        statusAt: at,
      });
      const common = { demo: false, stripeObjectId: payout.id } as const;
      if (status === "paid") {
        await postLedgerTransaction(tx, {
          ...common,
          kind: "payout",
          idempotencyKey: bankPayoutLedgerKey.paid(payout.id),
          lines: payoutLines(payee.userId, payout.amount),
        });
      } else if (await findPosted(tx, bankPayoutLedgerKey.paid(payout.id))) {
        // Only a payout the ledger saw leave comes back; one that failed before it was paid never left.
        await postLedgerTransaction(tx, {
          ...common,
          kind: "payout",
          idempotencyKey: bankPayoutLedgerKey.failed(payout.id),
          memo: "A bank payout the bank refused, back on the payee's Stripe balance",
          lines: payoutLines(payee.userId, payout.amount, "back"),
        });
      }
      return "handled";
    });
    if (outcome === "unknown" || outcome === "not_gbp") {
      await recordAudit(this.db, {
        type: "warning",
        action: "webhook.rejected",
        message:
          outcome === "unknown"
            ? `A Stripe ${event.type} event named a payout account this platform does not have; nothing was changed`
            : `A Stripe ${event.type} event was in ${payout.currency.toUpperCase()}, not pounds; nothing was changed`,
        target: { type: "webhook", id: "stripe" },
        details: { event: event.id, account: account ?? null, payout: payout.id },
      });
    }
    return { duplicate: outcome === "duplicate" };
  }
}

/**
 * Whether what is stored came from a later event than this one. A failure is what follows a payout's success, so of
 * two events in the same second, the failure stands.
 */
function isNewer(stored: { statusAt: Date; status: BankPayoutStatus }, at: Date, status: BankPayoutStatus): boolean {
  const storedAt = stored.statusAt.getTime();
  if (storedAt !== at.getTime()) return storedAt > at.getTime();
  return stored.status === "failed" && status === "paid";
}
