import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZSavedProperty, ZSavedPropertyList } from "../../common/schemas/saved-properties";
import { savedProperties, type users } from "../../server/db/schema";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

/** A signed-in user (e-mail and phone verified unless `fields` say otherwise) and a client carrying the session. */
async function signedIn(fields: Partial<typeof users.$inferInsert> = {}) {
  const { client: c, user } = await signedInUser(t.db, server.baseUrl, fields);
  return { c, user };
}

const save = (c: HttpClient, ref: string | number) => c.post(`/api/properties/${ref}/save`);
const unsave = (c: HttpClient, ref: string | number) => c.request("DELETE", `/api/properties/${ref}/save`);
const savedList = async (c: HttpClient) => {
  const response = await c.get("/api/properties/saved");
  expect(response.status).toBe(200);
  return ZSavedPropertyList.parse(response.body);
};
const rowsOf = async (userId: number, propertyId: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(savedProperties)
      .where(and(eq(savedProperties.userId, userId), eq(savedProperties.propertyId, propertyId)))
  )[0]?.n;

describe("saving a property", () => {
  it("saves by id with a 201 and the saved item, and a second save answers 200 with the same item", async () => {
    const { c, user } = await signedIn();
    const property = await createProperty(t.db, {
      pricePerNight: "245.50",
      bedrooms: 2,
      bathrooms: 1,
      maxGuests: 4,
      photos: ["/images/a.jpg", "/images/b.jpg"],
    });

    const first = await save(c, property.id);
    expect(first.status).toBe(201);
    const item = ZSavedProperty.parse(first.body);
    expect(item.property).toEqual({
      id: property.id,
      slug: property.slug,
      title: property.title,
      description: property.description,
      city: "Camden",
      images: ["/images/a.jpg", "/images/b.jpg"],
      bedrooms: 2,
      bathrooms: 1,
      maxGuests: 4,
      pricePerNight: "245.50",
      // With the 10% service fee, as the saved card shows it.
      allInPricePerNight: "270.05",
      rating: "0.00",
    });
    expect(Date.now() - Date.parse(item.createdAt)).toBeLessThan(60_000);

    const again = await save(c, property.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(user.id, property.id)).toBe(1);
  });

  it("accepts a slug", async () => {
    const { c } = await signedIn();
    const property = await createProperty(t.db);
    const response = await save(c, property.slug);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ property: { id: property.id } });
  });

  it("keeps one row when the same save arrives many times at once", async () => {
    const { c, user } = await signedIn();
    const property = await createProperty(t.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(c, property.id)));
    expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(9);
    expect(await rowsOf(user.id, property.id)).toBe(1);
  });

  it("answers 404 for an unknown or unlisted property and writes nothing", async () => {
    const { c, user } = await signedIn();
    const hidden = await createProperty(t.db, { isActive: false });
    for (const ref of ["999999", "no-such-listing", "99999999999", String(hidden.id), hidden.slug]) {
      const response = await save(c, ref);
      expect(response.status, ref).toBe(404);
      expect(response.body.message, ref).toBe("Property not found");
    }
    expect(await rowsOf(user.id, hidden.id)).toBe(0);
  });

  it("answers 400 for an id that is neither a number nor a slug", async () => {
    const { c } = await signedIn();
    for (const ref of ["Not%20a%20slug", "camden_flat", "-1", "a".repeat(121)]) {
      const response = await save(c, ref);
      expect(response.status, ref).toBe(400);
      expect(response.body.message, ref).toMatch(/Property id/);
    }
  });
});

