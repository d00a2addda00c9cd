import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { MAX_JOB_PHOTOS } from "../../common/domain/maintenance";
import { properties, users } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import { type JobParties, jobParties, offerBody, ok, REPORT, reportOn } from "../support/maintenance";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Bad input to maintenance jobs gets a clear 4xx naming the problem, and nothing changes: dates in the past, costs
 * out of bounds or with a third decimal, unknown priorities, stages or statuses, markup in text, huge descriptions,
 * accounts that cannot take a job, and files that are not photos. Also photos themselves, and taking a property off
 * the market for an urgent job.
 */
const { t, server, dataDir } = setUpTestApp({ tempDataDir: "staylondon-job-photos-", withoutChangeFeed: true });

let p: JobParties;
beforeAll(async () => {
  p = await jobParties(t.db, server.baseUrl);
});

/** Every maintenance row and blocked night, to show that a refused request left them as they were. */
async function snapshot() {
  const result = await t.db.execute(sql`
    select json_build_object(
      'jobs', (select json_agg(row_to_json(j) order by j.id) from maintenance_jobs j),
      'offers', (select json_agg(row_to_json(o) order by o.id) from maintenance_offers o),
      'events', (select count(*) from maintenance_job_events),
      'photos', (select count(*) from maintenance_job_photos),
      'nights', (select count(*) from availability)
    ) as state`);
  return result.rows[0];
}

/** Sends, expects the 4xx and its message, and that nothing changed. */
async function refused(
  call: () => Promise<{ status: number; body: Record<string, unknown> }>,
  status: number,
  message: string | RegExp,
) {
  const before = await snapshot();
  const response = await call();
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  // A validation message may be led by the field it is about ("scheduledDate: Scheduled date cannot be…").
  const said = String(response.body.message).replace(/^[A-Za-z.]+: /, "");
  if (typeof message === "string") expect(said).toBe(message);
  else expect(said).toMatch(message);
  expect(await snapshot()).toEqual(before);
}

describe("reporting", () => {
  const post = (body: Record<string, unknown>) =>
    p.owner.client.post("/api/maintenance/jobs", { ...REPORT, propertyId: p.property.id, ...body });

  it("refuses markup, huge or short text, unknown categories and priorities, and naming both stay and property", async () => {
    await refused(
      () => post({ title: "<script>alert(1)</script> leak" }),
      400,
      "Title must be plain text, without HTML tags such as <script>",
    );
    await refused(() => post({ description: "x".repeat(6000) }), 400, "Description must be at most 5,000 characters");
    await refused(() => post({ description: "Too short" }), 400, "Description must be at least 10 characters");
    await refused(() => post({ category: "magic" }), 400, /^Category must be one of plumbing, /);
    await refused(() => post({ priority: "critical" }), 400, "Priority must be one of high, medium, low");
    await refused(
      () => post({ bookingId: p.stay.id }),
      400,
      "Name either the property (propertyId) or your stay (bookingId)",
    );
    await refused(() => post({ propertyId: -3 }), 400, "Property id must be positive");
  });
});

