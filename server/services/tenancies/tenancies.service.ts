import { addDays, formatDateGb } from "../../../common/domain/calendar-dates";
import {
  earliestNoticeEnd,
  nextRentAttemptOn,
  noticeEndProblem,
  periodEndOf,
  periodIndexOn,
  periodStartOf,
} from "../../../common/domain/periodic-tenancy";
import { formatPence } from "../../../common/domain/stay-modes";
import { BOOKING_WINDOW_DAYS } from "../../../common/entities/booking";
import type { TTenancy, TTenancyCardSetup } from "../../../common/schemas/tenancies";
import { type Actor, bookingPart, tenantOf } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { ConflictError, InvalidInputError, notFound } from "../../lib/errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  findCollectingTenancies,
  findHoldsToExtend,
  findRentPayments,
  findTenancyByBooking,
  findTenancyFacts,
  insertRentDue,
  insertTenancy,
  lockRentToTry,
  type RentPaymentRow,
  setBookingCheckOut,
  type TenancyFacts,
  type TenancyRow,
  updateRentPayment,
  updateTenancy,
} from "../../repositories/tenancies.repository";
import { tenancyNewsLetter } from "../messaging/email-templates";
import type { Outbox } from "../messaging/outbox";
import { postRentDue, postRentPaid, type RentPosting } from "../money/rent-ledger";
import type { SavedCardPayments } from "../payments/saved-card-payments";
import { rentForPeriod } from "./rent-for-period";

/**
 * How far ahead an open-ended tenancy holds its home's calendar: beyond the furthest day any other stay may start
 * (the booking window), with a month to spare between the daily runs that move it on, so no stay can ever be booked
 * into a tenancy that has not been given notice (decision 033).
 */
export const TENANCY_HOLD_DAYS = BOOKING_WINDOW_DAYS + 31;

export function tenancyHoldUntil(today: string): string {
  return addDays(today, TENANCY_HOLD_DAYS);
}

/**
 * Periodic tenancies: opened with the booking that asks for one, agreed when the landlord accepts (the first month's
 * rent, and nothing before), their rent collected each month from the saved card, and ended by the tenant's notice.
 */
export class TenanciesService {
  constructor(
    private readonly db: Database,
    private readonly cards: SavedCardPayments,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
    private readonly today: () => string,
  ) {}

  get demo(): boolean {
    return !this.cards.enabled;
  }

  /** The tenancy a new booking asks for, written with the booking. */
  async open(tx: Tx, booking: { id: number; checkIn: string }, monthlyRentPence: number): Promise<TenancyRow> {
    return insertTenancy(tx, {
      bookingId: booking.id,
      startsOn: booking.checkIn,
      monthlyRentPence,
      demo: this.demo,
    });
  }

  /** Whether a booking is a periodic tenancy (its rent is collected month by month, not as one total). */
  async isPeriodic(db: Database | Tx, bookingId: number): Promise<boolean> {
    return (await findTenancyByBooking(db, bookingId)) !== undefined;
  }

  async view(viewer: Actor, bookingId: number): Promise<TTenancy> {
    const facts = await this.factsFor(bookingId);
    bookingPart(viewer, facts, "read");
    return this.toTenancy(await this.withCardSavedSince(this.db, facts.tenancy));
  }

  /**
   * The tenancy with the card its tenant has saved in the browser since it was last read: Stripe.js confirms the
   * SetupIntent with Stripe, not with us, so its card is taken from Stripe and kept. A replacement card, once its
   * SetupIntent has succeeded, becomes the saved card (the old one is charged until then). Stripe not answering leaves
   * things as they were for this read; it is asked again on the next.
   */
  private async withCardSavedSince(db: Database | Tx, tenancy: TenancyRow): Promise<TenancyRow> {
    if (tenancy.demo || !this.cards.enabled) return tenancy;
    if (tenancy.paymentMethodId) {
      const replacing = tenancy.replacementSetupIntentId;
      if (!replacing) return tenancy;
      const replacement = await this.cards.savedCard(replacing).catch(() => null);
      if (!replacement || replacement === tenancy.paymentMethodId) return tenancy;
      const changed = { paymentMethodId: replacement, setupIntentId: replacing, replacementSetupIntentId: null };
      await updateTenancy(db, tenancy.id, changed);
      await recordAudit(db, {
        type: "info",
        action: "tenancy.rent_card_replaced",
        message: `The tenant's card for the rent on booking #${tenancy.bookingId} was replaced; later rent is taken from the new card`,
        target: { type: "booking", id: tenancy.bookingId },
        details: { tenancyId: tenancy.id, setupIntentId: replacing },
      });
      return { ...tenancy, ...changed };
    }
    if (!tenancy.setupIntentId) return tenancy;
    const paymentMethodId = await this.cards.savedCard(tenancy.setupIntentId).catch(() => null);
    if (!paymentMethodId) return tenancy;
    await updateTenancy(db, tenancy.id, { paymentMethodId });
    return { ...tenancy, paymentMethodId };
  }

