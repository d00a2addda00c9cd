import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { ZManagedPhotos } from "../../common/schemas/landlord-properties";
import { ZPhotoUploadTicket } from "../../common/schemas/photo-uploads";
import { bookings, users } from "../../server/db/schema";
import { RATE_LIMITS } from "../../server/plugins/rate-limits";
import { createProperty, propertyForm } from "../factories";
import { startTestServer, type TestServer } from "../support/app";
import { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import { type RoundRobinProxy, startRoundRobinProxy } from "../support/round-robin-proxy";
import { type LocalS3, startS3Server } from "../support/s3-server";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestDatabase } from "../support/test-context";

/**
 * Two app instances on one PostgreSQL behind a round-robin proxy, as an operator runs them: whichever instance a
 * request lands on, the answer is the one a single server would give. Photos live in an S3-compatible store (s3rver,
 * started here) that both share.
 */

const t = setUpTestDatabase();
let a: TestServer;
let b: TestServer;
let proxy: RoundRobinProxy;
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await startTestServer(t.db, t.url, { RATE_LIMIT_FACTOR: 1, s3: s3.settings });
  b = await startTestServer(t.db, t.url, { RATE_LIMIT_FACTOR: 1, s3: s3.settings });
  proxy = await startRoundRobinProxy([a.baseUrl, b.baseUrl]);
});
afterAll(async () => {
  await proxy?.close();
  await a?.close();
  await b?.close();
  await s3?.close();
});

describe("two instances behind a round-robin proxy", () => {
  it("sell a night once: 200 simultaneous requests for overlapping stays give one booking", async () => {
    const property = await createProperty(t.db, { maxGuests: 4 });
    // Signed in through the proxy: each guest's session, made on one instance, is honoured by both.
    const guests = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { user } = await signedInUser(t.db, a.baseUrl);
        const client = new HttpClient(proxy.baseUrl);
        const login = await client.post("/api/auth/login", {
          email: user.email,
          password: "correct horse battery staple",
        });
        expect(login.status).toBe(200);
        return client;
      }),
    );
    const start = mondayIn(8);
    const before = [...proxy.served];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        guests[i % guests.length]?.post("/api/bookings", {
          propertyId: property.id,
          // Three-night stays starting on one of three consecutive days: every one holds the third night.
          checkIn: addDays(start, i % 3),
          checkOut: addDays(start, (i % 3) + 3),
          guestCount: 1,
          guestInfo: { firstName: "Fleet", lastName: "Guest", email: "fleet@example.com" },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer?.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    // Both instances took their share.
    expect((proxy.served[0] ?? 0) - (before[0] ?? 0)).toBe(100);
    expect((proxy.served[1] ?? 0) - (before[1] ?? 0)).toBe(100);
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.propertyId, property.id));
    expect(stored[0]?.n).toBe(1);
  });

  it("show a listing a landlord edits through one instance in the next search on the other", async () => {
    const owner = await signedInUser(t.db, a.baseUrl, { role: "landlord", isApproved: true });
    const created = await owner.client.post(
      "/api/properties",
      propertyForm({ title: "Harbour Flat", city: "Fleetwood" }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const search = async (server: TestServer) =>
      ((await (await fetch(`${server.baseUrl}/api/properties?city=fleetwood`)).json()) as { title: string }[]).map(
        (listing) => listing.title,
      );
    // Both instances now hold this search in their caches.
    expect(await search(a)).toEqual(["Harbour Flat"]);
    expect(await search(b)).toEqual(["Harbour Flat"]);

    const noticed = [a, b].map(
      (server) => new Promise((resolve) => server.changeFeed?.once("listings_changed", resolve)),
    );
    // The edit form sends every field again, without the create form's amenities.
    const { amenities: _amenities, ...editForm } = propertyForm({ title: "Harbour Loft", city: "Fleetwood" });
    const edited = await owner.client.request("PUT", `/api/properties/${created.body.id}`, editForm);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await Promise.all(noticed);
    expect(await search(b)).toEqual(["Harbour Loft"]);
    expect(await search(a)).toEqual(["Harbour Loft"]);
  });

  it("count a rate limit across both: the 11th sign-up from one address is refused, wherever it lands", async () => {
    const window = RATE_LIMITS.register.windowMs;
    if (window - (Date.now() % window) < 10_000)
      await new Promise((r) => setTimeout(r, window - (Date.now() % window)));
    let n = 0;
    const signUp = () =>
      fetch(`${proxy.baseUrl}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `fleet-${++n}@fleet.test`,
          password: "a long enough password",
          firstName: "Fleet",
          lastName: "Member",
          role: "guest",
        }),
      });
    for (let i = 0; i < RATE_LIMITS.register.max; i++) expect((await signUp()).status).toBe(201);
    const refused = await signUp();
    expect(refused.status).toBe(429);
    expect((await signUp()).status).toBe(429);
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like 'fleet-%@fleet.test'`);
    expect(stored[0]?.n).toBe(RATE_LIMITS.register.max);
  });

  it("serve a photo uploaded through one instance from the other, and forget it everywhere once deleted", async () => {
    const { client: throughA, user } = await signedInUser(t.db, a.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: user.id });
    const jpeg = await makeImage("jpeg", { width: 1000, height: 700 });
    const asked = await throughA.post(`/api/properties/${property.id}/photos/uploads`, {
      fileName: "hall.jpg",
      contentType: "image/jpeg",
      size: jpeg.length,
    });
    const ticket = ZPhotoUploadTicket.parse(asked.body);
    if (ticket.mode !== "direct") throw new Error("expected a direct upload");
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "hall.jpg");
    expect((await fetch(ticket.url, { method: "POST", body: form })).status).toBe(204);
    const done = await throughA.post(`/api/properties/${property.id}/photos/uploads/${ticket.uploadId}/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const [photo] = ZManagedPhotos.parse(done.body);
    const url = photo?.url ?? "";

    const fromA = await fetch(`${a.baseUrl}${url}`);
    const fromB = await fetch(`${b.baseUrl}${url}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    // Deleted through B (the same session, signed in on A): gone from the store, so from A too.
    const throughB = new HttpClient(b.baseUrl);
    throughB.cookie = throughA.cookie;
    const removed = await throughB.request("DELETE", `/api/properties/${property.id}/photos/${photo?.id}`);
    expect(removed.status).toBe(200);
    expect((await fetch(`${a.baseUrl}${url}`)).status).toBe(404);
    expect(await s3.list(url.replace("/media/photos/", "photos/").replace(/\/1600\.webp$/, "/"))).toEqual([]);
  });
});
