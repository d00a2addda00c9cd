import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import type { RouteSummary } from "../../server/app";
import { users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import type { HttpClient } from "../support/http-client";
import { HttpClient as Client } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Every route under /api/admin, as the app registered it (so a new admin route cannot escape this sweep), is
 * refused to everyone but an admin, before anything is read or changed.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let adminRoutes: RouteSummary[] = [];
const ids = { user: 0, property: 0, booking: 0 };
let admin: HttpClient;
const refused: Record<string, HttpClient> = {};

/** A real record of the kind the path names, so a route that let someone through could really act on it. */
function pathFor(url: string): string {
  const kind = url.includes("/bookings") ? "booking" : url.includes("/properties") ? "property" : "user";
  return url.replace(/:[A-Za-z]+/g, String(ids[kind]));
}

/** A body every admin change would accept, so a refusal cannot come from validation. */
const BODY = { role: "landlord", reason: "Checking who may do this" };

const send = (client: HttpClient, route: RouteSummary) =>
  client.request(route.method as "GET", pathFor(route.url), route.method === "GET" ? undefined : BODY);

/** The records an admin route could change, in a comparable form. */
async function snapshot() {
  const result = await t.db.execute(sql`
    select json_build_object(
      'users', (select json_agg(json_build_object('id', id, 'role', role, 'approved', is_approved, 'frozen', is_frozen) order by id) from users),
      'properties', (select json_agg(json_build_object('id', id, 'active', is_active, 'removed', removed_at) order by id) from properties),
      'bookings', (select json_agg(json_build_object('id', id, 'status', status) order by id) from bookings),
      'audit', (select count(*) from audit_logs),
      'outbox', (select count(*) from outbox_messages)
    ) as state`);
  return result.rows[0];
}

beforeAll(async () => {
  adminRoutes = server.app.routeList.filter((r) => r.url.startsWith("/api/admin/"));
  const landlord = await createUser(t.db, { role: "landlord", isApproved: true, phoneVerified: true });
  const target = await createUser(t.db, { role: "guest", email: "sweep-target@admin-access.test" });
  const property = await createProperty(t.db, { ownerId: landlord.id });
  const checkIn = mondayIn(10);
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    guestId: target.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    status: "pending",
    holdExpiresAt: new Date(Date.now() + 86_400_000),
  });
  Object.assign(ids, { user: target.id, property: property.id, booking: booking.id });
  admin = (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
  for (const role of ["guest", "landlord", "property_manager", "contractor"] as const) {
    refused[role] = (await signedInUser(t.db, server.baseUrl, { role, isApproved: true })).client;
  }
  const frozenAdmin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
  await t.db.update(users).set({ isFrozen: true, frozenAt: new Date() }).where(eq(users.id, frozenAdmin.user.id));
  refused.frozenAdmin = frozenAdmin.client;
});

describe("every /api/admin route", () => {
  it("is found by the sweep: the admin area's routes, each stating the permission it needs", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of adminRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it("refuses a signed-out visitor with 401 and changes nothing", async () => {
    const before = await snapshot();
    for (const route of adminRoutes) {
      const response = await send(new Client(server.baseUrl), route);
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(["guest", "landlord", "property_manager", "contractor"])(
    "refuses a %s with 403, naming the Administrator role, and changes nothing",
    async (role) => {
      const before = await snapshot();
      for (const route of adminRoutes) {
        const response = await send(refused[role] as HttpClient, route);
        expect(response.status, `${route.method} ${route.url}`).toBe(403);
        expect(response.body.message).toMatch(
          /^You don't have the required role to access this area\. Required: Administrator\./,
        );
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it("treats a frozen admin as signed out: their session ended when they were frozen", async () => {
    const before = await snapshot();
    for (const route of adminRoutes) {
      expect((await send(refused.frozenAdmin as HttpClient, route)).status, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets an admin past the gate on every one of them (so the refusals above are the gate's)", async () => {
    for (const route of adminRoutes.filter((r) => r.method === "GET")) {
      // Read raw: not every answer is JSON (the listings' CSV export).
      const response = await fetch(`${server.baseUrl}${pathFor(route.url)}`, {
        headers: { cookie: admin.cookie ?? "" },
      });
      expect([401, 403], `${route.method} ${route.url}: ${await response.text()}`).not.toContain(response.status);
    }
  });
});
