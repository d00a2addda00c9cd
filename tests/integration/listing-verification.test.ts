import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZAdminProperty } from "../../common/schemas/admin-properties";
import { ZPropertyDetail, ZPropertySearchResponse } from "../../common/schemas/properties";
import { auditLogs, propertyVerifications } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * "Verified" rests on an administrator's verification record (who, when, what was checked): shown on the listing's
 * card and page only while one stands, found by the Verified homes filter, and given or withdrawn only by an admin.
 * The change feed is on, so the search cache must hear of it like any listing change.
 */
const { t, server } = setUpTestApp();

let admin: { client: HttpClient; id: number };
let owner: { client: HttpClient; id: number };
let guest: HttpClient;

beforeAll(async () => {
  const a = await signedInUser(t.db, server.baseUrl, { role: "admin", firstName: "Ada", lastName: "Admin" });
  admin = { client: a.client, id: a.user.id };
  const o = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  owner = { client: o.client, id: o.user.id };
  guest = (await signedInUser(t.db, server.baseUrl)).client;
});

const CHECKS = { checks: ["visited", "photos_match", "safety_certificates"], note: "Keys from the concierge" };

async function publicCard(city: string, verifiedOnly = false) {
  const response = await guest.get(`/api/properties?city=${city}${verifiedOnly ? "&verified=true" : ""}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return ZPropertySearchResponse.parse(response.body);
}

async function publicDetail(id: number) {
  const response = await guest.get(`/api/properties/${id}`);
  return ZPropertyDetail.parse(response.body);
}

describe("verifying a listing", () => {
  it("shows Verified and what was checked only once an admin has verified it, and the filter finds only those", async () => {
    const city = `Verifyton${Date.now()}`;
    const checked = await createProperty(t.db, { ownerId: owner.id, city });
    const other = await createProperty(t.db, { ownerId: owner.id, city });
    // Read once, so the search is cached: the verification must empty the cache.
    expect((await publicCard(city)).map((p) => [p.id, p.verified]).sort()).toEqual(
      [
        [checked.id, false],
        [other.id, false],
      ].sort(),
    );
    expect((await publicDetail(checked.id)).verification).toBeNull();

    const verified = await admin.client.post(`/api/admin/properties/${checked.id}/verify`, CHECKS);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(ZAdminProperty.parse(verified.body).verification).toEqual({
      at: expect.any(String),
      by: { id: admin.id, name: "Ada Admin" },
      checks: ["visited", "photos_match", "safety_certificates"],
    });

    // The feed empties every instance's cache a moment after the commit.
    await expect.poll(async () => (await publicCard(city)).find((p) => p.id === checked.id)?.verified).toBe(true);
    expect((await publicCard(city)).find((p) => p.id === other.id)?.verified).toBe(false);
    expect((await publicCard(city, true)).map((p) => p.id)).toEqual([checked.id]);
    expect((await publicDetail(checked.id)).verification).toEqual({
      checks: ["visited", "photos_match", "safety_certificates"],
      verifiedAt: expect.any(String),
    });
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "property.verified"), eq(auditLogs.targetId, String(checked.id))));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.subjectUserId).toBe(owner.id);
    expect(entry?.details).toMatchObject({ checks: CHECKS.checks, note: CHECKS.note });

    // Verified once: a second verification waits for the first to be withdrawn.
    const again = await admin.client.post(`/api/admin/properties/${checked.id}/verify`, CHECKS);
    expect(again.status).toBe(409);
  });

  it("is withdrawn with a reason: the label goes, the record stays", async () => {
    const city = `Withdrawton${Date.now()}`;
    const property = await createProperty(t.db, { ownerId: owner.id, city });
    expect((await admin.client.post(`/api/admin/properties/${property.id}/verify`, CHECKS)).status).toBe(200);
    const withdrawn = await admin.client.post(`/api/admin/properties/${property.id}/withdraw-verification`, {
      reason: "The photos are of another flat",
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(ZAdminProperty.parse(withdrawn.body).verification).toBeNull();
    await expect.poll(async () => (await publicCard(city))[0]?.verified).toBe(false);
    expect((await publicDetail(property.id)).verification).toBeNull();
    const [record] = await t.db
      .select()
      .from(propertyVerifications)
      .where(eq(propertyVerifications.propertyId, property.id));
    expect(record).toMatchObject({ withdrawnBy: admin.id, withdrawalReason: "The photos are of another flat" });
    expect(record?.withdrawnAt).toBeInstanceOf(Date);

    const notVerified = await admin.client.post(`/api/admin/properties/${property.id}/withdraw-verification`, {
      reason: "Twice",
    });
    expect(notVerified.status).toBe(409);
    // A new verification may follow a withdrawn one.
    expect((await admin.client.post(`/api/admin/properties/${property.id}/verify`, CHECKS)).status).toBe(200);
  });

  it("needs the visit and the photos, each check once, and writes nothing when refused", async () => {
    const property = await createProperty(t.db, { ownerId: owner.id });
    const refusals: [unknown, RegExp][] = [
      [{ checks: ["visited"] }, /visited and its photos match/],
      [{ checks: [] }, /visited and its photos match/],
      [{ checks: ["visited", "photos_match", "visited"] }, /Each check only once/],
      [{ checks: ["visited", "photos_match", "vibes"] }, /Each check must be one of/],
      [{ checks: "visited" }, /checks must be a list/],
      [{ checks: ["visited", "photos_match"], note: "<script>x</script>" }, /plain text/],
      [{ checks: ["visited", "photos_match"], verifiedBy: 1 }, /Unknown body field/],
    ];
    for (const [body, message] of refusals) {
      const response = await admin.client.post(`/api/admin/properties/${property.id}/verify`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(String(response.body.message)).toMatch(message);
    }
    const rows = await t.db
      .select()
      .from(propertyVerifications)
      .where(eq(propertyVerifications.propertyId, property.id));
    expect(rows).toEqual([]);
    expect((await admin.client.post("/api/admin/properties/99999999/verify", CHECKS)).status).toBe(404);
  });

  it("cannot be given by the listing's own landlord or by a guest, nor to a removed listing", async () => {
    const property = await createProperty(t.db, { ownerId: owner.id });
    for (const client of [owner.client, guest]) {
      const refused = await client.post(`/api/admin/properties/${property.id}/verify`, CHECKS);
      expect(refused.status).toBe(403);
      expect(
        (await client.post(`/api/admin/properties/${property.id}/withdraw-verification`, { reason: "x y z" })).status,
      ).toBe(403);
    }
    const removed = await createProperty(t.db, {
      ownerId: owner.id,
      isActive: false,
      removedAt: new Date(),
      removedBy: admin.id,
      removalReason: "Fake listing",
    });
    const refused = await admin.client.post(`/api/admin/properties/${removed.id}/verify`, CHECKS);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A removed listing cannot be verified; restore it first.");
    const rows = await t.db.select().from(propertyVerifications);
    expect(rows.filter((r) => r.propertyId === property.id || r.propertyId === removed.id)).toEqual([]);
  });

  it("takes verified=true or false in the search, and refuses anything else", async () => {
    expect((await guest.get("/api/properties?verified=false")).status).toBe(200);
    const refused = await guest.get("/api/properties?verified=yes");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/verified must be true or false/);
  });
});
