import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TMaintenanceJob } from "../../common/schemas/maintenance";
import type { RouteSummary } from "../../server/app";
import { maintenanceJobPhotos, propertyManagerAssignments, users } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { assignManager, type JobParties, jobParties, offerBody, ok, REPORT, reportOn } from "../support/maintenance";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Who must not reach a job, seen from their side: a contractor it was not offered to, a manager of other properties,
 * a landlord of other properties, a guest without a stay there; and a sweep of every registered maintenance and
 * contractor route as a signed-out visitor and as each of those outsiders.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let p: JobParties;
beforeAll(async () => {
  p = await jobParties(t.db, server.baseUrl);
});

const sign = (fields: Parameters<typeof signedInUser>[2]) => signedInUser(t.db, server.baseUrl, fields);
const ids = (jobs: TMaintenanceJob[]) => jobs.map((j) => j.id);

describe("contractors", () => {
  it("see only jobs offered to them or taken by them: another contractor's job is a 404", async () => {
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/offers`, offerBody([p.contractor.user.id])));
    const other = p.otherContractor.client;
    expect((await other.get(`/api/maintenance/jobs/${job.id}`)).status).toBe(404);
    const taking = await other.post(`/api/maintenance/jobs/${job.id}/accept`);
    expect(taking.status).toBe(404);
    expect(taking.body.message).toBe("Job not found");
    expect(ids(await ok(other.get("/api/maintenance/contractor-jobs")))).not.toContain(job.id);
    expect(ids(await ok(other.get("/api/maintenance/jobs")))).not.toContain(job.id);

    // Once the first contractor has taken it, it is theirs alone.
    await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`));
    expect((await other.get(`/api/maintenance/jobs/${job.id}`)).status).toBe(404);
    expect((await other.post(`/api/maintenance/jobs/${job.id}/progress`, { stage: "on_the_way" })).status).toBe(404);
  });
});

describe("managers", () => {
  it("reach only the properties assigned to them now: others, and properties they no longer manage, are 404s", async () => {
    const otherManager = await sign({ role: "property_manager" });
    const property = await createProperty(t.db, { ownerId: p.owner.user.id });
    await assignManager(t.db, property.id, otherManager.user.id);
    const job = await reportOn(p.owner.client, property.id);

    const manager = p.manager.client;
    expect((await manager.get(`/api/maintenance/jobs/${job.id}`)).status).toBe(404);
    expect((await manager.request("PATCH", `/api/maintenance/jobs/${job.id}`, { priority: "low" })).status).toBe(404);
    const report = await manager.post("/api/maintenance/jobs", { ...REPORT, propertyId: property.id });
    expect(report.status).toBe(404);
    expect(report.body.message).toBe("Property not found");
    expect(ids(await ok(manager.get("/api/maintenance/assigned")))).not.toContain(job.id);
    expect(ids(await ok(manager.get("/api/maintenance/jobs")))).not.toContain(job.id);

    // The property's own manager runs it, until the assignment ends.
    expect(ids(await ok(otherManager.client.get("/api/maintenance/assigned")))).toContain(job.id);
    await t.db
      .update(propertyManagerAssignments)
      .set({ endedAt: sql`now()` })
      .where(eq(propertyManagerAssignments.propertyId, property.id));
    expect((await otherManager.client.get(`/api/maintenance/jobs/${job.id}`)).status).toBe(404);
    expect(ids(await ok(otherManager.client.get("/api/maintenance/assigned")))).not.toContain(job.id);
  });

  it("filter their jobs by status and priority, and get a 400 for an unknown one", async () => {
    const high = await reportOn(p.manager.client, p.property.id, { priority: "high", title: "Front door lock stiff" });
    const low = await reportOn(p.manager.client, p.property.id, { priority: "low", title: "Loose cupboard handle" });
    const highs = ids(await ok(p.manager.client.get("/api/maintenance/assigned?priority=high&status=pending")));
    expect(highs).toContain(high.id);
    expect(highs).not.toContain(low.id);
    const bad = await p.manager.client.get("/api/maintenance/assigned?priority=critical");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Priority must be one of high, medium, low");
    expect((await p.manager.client.get("/api/maintenance/assigned?status=lost")).status).toBe(400);
  });
});

