import { formatDateGb } from "../../../common/domain/calendar-dates";
import { PET_REMINDER_DAYS_BEFORE, petAnswerDueOn, petRequestOverdue } from "../../../common/domain/tenant-rights";
import { UK_RULES } from "../../../common/domain/uk-law";
import type { TAnswerPetRequest, TAskPetRequest, TPetRequest } from "../../../common/schemas/tenant-rights";
import { tenancyPart } from "../../access/tenancies";
import type { Database } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { fullName } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  answerPetRequest,
  claimOverduePetRequests,
  claimPetReminders,
  findOverduePetRequests,
  findPetRequests,
  insertPetRequest,
  lockPetRequest,
  lockTenancyBooking,
  type PetRequestRow,
} from "../../repositories/tenant-rights.repository";
import { petRequestAnsweredLetter, petRequestAskedLetter, petRequestDueLetter } from "../messaging/email-templates";
import type { Outbox } from "../messaging/outbox";
import { auditActor, partiesOf, requireTenancy, type TenancyActor, tenancyOr404 } from "./tenancy-facts";

/** A pet request as both sides (and administrators) see it, flagged once unanswered past its last day. */
export function petRequestView(row: PetRequestRow, today: string): TPetRequest {
  return {
    id: row.id,
    bookingId: row.bookingId,
    description: row.description,
    status: row.status,
    askedOn: row.askedOn,
    answerDueOn: row.answerDueOn,
    overdue: petRequestOverdue(row, today),
    refusalReason: row.refusalReason,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    propertyTitle: row.propertyTitle,
    tenantName: fullName({ firstName: row.tenantFirstName, lastName: row.tenantLastName }),
  };
}

type DueRow = Awaited<ReturnType<typeof claimPetReminders>>[number];

/** Tenancies that may be asked about a pet: agreed ones, and requests not yet agreed (asked before moving in). */
const ASKABLE = new Set(["pending", "confirmed"]);

/**
 * Pet requests: the tenant asks, the landlord answers within 28 days (a refusal with its reason), a job reminds the
 * landlord before the last day and flags a request left unanswered after it, telling both sides. Every step is in
 * the audit log.
 */
