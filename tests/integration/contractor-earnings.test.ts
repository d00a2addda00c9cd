import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths, londonToday } from "../../common/domain/calendar-dates";
import type { TContractorEarnings } from "../../common/schemas/maintenance";
import { maintenanceJobs } from "../../server/db/schema";
import { ledgerBalances } from "../../server/repositories/ledger.repository";
import { postJobCost } from "../../server/services/money/job-costs";
import type { HttpClient } from "../support/http-client";
import { type JobParties, jobParties, offerBody, ok, reportOn } from "../support/maintenance";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let p: JobParties;
beforeAll(async () => {
  p = await jobParties(t.db, server.baseUrl);
});

/** A job on the owner's flat, offered to one contractor, who takes it, does it and completes it at `finalCost`. */
async function completedJob(
  contractor: { client: HttpClient; user: { id: number } },
  title: string,
  finalCost: number,
) {
  const job = await reportOn(p.owner.client, p.property.id, { title });
  await ok(
    p.owner.client.post(
      `/api/maintenance/jobs/${job.id}/offers`,
      offerBody([contractor.user.id], { scheduledDate: addDays(londonToday(), 1), agreedPayment: finalCost }),
    ),
  );
  await ok(contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`));
  await ok(contractor.client.post(`/api/maintenance/jobs/${job.id}/progress`, { stage: "in_progress" }));
  await ok(contractor.client.post(`/api/maintenance/jobs/${job.id}/complete`, { finalCost, note: "Done and tested" }));
  return job.id;
}

const earningsOf = (client: HttpClient) => ok<TContractorEarnings>(client.get("/api/contractor/earnings"));
const none = { collected: 0, expected: 0, demo: 0 };

describe("a contractor's earnings come from the ledger", () => {
  it("shows each month exactly what the ledger credited, counts unpaid work without earning it, and only their own", async () => {
    const thisMonth = londonToday().slice(0, 7);
    const twoMonthsAgo = addMonths(`${thisMonth}-01`, -2).slice(0, 7);

    // Cara: one job paid two months ago (recorded as the owner marking it paid then records it), one paid now
    // through the owner's button, and one completed but not yet paid.
    const earlier = await completedJob(p.contractor, "Rehang the bathroom door", 85.25);
    const paidAt = new Date(`${twoMonthsAgo}-14T10:00:00Z`);
    await t.db.transaction(async (tx) => {
      await postJobCost(tx, {
        jobId: earlier,
        ownerId: p.owner.user.id,
        contractorId: p.contractor.user.id,
        costPence: 8525,
        demo: true,
        paidAt,
      });
      await tx.update(maintenanceJobs).set({ paidAt, paidBy: p.owner.user.id }).where(eq(maintenanceJobs.id, earlier));
    });
    const now = await completedJob(p.contractor, "Replace the kitchen tap", 142.6);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${now}/mark-paid`));
    await completedJob(p.contractor, "Bleed the radiators", 60);

    // Colm: one job of his own, paid now.
    const his = await completedJob(p.otherContractor, "Fix the letterbox", 40.1);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${his}/mark-paid`));

    const cara = await earningsOf(p.contractor.client);
    const month = (m: string) => cara.months.find((row) => row.month === m);
    expect(month(twoMonthsAgo)).toEqual({
      month: twoMonthsAgo,
      earned: 85.25,
      settlement: { ...none, demo: 85.25 },
      jobs: 1,
    });
    expect(month(thisMonth)).toEqual({
      month: thisMonth,
      earned: 142.6,
      settlement: { ...none, demo: 142.6 },
      jobs: 1,
    });
    expect(cara.months.filter((row) => row.earned !== 0 || row.jobs !== 0)).toHaveLength(2);
    expect(cara.totals).toEqual({
      earned: 227.85,
      settlement: { ...none, demo: 227.85 },
      thisMonth: 142.6,
      paidJobs: 2,
      completedJobs: 3,
      awaitingPayment: 1,
    });
    // The same as the ledger's own balance of what StayLondon holds for her (nothing was transferred here).
    const held = (await ledgerBalances(t.db, { partyId: p.contractor.user.id })).find(
      (a) => a.kind === "earnings_held",
    );
    expect(held?.balancePence).toBe(-22785);

    // Colm sees his own job's pay and nothing of Cara's, whose jobs were on the same owner's flat.
    const colm = await earningsOf(p.otherContractor.client);
    expect(colm.totals).toEqual({
      earned: 40.1,
      settlement: { ...none, demo: 40.1 },
      thisMonth: 40.1,
      paidJobs: 1,
      completedJobs: 1,
      awaitingPayment: 0,
    });
    expect(colm.months.filter((row) => row.earned !== 0).map((row) => [row.month, row.earned])).toEqual([
      [thisMonth, 40.1],
    ]);
  });
});