describe("the saved list", () => {
  it("lists the user's saved properties newest first, in the spec's shape", async () => {
    const { c } = await signedIn();
    const older = await createProperty(t.db, { title: "Older Saved Flat" });
    const newer = await createProperty(t.db, { title: "Newer Saved Flat" });
    expect((await save(c, older.id)).status).toBe(201);
    expect((await save(c, newer.id)).status).toBe(201);

    const list = await savedList(c);
    expect(list.map((i) => i.property.title)).toEqual(["Newer Saved Flat", "Older Saved Flat"]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(["createdAt", "id", "property"]);
    expect(Object.keys(list[0]?.property ?? {}).sort()).toEqual(
      [
        "bathrooms",
        "bedrooms",
        "city",
        "description",
        "id",
        "images",
        "maxGuests",
        "pricePerNight",
        "allInPricePerNight",
        "rating",
        "slug",
        "title",
      ].sort(),
    );
    expect((await c.get("/api/properties/saved")).headers.get("cache-control")).toBe("no-store");
  });

  it("is empty for someone who saved nothing", async () => {
    const { c } = await signedIn();
    expect(await savedList(c)).toEqual([]);
  });

  it("leaves out a saved property once it is unlisted", async () => {
    const { c } = await signedIn();
    const property = await createProperty(t.db);
    expect((await save(c, property.id)).status).toBe(201);
    await t.db.execute(sql`update properties set is_active = false where id = ${property.id}`);
    expect(await savedList(c)).toEqual([]);
  });

  it("shows each user only their own saved properties", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const alicesPick = await createProperty(t.db);
    const bobsPick = await createProperty(t.db);
    expect((await save(alice.c, alicesPick.id)).status).toBe(201);
    expect((await save(bob.c, bobsPick.id)).status).toBe(201);

    expect((await savedList(alice.c)).map((i) => i.property.id)).toEqual([alicesPick.id]);
    expect((await savedList(bob.c)).map((i) => i.property.id)).toEqual([bobsPick.id]);
  });
});

describe("removing a saved property", () => {
  it("removes it with a 204; removing it again is a 404 with a message", async () => {
    const { c, user } = await signedIn();
    const property = await createProperty(t.db);
    expect((await save(c, property.id)).status).toBe(201);

    const removed = await unsave(c, property.id);
    expect(removed.status).toBe(204);
    expect(removed.body).toEqual({});
    expect(await savedList(c)).toEqual([]);
    expect(await rowsOf(user.id, property.id)).toBe(0);

    const again = await unsave(c, property.slug);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This property is not in your saved list.");
  });

  it("cannot remove another user's saved property", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const property = await createProperty(t.db);
    expect((await save(owner.c, property.id)).status).toBe(201);

    const attempt = await unsave(intruder.c, property.id);
    expect(attempt.status).toBe(404);
    expect(await rowsOf(owner.user.id, property.id)).toBe(1);
    expect((await savedList(owner.c)).map((i) => i.property.id)).toEqual([property.id]);
  });

  it("answers 404 for an unknown property and 400 for a malformed id", async () => {
    const { c } = await signedIn();
    expect((await unsave(c, 999999)).status).toBe(404);
    expect((await unsave(c, "Bad_Id")).status).toBe(400);
  });
});

describe("who may not use saved properties", () => {
  it("refuses a signed-out visitor with a 401 on every call, before looking at the id", async () => {
    const c = new HttpClient(server.baseUrl);
    const property = await createProperty(t.db);
    for (const response of [
      await c.get("/api/properties/saved"),
      await save(c, property.id),
      await unsave(c, property.id),
      await save(c, "Bad_Id"),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
  });

  it("refuses a user whose e-mail is not verified with a 403 naming the missing verification", async () => {
    const { c, user } = await signedIn({ emailVerified: false });
    const property = await createProperty(t.db);
    // A row saved earlier (say, before an e-mail change) must not leak either.
    await t.db.insert(savedProperties).values({ userId: user.id, propertyId: property.id });
    for (const response of [
      await c.get("/api/properties/saved"),
      await save(c, property.id),
      await unsave(c, property.id),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        message: "Please verify your email address first.",
        requiresEmailVerification: true,
        verifyAt: "/verification-status",
      });
    }
    expect(await rowsOf(user.id, property.id)).toBe(1);
  });

  it("treats a frozen account as signed out", async () => {
    const { c, user } = await signedIn();
    await t.db.execute(sql`update users set is_frozen = true where id = ${user.id}`);
    expect((await c.get("/api/properties/saved")).status).toBe(401);
  });

  it("refuses a save posted from another website", async () => {
    const { c } = await signedIn();
    const property = await createProperty(t.db);
    const response = await c.post(`/api/properties/${property.id}/save`, undefined, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("the public property routes still answer", () => {
  it("GET /api/properties/{id} is not taken over by the saved routes", async () => {
    const property = await createProperty(t.db);
    const c = new HttpClient(server.baseUrl);
    expect((await c.get(`/api/properties/${property.id}`)).status).toBe(200);
    expect((await c.get(`/api/properties/${property.slug}`)).status).toBe(200);
  });
});