describe("offers and dates", () => {
  let jobId = 0;
  beforeAll(async () => {
    jobId = (await reportOn(p.owner.client, p.property.id)).id;
  });
  const offer = (fields: Record<string, unknown>) =>
    p.owner.client.post(`/api/maintenance/jobs/${jobId}/offers`, offerBody([p.contractor.user.id], fields));

  it("refuses past dates, negative, huge or three-decimal payments and too many nights, with the field's words", async () => {
    await refused(
      () => offer({ scheduledDate: addDays(londonToday(), -1) }),
      400,
      "Scheduled date cannot be in the past",
    );
    await refused(
      () => offer({ scheduledDate: "2027-02-30" }),
      400,
      "Scheduled date must be a date written YYYY-MM-DD",
    );
    await refused(() => offer({ agreedPayment: -5 }), 400, "Payment cannot be negative");
    await refused(() => offer({ agreedPayment: 1_000_000.01 }), 400, "Payment must be at most £1,000,000");
    await refused(() => offer({ agreedPayment: 12.345 }), 400, "Payment: use at most 2 decimal places");
    await refused(() => offer({ vacantNights: 31 }), 400, "Nights empty must be at most 30");
    await refused(() => offer({ estimatedHours: 0 }), 400, "Estimated duration must be at least 1 hour");
    await refused(() => offer({ note: "<img src=x onerror=alert(1)>" }), 400, /^Note must be plain text/);
    await refused(
      () => offer({ contractorIds: [p.contractor.user.id, p.contractor.user.id] }),
      400,
      "Each contractor only once",
    );
  });

  it("refuses to offer the job to an account that is not an active contractor, naming it", async () => {
    const frozen = await signedInUser(t.db, server.baseUrl, { role: "contractor" });
    await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, frozen.user.id));
    await refused(
      () => offer({ contractorIds: [p.contractor.user.id, p.guest.user.id] }),
      400,
      `Jobs can be offered only to active contractor accounts: ${p.guest.user.id} is not one`,
    );
    await refused(
      () => offer({ contractorIds: [frozen.user.id, 999_999] }),
      400,
      `Jobs can be offered only to active contractor accounts: ${frozen.user.id}, 999999 are not`,
    );
  });

  it("refuses unknown stages and statuses, a proposed date in the past, and bad completion costs", async () => {
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/offers`, offerBody([p.contractor.user.id])));
    await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`));
    const contractor = p.contractor.client;
    const base = `/api/maintenance/jobs/${job.id}`;
    await refused(() => contractor.post(`${base}/progress`, { stage: "napping" }), 400, /^Stage must be one of/);
    await refused(
      () => contractor.post(`${base}/propose-date`, { proposedDate: addDays(londonToday(), -2), note: "Earlier" }),
      400,
      "Proposed date cannot be in the past",
    );
    await ok(contractor.post(`${base}/progress`, { stage: "in_progress" }));
    const complete = (finalCost: unknown) => () => contractor.post(`${base}/complete`, { finalCost, note: "Done" });
    await refused(complete(-1), 400, "Final cost cannot be negative");
    await refused(complete(2_000_000), 400, "Final cost must be at most £1,000,000");
    await refused(complete(99.999), 400, "Final cost: use at most 2 decimal places");
    await refused(complete("lots"), 400, "Final cost must be a number");
    await refused(
      () => p.owner.client.request("PATCH", base, { priority: "whenever" }),
      400,
      "Priority must be one of high, medium, low",
    );
    await refused(() => p.owner.client.request("PATCH", base, {}), 400, "Change at least one field");
    await refused(
      () => p.owner.client.post(`${base}/cancel`, { reason: "no" }),
      400,
      "Reason must be at least 3 characters",
    );
    const list = await p.owner.client.get("/api/maintenance/jobs?status=lost");
    expect(list.status).toBe(400);
    expect(list.body.message).toMatch(/^Status must be one of pending, scheduled/);
  });
});

