import {
  RIGHT_TO_RENT_METHOD_LABELS,
  rightToRentDayProblem,
  rightToRentLate,
} from "../../../common/domain/right-to-rent";
import type { TRecordRightToRentCheck, TRightToRentCheck } from "../../../common/entities/right-to-rent";
import { tenancyPart } from "../../access/tenancies";
import type { Database } from "../../db/client";
import { ConflictError, InvalidInputError } from "../../lib/errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { type RightToRentCheckRow, saveRightToRentCheck } from "../../repositories/tenancy-right-to-rent.repository";
import { lockTenancyBooking } from "../../repositories/tenant-rights.repository";
import { auditActor, partiesOf, type TenancyActor, tenancyOr404 } from "./tenancy-facts";

/** A recorded check as both the answer and the landlord's reminder read it. */
export function rightToRentCheckView(row: RightToRentCheckRow, tenancyStart: string): TRightToRentCheck {
  return {
    bookingId: row.bookingId,
    checkedOn: row.checkedOn,
    method: row.method,
    late: rightToRentLate(row.checkedOn, tenancyStart),
    recordedAt: row.recordedAt.toISOString(),
  };
}

/** Tenancies whose check can be recorded: asked for (checked before agreeing), agreed, or ended since. */
const CHECKABLE = new Set(["pending", "confirmed", "completed"]);

/**
 * The landlord records that they checked the Right to Rent, the day and the way, so the duty on their bookings shows
 * as done. Only the landlord: the check is their legal duty and their statement (an admin reads it, the tenant and
 * anyone else get the access module's refusal).
 */
export class RightToRentChecks {
  constructor(
    private readonly db: Database,
    private readonly today: () => string,
  ) {}

  async record(user: TenancyActor, bookingId: number, input: TRecordRightToRentCheck): Promise<TRightToRentCheck> {
    return this.db.transaction(async (tx) => {
      await lockTenancyBooking(tx, bookingId);
      const tenancy = await tenancyOr404(tx, bookingId);
      tenancyPart(user, partiesOf(tenancy), "landlord");
      if (tenancy.stay_mode !== "tenancy") {
        throw new ConflictError("This booking is not a tenancy: a Right to Rent check is recorded on a tenancy.");
      }
      if (!CHECKABLE.has(tenancy.status)) {
        throw new ConflictError(`This tenancy is ${tenancy.status}; there is no Right to Rent check to record.`);
      }
      const problem = rightToRentDayProblem(input.checkedOn, tenancy.check_in, this.today());
      if (problem) throw new InvalidInputError(problem);
      const row = await saveRightToRentCheck(tx, { bookingId, ...input, recordedBy: user.id });
      const view = rightToRentCheckView(row, tenancy.check_in);
      await recordAudit(tx, {
        type: view.late ? "warning" : "success",
        action: "tenancy.right_to_rent_checked",
        message: `Right to Rent check on booking #${bookingId} recorded: ${input.checkedOn}, ${RIGHT_TO_RENT_METHOD_LABELS[input.method]}${view.late ? " (after the tenancy started)" : ""}`,
        actor: auditActor(user),
        target: { type: "booking", id: bookingId },
        details: { checkedOn: input.checkedOn, method: input.method, late: view.late },
      });
      return view;
    });
  }
}
