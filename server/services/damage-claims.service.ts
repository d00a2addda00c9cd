import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateGb } from "../../common/domain/calendar-dates";
import {
  claimWindow,
  DAMAGE_CLAIM_WINDOW_DAYS,
  type DamageDecision,
  damageClaimCapPence,
  formatPence,
  lastClaimDay,
} from "../../common/domain/damage-claims";
import { uploadedPhotoUrl } from "../../common/domain/photo-sizes";
import { poundsToPence } from "../../common/domain/pricing";
import type {
  TDamageClaim,
  TDamageClaimPayment,
  TDecideDamageClaim,
  TRaiseDamageClaim,
} from "../../common/schemas/damage-claims";
import { type Actor, damageClaimPart } from "../access/records";
import type { Database, Tx } from "../db/client";
import { properties } from "../db/schema";
import { ConflictError, ForbiddenError, notFound, UnprocessableError } from "../lib/errors";
import { auditLabel, fullName } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import { lockBooking } from "../repositories/bookings.repository";
import {
  type ClaimRow,
  findClaim,
  findClaimPhotoKeys,
  findClaimsByStatus,
  findClaimsOfBooking,
  findClaimsOfGuest,
  insertClaim,
  lockClaim,
  updateClaim,
} from "../repositories/damage-claims.repository";
import { damageClaimDecidedLetter, damageClaimRaisedLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";
import { claimMoney, postDamageCollected } from "./money/damage-ledger";
import type { StripeGateway } from "./payments/stripe-gateway";
import type { PhotoStore, StagedPhoto } from "./photos/photo-store";
import type { SecurityDepositHoldsService } from "./security-deposit-holds.service";

type Person = Actor & { email: string; firstName: string | null; lastName: string | null };

/** Stays that took place: a claim on a stay that never happened has nothing to be about. */
const STAYED = new Set(["confirmed", "completed"]);

const DECISION_WORDS: Record<DamageDecision, string> = {
  uphold: "upheld in full",
  part: "upheld in part",
  reject: "rejected",
};

/**
 * Damage claims after a short let. The listing's owner raises one within the window after check-out, with photos;
 * the guest accepts or disputes it; an administrator decides a disputed one. An agreed amount is charged: a card
 * payment the guest makes from their booking (the app keeps no card for charging later), or a labelled demo charge
 * without Stripe keys. The money is posted to the ledger once collected, against the stay, so the host's share leaves
 * with the stay's next transfer.
 */
export class DamageClaimsService {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly outbox: Outbox,
    readonly photos: PhotoStore,
    private readonly publicUrl: string,
    private readonly today: () => string,
    /** The stay's security deposit hold, which pays an agreed claim before any card payment is asked for. */
    private readonly holds?: Pick<SecurityDepositHoldsService, "takeForClaim">,
  ) {}

  /**
   * Whether `user` may raise a claim on the booking today, checked before any upload is read, so a refused request
   * stores nothing. Answers the most the claim may ask.
   */
  async mayRaise(user: Actor, bookingId: number): Promise<{ capPence: number }> {
    return this.db.transaction(async (tx) => this.raisable(tx, user, bookingId));
  }

  private async raisable(tx: Tx, user: Actor, bookingId: number) {
    const locked = await lockBooking(tx, bookingId);
    if (!locked) throw notFound("Booking not found");
    damageClaimPart(user, { guestId: locked.booking.guestId, ownerId: locked.ownerId }, "raise", "Booking not found");
    const { booking } = locked;
    if (!STAYED.has(booking.status)) {
      throw new ConflictError("A damage claim can be raised only for a stay that took place.");
    }
    const window = claimWindow(booking.checkOut, this.today());
    if (window === "before-check-out") {
      throw new ConflictError(`A damage claim can be raised from check-out, ${formatDateGb(booking.checkOut)}.`);
    }
    if (window === "closed") {
      throw new UnprocessableError(
        `A damage claim must be raised within ${DAMAGE_CLAIM_WINDOW_DAYS} days of check-out: this stay checked out on ` +
          `${formatDateGb(booking.checkOut)}, so the last day was ${formatDateGb(lastClaimDay(booking.checkOut))}.`,
      );
    }
    const [property] = await tx
      .select({ depositAmount: properties.depositAmount })
      .from(properties)
      .where(eq(properties.id, booking.propertyId));
    const deposit = property?.depositAmount ? poundsToPence(property.depositAmount) : null;
    return { capPence: damageClaimCapPence(booking.securityDepositPence ?? deposit), booking };
  }

  /** The host's claim, with its photos (already checked and staged): stored together, or nothing is. */
  async raise(user: Person, bookingId: number, input: TRaiseDamageClaim, staged: StagedPhoto[]): Promise<TDamageClaim> {
    const amountPence = poundsToPence(input.amount);
    const claimId = await this.photos.keepWith(staged, () =>
      this.db.transaction(async (tx) => {
        const { capPence } = await this.raisable(tx, user, bookingId);
        if (amountPence > capPence) {
          throw new UnprocessableError(`At most ${formatPence(capPence)} can be claimed for damage on this listing.`);
        }
        const id = await insertClaim(
          tx,
          { bookingId, raisedBy: user.id, description: input.description, amountPence },
          staged.map((photo) => photo.key),
        );
        if (id === undefined) throw new ConflictError("A damage claim has already been raised for this stay.");
        const claim = await lockClaim(tx, id);
        if (!claim) throw new Error("a claim just written cannot be read");
        await this.outbox.add(tx, [
          {
            email: damageClaimRaisedLetter(
              claim.guest,
              this.facts(claim),
              `${this.publicUrl}/bookings/${bookingId}/damage-claim`,
            ),
          },
        ]);
        return id;
      }),
    );
    return this.getClaim(user, claimId);
  }

  /** The claims on a booking, for its guest, its host or an administrator; anyone else gets the booking's 404. */
  async claimsOfBooking(user: Actor, bookingId: number): Promise<TDamageClaim[]> {
    const rows = await findClaimsOfBooking(this.db, bookingId);
    if (rows.length === 0) {
      // No claim yet: still only the stay's parties (and admins) learn that, as for a claim.
      await this.db.transaction(async (tx) => {
        const locked = await lockBooking(tx, bookingId);
        if (!locked) throw notFound("Booking not found");
        damageClaimPart(
          user,
          { guestId: locked.booking.guestId, ownerId: locked.ownerId },
          "read",
          "Booking not found",
        );
      });
      return [];
    }
    for (const row of rows) damageClaimPart(user, row, "read", "Booking not found");
    return this.views(rows);
  }

  async getClaim(user: Actor, claimId: number): Promise<TDamageClaim> {
    const row = await findClaim(this.db, claimId);
    if (!row) throw notFound("Claim not found");
    damageClaimPart(user, row, "read");
    const [view] = await this.views([row]);
    if (!view) throw notFound("Claim not found");
    return view;
  }

  /** The claims on the signed-in guest's own stays (for the links on My Bookings). */
  async claimsOfGuest(user: Actor): Promise<TDamageClaim[]> {
    const rows = await findClaimsOfGuest(this.db, user.id);
    for (const row of rows) damageClaimPart(user, row, "read");
    return this.views(rows);
  }

  /** The admins' list: disputed claims first, then those decided or awaiting payment. */
  async adminClaims(): Promise<TDamageClaim[]> {
    return this.views(await findClaimsByStatus(this.db, ["disputed", "awaiting_payment", "paid", "rejected"]));
  }

  /** The guest agrees: the whole amount is charged. */
  async accept(user: Person, claimId: number): Promise<TDamageClaim> {
    await this.db.transaction(async (tx) => {
      const claim = await this.answerable(tx, user, claimId);
      await updateClaim(tx, claimId, { answeredAt: new Date(), agreedPence: claim.claim.amountPence });
      await this.charge(tx, claim, claim.claim.amountPence);
    });
    return this.getClaim(user, claimId);
  }

  /** The guest disputes, in their words: the claim goes to the administrators. */
  async dispute(user: Person, claimId: number, reason: string): Promise<TDamageClaim> {
    await this.db.transaction(async (tx) => {
      await this.answerable(tx, user, claimId);
      await updateClaim(tx, claimId, { status: "disputed", disputeReason: reason, answeredAt: new Date() });
    });
    return this.getClaim(user, claimId);
  }

  private async answerable(tx: Tx, user: Person, claimId: number): Promise<ClaimRow> {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound("Claim not found");
    // The host and the admins read the claim, so they are told why they cannot answer it; anyone else gets the 404.
    if (damageClaimPart(user, claim, "read") !== "guest" || damageClaimPart(user, claim, "answer") !== "guest") {
      throw new ForbiddenError("Only the guest of the stay can accept or dispute this claim.");
    }
    if (claim.claim.status !== "open") throw new ConflictError("This claim has already been answered.");
    return claim;
  }

  /**
   * An administrator decides a disputed claim: upheld in full or in part (an amount below the claim), or rejected,
   * with a reason. Recorded in System Logs; both sides are told; an upheld amount is charged as an accepted claim is.
   */
  async decide(admin: Person, claimId: number, body: TDecideDamageClaim): Promise<TDamageClaim> {
    await this.db.transaction(async (tx) => {
      const claim = await lockClaim(tx, claimId);
      if (!claim) throw notFound("Claim not found");
      if (damageClaimPart(admin, claim, "decide") !== "admin") throw notFound("Claim not found");
      if (admin.id === claim.guestId || admin.id === claim.ownerId) {
        throw new ForbiddenError("A claim on your own stay or listing is decided by another administrator.");
      }
      if (claim.claim.status !== "disputed") throw new ConflictError("Only a disputed claim can be decided.");
      const claimed = claim.claim.amountPence;
      if (body.decision === "part" && (body.amountPence ?? 0) >= claimed) {
        throw new UnprocessableError(
          `A decision in part charges less than the claim's ${formatPence(claimed)}; to charge all of it, uphold it in full.`,
        );
      }
      const agreed = body.decision === "reject" ? null : body.decision === "part" ? (body.amountPence ?? 0) : claimed;
      await updateClaim(tx, claimId, {
        decision: body.decision,
        decisionReason: body.reason,
        decidedBy: admin.id,
        decidedAt: new Date(),
        agreedPence: agreed,
        ...(agreed === null && { status: "rejected" as const }),
      });
      await recordAudit(tx, {
        type: "info",
        action: "damage_claim.decided",
        message: `Damage claim ${claimId} of ${formatPence(claimed)} on booking ${claim.claim.bookingId} ${DECISION_WORDS[body.decision]}${agreed === null ? "" : `: ${formatPence(agreed)} charged`}. Reason: ${body.reason}`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: { id: claim.guestId, label: auditLabel(claim.guest) },
        target: { type: "booking", id: claim.claim.bookingId },
        details: { claimId, decision: body.decision, claimedPence: claimed, chargedPence: agreed, reason: body.reason },
      });
      const decided = {
        outcome: DECISION_WORDS[body.decision],
        reason: body.reason,
        charged: agreed === null ? null : formatPence(agreed),
      };
      const facts = this.facts(claim);
      await this.outbox.add(tx, [
        {
          email: damageClaimDecidedLetter(
            claim.guest,
            facts,
            decided,
            `${this.publicUrl}/bookings/${claim.claim.bookingId}/damage-claim`,
          ),
        },
        {
          email: damageClaimDecidedLetter(
            claim.host,
            facts,
            decided,
            `${this.publicUrl}/landlord/bookings/${claim.claim.bookingId}/damage-claim`,
          ),
        },
      ]);
      if (agreed !== null) await this.charge(tx, claim, agreed);
    });
    return this.getClaim(admin, claimId);
  }

  /**
   * Charges an agreed amount. Without Stripe keys, a demo charge collected at once (labelled as such). With them, a
   * PaymentIntent the guest pays from their booking; the webhook's succeeded event posts the money.
   */
  private async charge(tx: Tx, claim: ClaimRow, agreedPence: number): Promise<void> {
    const id = claim.claim.id;
    const fromHold = await this.holds?.takeForClaim(tx, claim, agreedPence);
    if (fromHold) {
      await updateClaim(tx, id, { status: "paid", demo: fromHold.demo, paidAt: new Date() });
      return;
    }
    if (!this.gateway.enabled) {
      await postDamageCollected(tx, claimMoney(claim, agreedPence), { demo: true, stripeObjectId: null });
      await updateClaim(tx, id, { status: "paid", demo: true, paidAt: new Date() });
      return;
    }
    const intent = await this.intentOf(id, claim.claim.bookingId, agreedPence, null, claim.guest.email);
    await updateClaim(tx, id, { status: "awaiting_payment", paymentIntentId: intent.id });
  }

  /** The guest's card payment of an agreed claim: the PaymentIntent's client secret for the booking page's card form. */
  async payment(user: Person, claimId: number): Promise<TDamageClaimPayment> {
    const row = await findClaim(this.db, claimId);
    if (!row || damageClaimPart(user, row, "read") !== "guest") throw notFound("Claim not found");
    const [claim] = await this.views([row]);
    if (!claim) throw notFound("Claim not found");
    if (row.claim.status !== "awaiting_payment" || !row.claim.paymentIntentId || row.claim.agreedPence === null) {
      return { claim, clientSecret: null, publishableKey: null };
    }
    const intent = await this.intentOf(
      claimId,
      row.claim.bookingId,
      row.claim.agreedPence,
      row.claim.paymentIntentId,
      row.guest.email,
    );
    return { claim, clientSecret: intent.clientSecret, publishableKey: this.gateway.publishableKey };
  }

  /**
   * The claim's PaymentIntent: it names the claim, not the booking, so the webhook never takes it for the stay's own
   * payment; it shares the stay's transfer group.
   */
  private intentOf(id: number, bookingId: number, amountPence: number, existing: string | null, email: string) {
    return this.gateway.paymentIntentOnce(
      {
        bookingId,
        amountPence,
        existingIntentId: existing,
        receiptEmail: email,
        metadata: { damageClaimId: String(id) },
      },
      `damage-claim-${id}-payment`,
      "The card payment of the claim could not be set up",
    );
  }

  private facts(claim: ClaimRow) {
    return {
      id: claim.claim.id,
      propertyTitle: claim.propertyTitle,
      amount: formatPence(claim.claim.amountPence),
      description: claim.claim.description,
    };
  }

  private async views(rows: ClaimRow[]): Promise<TDamageClaim[]> {
    const photos = await findClaimPhotoKeys(
      this.db,
      rows.map((row) => row.claim.id),
    );
    return rows.map(({ claim, ...row }) => ({
      id: claim.id,
      bookingId: claim.bookingId,
      propertyTitle: row.propertyTitle,
      guestName: fullName(row.guest) || "Guest",
      hostName: fullName(row.host) || "Host",
      description: claim.description,
      amountPence: claim.amountPence,
      capPence: damageClaimCapPence(
        row.securityDepositPence ?? (row.depositAmount ? poundsToPence(row.depositAmount) : null),
      ),
      photos: (photos.get(claim.id) ?? []).map(uploadedPhotoUrl),
      status: claim.status,
      disputeReason: claim.disputeReason,
      decision: claim.decision,
      decisionReason: claim.decisionReason,
      agreedPence: claim.agreedPence,
      demo: claim.demo,
      createdAt: claim.createdAt.toISOString(),
      answeredAt: claim.answeredAt?.toISOString() ?? null,
      decidedAt: claim.decidedAt?.toISOString() ?? null,
      paidAt: claim.paidAt?.toISOString() ?? null,
    }));
  }
}

/** The damage claim a PaymentIntent pays for, from the metadata the app put on it; undefined when it names none. */
export function damageClaimIdOf(intent: Stripe.PaymentIntent): number | undefined {
  const text = intent.metadata?.damageClaimId;
  const id = typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * Stripe's word that a guest paid an agreed claim (in the webhook's transaction): the charge and the payment are
 * posted and the claim is paid. A payment of less than was agreed is left for the team, as for a stay.
 */
export async function recordDamagePayment(tx: Tx, intent: Stripe.PaymentIntent): Promise<"recorded" | "ignored"> {
  const claimId = damageClaimIdOf(intent);
  const claim = claimId === undefined ? undefined : await lockClaim(tx, claimId);
  if (!claim || claim.claim.paymentIntentId !== intent.id || claim.claim.agreedPence === null) return "ignored";
  if (claim.claim.status !== "awaiting_payment" || intent.amount_received < claim.claim.agreedPence) return "ignored";
  await postDamageCollected(tx, claimMoney(claim, claim.claim.agreedPence), { demo: false, stripeObjectId: intent.id });
  await updateClaim(tx, claim.claim.id, { status: "paid", paidAt: new Date() });
  return "recorded";
}
