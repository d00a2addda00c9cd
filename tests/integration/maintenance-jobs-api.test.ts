import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TContractorEarnings, TMaintenanceJob } from "../../common/schemas/maintenance";
import { auditLogs, maintenanceJobEvents, maintenanceJobs, outboxMessages } from "../../server/db/schema";
import { createBooking } from "../factories";
import { type JobParties, jobParties, offerBody, ok, REPORT, reportOn } from "../support/maintenance";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let p: JobParties;
beforeAll(async () => {
  p = await jobParties(t.db, server.baseUrl);
});

const mailTo = async (email: string) =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).map((m) => m.subject);

describe("a job from report to payment", () => {
  it("is reported by the guest from their stay, offered, accepted, worked, completed and paid; everyone hears", async () => {
    const reported = await ok(
      p.guest.client.post("/api/maintenance/jobs", { ...REPORT, bookingId: p.stay.id, isUrgent: true }),
      201,
    );
    expect(reported).toMatchObject({
      reference: `MJ-${String(reported.id).padStart(6, "0")}`,
      propertyId: p.property.id,
      propertyName: "Canal-side loft",
      issue: REPORT.title,
      status: "pending",
      displayStatus: "urgent",
      // A guest's report starts at medium, or high when urgent: triage sets the priority.
      priority: "high",
      requestedDate: londonToday(),
      reportedBy: { name: "Gina G.", part: "guest" },
      viewerPart: "reporter",
      actions: ["withdraw_report"],
      // The reporter sees no offers.
      offers: [],
    });
    const id = reported.id;

    // The manager runs it: the contact on site is the manager.
    const seen = await ok(p.manager.client.get(`/api/maintenance/jobs/${id}`));
    expect(seen).toMatchObject({ viewerPart: "manager", contact: "Max Manager" });
    expect(seen.actions).toEqual(expect.arrayContaining(["triage", "offer", "decline_report", "cancel"]));

    const offered = await ok(
      p.manager.client.post(
        `/api/maintenance/jobs/${id}/offers`,
        offerBody([p.contractor.user.id, p.otherContractor.user.id], { agreedPayment: 240.5, estimatedHours: 1 }),
      ),
    );
    expect(offered).toMatchObject({ status: "pending", payment: 240.5, estimatedDuration: "1 hour" });
    expect(offered.offers.map((o) => [o.contractor.name, o.status])).toEqual([
      ["Cara Fixer", "open"],
      ["Colm Spanner", "open"],
    ]);

    // Before accepting, a contractor sees the job but not where it is or whom to call.
    const offer = await ok(p.contractor.client.get(`/api/maintenance/jobs/${id}`));
    expect(offer).toMatchObject({
      viewerPart: "contractor",
      address: null,
      contact: null,
      phone: null,
      myOffer: { status: "open" },
      actions: ["accept", "decline_offer"],
    });

    const accepted = await ok(p.contractor.client.post(`/api/maintenance/jobs/${id}/accept`));
    expect(accepted).toMatchObject({
      status: "scheduled",
      contractor: { id: p.contractor.user.id, name: "Cara Fixer" },
      address: p.property.address,
      contact: "Max Manager",
      actions: ["propose_date", "update_progress"],
    });
    // The other offer was withdrawn: that contractor no longer sees the job.
    expect((await p.otherContractor.client.get(`/api/maintenance/jobs/${id}`)).status).toBe(404);

    const started = await ok(
      p.contractor.client.post(`/api/maintenance/jobs/${id}/progress`, {
        stage: "on_the_way",
        note: "20 minutes away",
      }),
    );
    expect(started).toMatchObject({ status: "in_progress", workStage: "on_the_way" });

    const completed = await ok(
      p.contractor.client.post(`/api/maintenance/jobs/${id}/complete`, {
        finalCost: 265.75,
        note: "Replaced the tap cartridge",
      }),
    );
    expect(completed).toMatchObject({
      status: "completed",
      finalCost: 265.75,
      completionNote: "Replaced the tap cartridge",
      paidAt: null,
    });
    expect(completed.completedAt).not.toBeNull();

    // The owner sees it done, and pays.
    const owners = await ok<TMaintenanceJob[]>(p.owner.client.get("/api/maintenance/jobs?status=completed"));
    expect(owners.map((j) => j.id)).toContain(id);
    const paid = await ok(p.owner.client.post(`/api/maintenance/jobs/${id}/mark-paid`));
    expect(paid.paidAt).not.toBeNull();
    expect(paid.actions).not.toContain("mark_paid");
    const again = await p.owner.client.post(`/api/maintenance/jobs/${id}/mark-paid`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This job's payment is already marked as made.");

    // The timeline has every step, in order, each in System Logs too.
    const events = await t.db
      .select({ transition: maintenanceJobEvents.transition })
      .from(maintenanceJobEvents)
      .where(eq(maintenanceJobEvents.jobId, id));
    expect(events.map((e) => e.transition)).toEqual([
      "report",
      "offer",
      "accept",
      "update_progress",
      "complete",
      "mark_paid",
    ]);
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "maintenance-job"), eq(auditLogs.targetId, String(id))));
    expect(audit.map((a) => a.action)).toEqual([
      "maintenance.reported",
      "maintenance.offered",
      "maintenance.accepted",
      "maintenance.progress_updated",
      "maintenance.completed",
      "maintenance.paid",
    ]);
    const detail = await ok(p.owner.client.get(`/api/maintenance/jobs/${id}`));
    expect(detail.events.map((e) => e.actorName)).toEqual([
      "Gina Guest",
      "Max Manager",
      "Cara Fixer",
      "Cara Fixer",
      "Cara Fixer",
      "Olive Owner",
    ]);

    // E-mails, sent after each commit.
    const reference = `MJ-${String(id).padStart(6, "0")}`;
    await expect.poll(() => mailTo(p.contractor.user.email)).toContain(`New job offer ${reference}: ${REPORT.title}`);
    await expect
      .poll(() => mailTo(p.otherContractor.user.email))
      .toContain(`New job offer ${reference}: ${REPORT.title}`);
    await expect.poll(() => mailTo(p.manager.user.email)).toContain(`Cara Fixer accepted job ${reference}`);
    await expect
      .poll(() => mailTo(p.owner.user.email))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Maintenance scheduled at Canal-side loft/),
          `Job ${reference} is complete: ${REPORT.title}`,
        ]),
      );
    // The guest who reported it hears it is done, and neither sees nor is told what it cost.
    await expect.poll(() => mailTo(p.guest.user.email)).toContain(`Job ${reference} is complete: ${REPORT.title}`);
    const followed = await ok(p.guest.client.get(`/api/maintenance/jobs/${id}`));
    expect(followed).toMatchObject({ status: "completed", payment: null, finalCost: null, viewerPart: "reporter" });
    const guestMail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, p.guest.user.email));
    expect(guestMail.map((m) => m.body).join("\n")).not.toContain("265.75");
  });

  it("tells the manager (else the owner) when a contractor declines, with the reason; the job waits for another", async () => {
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/offers`, offerBody([p.otherContractor.user.id])));
    const declined = await p.otherContractor.client.post(`/api/maintenance/jobs/${job.id}/decline`, {
      reason: "Fully booked that week",
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ declined: true });
    expect((await p.otherContractor.client.get(`/api/maintenance/jobs/${job.id}`)).status).toBe(404);
    const after = await ok(p.owner.client.get(`/api/maintenance/jobs/${job.id}`));
    expect(after).toMatchObject({ status: "pending" });
    expect(after.offers).toEqual([
      expect.objectContaining({ status: "declined", declineReason: "Fully booked that week" }),
    ]);
    await expect
      .poll(() => mailTo(p.manager.user.email))
      .toContain(`Colm Spanner declined job MJ-${String(job.id).padStart(6, "0")}`);
  });

  it("offers a job again on new terms to exactly the contractors named: the others' open offers are withdrawn", async () => {
    const { client: thirdClient, user: third } = await signedInUser(t.db, server.baseUrl, {
      role: "contractor",
      firstName: "Tess",
      lastName: "Third",
    });
    const job = await reportOn(p.owner.client, p.property.id, { title: "Loose banister rail" });
    const reference = `MJ-${String(job.id).padStart(6, "0")}`;
    await ok(
      p.owner.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id, p.otherContractor.user.id], { agreedPayment: 90 }),
      ),
    );
    const renewed = await ok(
      p.owner.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.otherContractor.user.id, third.id], { agreedPayment: 120 }),
      ),
    );
    expect(renewed.offers.map((o) => [o.contractor.id, o.status]).sort()).toEqual(
      [
        [p.contractor.user.id, "withdrawn"],
        [p.otherContractor.user.id, "open"],
        [third.id, "open"],
      ].sort(),
    );
    // The contractor left out no longer sees the job; both named hear the new terms.
    expect((await p.contractor.client.get(`/api/maintenance/jobs/${job.id}`)).status).toBe(404);
    expect((await ok(thirdClient.get(`/api/maintenance/jobs/${job.id}`))).payment).toBe(120);
    const offerMail = `New job offer ${reference}: Loose banister rail`;
    await expect
      .poll(async () => (await mailTo(p.otherContractor.user.email)).filter((s) => s === offerMail).length)
      .toBe(2);
    await expect.poll(() => mailTo(third.email)).toContain(offerMail);
  });

  it("refuses to let a contractor take a job whose date has passed, until it is rescheduled", async () => {
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/offers`, offerBody([p.contractor.user.id])));
    await t.db
      .update(maintenanceJobs)
      .set({ scheduledDate: addDays(londonToday(), -1) })
      .where(eq(maintenanceJobs.id, job.id));
    const late = await p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This job's date has passed; it must be rescheduled before it can be accepted.");
    await ok(
      p.owner.client.post(`/api/maintenance/jobs/${job.id}/reschedule`, {
        scheduledDate: addDays(londonToday(), 2),
        vacantNights: null,
      }),
    );
    expect((await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`))).status).toBe("scheduled");
  });

  it("tells a guest whose confirmed stay covers the day of the work, and the owner, when it is scheduled and moved", async () => {
    const { user: guest } = await signedInUser(t.db, server.baseUrl, { firstName: "Stella" });
    const day = addDays(londonToday(), 20);
    await createBooking(t.db, {
      propertyId: p.property.id,
      guestId: guest.id,
      checkIn: addDays(day, -1),
      checkOut: addDays(day, 2),
      status: "confirmed",
    });
    const job = await reportOn(p.manager.client, p.property.id, { title: "Boiler service due" });
    await ok(
      p.manager.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id], { scheduledDate: day }),
      ),
    );
    await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`));
    await expect.poll(() => mailTo(guest.email)).toEqual([expect.stringMatching(/^Maintenance scheduled at/)]);
    await ok(
      p.manager.client.post(`/api/maintenance/jobs/${job.id}/reschedule`, {
        scheduledDate: addDays(day, 1),
        vacantNights: null,
      }),
    );
    await expect
      .poll(() => mailTo(guest.email))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Maintenance rescheduled at/)]));
  });
});

