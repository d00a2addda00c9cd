import { formatDateGb } from "../../../common/domain/calendar-dates";
import { formatPence } from "../../../common/domain/money-documents";
import { poundsToPence } from "../../../common/domain/pricing";
import { rentIncreaseProblem } from "../../../common/domain/tenant-rights";
import type { TProposeRentIncrease, TRentIncrease } from "../../../common/schemas/tenant-rights";
import { tenancyPart } from "../../access/tenancies";
import type { Database, Db } from "../../db/client";
import { ConflictError, notFound, UnprocessableError } from "../../lib/errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  findIncreaseStartedBy,
  findRentIncreaseNotice,
  findRentIncreases,
  insertRentIncrease,
  lockTenancyBooking,
} from "../../repositories/tenant-rights.repository";
import { rentIncreaseServedLetter } from "../messaging/email-templates";
import type { Outbox } from "../messaging/outbox";
import { bookedRentOf, rentIncreaseNoticePdf, sha256Of } from "./tenancy-documents";
import { auditActor, partiesOf, requireTenancy, type TenancyActor, tenancyOr404 } from "./tenancy-facts";

/**
 * The rent a Section 13 increase sets for a tenancy on `onDate`: the latest increase that has started by then, or null
 * when none has (the booked rent applies). Rent collection asks it for each month it collects.
 */
export async function rentIncreaseInForce(
  db: Database,
  bookingId: number,
  onDate: string,
): Promise<{ monthlyRentPence: number; from: string } | null> {
  const row = await findIncreaseStartedBy(db, bookingId, onDate);
  return row ? { monthlyRentPence: row.monthlyRentPence, from: row.startsOn } : null;
}

type IncreaseRow = Awaited<ReturnType<typeof findRentIncreases>>[number];

export const rentIncreaseView = (row: IncreaseRow): TRentIncrease => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  noticeUrl: `/api/rent-increases/${row.id}/notice.pdf`,
});

/** The rent now and the increases so far, latest first: what both sides' view and a new notice start from. */
export async function rentHistory(db: Db, bookingId: number, bookedPence: number, today: string) {
  const increases = await findRentIncreases(db, bookingId);
  const started = increases.find((increase) => increase.startsOn <= today);
  return { increases, currentPence: started?.monthlyRentPence ?? bookedPence };
}

/**
 * Section 13 increases: the landlord proposes a new monthly rent and its first day; the app serves it only when the
 * law allows (uk-law.ts, tenant-rights.ts), keeps the notice as served, and tells the tenant.
 */
export class RentIncreases {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
    private readonly now: () => Date,
    private readonly today: () => string,
  ) {}

  async propose(user: TenancyActor, bookingId: number, input: TProposeRentIncrease): Promise<TRentIncrease> {
    const id = await this.db.transaction(async (tx) => {
      await lockTenancyBooking(tx, bookingId);
      const tenancy = await tenancyOr404(tx, bookingId);
      tenancyPart(user, partiesOf(tenancy), "landlord");
      requireTenancy(tenancy);
      if (tenancy.status !== "confirmed") {
        throw new ConflictError("A rent increase can be served only on a tenancy that is agreed and not ended.");
      }
      const servedOn = this.today();
      const increases = await findRentIncreases(tx, bookingId);
      const latest = increases[0];
      // The rent the notice raises: the one in force just before the new rent would start.
      const before = increases.find((increase) => increase.startsOn < input.startsOn);
      const currentPence = before?.monthlyRentPence ?? bookedRentOf(tenancy);
      const newPence = poundsToPence(input.monthlyRent);
      const problem = rentIncreaseProblem({
        tenancyStart: tenancy.check_in,
        servedOn,
        startsOn: input.startsOn,
        previousStartsOn: latest?.startsOn ?? null,
        currentMonthlyPence: currentPence,
        newMonthlyPence: newPence,
      });
      if (problem) throw new UnprocessableError(problem);
      const pdf = await rentIncreaseNoticePdf(tenancy, {
        currentPence,
        newPence,
        startsOn: input.startsOn,
        servedOn,
        servedAt: this.now(),
      });
      const inserted = await insertRentIncrease(tx, {
        bookingId,
        proposedBy: user.id,
        previousMonthlyRentPence: currentPence,
        monthlyRentPence: newPence,
        startsOn: input.startsOn,
        servedOn,
        noticePdf: pdf,
        noticeSha256: sha256Of(pdf),
      });
      if (inserted === undefined) throw new Error("a rent increase just written has no id");
      await recordAudit(tx, {
        type: "info",
        action: "rent_increase.served",
        message: `Section 13 notice served on booking #${bookingId}: ${formatPence(currentPence)} to ${formatPence(newPence)} a month from ${input.startsOn}`,
        actor: auditActor(user),
        target: { type: "booking", id: bookingId },
        details: { currentPence, newPence, startsOn: input.startsOn, servedOn },
      });
      await this.outbox.add(tx, [
        {
          email: rentIncreaseServedLetter(
            { email: tenancy.guest_email, firstName: tenancy.guest_first_name },
            {
              propertyTitle: tenancy.title,
              url: `${this.publicUrl}/bookings`,
              currentRent: formatPence(currentPence),
              newRent: formatPence(newPence),
              startsOn: formatDateGb(input.startsOn),
            },
          ),
        },
      ]);
      return inserted;
    });
    const row = (await findRentIncreases(this.db, bookingId)).find((increase) => increase.id === id);
    if (!row) throw new Error("a rent increase just written cannot be read");
    return rentIncreaseView(row);
  }

  /** The notice as served, for the tenancy's parties; anyone else gets the 404 of one that does not exist. */
  async notice(user: TenancyActor, id: number): Promise<{ pdf: Buffer; filename: string }> {
    const notice = await findRentIncreaseNotice(this.db, id);
    if (!notice) throw notFound("Rent increase not found");
    const tenancy = await tenancyOr404(this.db, notice.bookingId);
    tenancyPart(user, partiesOf(tenancy), "read");
    return { pdf: notice.pdf, filename: `staylondon-rent-notice-${notice.bookingId}-${notice.startsOn}.pdf` };
  }
}
