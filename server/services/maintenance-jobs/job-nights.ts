import { addDays, formatDateGb, formatNightRange } from "../../../common/domain/calendar-dates";
import { jobNightNote } from "../../../common/schemas/maintenance";
import type { Tx } from "../../db/client";
import { ConflictError } from "../../lib/errors";
import type { JobView } from "../../repositories/maintenance-jobs.repository";
import { blockNightsForJob, type HeldStay, releaseJobNights } from "../../repositories/properties/calendar.repository";

/**
 * Blocks the nights the work keeps the property empty, from `date`, tagged with the job; the job's earlier nights
 * still ahead are released first, so a new date moves the block. Nights the landlord blocked stay theirs. A
 * pending or confirmed stay on any of the nights is a 409 naming it and the next free window of as many nights.
 */
export async function holdNights(
  tx: Tx,
  job: JobView,
  today: string,
  date: string,
  vacantNights: number | null,
): Promise<void> {
  await releaseJobNights(tx, job.job.id, today);
  if (vacantNights === null) return;
  const outcome = await blockNightsForJob(tx, job.job.propertyId, job.job.id, {
    from: date,
    to: addDays(date, vacantNights - 1),
    note: jobNightNote({ id: job.job.id, title: job.job.title }),
  });
  if ("heldBy" in outcome) throw new ConflictError(clashMessage(outcome.heldBy, outcome.upcoming, date, vacantNights));
}

/**
 * "A confirmed stay holds 3 December 2026 to 5 December 2026. The next free 2 nights start on 6 December 2026.": the
 * stays in the way, and the first window of `nights` nights from `from` that no pending or confirmed stay holds.
 */
function clashMessage(heldBy: HeldStay[], upcoming: HeldStay[], from: string, nights: number): string {
  const held = heldBy
    .map(
      (stay, i) =>
        `${i === 0 ? "A" : "a"} ${stay.status === "confirmed" ? "confirmed stay" : "booking request"} holds ${formatNightRange(
          stay.checkIn,
          addDays(stay.checkOut, -1),
        )}`,
    )
    .join("; ");
  let start = from;
  // Stays never overlap and come by check-in, so one pass moves the window past each stay in its way.
  for (const stay of upcoming) {
    if (stay.checkIn < addDays(start, nights) && stay.checkOut > start) start = stay.checkOut;
  }
  const next =
    nights === 1
      ? `The next free night is ${formatDateGb(start)}.`
      : `The next free ${nights} nights start on ${formatDateGb(start)}.`;
  return `${held}. ${next}`;
}