  /**
   * The tenant saves the card their rent will be collected with: a SetupIntent, and nothing charged. With a card
   * already saved (one expired or replaced), a new SetupIntent replaces it once Stripe confirms it; until then the
   * saved card stays the one charged.
   */
  async setUpCard(viewer: Actor, bookingId: number): Promise<TTenancyCardSetup> {
    const facts = await this.factsFor(bookingId);
    tenantOf(viewer, facts);
    if (!this.cards.enabled) {
      throw new ConflictError("Card payments are off here: the rent is demo money and no card is needed.");
    }
    if (facts.bookingStatus === "cancelled" || facts.bookingStatus === "completed") {
      throw new ConflictError(`This tenancy is ${facts.bookingStatus}; there is no rent to pay.`);
    }
    const tenancy = await this.withCardSavedSince(this.db, facts.tenancy);
    if (tenancy.endsOn && tenancy.endsOn < this.today()) {
      throw new ConflictError("This tenancy has ended; there is no rent left to take from a card.");
    }
    const replacing = tenancy.paymentMethodId ?? undefined;
    const setup = await this.cards.setUpCard({
      id: tenancy.id,
      email: facts.guestEmail,
      customerId: tenancy.stripeCustomerId,
      // Asked again before the card is confirmed (the form reopened): the same SetupIntent.
      setupIntentId: replacing ? tenancy.replacementSetupIntentId : tenancy.setupIntentId,
      replacing,
    });
    await updateTenancy(
      this.db,
      tenancy.id,
      replacing
        ? { stripeCustomerId: setup.customerId, replacementSetupIntentId: setup.setupIntentId }
        : { stripeCustomerId: setup.customerId, setupIntentId: setup.setupIntentId },
    );
    return {
      bookingId,
      setupIntentId: setup.setupIntentId,
      clientSecret: setup.clientSecret,
      publishableKey: this.cards.publishableKey ?? "",
    };
  }

  /**
   * The landlord agrees the tenancy: the first month's rent (never more) is collected now, from the saved card or as
   * demo money, in the transaction that confirms the booking. A card that is not saved yet, or is declined, stops the
   * agreement with a 409 and changes nothing.
   */
  async agree(tx: Tx, bookingId: number): Promise<void> {
    const found = await findTenancyByBooking(tx, bookingId);
    if (!found) return;
    // A replacement card confirmed before the landlord agrees is the one the first month is taken from.
    const tenancy = await this.withCardSavedSince(tx, found);
    const facts = await findTenancyFacts(tx, tenancy.id, true);
    if (!facts) throw notFound("Booking not found");
    let paymentMethodId = tenancy.paymentMethodId;
    if (!tenancy.demo) {
      paymentMethodId ??= tenancy.setupIntentId ? await this.cards.savedCard(tenancy.setupIntentId) : null;
      if (!tenancy.stripeCustomerId || !paymentMethodId) {
        throw new ConflictError(
          "The tenant has not saved the card their rent is paid with yet. They are asked to; accept once they have.",
        );
      }
    }
    await updateTenancy(tx, tenancy.id, { agreedAt: new Date(), paymentMethodId });
    const first = await this.rentDue(tx, { ...facts, tenancy: { ...tenancy, paymentMethodId } }, tenancy.startsOn);
    if (!first) return;
    const outcome = await this.charge(
      tx,
      { ...facts, tenancy: { ...tenancy, paymentMethodId } },
      first,
      `first-${paymentMethodId ?? "demo"}`,
    );
    if (!outcome.paid) {
      throw new ConflictError(`The first month's rent could not be taken from the tenant's card: ${outcome.reason}`);
    }
  }