describe("landlords", () => {
  it("see only their own properties' jobs", async () => {
    const other = await sign({ role: "landlord", isApproved: true });
    const theirs = await createProperty(t.db, { ownerId: other.user.id });
    const theirJob = await reportOn(other.client, theirs.id);
    const ourJob = await reportOn(p.owner.client, p.property.id);

    const ours = ids(await ok(p.owner.client.get("/api/maintenance/jobs?pageSize=100")));
    expect(ours).toContain(ourJob.id);
    expect(ours).not.toContain(theirJob.id);
    expect(ids(await ok(other.client.get("/api/maintenance/jobs")))).toEqual([theirJob.id]);
    expect((await other.client.get(`/api/maintenance/jobs/${ourJob.id}`)).status).toBe(404);
    expect((await other.client.post("/api/maintenance/jobs", { ...REPORT, propertyId: p.property.id })).status).toBe(
      404,
    );
    // An admin sees every job.
    const all = ids(await ok(p.admin.client.get("/api/maintenance/jobs?pageSize=100")));
    expect(all).toEqual(expect.arrayContaining([ourJob.id, theirJob.id]));
  });

  it("whose approval is withdrawn are told so on their own jobs rather than running them", async () => {
    const landlord = await sign({ role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: landlord.user.id });
    const job = await reportOn(landlord.client, property.id);
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, landlord.user.id));
    const refused = await landlord.client.post(`/api/maintenance/jobs/${job.id}/cancel`, { reason: "Not needed now" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Account Approval Pending");
  });
});

describe("guests", () => {
  const report = (client: HttpClient, bookingId: number) =>
    client.post("/api/maintenance/jobs", { ...REPORT, bookingId });
  const today = londonToday();

  it("report only from their own confirmed or completed stay, from check-in until 14 days after check-out", async () => {
    const { client, user } = await sign({ role: "guest" });
    // Each stay at a property of its own, so that none overlaps another.
    const stayAt = async (checkIn: string, checkOut: string, status: "confirmed" | "completed" | "pending") =>
      createBooking(t.db, {
        propertyId: (await createProperty(t.db, { ownerId: p.owner.user.id })).id,
        guestId: user.id,
        checkIn,
        checkOut,
        status,
        ...(status === "pending" && { holdExpiresAt: new Date(Date.now() + 86_400_000) }),
      });
    const endedFourteenDaysAgo = await stayAt(addDays(today, -20), addDays(today, -14), "completed");
    const endedFifteenDaysAgo = await stayAt(addDays(today, -30), addDays(today, -15), "completed");
    const startsTomorrow = await stayAt(addDays(today, 100), addDays(today, 102), "confirmed");
    const request = await stayAt(addDays(today, 200), addDays(today, 202), "pending");

    const reported = await ok(report(client, endedFourteenDaysAgo.id), 201);
    expect(reported).toMatchObject({ viewerPart: "reporter", propertyId: endedFourteenDaysAgo.propertyId });

    const late = await report(client, endedFifteenDaysAgo.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/could be reported until .*, 14 days after check-out\.$/);
    const early = await report(client, startsTomorrow.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^You can report a problem from your check-in day/);
    const pending = await report(client, request.id);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe("Problems can be reported only from a confirmed stay.");

    // Someone else's stay is a 404, as is naming the property instead of a stay.
    const others = await report(client, p.stay.id);
    expect(others.status).toBe(404);
    expect(others.body.message).toBe("Booking not found");
    expect((await client.post("/api/maintenance/jobs", { ...REPORT, propertyId: p.property.id })).status).toBe(404);
  });

  it("follow the jobs they reported, and nobody else's", async () => {
    const mine = await ok(p.guest.client.post("/api/maintenance/jobs", { ...REPORT, bookingId: p.stay.id }), 201);
    const notMine = await reportOn(p.owner.client, p.property.id);
    expect((await p.guest.client.get(`/api/maintenance/jobs/${mine.id}`)).status).toBe(200);
    expect((await p.guest.client.get(`/api/maintenance/jobs/${notMine.id}`)).status).toBe(404);
    const listed = ids(await ok(p.guest.client.get("/api/maintenance/jobs")));
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(notMine.id);
  });
});

