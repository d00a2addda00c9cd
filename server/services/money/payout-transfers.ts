import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { postLedgerTransaction } from "../../repositories/ledger.repository";
import { findPayoutAccount } from "../../repositories/payout-accounts.repository";
import {
  claimTransfer,
  findTransfersDue,
  findUnsentClaimIds,
  lockUnsentClaim,
  markTransferSent,
  recordTransferFailure,
  type TransferDue,
} from "../../repositories/payout-transfers.repository";
import { taxDetailsComplete } from "../../repositories/tax-details.repository";
import type { StripeGateway } from "../payments/stripe-gateway";
import { transferLines } from "./booking-postings";
import type { TransferReversals } from "./transfer-reversals";

/** What a demo transfer's line on a statement says. */
export const DEMO_TRANSFER_MEMO = "Demo transfer: no real money moved";

/** How many claims one run handles: the next run picks up the rest. */
const BATCH = 500;

/**
 * Names one transfer: of a stay's share (`booking:42:transfer:7`) or of a job's pay (`job:9:transfer:12`); the rest of
 * a share sent in part is a later claim of its own (`booking:42:transfer:7:2`).
 */
export function transferClaimKey(
  source: { bookingId: number | null; maintenanceJobId: number | null },
  payeeId: number,
  claim = 1,
) {
  const base =
    source.bookingId !== null
      ? `booking:${source.bookingId}:transfer:${payeeId}`
      : `job:${source.maintenanceJobId}:transfer:${payeeId}`;
  return claim === 1 ? base : `${base}:${claim}`;
}

/**
 * What each payee can still be sent in one run, of each kind of money: several stays of one payee share it. Answers,
 * for each share due in turn, how much of it to send (nothing once the payee's money is spent).
 */
export function payeePurses(): (due: TransferDue) => number {
  const left = new Map<string, number>();
  return (due) => {
    const purse = `${due.payeeId}:${due.demo}`;
    const available = left.get(purse) ?? due.availablePence;
    const amountPence = Math.max(0, Math.min(due.heldPence, available));
    left.set(purse, available - amountPence);
    return amountPence;
  };
}

/** The transfer group Stripe files a transfer under: one per stay or job. */
const transferGroup = (source: { bookingId: number | null; maintenanceJobId: number | null }) =>
  source.bookingId !== null ? `booking-${source.bookingId}` : `job-${source.maintenanceJobId}`;

/**
 * Releasing each payee's share of a stay to their Stripe balance the day after check-in, once the guest has arrived,
 * and a contractor's pay as soon as the owner marks the job paid. Exactly once, across crashes and app instances: a transfer is claimed in the
 * database first; the claim is then sent (Stripe asked with the claim as idempotency key and metadata, or, for demo
 * money, nothing asked) and recorded in the ledger in one transaction with marking it sent. A run that dies anywhere
 * leaves the claim unsent, and the next run finishes it without a second transfer.
 */
export class PayoutTransfers {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly log: FastifyBaseLogger,
    /** Reversals left unsent by a refund (Stripe unreachable, a crash): finished first, as they restore what is held. */
    private readonly reversals?: TransferReversals,
  ) {}

  /**
   * Finishes unsent reversals, claims what is due and sends every unsent claim; answers how many of each went.
   * `bookingId` narrows the claims and sends to one stay's shares (to release a stay now without sending everyone
   * else's, as the browser tests do).
   */
  async releaseDue(
    today: string,
    scope: { bookingId?: number } = {},
  ): Promise<{ claimed: number; sent: number; failed: number; reversed: number; reversalsFailed: number }> {
    const only = scope.bookingId ?? null;
    const reversals = (await this.reversals?.sendUnsent(BATCH)) ?? { reversed: 0, reversalsFailed: 0 };
    let claimed = 0;
    const take = payeePurses();
    for (const due of await findTransfersDue(this.db, today, BATCH, only)) {
      if (!due.demo && !(await this.mayReceiveRealMoney(due))) continue;
      const amountPence = take(due);
      if (amountPence <= 0) continue;
      await claimTransfer(this.db, {
        bookingId: due.bookingId,
        maintenanceJobId: due.maintenanceJobId,
        payeeId: due.payeeId,
        amountPence,
        demo: due.demo,
        claimKey: transferClaimKey(due, due.payeeId, due.claimsMade + 1),
      });
      claimed += 1;
    }
    let sent = 0;
    let failed = 0;
    for (const id of await findUnsentClaimIds(this.db, BATCH, only)) {
      const outcome = await this.send(id);
      if (outcome === "sent") sent += 1;
      if (outcome === "failed") failed += 1;
    }
    return { claimed, sent, failed, ...reversals };
  }

  /**
   * Real money goes only to a Stripe account (not a demo one made before Stripe was configured), and only once the
   * payee has given the tax details HMRC's yearly report of sellers' income needs: the law asks for them before the
   * first payout. Until then their share stays held and is released on the run after.
   */
  private async mayReceiveRealMoney(due: { payeeId: number; stripeAccountId: string | null }): Promise<boolean> {
    if (!this.gateway.enabled || !due.stripeAccountId) return false;
    return taxDetailsComplete(this.db, due.payeeId);
  }

  private async send(id: number): Promise<"sent" | "skipped" | "failed"> {
    try {
      return await this.db.transaction(async (tx) => {
        const claim = await lockUnsentClaim(tx, id);
        if (!claim) return "skipped";
        let stripeTransferId: string | null = null;
        if (!claim.demo) {
          const account = await findPayoutAccount(tx, claim.payeeId);
          if (!account?.stripeAccountId) throw new Error("the payee has no Stripe account to send to");
          stripeTransferId = await this.gateway.transferOnce({
            claimKey: claim.claimKey,
            group: transferGroup(claim),
            amountPence: claim.amountPence,
            destination: account.stripeAccountId,
          });
        }
        await postLedgerTransaction(tx, {
          kind: "transfer",
          idempotencyKey: claim.claimKey,
          demo: claim.demo,
          bookingId: claim.bookingId,
          maintenanceJobId: claim.maintenanceJobId,
          stripeObjectId: stripeTransferId,
          memo: claim.demo ? DEMO_TRANSFER_MEMO : null,
          lines: transferLines(claim.payeeId, claim.amountPence, "out"),
        });
        await markTransferSent(tx, claim.id, stripeTransferId);
        return "sent";
      });
    } catch (error) {
      // The database's own words rather than the query that carried them: what an admin reading the claim needs.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const message = cause instanceof Error ? cause.message : String(cause);
      this.log.error({ transfer: id, err: error }, "a payout transfer could not be sent; the next run tries again");
      await recordTransferFailure(this.db, id, message);
      return "failed";
    }
  }
}