export class PetRequests {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
    private readonly today: () => string,
  ) {}

  async ask(user: TenancyActor, bookingId: number, input: TAskPetRequest): Promise<TPetRequest> {
    const id = await this.db.transaction(async (tx) => {
      await lockTenancyBooking(tx, bookingId);
      const tenancy = await tenancyOr404(tx, bookingId);
      tenancyPart(user, partiesOf(tenancy), "tenant");
      requireTenancy(tenancy);
      if (!ASKABLE.has(tenancy.status)) {
        throw new ConflictError("A pet request can be made only on a tenancy that is requested or agreed.");
      }
      const askedOn = this.today();
      const answerDueOn = petAnswerDueOn(askedOn);
      const inserted = await insertPetRequest(tx, {
        bookingId,
        askedBy: user.id,
        description: input.description,
        askedOn,
        answerDueOn,
      });
      if (inserted === undefined) {
        throw new ConflictError("Your landlord has not answered your last pet request yet; ask again once they have.");
      }
      await recordAudit(tx, {
        type: "info",
        action: "pet_request.asked",
        message: `Pet request on booking #${bookingId}, answer due by ${answerDueOn}`,
        actor: auditActor(user),
        target: { type: "booking", id: bookingId },
        details: { petRequestId: inserted, answerDueOn },
      });
      await this.outbox.add(tx, [
        {
          email: petRequestAskedLetter(
            { email: tenancy.owner_email, firstName: tenancy.owner_first_name },
            {
              propertyTitle: tenancy.title,
              url: `${this.publicUrl}/landlord/bookings`,
              description: input.description,
              dueOn: formatDateGb(answerDueOn),
            },
          ),
        },
      ]);
      return inserted;
    });
    return this.one(bookingId, id);
  }

  async answer(user: TenancyActor, id: number, input: TAnswerPetRequest): Promise<TPetRequest> {
    const bookingId = await this.db.transaction(async (tx) => {
      const locked = await lockPetRequest(tx, id);
      if (!locked) throw notFound("Pet request not found");
      tenancyPart(user, { guestId: locked.guestId, ownerId: locked.ownerId }, "landlord");
      if (locked.request.status !== "pending") {
        throw new ConflictError("This pet request has already been answered.");
      }
      const approved = input.decision === "approve";
      const reason = approved ? null : (input.reason ?? null);
      await answerPetRequest(tx, id, {
        status: approved ? "approved" : "refused",
        refusalReason: reason,
        answeredBy: user.id,
      });
      const tenancy = await tenancyOr404(tx, locked.request.bookingId);
      await recordAudit(tx, {
        type: approved ? "success" : "warning",
        action: "pet_request.answered",
        message: `Pet request #${id} on booking #${tenancy.id} ${approved ? "agreed" : `refused: ${reason}`}`,
        actor: auditActor(user),
        target: { type: "booking", id: tenancy.id },
        details: { petRequestId: id, decision: input.decision, ...(reason ? { reason } : {}) },
      });
      await this.outbox.add(tx, [
        {
          email: petRequestAnsweredLetter(
            { email: tenancy.guest_email, firstName: tenancy.guest_first_name },
            { propertyTitle: tenancy.title, url: `${this.publicUrl}/bookings`, approved, reason },
          ),
        },
      ]);
      return tenancy.id;
    });
    return this.one(bookingId, id);
  }

  /** Requests unanswered past their last day, for administrators. */
  async overdue(): Promise<TPetRequest[]> {
    const today = this.today();
    return (await findOverduePetRequests(this.db, today)).map((row) => petRequestView(row, today));
  }

  /**
   * The job's run: reminds landlords of requests due within a week, and flags those past their last day (from the
   * day the duty applies), telling both sides and writing an audit entry. Each happens once per request.
   */
  sendDue(): Promise<{ reminded: number[]; flagged: number[] }> {
    return this.db.transaction(async (tx) => {
      const today = this.today();
      const reminders = await claimPetReminders(tx, today, PET_REMINDER_DAYS_BEFORE);
      const overdue = await claimOverduePetRequests(tx, today, UK_RULES.petRequests.inForceFrom);
      const letter = (row: DueRow, toLandlord: boolean, overdue: boolean) => ({
        email: petRequestDueLetter(
          toLandlord
            ? { email: row.owner_email, firstName: row.owner_first_name }
            : { email: row.guest_email, firstName: row.guest_first_name },
          {
            propertyTitle: row.title,
            url: `${this.publicUrl}${toLandlord ? "/landlord/bookings" : "/bookings"}`,
            dueOn: formatDateGb(row.answer_due_on),
            overdue,
            toLandlord,
          },
        ),
      });
      const letters = [
        ...reminders.map((row) => letter(row, true, false)),
        ...overdue.flatMap((row) => [letter(row, true, true), letter(row, false, true)]),
      ];
      for (const row of overdue) {
        await recordAudit(tx, {
          type: "warning",
          action: "pet_request.overdue",
          message: `Pet request #${row.id} on booking #${row.booking_id} unanswered past ${row.answer_due_on}`,
          target: { type: "booking", id: row.booking_id },
          details: { petRequestId: row.id, answerDueOn: row.answer_due_on },
        });
      }
      await this.outbox.add(tx, letters);
      return { reminded: reminders.map((row) => row.id), flagged: overdue.map((row) => row.id) };
    });
  }

  private async one(bookingId: number, id: number): Promise<TPetRequest> {
    const row = (await findPetRequests(this.db, bookingId)).find((request) => request.id === id);
    if (!row) throw new Error("a pet request just written cannot be read");
    return petRequestView(row, this.today());
  }
}
