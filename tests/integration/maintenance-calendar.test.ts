import { and, asc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDateGb, londonToday } from "../../common/domain/calendar-dates";
import { availability, maintenanceJobs, maintenanceOffers } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { openTransaction, untilWaitingForLocks } from "../support/locks";
import { type JobParties, jobParties, offerBody, ok, reportOn } from "../support/maintenance";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * The calendar knows about the work: a job that needs the property empty blocks its nights with the landlord's
 * blocks mechanism, under the same property lock, tagged with the job; a stay in the way is a 409 naming the next
 * free window; the nights cannot be booked, move with the job and open again when it ends.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let p: JobParties;
beforeAll(async () => {
  p = await jobParties(t.db, server.baseUrl);
});

/** A property of the owner's own, so each test's nights are its own. */
async function freshProperty() {
  return createProperty(t.db, { ownerId: p.owner.user.id });
}

async function jobNights(propertyId: number) {
  return t.db
    .select({ date: availability.date, jobId: availability.maintenanceJobId, notes: availability.notes })
    .from(availability)
    .where(and(eq(availability.propertyId, propertyId), eq(availability.status, "blocked")))
    .orderBy(asc(availability.date));
}

async function book(client: HttpClient, propertyId: number, checkIn: string, nights: number) {
  return client.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guestCount: 1,
    guestInfo: { firstName: "Bea", lastName: "Booker", email: "bea@example.com" },
  });
}

