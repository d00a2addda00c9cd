import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { CARD_HOLD_USABLE_DAYS, HOLD_DAYS_BEFORE_CHECK_IN, planHoldOn } from "../../common/domain/security-deposits";
import type { TSecurityDepositHold } from "../../common/schemas/security-deposits";
import { type Actor, damageClaimPart } from "../access/records";
import type { Database, Tx } from "../db/client";
import { notFound } from "../lib/errors";
import type { ClaimRow } from "../repositories/damage-claims.repository";
import {
  findHoldsBeingPlaced,
  findHoldsToRelease,
  findStaysDueAHold,
  findStayWithHold,
  type HoldRow,
  insertHold,
  lockStandingHold,
  moveHold,
} from "../repositories/security-deposit-holds.repository";
import { claimMoney, postDamageCollected } from "./money/damage-ledger";
import type { StripeGateway } from "./payments/stripe-gateway";

/** Stripe's idempotency key of each step of a hold: the row's id makes each step happen once, whoever retries it. */
export const holdKey = (holdId: number, step: "authorise" | "capture" | "release") =>
  `security-deposit-hold-${holdId}-${step}`;

const NO_SAVED_CARD =
  "The card the stay was paid with was not kept for later use, so no hold was placed: damage found after check-out is " +
  "claimed and paid by card instead.";

/**
 * Short lets' refundable security deposits. A job places each stay's hold the day before check-in (an authorisation
 * of the saved card, or a labelled demo hold without Stripe keys) and lets it go after check-out unless a damage claim
 * is still being answered. An agreed claim takes its amount from the hold; nothing else of a hold is ever taken.
 */
export class SecurityDepositHoldsService {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The stay's deposit and hold, for its guest, its host or an administrator; anyone else gets the booking's 404. */
  async holdOfBooking(user: Actor, bookingId: number): Promise<TSecurityDepositHold> {
    const stay = await findStayWithHold(this.db, bookingId);
    if (!stay) throw notFound("Booking not found");
    damageClaimPart(user, stay, "read", "Booking not found");
    const { hold } = stay;
    return {
      bookingId,
      amountPence: stay.amountPence,
      status: hold?.status ?? null,
      demo: hold?.demo ?? false,
      authoriseOn: hold?.authorisedOn ?? (stay.amountPence ? addDays(stay.checkIn, -HOLD_DAYS_BEFORE_CHECK_IN) : null),
      releaseOn: hold?.releaseOn ?? null,
      capturedPence: hold?.capturedPence ?? null,
      note: hold?.note ?? null,
    };
  }

  /** Places the holds due today; answers the stays whose hold now stands. */
  async placeDue(): Promise<number[]> {
    const today = londonToday(this.now());
    for (const stay of await findStaysDueAHold(this.db, today)) {
      const plan = planHoldOn(stay, today);
      await insertHold(this.db, {
        bookingId: stay.bookingId,
        amountPence: stay.amountPence ?? 0,
        status: plan.kind === "card" ? "authorising" : "claim_only",
        authorisedOn: plan.authoriseOn,
        releaseOn: plan.kind === "card" ? plan.releaseOn : null,
        note: plan.kind === "card" ? null : plan.reason,
      });
    }
    const placed: number[] = [];
    for (const { hold, paymentIntentId } of await findHoldsBeingPlaced(this.db)) {
      if (await this.place(hold, paymentIntentId)) placed.push(hold.bookingId);
    }
    return placed;
  }

  private async place(hold: HoldRow, stayPaymentIntentId: string | null): Promise<boolean> {
    if (!this.gateway.enabled) {
      return moveHold(this.db, hold.id, "authorising", { status: "authorised", demo: true });
    }
    const card = stayPaymentIntentId ? await this.gateway.savedCardOf(stayPaymentIntentId) : null;
    if (!card) {
      await moveHold(this.db, hold.id, "authorising", { status: "failed", note: NO_SAVED_CARD, settledAt: this.now() });
      return false;
    }
    const answer = await this.gateway.authoriseHold(
      { holdId: hold.id, bookingId: hold.bookingId, amountPence: hold.amountPence, ...card },
      holdKey(hold.id, "authorise"),
    );
    if ("declined" in answer) {
      await moveHold(this.db, hold.id, "authorising", {
        status: "failed",
        note: `The card was not authorised (${answer.declined}): damage found after check-out is claimed and paid by card instead.`,
        settledAt: this.now(),
      });
      return false;
    }
    return moveHold(this.db, hold.id, "authorising", { status: "authorised", paymentIntentId: answer.intentId });
  }

  /** Lets go the holds whose time has come; answers the stays whose hold was released. */
  async releaseDue(): Promise<number[]> {
    const today = londonToday(this.now());
    // A hold placed this long ago lapses within a day: it is let go now rather than left to lapse on its own.
    const lapsingBy = addDays(today, -CARD_HOLD_USABLE_DAYS);
    const released: number[] = [];
    for (const { hold } of await findHoldsToRelease(this.db, today, lapsingBy)) {
      if (hold.paymentIntentId && !hold.demo) {
        await this.gateway.releaseHold(hold.paymentIntentId, holdKey(hold.id, "release"));
      }
      if (await moveHold(this.db, hold.id, "authorised", { status: "released", settledAt: this.now() })) {
        released.push(hold.bookingId);
      }
    }
    return released;
  }

  /**
   * An agreed claim taken from the stay's standing hold, in the claim's transaction: the amount is captured (at most
   * the hold; Stripe lets the rest go), posted to the ledger, and the claim is paid. False when no hold stands or the
   * amount is more than it holds: the claim is then paid by card as before.
   */
  async takeForClaim(tx: Tx, claim: ClaimRow, agreedPence: number): Promise<{ demo: boolean } | null> {
    const hold = await lockStandingHold(tx, claim.claim.bookingId);
    if (!hold || agreedPence > hold.amountPence) return null;
    if (!hold.demo) {
      if (!hold.paymentIntentId) return null;
      await this.gateway.captureHold(hold.paymentIntentId, agreedPence, holdKey(hold.id, "capture"));
    }
    await postDamageCollected(tx, claimMoney(claim, agreedPence), {
      demo: hold.demo,
      stripeObjectId: hold.paymentIntentId,
    });
    await moveHold(tx, hold.id, "authorised", {
      status: "captured",
      capturedPence: agreedPence,
      settledAt: this.now(),
    });
    return { demo: hold.demo };
  }
}