describe("every /api/maintenance and /api/contractor route", () => {
  let routes: RouteSummary[] = [];
  const at = { id: 0, photoId: 0 };
  let outsiders: Record<string, HttpClient> = {};
  let reference = "";

  beforeAll(async () => {
    routes = server.app.routeList.filter(
      (r) => r.url.startsWith("/api/maintenance/") || r.url.startsWith("/api/contractor/"),
    );
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/offers`, offerBody([p.contractor.user.id])));
    const [photo] = await t.db
      .insert(maintenanceJobPhotos)
      .values({ jobId: job.id, photoKey: "0123456789abcdef0123456789abcdef", uploadedBy: p.owner.user.id })
      .returning();
    Object.assign(at, { id: job.id, photoId: photo?.id });
    reference = job.reference;
    outsiders = {
      guest: p.stranger.client,
      landlord: (await sign({ role: "landlord", isApproved: true })).client,
      property_manager: (await sign({ role: "property_manager" })).client,
      contractor: (await sign({ role: "contractor" })).client,
    };
  });

  /** A body each route would accept, so that a refusal cannot come from validation. */
  const later = addDays(londonToday(), 20);
  const BODIES: Record<string, unknown> = {
    "POST /api/maintenance/jobs": { ...REPORT, propertyId: 0 },
    "PATCH /api/maintenance/jobs/:id": { priority: "low" },
    "POST /api/maintenance/jobs/:id/offers": offerBody([0]),
    "POST /api/maintenance/jobs/:id/decline": { reason: "Checking who may do this" },
    "POST /api/maintenance/jobs/:id/reschedule": { scheduledDate: later, vacantNights: null },
    "POST /api/maintenance/jobs/:id/propose-date": { proposedDate: later, note: "Checking who may" },
    "POST /api/maintenance/jobs/:id/progress": { stage: "on_the_way" },
    "POST /api/maintenance/jobs/:id/complete": { finalCost: 10, note: "Checking who may" },
    "POST /api/maintenance/jobs/:id/decline-report": { reason: "Checking who may do this" },
    "POST /api/maintenance/jobs/:id/cancel": { reason: "Checking who may do this" },
    "PUT /api/maintenance/jobs/:id/property-maintenance": { underMaintenance: false },
  };
  const send = (client: HttpClient, route: RouteSummary) => {
    const path = route.url.replace(":photoId", String(at.photoId)).replace(":id", String(at.id));
    let body = BODIES[`${route.method} ${route.url}`];
    if (route.url === "/api/maintenance/jobs" && route.method === "POST")
      body = { ...REPORT, propertyId: p.property.id };
    if (route.url.endsWith("/offers")) body = offerBody([p.contractor.user.id]);
    return client.request(route.method, path, body);
  };

  /** Everything a maintenance route could change, in a comparable form. */
  async function snapshot() {
    const result = await t.db.execute(sql`
      select json_build_object(
        'jobs', (select json_agg(row_to_json(j) order by j.id) from maintenance_jobs j),
        'offers', (select json_agg(row_to_json(o) order by o.id) from maintenance_offers o),
        'events', (select count(*) from maintenance_job_events),
        'photos', (select count(*) from maintenance_job_photos),
        'nights', (select count(*) from availability),
        'properties', (select json_agg(json_build_object('id', id, 'maintenance', under_maintenance) order by id) from properties),
        'audit', (select count(*) from audit_logs)
      ) as state`);
    return result.rows[0];
  }

  it("is found by the sweep, each route stating the permission it needs", () => {
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/maintenance/assigned",
        "GET /api/contractor/earnings",
        "GET /api/maintenance/jobs/:id",
      ]),
    );
  });

  it("refuses a signed-out visitor with 401 and changes nothing", async () => {
    const before = await snapshot();
    for (const route of routes) {
      const response = await send(new HttpClient(server.baseUrl), route);
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(["guest", "landlord", "property_manager", "contractor"])(
    "refuses a %s unrelated to the job (403 for a route their role cannot use, else 404), and changes nothing",
    async (role) => {
      const before = await snapshot();
      for (const route of routes) {
        const response = await send(outsiders[role] as HttpClient, route);
        const label = `${route.method} ${route.url}: ${response.status} ${JSON.stringify(response.body)}`;
        const isList = route.method === "GET" && !route.url.includes(":id");
        if (isList && response.status === 200) {
          // A list their role may read shows them nothing of this job.
          expect(JSON.stringify(response.body), label).not.toContain(reference);
        } else {
          expect([403, 404], label).toContain(response.status);
        }
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