describe("photos of a job", () => {
  type Upload = { name: string; bytes: Buffer; type?: string };
  async function upload(client: HttpClient, jobId: number, files: Upload[]) {
    const body = new FormData();
    for (const file of files) {
      body.append("photo", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
    }
    const response = await fetch(`${server.baseUrl}/api/maintenance/jobs/${jobId}/photos`, {
      method: "POST",
      body,
      headers: client.cookie ? { cookie: client.cookie } : {},
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(path.join(dataDir, "photos"), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  }

  it("stores the reporter's photo as servable WebP files, and refuses a file that is not an image", async () => {
    const job = await ok(p.guest.client.post("/api/maintenance/jobs", { ...REPORT, bookingId: p.stay.id }), 201);
    const jpeg = await makeImage("jpeg", { width: 800, height: 600 });
    const added = await ok(upload(p.guest.client, job.id, [{ name: "leak.jpg", bytes: jpeg }]));
    const [photo] = added.photos;
    expect(photo?.url).toMatch(/^\/media\/photos\/[0-9a-f]{32}\/1600\.webp$/);
    const served = await fetch(`${server.baseUrl}${photo?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    const files = await storedFiles();
    await refused(
      () =>
        upload(p.guest.client, job.id, [{ name: "notes.txt", bytes: Buffer.from("not a picture"), type: "image/png" }]),
      415,
      "notes.txt is not an image we can use: upload a JPEG, PNG, WebP or AVIF photo",
    );
    expect(await storedFiles()).toEqual(files);
    await refused(
      () =>
        upload(p.guest.client, job.id, [
          { name: "a.jpg", bytes: jpeg },
          { name: "b.jpg", bytes: jpeg },
        ]),
      400,
      "Upload one photo at a time",
    );

    // The manager removes it; its files go with it.
    const removed = await ok(p.manager.client.request("DELETE", `/api/maintenance/jobs/${job.id}/photos/${photo?.id}`));
    expect(removed.photos).toEqual([]);
    expect((await fetch(`${server.baseUrl}${photo?.url}`)).status).toBe(404);
  });

  it(`takes at most ${MAX_JOB_PHOTOS} photos, only from the reporter and those who run the job, only while open`, async () => {
    const job = await reportOn(p.owner.client, p.property.id);
    const png = await makeImage("png", { width: 300, height: 200 });
    for (let i = 0; i < MAX_JOB_PHOTOS; i++)
      await ok(upload(p.owner.client, job.id, [{ name: `${i}.png`, bytes: png }]));
    await refused(
      () => upload(p.owner.client, job.id, [{ name: "7.png", bytes: png }]),
      400,
      `A job can have at most ${MAX_JOB_PHOTOS} photos`,
    );

    const other = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${other.id}/offers`, offerBody([p.contractor.user.id])));
    await refused(
      () => upload(p.contractor.client, other.id, [{ name: "c.png", bytes: png }]),
      403,
      "You are not allowed to make this change to the job.",
    );
    await refused(() => upload(p.stranger.client, other.id, [{ name: "s.png", bytes: png }]), 404, "Job not found");
    await ok(p.owner.client.post(`/api/maintenance/jobs/${other.id}/cancel`, { reason: "Not needed" }));
    await refused(
      () => upload(p.owner.client, other.id, [{ name: "late.png", bytes: png }]),
      409,
      "Photos can be added or removed only while the job is open.",
    );
  });
});

describe("taking the property off the market for the work", () => {
  const put = (client: HttpClient, jobId: number, underMaintenance: boolean) =>
    client.request("PUT", `/api/maintenance/jobs/${jobId}/property-maintenance`, { underMaintenance });
  const stateOf = async (id: number) =>
    (await t.db.select({ on: properties.underMaintenance }).from(properties).where(eq(properties.id, id)))[0]?.on;

  it("is allowed while the job is open and urgent; the listing then cannot be booked; putting it back is always allowed", async () => {
    const property = await createProperty(t.db, { ownerId: p.owner.user.id });
    const calm = await reportOn(p.owner.client, property.id, { isUrgent: false });
    const urgent = await reportOn(p.owner.client, property.id, { isUrgent: true, title: "Gas smell in hallway" });

    const refusedCalm = await put(p.owner.client, calm.id, true);
    expect(refusedCalm.status).toBe(409);
    expect(refusedCalm.body.message).toBe("A property can be put under maintenance only for an open urgent job.");
    expect(await stateOf(property.id)).toBe(false);

    expect((await put(p.contractor.client, urgent.id, true)).status).toBe(403);
    await ok(put(p.owner.client, urgent.id, true));
    expect(await stateOf(property.id)).toBe(true);
    const listing = await ok<{ status: string }>(p.stranger.client.get(`/api/properties/${property.id}`));
    expect(listing.status).toBe("maintenance");
    const checkIn = addDays(londonToday(), 90);
    const booking = await p.stranger.client.post("/api/bookings", {
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guestCount: 1,
      guestInfo: { firstName: "Sam", lastName: "Stranger", email: "sam@example.com" },
    });
    expect(booking.status).toBe(400);
    expect(booking.body.message).toBe("This property is under maintenance and cannot be booked right now.");

    await ok(p.owner.client.post(`/api/maintenance/jobs/${urgent.id}/cancel`, { reason: "Engineer found nothing" }));
    expect((await put(p.owner.client, urgent.id, true)).status).toBe(409);
    await ok(put(p.owner.client, urgent.id, false));
    expect(await stateOf(property.id)).toBe(false);
  });
});