describe("the contractor's lists and earnings", () => {
  it("shows open offers and taken jobs soonest first, history newest first, and earnings by month", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "contractor", firstName: "Eve" });
    const later = await reportOn(p.owner.client, p.property.id, { title: "Paint the hallway" });
    const sooner = await reportOn(p.owner.client, p.property.id, { title: "Fix the doorbell" });
    const done = await reportOn(p.owner.client, p.property.id, { title: "Replace smoke alarm" });
    const offer = (id: number, days: number, payment: number) =>
      ok(
        p.owner.client.post(
          `/api/maintenance/jobs/${id}/offers`,
          offerBody([user.id], { scheduledDate: addDays(londonToday(), days), agreedPayment: payment }),
        ),
      );
    await offer(later.id, 30, 400);
    await offer(sooner.id, 5, 90);
    await offer(done.id, 1, 120);
    await ok(client.post(`/api/maintenance/jobs/${sooner.id}/accept`));
    await ok(client.post(`/api/maintenance/jobs/${done.id}/accept`));
    await ok(client.post(`/api/maintenance/jobs/${done.id}/progress`, { stage: "in_progress" }));
    await ok(
      client.post(`/api/maintenance/jobs/${done.id}/complete`, { finalCost: 130.1, note: "Fitted a new alarm" }),
    );

    const current = await ok<TMaintenanceJob[]>(client.get("/api/maintenance/contractor-jobs"));
    expect(current.map((j) => [j.issue, j.status])).toEqual([
      ["Fix the doorbell", "scheduled"],
      ["Paint the hallway", "pending"],
    ]);
    // The open offer hides the address; the taken job shows it.
    expect(current.map((j) => j.address)).toEqual([p.property.address, null]);

    const history = await client.get("/api/maintenance/history");
    expect(history.status).toBe(200);
    expect(history.headers.get("x-total-count")).toBe("1");
    expect((history.body as unknown as TMaintenanceJob[]).map((j) => j.issue)).toEqual(["Replace smoke alarm"]);

    // Completed but not yet paid: counted, never earned.
    const nothing = { collected: 0, expected: 0, demo: 0 };
    const before = await ok<TContractorEarnings>(client.get("/api/contractor/earnings"));
    expect(before.months).toHaveLength(12);
    expect(before.months.at(-1)?.month).toBe(londonToday().slice(0, 7));
    expect(before.months.every((m) => m.earned === 0 && m.jobs === 0)).toBe(true);
    expect(before.totals).toEqual({
      earned: 0,
      settlement: nothing,
      thisMonth: 0,
      paidJobs: 0,
      completedJobs: 1,
      awaitingPayment: 1,
    });

    await ok(p.owner.client.post(`/api/maintenance/jobs/${done.id}/mark-paid`));
    const after = await ok<TContractorEarnings>(client.get("/api/contractor/earnings"));
    expect(after.totals).toEqual({
      earned: 130.1,
      settlement: { ...nothing, demo: 130.1 },
      thisMonth: 130.1,
      paidJobs: 1,
      completedJobs: 1,
      awaitingPayment: 0,
    });
  });
});
