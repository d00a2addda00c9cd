import type { FastifyBaseLogger } from "fastify";
import type { Database, Tx } from "../../db/client";
import { postLedgerTransaction } from "../../repositories/ledger.repository";
import {
  findUnsentReversalIds,
  lockUnsentReversal,
  markReversalSent,
  recordReversalFailure,
} from "../../repositories/transfer-reversals.repository";
import type { StripeGateway } from "../payments/stripe-gateway";
import { transferLines } from "./booking-postings";

/** Names one reversal: of one refund (its ledger key), taken from one sent transfer. */
export const reversalClaimKey = (refundKey: string, transferId: number) => `${refundKey}:reversal:${transferId}`;

/**
 * Pulling back from payees' Stripe balances what a refund took from shares already sent to them, exactly once across
 * crashes and app instances. The refund claims each reversal in its own transaction; each claim is then sent (Stripe
 * asked with the claim as idempotency key and metadata, or, for demo money, nothing asked) and recorded in the ledger
 * as a `transfer_reversal` in one transaction with marking it sent. A send that dies anywhere leaves the claim unsent,
 * and the payout job's next run finishes it without a second reversal.
 */
export class TransferReversals {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends every unsent reversal (at most `limit`); answers how many went and how many failed. */
  async sendUnsent(limit: number): Promise<{ reversed: number; reversalsFailed: number }> {
    let reversed = 0;
    let reversalsFailed = 0;
    for (const id of await findUnsentReversalIds(this.db, limit)) {
      const outcome = await this.send(id);
      if (outcome === "sent") reversed += 1;
      if (outcome === "failed") reversalsFailed += 1;
    }
    return { reversed, reversalsFailed };
  }

  /** Sends the claims just made by a refund; one that fails is left for the payout job to finish. */
  async sendClaims(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.send(id);
  }

  private async send(id: number): Promise<"sent" | "skipped" | "failed"> {
    try {
      const sent = await this.db.transaction((tx) => this.sendLocked(tx, id));
      return sent ? "sent" : "skipped";
    } catch (error) {
      // What went wrong in the database's or Stripe's own words, for the admin who reads the claim.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      this.log.error({ reversal: id, err: error }, "a transfer reversal could not be sent; the next run tries again");
      await recordReversalFailure(this.db, id, cause instanceof Error ? cause.message : String(cause));
      return "failed";
    }
  }

  /** Sends one claim and records it, in the transaction that holds it; false when it is sent or held elsewhere. */
  private async sendLocked(tx: Tx, id: number): Promise<boolean> {
    const claim = await lockUnsentReversal(tx, id);
    if (!claim) return false;
    const { claimKey, stripeTransferId } = claim;
    if (!claim.demo && !stripeTransferId) throw new Error("the transfer to reverse has no Stripe id");
    const stripeReversalId =
      claim.demo || !stripeTransferId
        ? null
        : await this.gateway.reverseTransferOnce({
            transferId: stripeTransferId,
            claimKey,
            amountPence: claim.amountPence,
          });
    await postLedgerTransaction(tx, {
      kind: "transfer_reversal",
      idempotencyKey: claimKey,
      demo: claim.demo,
      bookingId: claim.bookingId,
      stripeObjectId: stripeReversalId,
      memo: claim.demo
        ? "Demo reversal: no real money moved"
        : "Taken back from the payee's Stripe balance for a refund",
      lines: transferLines(claim.payeeId, claim.amountPence, "back"),
    });
    await markReversalSent(tx, claim.id, stripeReversalId);
    return true;
  }
}