describe("offering a job that keeps the property empty", () => {
  it("blocks its nights for the job: shown blocked on the landlord's calendar, and cannot be booked", async () => {
    const property = await freshProperty();
    const job = await reportOn(p.owner.client, property.id);
    const day = addDays(londonToday(), 40);
    await ok(
      p.owner.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id], { scheduledDate: day, vacantNights: 3 }),
      ),
    );
    const note = `Maintenance MJ-${String(job.id).padStart(6, "0")}: Kitchen tap is leaking`;
    expect(await jobNights(property.id)).toEqual(
      [0, 1, 2].map((i) => ({ date: addDays(day, i), jobId: job.id, notes: note })),
    );

    const calendar = await ok<{ nights: { date: string; state: string; note: string | null }[] }>(
      p.owner.client.get(`/api/properties/${property.id}/calendar?month=${day.slice(0, 7)}`),
    );
    expect(calendar.nights.find((n) => n.date === day)).toMatchObject({ state: "blocked", note });

    const { client: booker } = await signedInUser(t.db, server.baseUrl);
    const refused = await book(booker, property.id, addDays(day, 2), 2);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    // The night after the work is free.
    expect((await book(booker, property.id, addDays(day, 3), 1)).status).toBe(201);
  });

  it("answers 409 naming the stay in the way and the next free window, and changes nothing", async () => {
    const property = await freshProperty();
    const day = addDays(londonToday(), 30);
    // A confirmed stay of three nights, then a one-night request two nights after it.
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: day,
      checkOut: addDays(day, 3),
      status: "confirmed",
    });
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: addDays(day, 4),
      checkOut: addDays(day, 5),
      status: "pending",
      holdExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const job = await reportOn(p.owner.client, property.id);
    const response = await p.owner.client.post(
      `/api/maintenance/jobs/${job.id}/offers`,
      offerBody([p.contractor.user.id], { scheduledDate: addDays(day, 1), vacantNights: 2 }),
    );
    expect(response.status).toBe(409);
    // The window after the stay is one night short (the request holds the night after it), so the next one follows.
    expect(response.body.message).toBe(
      `A confirmed stay holds ${formatDateGb(day)} to ${formatDateGb(addDays(day, 2))}. ` +
        `The next free 2 nights start on ${formatDateGb(addDays(day, 5))}.`,
    );
    expect(await jobNights(property.id)).toEqual([]);
    const [row] = await t.db.select().from(maintenanceJobs).where(eq(maintenanceJobs.id, job.id));
    expect(row).toMatchObject({ scheduledDate: null, vacantNights: null, agreedPayment: null });
    expect(await t.db.select().from(maintenanceOffers).where(eq(maintenanceOffers.jobId, job.id))).toEqual([]);

    const single = await p.owner.client.post(
      `/api/maintenance/jobs/${job.id}/offers`,
      offerBody([p.contractor.user.id], { scheduledDate: addDays(day, 4), vacantNights: 1 }),
    );
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(
      `A booking request holds ${formatDateGb(addDays(day, 4))}. The next free night is ${formatDateGb(addDays(day, 5))}.`,
    );
  });

  it("leaves the landlord's own blocked nights theirs, moves its block when rescheduled, frees it when cancelled", async () => {
    const property = await freshProperty();
    const day = addDays(londonToday(), 50);
    const landlordNight = addDays(day, 1);
    await ok(
      p.owner.client.post(`/api/properties/${property.id}/blocked-nights`, {
        from: landlordNight,
        to: landlordNight,
        note: "Family visit",
      }),
    );
    const job = await reportOn(p.owner.client, property.id);
    await ok(
      p.owner.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id], { scheduledDate: day, vacantNights: 2 }),
      ),
    );
    const tagged = (rows: Awaited<ReturnType<typeof jobNights>>) => rows.map((r) => [r.date, r.jobId]);
    expect(tagged(await jobNights(property.id))).toEqual([
      [day, job.id],
      [landlordNight, null],
    ]);

    // The landlord opening the job's night leaves it blocked: it is the job's until the job moves.
    await ok(p.owner.client.request("DELETE", `/api/properties/${property.id}/blocked-nights?from=${day}&to=${day}`));
    expect(tagged(await jobNights(property.id))).toContainEqual([day, job.id]);

    const moved = addDays(day, 10);
    await ok(
      p.owner.client.post(`/api/maintenance/jobs/${job.id}/reschedule`, { scheduledDate: moved, vacantNights: 2 }),
    );
    expect(tagged(await jobNights(property.id))).toEqual([
      [landlordNight, null],
      [moved, job.id],
      [addDays(moved, 1), job.id],
    ]);

    // A reschedule into a stay is refused and the block stays where it was.
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: addDays(day, 20),
      checkOut: addDays(day, 22),
      status: "confirmed",
    });
    const clash = await p.owner.client.post(`/api/maintenance/jobs/${job.id}/reschedule`, {
      scheduledDate: addDays(day, 21),
      vacantNights: 1,
    });
    expect(clash.status).toBe(409);
    expect(tagged(await jobNights(property.id))).toEqual([
      [landlordNight, null],
      [moved, job.id],
      [addDays(moved, 1), job.id],
    ]);

    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/cancel`, { reason: "Tenant fixed it themselves" }));
    expect(tagged(await jobNights(property.id))).toEqual([[landlordNight, null]]);
  });

  it("keeps a night two jobs need empty blocked until both are done, passing it to the job still open", async () => {
    const property = await freshProperty();
    const day = addDays(londonToday(), 60);
    const first = await reportOn(p.owner.client, property.id, { title: "Rewire the kitchen" });
    const second = await reportOn(p.owner.client, property.id, { title: "Replace the boiler" });
    const offer = (jobId: number, scheduledDate: string, vacantNights: number) =>
      ok(
        p.owner.client.post(
          `/api/maintenance/jobs/${jobId}/offers`,
          offerBody([p.contractor.user.id], { scheduledDate, vacantNights }),
        ),
      );
    // The first job empties days 0–2, the second days 2–3: day 2 is blocked by the first.
    await offer(first.id, day, 3);
    await offer(second.id, addDays(day, 2), 2);
    const owners = async () => (await jobNights(property.id)).map((r) => [r.date, r.jobId, r.notes]);
    expect(await owners()).toEqual([
      [day, first.id, `Maintenance MJ-${String(first.id).padStart(6, "0")}: Rewire the kitchen`],
      [addDays(day, 1), first.id, `Maintenance MJ-${String(first.id).padStart(6, "0")}: Rewire the kitchen`],
      [addDays(day, 2), first.id, `Maintenance MJ-${String(first.id).padStart(6, "0")}: Rewire the kitchen`],
      [addDays(day, 3), second.id, `Maintenance MJ-${String(second.id).padStart(6, "0")}: Replace the boiler`],
    ]);

    await ok(p.owner.client.post(`/api/maintenance/jobs/${first.id}/cancel`, { reason: "Done with the boiler work" }));
    expect(await owners()).toEqual([
      [addDays(day, 2), second.id, `Maintenance MJ-${String(second.id).padStart(6, "0")}: Replace the boiler`],
      [addDays(day, 3), second.id, `Maintenance MJ-${String(second.id).padStart(6, "0")}: Replace the boiler`],
    ]);

    await ok(p.owner.client.post(`/api/maintenance/jobs/${second.id}/cancel`, { reason: "No longer needed" }));
    expect(await owners()).toEqual([]);
  });

  it("opens the nights still ahead when the job is completed", async () => {
    const property = await freshProperty();
    const job = await reportOn(p.owner.client, property.id);
    await ok(
      p.owner.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id], { scheduledDate: londonToday(), vacantNights: 4 }),
      ),
    );
    await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`));
    await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/progress`, { stage: "in_progress" }));
    expect(await jobNights(property.id)).toHaveLength(4);
    await ok(
      p.contractor.client.post(`/api/maintenance/jobs/${job.id}/complete`, { finalCost: 500, note: "All done" }),
    );
    expect(await jobNights(property.id)).toEqual([]);
  });

  it("counts a night blocked for work as not available in the landlord's occupancy", async () => {
    const { client: landlord, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: user.id });
    type Occupancy = { totalNights: number; properties: { id: number; totalNights: number }[] };
    const before = await ok<Occupancy>(landlord.get("/api/analytics/occupancy"));
    const job = await reportOn(landlord, property.id);
    await ok(
      landlord.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id], { scheduledDate: londonToday(), vacantNights: 1 }),
      ),
    );
    const after = await ok<Occupancy>(landlord.get("/api/analytics/occupancy"));
    expect(after.totalNights).toBe(before.totalNights - 1);
    expect(after.properties.find((x) => x.id === property.id)?.totalNights).toBe(
      (before.properties.find((x) => x.id === property.id)?.totalNights ?? 0) - 1,
    );
  });
});

describe("races", () => {
  it("lets exactly one of two contractors accepting at the same instant take the job", async () => {
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(
      p.owner.client.post(
        `/api/maintenance/jobs/${job.id}/offers`,
        offerBody([p.contractor.user.id, p.otherContractor.user.id]),
      ),
    );
    // Hold the job's row, as a change in flight would, so both accepts are waiting on it when it is let go.
    const held = await openTransaction(t.db, async (client) => {
      await client.query("select 1 from maintenance_jobs where id = $1 for update", [job.id]);
    });
    const both = Promise.all([
      p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`),
      p.otherContractor.client.post(`/api/maintenance/jobs/${job.id}/accept`),
    ]);
    await untilWaitingForLocks(t.db, 2);
    await held.commit();
    const answers = await both;
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409);
    expect(loser?.body.message).toBe("This job has already been taken by another contractor.");
    const offers = await t.db.select().from(maintenanceOffers).where(eq(maintenanceOffers.jobId, job.id));
    expect(offers.map((o) => o.status).sort()).toEqual(["accepted", "withdrawn"]);
  });

  it("never lets two contractors both take a job, however many times they race", async () => {
    for (let round = 0; round < 8; round++) {
      const job = await reportOn(p.owner.client, p.property.id);
      await ok(
        p.owner.client.post(
          `/api/maintenance/jobs/${job.id}/offers`,
          offerBody([p.contractor.user.id, p.otherContractor.user.id]),
        ),
      );
      const answers = await Promise.all([
        p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`),
        p.otherContractor.client.post(`/api/maintenance/jobs/${job.id}/accept`),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const accepted = await t.db
        .select()
        .from(maintenanceOffers)
        .where(and(eq(maintenanceOffers.jobId, job.id), eq(maintenanceOffers.status, "accepted")));
      expect(accepted).toHaveLength(1);
    }
  });

  it("never lets a booking and a job's block of the same night both succeed", async () => {
    for (let round = 0; round < 5; round++) {
      const property = await freshProperty();
      const day = addDays(londonToday(), 60 + round);
      const job = await reportOn(p.owner.client, property.id);
      const { client: booker } = await signedInUser(t.db, server.baseUrl);
      const [offer, booking] = await Promise.all([
        p.owner.client.post(
          `/api/maintenance/jobs/${job.id}/offers`,
          offerBody([p.contractor.user.id], { scheduledDate: day, vacantNights: 2 }),
        ),
        book(booker, property.id, addDays(day, 1), 2),
      ]);
      const outcome = [
        offer.status === 200 ? "blocked" : offer.status,
        booking.status === 201 ? "booked" : booking.status,
      ];
      expect(
        [
          ["blocked", 409],
          [409, "booked"],
        ],
        JSON.stringify([offer.body, booking.body]),
      ).toContainEqual(outcome);
      const blocked = await t.db
        .select()
        .from(availability)
        .where(and(eq(availability.propertyId, property.id), isNotNull(availability.maintenanceJobId)));
      expect(blocked.length).toBe(offer.status === 200 ? 2 : 0);
    }
  });

  it("moving, ending and rescheduling jobs of one property at once never deadlocks: every change is answered", async () => {
    const property = await freshProperty();
    const day = addDays(londonToday(), 70);
    const jobs = [];
    for (let i = 0; i < 6; i++) {
      const job = await reportOn(p.owner.client, property.id);
      // Overlapping nights, so releasing one job's nights hands some to another.
      await ok(
        p.owner.client.post(
          `/api/maintenance/jobs/${job.id}/offers`,
          offerBody([p.contractor.user.id], { scheduledDate: addDays(day, i), vacantNights: 3 }),
        ),
      );
      jobs.push(job);
    }
    const answers = await Promise.all(
      jobs.flatMap((job, i) => [
        p.owner.client.post(`/api/maintenance/jobs/${job.id}/reschedule`, {
          scheduledDate: addDays(day, 5 - i),
          vacantNights: 2,
        }),
        p.owner.client.post(`/api/maintenance/jobs/${job.id}/reschedule`, { scheduledDate: day, vacantNights: 3 }),
        ...(i % 2 === 0
          ? [p.owner.client.post(`/api/maintenance/jobs/${job.id}/cancel`, { reason: "Not needed" })]
          : []),
      ]),
    );
    for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    // Every night still blocked belongs to a job that is still open and needs it.
    const nights = await jobNights(property.id);
    const open = await t.db
      .select({ id: maintenanceJobs.id, status: maintenanceJobs.status })
      .from(maintenanceJobs)
      .where(eq(maintenanceJobs.propertyId, property.id));
    const openIds = new Set(open.filter((j) => j.status !== "cancelled").map((j) => j.id));
    for (const night of nights) expect(openIds.has(night.jobId ?? -1), JSON.stringify(night)).toBe(true);
  });
});
