import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { londonToday } from "../../common/domain/calendar-dates";
import { maintenanceJobs } from "../../server/db/schema";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { ledgerTotal } from "../support/ledger-lines";
import { jobParties } from "../support/maintenance";
import { setUpTestApp } from "../support/test-context";

/**
 * A maintenance job's cost paid through the platform: marking it paid moves the cost from the owner's held earnings
 * to the contractor's, and the contractor's transfer follows; a cost above what the owner has held moves nothing.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

/** A job the contractor has finished at `finalCost` pounds, written straight into the database. */
async function completedJob(p: Awaited<ReturnType<typeof jobParties>>, finalCost: string) {
  const [job] = await t.db
    .insert(maintenanceJobs)
    .values({
      propertyId: p.property.id,
      reportedBy: p.owner.user.id,
      title: "Boiler service",
      description: "The yearly service of the boiler.",
      category: "plumbing",
      status: "completed",
      contractorId: p.contractor.user.id,
      agreedPayment: finalCost,
      finalCost,
      completedAt: new Date(),
    })
    .returning({ id: maintenanceJobs.id });
  if (!job) throw new Error("job not inserted");
  return job.id;
}

const jobLedger = (jobId: number) =>
  t.db.execute<{ kind: string; lines: Record<string, number> }>(sql`
    select t.kind, json_object_agg(a.kind || coalesce(':' || a.party_id, ''), e.amount_pence) as lines
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
     where t.maintenance_job_id = ${jobId} group by t.id order by t.id`);

describe("paying a contractor for a job", () => {
  it("moves the cost from the owner to the contractor, then sends it; a cost above the owner's held earnings moves nothing", async () => {
    const p = await jobParties(t.db, server.baseUrl);
    const owner = p.owner.user.id;
    const contractor = p.contractor.user.id;
    await insertDemoPayoutAccount(t.db, contractor);

    const paid = await completedJob(p, "155.50");
    expect((await p.owner.client.post(`/api/maintenance/jobs/${paid}/mark-paid`)).status).toBe(200);
    await server.app.services.payoutTransfers.releaseDue(londonToday());
    expect((await jobLedger(paid)).rows).toEqual([
      { kind: "job_cost", lines: { [`earnings_held:${owner}`]: 15_550, [`earnings_held:${contractor}`]: -15_550 } },
      {
        kind: "transfer",
        lines: {
          [`earnings_held:${contractor}`]: 15_550,
          [`earnings_transferred:${contractor}`]: -15_550,
          connected_cash: 15_550,
          platform_cash: -15_550,
        },
      },
    ]);

    // The owner's £3,000 stay is then sent to them less the £155.50 already spent on the job: £2,844.50. The rest of
    // the stay's share stays with the platform, and nothing is left to pay the next job from.
    const sentToOwner = await t.db.execute<{ amount_pence: string; claim_key: string }>(sql`
      select amount_pence::text, claim_key from payout_transfers where payee_id = ${owner} and sent_at is not null`);
    expect(sentToOwner.rows).toEqual([{ amount_pence: "284450", claim_key: `booking:${p.stay.id}:transfer:${owner}` }]);
    await server.app.services.payoutTransfers.releaseDue(londonToday());
    expect((await t.db.execute(sql`select 1 from payout_transfers where payee_id = ${owner}`)).rows).toHaveLength(1);

    const tooDear = await completedJob(p, "2900.00");
    const refused = await p.owner.client.post(`/api/maintenance/jobs/${tooDear}/mark-paid`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "The owner's earnings held by StayLondon (£0.00) do not cover this job's cost (£2,900.00), so it cannot be paid through StayLondon.",
    );
    const [row] = await t.db
      .select({ paidAt: maintenanceJobs.paidAt })
      .from(maintenanceJobs)
      .where(eq(maintenanceJobs.id, tooDear));
    expect(row?.paidAt).toBeNull();
    expect((await jobLedger(tooDear)).rows).toEqual([]);
    expect(await ledgerTotal(t.db)).toBe(0);
  });
});