  /**
   * The tenant gives notice: the tenancy's last day, at least two months on and at the end of a rent period. The
   * booking's calendar hold ends with it, no rent is collected for a period after it, and both sides are told.
   */
  async giveNotice(viewer: Actor, bookingId: number, endsOn: string): Promise<TTenancy> {
    const facts = await this.factsFor(bookingId);
    tenantOf(viewer, facts);
    const today = this.today();
    if (endsOn < today) throw new InvalidInputError("The tenancy's last day cannot be in the past.");
    if (facts.bookingStatus !== "confirmed" || !facts.tenancy.agreedAt) {
      throw new ConflictError(
        "Notice is given on an agreed tenancy; a request not yet agreed can be withdrawn instead.",
      );
    }
    if (facts.tenancy.endsOn) {
      throw new ConflictError(
        `Notice has already been given: the tenancy ends on ${formatDateGb(facts.tenancy.endsOn)}.`,
      );
    }
    const problem = noticeEndProblem(facts.tenancy.startsOn, today, endsOn);
    if (problem) throw new InvalidInputError(problem);
    await this.db.transaction(async (tx) => {
      await updateTenancy(tx, facts.tenancy.id, { endsOn, noticeGivenOn: today, noticeGivenAt: new Date() });
      await setBookingCheckOut(tx, bookingId, addDays(endsOn, 1));
      const last = formatDateGb(endsOn);
      await this.outbox.add(tx, [
        {
          email: tenancyNewsLetter(
            { email: facts.ownerEmail, firstName: facts.ownerFirstName },
            {
              subject: `Your tenant has given notice: ${facts.title}`,
              text: `Your tenant at ${facts.title} has given notice. The tenancy's last day is ${last}; rent is collected up to then.`,
              url: `${this.publicUrl}/landlord/bookings`,
            },
          ),
        },
        {
          email: tenancyNewsLetter(
            { email: facts.guestEmail, firstName: facts.guestFirstName },
            {
              subject: `Your notice is recorded: ${facts.title}`,
              text: `We have told your landlord. Your tenancy at ${facts.title} ends on ${last}; rent is collected up to then.`,
              url: `${this.publicUrl}/bookings`,
            },
          ),
        },
      ]);
    });
    return this.view(viewer, bookingId);
  }

  /**
   * The monthly job: writes each agreed tenancy's rent as due on its period's first day (never after its last day),
   * tries the saved card for every rent due or due a retry, and keeps the open-ended tenancies' calendars held.
   * Returns the rent payments collected this run.
   */
  async collectDue(): Promise<{ collected: number; failed: number }> {
    const today = this.today();
    let collected = 0;
    let failed = 0;
    for (const tenancyId of await findCollectingTenancies(this.db)) {
      await this.db.transaction(async (tx) => {
        const facts = await findTenancyFacts(tx, tenancyId, true);
        if (!facts) return;
        const { tenancy } = facts;
        // Every period begun by today, from the first not paid with the booking (a converted fixed term's).
        const last = periodIndexOn(tenancy.startsOn, today);
        for (let index = 0; index <= last; index++) {
          const start = periodStartOf(tenancy.startsOn, index);
          if (tenancy.endsOn && start > tenancy.endsOn) break;
          if (tenancy.formerFixedTermCheckOut && start < tenancy.formerFixedTermCheckOut) continue;
          await this.rentDue(tx, facts, start);
        }
      });
      await this.db.transaction(async (tx) => {
        const facts = await findTenancyFacts(tx, tenancyId, true);
        if (!facts) return;
        for (const rent of await lockRentToTry(tx, tenancyId, today)) {
          const outcome = await this.charge(tx, facts, rent, `try-${rent.attempts + 1}`);
          if (outcome.paid) collected++;
          else failed++;
        }
      });
    }
    await this.holdCalendars(today);
    return { collected, failed };
  }

  /** Keeps every open-ended tenancy's calendar held beyond the booking window. */
  private async holdCalendars(today: string): Promise<void> {
    const until = tenancyHoldUntil(today);
    for (const { bookingId } of await findHoldsToExtend(this.db, until)) {
      // A stay booked into the gap (only if this job stopped for a month) keeps its nights; the hold waits.
      await setBookingCheckOut(this.db, bookingId, until).catch(() => undefined);
    }
  }

  /** A period's rent written as due and owed in the ledger, once; the row to collect, or undefined if paid. */
  private async rentDue(tx: Tx, facts: TenancyFacts, periodStart: string): Promise<RentPaymentRow | undefined> {
    const { tenancy } = facts;
    const amountPence = await rentForPeriod(tx, tenancy, periodStart);
    const row = await insertRentDue(tx, {
      tenancyId: tenancy.id,
      periodStart,
      periodEnd: periodEndOf(tenancy.startsOn, periodStart),
      amountPence,
    });
    if (row) await postRentDue(tx, this.posting(facts, periodStart, amountPence));
    return row;
  }

