import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import {
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITION_NAMES,
  type MaintenancePart,
  type MaintenanceStatus,
  type MaintenanceTransition,
  maintenanceTransition,
} from "../../common/domain/maintenance";
import { maintenanceJobEvents, maintenanceJobs, maintenanceOffers } from "../../server/db/schema";
import type { HttpClient } from "../support/http-client";
import { type JobParties, jobParties } from "../support/maintenance";
import { setUpTestApp } from "../support/test-context";

/**
 * The lifecycle as a table, through HTTP: every transition, by every part a user can play (and by someone
 * unrelated), on a job in every status. A change the table allows succeeds and moves the job where the table says;
 * a wrong status is a 409; a part that may never make it a 403 (from the route's gate when the role cannot reach the
 * route at all); someone the job is not related to a 404. A refused change leaves the job and its timeline as they
 * were.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

type Who = MaintenancePart | "stranger";
const WHO: Who[] = ["reporter", "owner", "manager", "contractor", "admin", "stranger"];

/** The permission each route's gate asks for. */
const GATE: Record<MaintenanceTransition, "manage" | "work" | "report"> = {
  triage: "manage",
  offer: "manage",
  reschedule: "manage",
  accept_proposed_date: "manage",
  decline_report: "manage",
  cancel: "manage",
  mark_paid: "manage",
  accept: "work",
  decline_offer: "work",
  propose_date: "work",
  update_progress: "work",
  complete: "work",
  withdraw_report: "report",
};

/** What each person's role reaches: the reporter and the stranger are guests. */
const REACHES: Record<Who, readonly string[]> = {
  reporter: ["report"],
  stranger: ["report"],
  owner: ["manage", "report"],
  manager: ["manage", "report"],
  admin: ["manage", "report"],
  contractor: ["work", "report"],
};

function expectedStatus(name: MaintenanceTransition, status: MaintenanceStatus, who: Who): number {
  if (!REACHES[who].includes(GATE[name])) return 403;
  // A declined report was never taken and its offers are withdrawn: no contractor is related to it.
  if (who === "stranger" || (who === "contractor" && status === "declined")) return 404;
  const verdict = maintenanceTransition(name, status, who);
  return verdict.ok ? 200 : verdict.code;
}

let p: JobParties;
let clients: Record<Who, HttpClient>;
beforeAll(async () => {
  p = await jobParties(t.db, server.baseUrl);
  clients = {
    reporter: p.guest.client,
    owner: p.owner.client,
    manager: p.manager.client,
    contractor: p.contractor.client,
    admin: p.admin.client,
    stranger: p.stranger.client,
  };
});

/**
 * A job reported by the guest from their stay, written straight into the database in `status`: offered to the
 * contractor while pending, taken by them from scheduled on (a cancelled job had been taken), with a date the
 * contractor proposed while scheduled.
 */
async function jobIn(status: MaintenanceStatus): Promise<number> {
  const taken = status === "scheduled" || status === "in_progress" || status === "completed" || status === "cancelled";
  const [job] = await t.db
    .insert(maintenanceJobs)
    .values({
      propertyId: p.property.id,
      reportedBy: p.guest.user.id,
      bookingId: p.stay.id,
      title: "Bathroom extractor fan is noisy",
      description: "The fan rattles loudly whenever the light is on.",
      category: "electrical",
      status,
      contractorId: taken ? p.contractor.user.id : null,
      scheduledDate: addDays(londonToday(), 10),
      estimatedHours: 2,
      agreedPayment: "150.00",
      proposedDate: status === "scheduled" ? addDays(londonToday(), 12) : null,
      workStage: status === "in_progress" ? "in_progress" : null,
      finalCost: status === "completed" ? "155.00" : null,
      completedAt: status === "completed" ? new Date() : null,
    })
    .returning({ id: maintenanceJobs.id });
  if (!job) throw new Error("job not inserted");
  if (status === "pending" || taken) {
    await t.db.insert(maintenanceOffers).values({
      jobId: job.id,
      contractorId: p.contractor.user.id,
      status: status === "pending" ? "open" : "accepted",
    });
  }
  return job.id;
}

/** A body each route would accept, so a refusal never comes from validation. */
function send(name: MaintenanceTransition, client: HttpClient, id: number) {
  const base = `/api/maintenance/jobs/${id}`;
  const later = addDays(londonToday(), 14);
  const reason = { reason: "Checking who may do this" };
  switch (name) {
    case "triage":
      return client.request("PATCH", base, { priority: "low" });
    case "offer":
      return client.post(`${base}/offers`, {
        contractorIds: [p.otherContractor.user.id],
        scheduledDate: later,
        estimatedHours: 3,
        vacantNights: null,
        agreedPayment: 200,
      });
    case "accept":
      return client.post(`${base}/accept`);
    case "decline_offer":
      return client.post(`${base}/decline`, reason);
    case "reschedule":
      return client.post(`${base}/reschedule`, { scheduledDate: later, vacantNights: null });
    case "propose_date":
      return client.post(`${base}/propose-date`, { proposedDate: later, note: "Parts arrive that week" });
    case "accept_proposed_date":
      return client.post(`${base}/accept-proposed-date`);
    case "update_progress":
      return client.post(`${base}/progress`, { stage: "waiting_for_parts" });
    case "complete":
      return client.post(`${base}/complete`, { finalCost: 160, note: "Fitted a quiet fan" });
    case "decline_report":
      return client.post(`${base}/decline-report`, reason);
    case "withdraw_report":
      return client.post(`${base}/withdraw`);
    case "cancel":
      return client.post(`${base}/cancel`, reason);
    case "mark_paid":
      return client.post(`${base}/mark-paid`);
  }
}

async function stateOf(id: number) {
  const [job] = await t.db
    .select({ status: maintenanceJobs.status, updatedAt: maintenanceJobs.updatedAt })
    .from(maintenanceJobs)
    .where(eq(maintenanceJobs.id, id));
  const events = await t.db.select().from(maintenanceJobEvents).where(eq(maintenanceJobEvents.jobId, id));
  return { status: job?.status, updatedAt: job?.updatedAt, events: events.length };
}

describe("every transition, by every part, on a job in every status", () => {
  it.each(MAINTENANCE_TRANSITION_NAMES)("%s answers as the lifecycle table says", async (name) => {
    const mismatches: string[] = [];
    let allowed = 0;
    for (const status of MAINTENANCE_STATUSES) {
      for (const who of WHO) {
        const id = await jobIn(status);
        const before = await stateOf(id);
        const response = await send(name, clients[who], id);
        const expected = expectedStatus(name, status, who);
        const label = `${who} on a ${status} job`;
        if (response.status !== expected) {
          mismatches.push(`${label}: ${response.status} ${JSON.stringify(response.body)}, expected ${expected}`);
          continue;
        }
        const after = await stateOf(id);
        if (expected === 200) {
          allowed++;
          const verdict = maintenanceTransition(name, status, who as MaintenancePart);
          if (verdict.ok && after.status !== verdict.to) mismatches.push(`${label}: now ${after.status}`);
          if (after.events !== before.events + 1) mismatches.push(`${label}: no timeline entry`);
        } else {
          expect(typeof response.body.message, label).toBe("string");
          if (JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${label}: refused but changed`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Every transition is allowed to someone in some status, so the sweep above also proves the happy paths.
    expect(allowed).toBeGreaterThan(0);
  });
});
