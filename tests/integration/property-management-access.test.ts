import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteSummary } from "../../server/app";
import { createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Every registered property-management route (a manager's lists, a property's manager, the manager-owner
 * threads), as the app registered them, so a new one cannot escape this sweep: refused to the signed out, to roles
 * that have no part in property management, and, for one record, to people of the right role who are not its
 * parties, before anything is read or changed. A list answers such a person only their own (here: nothing).
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const isManagementRoute = (url: string) =>
  url === "/api/properties/managed" ||
  url === "/api/properties/:id/manager" ||
  url.startsWith("/api/bookings/managed-properties") ||
  url.startsWith("/api/manager-threads");

let routes: RouteSummary[] = [];
const ids = { property: 0, assignment: 0 };
let body: Record<string, string> = {};
const clients: Record<string, HttpClient> = {};

/** The real property and assignment, so a route that let someone through could really act on them. */
const pathFor = (url: string) =>
  url.replace(":id", String(ids.property)).replace(":assignmentId", String(ids.assignment));
const send = (client: HttpClient, route: RouteSummary) =>
  client.request(
    route.method,
    pathFor(route.url),
    route.method === "GET" || route.method === "DELETE" ? undefined : body,
  );
const isOneRecord = (route: RouteSummary) => route.url.includes(":");

async function snapshot() {
  const result = await t.db.execute(sql`
    select json_build_object(
      'assignments', (select json_agg(json_build_object('id', id, 'manager', manager_id, 'ended', ended_at) order by id) from property_manager_assignments),
      'messages', (select count(*) from thread_messages m join message_threads t on t.id = m.thread_id where t.kind = 'owner_manager'),
      'reads', (select json_agg(json_build_object('user', r.user_id, 'last', r.last_read_message_id))
                from message_thread_reads r join message_threads t on t.id = r.thread_id where t.kind = 'owner_manager'),
      'audit', (select count(*) from audit_logs),
      'outbox', (select count(*) from outbox_messages)
    ) as state`);
  return result.rows[0];
}

beforeAll(async () => {
  routes = server.app.routeList.filter((r) => isManagementRoute(r.url));
  const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const manager = await createUser(t.db, { role: "property_manager", email: "assigned@sweep.test" });
  const spare = await createUser(t.db, { role: "property_manager", email: "spare@sweep.test" });
  const property = await createProperty(t.db, { ownerId: owner.user.id });
  const put = await owner.client.request("PUT", `/api/properties/${property.id}/manager`, { email: manager.email });
  ids.property = property.id;
  ids.assignment = (put.body as { current: { id: number } }).current.id;
  await owner.client.post(`/api/manager-threads/${ids.assignment}/messages`, { body: "A first message" });
  // A body each writing route would accept, so a refusal cannot come from validation.
  body = { email: spare.email, body: "Checking who may write here" };
  for (const role of ["guest", "contractor", "admin", "landlord", "property_manager"] as const) {
    clients[role] = (await signedInUser(t.db, server.baseUrl, { role, isApproved: true })).client;
  }
});

describe("every property-management route", () => {
  it("is found by the sweep, each stating the permission it needs", () => {
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining([
        "DELETE /api/properties/:id/manager",
        "GET /api/bookings/managed-properties",
        "GET /api/manager-threads",
        "GET /api/manager-threads/:assignmentId",
        "GET /api/properties/:id/manager",
        "GET /api/properties/managed",
        "POST /api/manager-threads/:assignmentId/messages",
        "PUT /api/properties/:id/manager",
      ]),
    );
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it("refuses a signed-out visitor with 401 and changes nothing", async () => {
    const before = await snapshot();
    for (const route of routes) {
      const response = await send(new HttpClient(server.baseUrl), route);
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(["guest", "contractor"])("refuses a %s with 403 everywhere and changes nothing", async (role) => {
    const before = await snapshot();
    for (const route of routes) {
      const response = await send(clients[role] as HttpClient, route);
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(["landlord", "property_manager", "admin"])(
    "refuses a %s who is not a party: 403 where the role has no part, 404 for the record, only their own (none) in a list",
    async (role) => {
      const before = await snapshot();
      for (const route of routes) {
        // An admin may put a manager on any property: those routes are theirs (tested with the assignments).
        if (role === "admin" && route.url.endsWith("/manager")) continue;
        const response = await send(clients[role] as HttpClient, route);
        const where = `${route.method} ${route.url}`;
        if (response.status === 200) {
          expect(isOneRecord(route), `${where} answered 200 for someone else's record`).toBe(false);
          expect(response.body, where).toEqual([]);
        } else {
          expect([403, 404], where).toContain(response.status);
          if (response.status === 403) expect(response.body.message, where).toMatch(/required role/);
        }
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
