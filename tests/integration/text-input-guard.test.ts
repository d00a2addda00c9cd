import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { availability, bookings, maintenanceJobEvents, pricingRules, properties, users } from "../../server/db/schema";
import { createBooking, createProperty, propertyForm } from "../factories";
import { jobParties, offerBody, ok, reportOn } from "../support/maintenance";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * PostgreSQL text cannot hold U+0000, nor its JSON half a surrogate pair. Before the guard, a JSON "\u0000" in any
 * stored text reached the INSERT and failed inside the transaction: a 500 (and, on a paid cancel, after the refund
 * call); a lone "\ud800" did the same wherever the text was also written to an audit entry. Every refusal here
 * must be a 400 that names the field, with the database as it was.
 */

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const NUL = "\u0000";
const MESSAGE = "must not contain the NUL character";

async function landlord() {
  const signedIn = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  await t.db.update(users).set({ phoneVerified: true }).where(eq(users.id, signedIn.user.id));
  return signedIn;
}

/** A valid form, as the dialog sends it. */
const validProperty = propertyForm;

const countOwned = async (ownerId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(properties).where(eq(properties.ownerId, ownerId)))[0]?.n;

describe("text with a NUL character", () => {
  it.each([
    ["title", { title: `Nice${NUL} flat near the park` }, "Body field title"],
    ["description", { description: `A calm flat.${NUL}`.padEnd(60, " x") }, "Body field description"],
    ["an amenity", { amenities: [`Wi${NUL}fi`] }, "Body field amenities.0"],
    ["a key", { [`ti${NUL}tle`]: "x" }, "Body field (key)"],
  ])("in a new property's %s is refused with 400, and no property is stored", async (_what, overrides, where) => {
    const owner = await landlord();
    const response = await owner.client.post("/api/properties", validProperty(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toContain(where);
    expect(response.body.message).toContain(MESSAGE);
    expect(await countOwned(owner.user.id)).toBe(0);
  });

  it("in the multipart form's property field is refused with 400, and no property is stored", async () => {
    const owner = await landlord();
    const form = new FormData();
    form.append("property", JSON.stringify(validProperty({ address: `12 Albany Street${NUL}` })));
    const response = await fetch(`${server.baseUrl}/api/properties`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.client.cookie ?? "" },
    });
    const body = (await response.json()) as { message: string };
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.message).toContain("Form field address");
    expect(body.message).toContain(MESSAGE);
    expect(await countOwned(owner.user.id)).toBe(0);
  });

  it("in a pricing rule's name or a blocked night's note is refused with 400, and nothing is stored", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });

    const rule = await owner.client.post(`/api/properties/${property.id}/pricing-rules`, {
      name: `Sum${NUL}mer`,
      fixedPrice: 90,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(400);
    expect(rule.body.message).toContain("Body field name");
    expect(await t.db.select().from(pricingRules).where(eq(pricingRules.propertyId, property.id))).toEqual([]);

    const night = mondayIn(3);
    const block = await owner.client.post(`/api/properties/${property.id}/blocked-nights`, {
      from: night,
      to: night,
      note: `Decorators${NUL}`,
    });
    expect(block.status, JSON.stringify(block.body)).toBe(400);
    expect(block.body.message).toContain("Body field note");
    expect(await t.db.select().from(availability).where(eq(availability.propertyId, property.id))).toEqual([]);
  });

  it("in a guest's cancellation reason is refused with 400, and the booking stays as it was", async () => {
    const guest = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db);
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      guestId: guest.user.id,
      checkIn: mondayIn(4),
      checkOut: mondayIn(5),
      status: "confirmed",
    });

    const response = await guest.client.post(`/api/bookings/${booking.id}/cancel`, { reason: `Plans changed${NUL}` });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toContain("Body field reason");
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: "confirmed", cancellationReason: null, cancelledAt: null });
  });

  it("in a query parameter is refused with 400 before any search runs", async () => {
    const response = await fetch(`${server.baseUrl}/api/properties?city=Camden%00`);
    const body = (await response.json()) as { message: string };
    expect(response.status).toBe(400);
    expect(body.message).toBe("Query parameter city: Text must not contain the NUL character (\\u0000)");
  });
});

describe("text with half a surrogate pair", () => {
  const HALF = "\ud800";
  const UNICODE = "Text must be valid Unicode (it holds half of a surrogate pair)";

  it("in a contractor's progress note is refused with 400, and the job's timeline stays as it was", async () => {
    const p = await jobParties(t.db, server.baseUrl);
    const job = await reportOn(p.owner.client, p.property.id);
    await ok(p.owner.client.post(`/api/maintenance/jobs/${job.id}/offers`, offerBody([p.contractor.user.id])));
    await ok(p.contractor.client.post(`/api/maintenance/jobs/${job.id}/accept`));
    const events = async () =>
      (await t.db.select().from(maintenanceJobEvents).where(eq(maintenanceJobEvents.jobId, job.id))).length;
    const before = await events();

    const response = await p.contractor.client.post(`/api/maintenance/jobs/${job.id}/progress`, {
      stage: "on_the_way",
      note: `Twenty minutes away${HALF}`,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toBe(`Body field note: ${UNICODE}`);
    expect(await events()).toBe(before);
  });

  it("in the multipart form's property field or in a key is refused with 400, and no property is stored", async () => {
    const owner = await landlord();
    const form = new FormData();
    form.append("property", JSON.stringify(validProperty({ title: `Bright flat ${HALF} near the park` })));
    const multipart = await fetch(`${server.baseUrl}/api/properties`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.client.cookie ?? "" },
    });
    expect(multipart.status).toBe(400);
    expect(((await multipart.json()) as { message: string }).message).toBe(`Form field title: ${UNICODE}`);

    const keyed = await owner.client.post("/api/properties", { ...validProperty(), [`x${HALF}`]: 1 });
    expect(keyed.status).toBe(400);
    expect(keyed.body.message).toBe(`Body field (key): ${UNICODE}`);
    expect(await countOwned(owner.user.id)).toBe(0);
  });

  it("leaves whole characters alone: an emoji's surrogate pair is stored as written", async () => {
    const owner = await landlord();
    const created = await owner.client.post("/api/properties", validProperty({ title: "Sunny flat 🌞 by the canal" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.title).toBe("Sunny flat 🌞 by the canal");
  });
});