  /** One try at a period's rent: the saved card (or demo money), the ledger, and the letters that say what happened. */
  private async charge(
    tx: Tx,
    facts: TenancyFacts,
    rent: RentPaymentRow,
    attemptName: string,
  ): Promise<{ paid: true } | { paid: false; reason: string }> {
    // The row is locked by the caller's transaction, so a card saved since is recorded in it.
    const tenancy = await this.withCardSavedSince(tx, facts.tenancy);
    const attempts = rent.attempts + 1;
    const outcome = tenancy.demo
      ? { paid: true as const, paymentIntentId: null }
      : !tenancy.stripeCustomerId || !tenancy.paymentMethodId
        ? // A tenancy agreed before cards were saved (a converted fixed term) has nothing to charge until one is.
          {
            paid: false as const,
            paymentIntentId: null,
            reason: "no card is saved for the rent yet; the tenant saves one from My Bookings",
          }
        : await this.cards.chargeRent({
            customerId: tenancy.stripeCustomerId,
            paymentMethodId: tenancy.paymentMethodId,
            amountPence: rent.amountPence,
            bookingId: tenancy.bookingId,
            // One key per try of one period: a job run twice sends the same try, which Stripe answers once.
            idempotencyKey: `tenancy-${tenancy.id}-rent-${rent.periodStart}-${attemptName}`,
            metadata: {
              tenancyId: String(tenancy.id),
              periodStart: rent.periodStart,
              bookingId: String(tenancy.bookingId),
            },
          });
    const amount = formatPence(rent.amountPence);
    const period = `${formatDateGb(rent.periodStart)} to ${formatDateGb(rent.periodEnd)}`;
    if (outcome.paid) {
      await updateRentPayment(tx, rent.id, {
        status: "paid",
        attempts,
        nextAttemptOn: null,
        paidAt: new Date(),
        paymentIntentId: outcome.paymentIntentId,
        lastError: null,
      });
      await postRentPaid(tx, {
        ...this.posting(facts, rent.periodStart, rent.amountPence),
        paymentIntentId: outcome.paymentIntentId,
      });
      const demo = tenancy.demo ? " (demo money: no card was charged)" : "";
      await this.tell(
        tx,
        facts,
        `Rent received: ${facts.title}`,
        `The rent of ${amount} for ${period} was collected${demo}.`,
      );
      return { paid: true };
    }
    const next = nextRentAttemptOn(rent.periodStart, attempts);
    await updateRentPayment(tx, rent.id, {
      status: next ? "due" : "failed",
      attempts,
      nextAttemptOn: next,
      paymentIntentId: outcome.paymentIntentId,
      lastError: outcome.reason,
    });
    const when = next
      ? `We will try the card again on ${formatDateGb(next)}.`
      : "We will not try the card again: the tenant and landlord should settle this rent between them.";
    await this.tell(
      tx,
      facts,
      `Rent not collected: ${facts.title}`,
      `The rent of ${amount} for ${period} could not be collected (${outcome.reason}). ${when}`,
    );
    return { paid: false, reason: outcome.reason };
  }

  private posting(facts: TenancyFacts, periodStart: string, amountPence: number): RentPosting {
    return {
      tenancyId: facts.tenancy.id,
      bookingId: facts.tenancy.bookingId,
      guestId: facts.guestId,
      landlordId: facts.ownerId,
      periodStart,
      amountPence,
      demo: facts.tenancy.demo,
    };
  }

  /** The same news to the tenant and the landlord, through the outbox in the caller's transaction. */
  private async tell(tx: Tx, facts: TenancyFacts, subject: string, text: string): Promise<void> {
    await this.outbox.add(tx, [
      {
        email: tenancyNewsLetter(
          { email: facts.guestEmail, firstName: facts.guestFirstName },
          { subject, text, url: `${this.publicUrl}/bookings` },
        ),
      },
      {
        email: tenancyNewsLetter(
          { email: facts.ownerEmail, firstName: facts.ownerFirstName },
          { subject, text, url: `${this.publicUrl}/landlord/bookings` },
        ),
      },
    ]);
  }

  private async factsFor(bookingId: number): Promise<TenancyFacts> {
    const tenancy = await findTenancyByBooking(this.db, bookingId);
    const facts = tenancy && (await findTenancyFacts(this.db, tenancy.id));
    if (!facts) throw notFound("Tenancy not found");
    return facts;
  }

  private async toTenancy(tenancy: TenancyRow): Promise<TTenancy> {
    const payments = await findRentPayments(this.db, tenancy.id);
    return {
      bookingId: tenancy.bookingId,
      startsOn: tenancy.startsOn,
      monthlyRent: (tenancy.monthlyRentPence / 100).toFixed(2),
      endsOn: tenancy.endsOn,
      noticeGivenOn: tenancy.noticeGivenOn,
      earliestNoticeEnd: earliestNoticeEnd(tenancy.startsOn, this.today()),
      agreed: tenancy.agreedAt !== null,
      cardSaved: tenancy.paymentMethodId !== null,
      demo: tenancy.demo,
      payments: payments.map((p) => ({
        periodStart: p.periodStart,
        periodEnd: p.periodEnd,
        amount: (p.amountPence / 100).toFixed(2),
        status: p.status,
        attempts: p.attempts,
        nextAttemptOn: p.nextAttemptOn,
        lastError: p.lastError,
      })),
    };
  }
}
