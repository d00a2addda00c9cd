import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TPropertyManagement } from "../../common/schemas/property-management";
import { auditLogs, propertyManagerAssignments, users } from "../../server/db/schema";
import {
  endCurrentAssignment,
  insertAssignment,
  lockPropertyForManagerChange,
} from "../../server/repositories/properties/management.repository";
import { createProperty, createUser } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/** Putting a manager on a property, changing and ending it, with the history kept; who may do it. */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

let owner: HttpClient;
let ownerId: number;
let otherLandlord: HttpClient;
let admin: HttpClient;
const managers: { id: number; email: string }[] = [];

const managerOf = (email: string, firstName: string) =>
  createUser(t.db, { role: "property_manager", email, firstName, lastName: "Manager" });

/** Every assignment row of a property and the audit entries about it: what a refused request must leave alone. */
async function state(propertyId: number) {
  const rows = await t.db
    .select()
    .from(propertyManagerAssignments)
    .where(eq(propertyManagerAssignments.propertyId, propertyId))
    .orderBy(propertyManagerAssignments.id);
  const audit = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_logs where target_type = 'property' and target_id = ${String(propertyId)}`,
  );
  return { rows, audit: audit.rows[0]?.n };
}

const management = (body: Record<string, unknown>) => body as unknown as TPropertyManagement;

beforeAll(async () => {
  const signedOwner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  owner = signedOwner.client;
  ownerId = signedOwner.user.id;
  otherLandlord = (await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true })).client;
  admin = (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
  managers.push(await managerOf("ada.manager@assign.test", "Ada"));
  managers.push(await managerOf("ben.manager@assign.test", "Ben"));
});

describe("PUT /api/properties/:id/manager", () => {
  it("makes the account with that e-mail the manager, then ends it when another is assigned, keeping the history", async () => {
    const property = await createProperty(t.db, { ownerId });
    const [ada, ben] = managers as [(typeof managers)[0], (typeof managers)[0]];

    const none = await owner.get(`/api/properties/${property.id}/manager`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ current: null, history: [] });

    // The address as typed, in any case and with spaces around it.
    const first = await owner.request("PUT", `/api/properties/${property.id}/manager`, {
      email: "  ADA.Manager@assign.test ",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const assigned = management(first.body);
    expect(assigned.current).toMatchObject({
      manager: { id: ada.id, name: "Ada Manager", email: ada.email },
      assignedBy: "Test User",
      endedAt: null,
    });
    expect(assigned.history).toEqual([]);

    // By slug, like every landlord route on one property.
    const second = await owner.request("PUT", `/api/properties/${property.slug}/manager`, { email: ben.email });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const changed = management(second.body);
    expect(changed.current?.manager.id).toBe(ben.id);
    expect(changed.history).toHaveLength(1);
    expect(changed.history[0]).toMatchObject({ id: assigned.current?.id, manager: { id: ada.id } });
    expect(changed.history[0]?.endedAt).not.toBeNull();

    const { rows } = await state(property.id);
    expect(rows.map((r) => ({ manager: r.managerId, ended: r.endedAt !== null, endedBy: r.endedBy }))).toEqual([
      { manager: ada.id, ended: true, endedBy: ownerId },
      { manager: ben.id, ended: false, endedBy: null },
    ]);
    const entries = await t.db
      .select({ action: auditLogs.action, subject: auditLogs.subjectUserId, actor: auditLogs.actorId })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(property.id)))
      .orderBy(auditLogs.id);
    expect(entries).toEqual([
      { action: "property.manager_assigned", subject: ada.id, actor: ownerId },
      { action: "property.manager_assigned", subject: ben.id, actor: ownerId },
    ]);
  });

  it("answers 409 when that account already manages the property, and changes nothing", async () => {
    const property = await createProperty(t.db, { ownerId });
    const ada = managers[0] as (typeof managers)[0];
    expect((await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: ada.email })).status).toBe(
      200,
    );
    const before = await state(property.id);
    const again = await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: ada.email });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("That property manager already manages this property");
    expect(await state(property.id)).toEqual(before);
  });

  it("answers 404 for an address no active property manager account uses, and changes nothing", async () => {
    const property = await createProperty(t.db, { ownerId });
    const guest = await createUser(t.db, { role: "guest", email: "a.guest@assign.test" });
    const frozen = await createUser(t.db, {
      role: "property_manager",
      email: "frozen.manager@assign.test",
      isFrozen: true,
    });
    const before = await state(property.id);
    for (const email of ["nobody@assign.test", guest.email, frozen.email]) {
      const response = await owner.request("PUT", `/api/properties/${property.id}/manager`, { email });
      expect(response.status, email).toBe(404);
      expect(response.body.message).toBe("No property manager account uses that e-mail address");
    }
    expect(await state(property.id)).toEqual(before);
  });

  it("refuses a malformed body with 400 and a message, and changes nothing", async () => {
    const property = await createProperty(t.db, { ownerId });
    const before = await state(property.id);
    for (const body of [
      { email: "not an address" },
      { email: "" },
      {},
      { email: 42 },
      { email: `${"a".repeat(250)}@assign.test` },
      { email: "<script>@x.test" },
    ]) {
      const response = await owner.request("PUT", `/api/properties/${property.id}/manager`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
    expect(await state(property.id)).toEqual(before);
  });

  it("lets a change that began first but waited for the property end an assignment made meanwhile", async () => {
    const property = await createProperty(t.db, { ownerId });
    const [ada, ben] = managers as [(typeof managers)[0], (typeof managers)[0]];
    await t.db.transaction(async (tx) => {
      // This transaction's own clock starts now; another request assigns a manager and commits before it goes on.
      await tx.execute(sql`select now()`);
      expect((await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: ada.email })).status).toBe(
        200,
      );
      await lockPropertyForManagerChange(tx, property.id);
      const ended = await endCurrentAssignment(tx, property.id, ownerId);
      expect(ended?.manager_id).toBe(ada.id);
      await insertAssignment(tx, {
        propertyId: property.id,
        managerId: ben.id,
        assignedBy: ownerId,
        managementFeeBps: 0,
      });
    });
    const rows = (await state(property.id)).rows;
    expect(rows.map((r) => [r.managerId, r.endedAt === null])).toEqual([
      [ada.id, false],
      [ben.id, true],
    ]);
  });

  it("leaves exactly one current manager when two assignments arrive at the same instant", async () => {
    const property = await createProperty(t.db, { ownerId });
    const [ada, ben] = managers as [(typeof managers)[0], (typeof managers)[0]];
    const put = (email: string) => owner.request("PUT", `/api/properties/${property.id}/manager`, { email });

    const different = await Promise.all([put(ada.email), put(ben.email)]);
    expect(different.map((r) => r.status).sort()).toEqual([200, 200]);
    const afterDifferent = (await state(property.id)).rows;
    expect(afterDifferent.filter((r) => r.endedAt === null)).toHaveLength(1);
    expect(afterDifferent).toHaveLength(2);

    const current = afterDifferent.find((r) => r.endedAt === null);
    const other = current?.managerId === ada.id ? ben : ada;
    const same = await Promise.all([put(other.email), put(other.email), put(other.email)]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = (await state(property.id)).rows;
    expect(rows.filter((r) => r.endedAt === null).map((r) => r.managerId)).toEqual([other.id]);
    expect(rows).toHaveLength(3);
  });

  it("lets an admin assign a manager to anyone's property", async () => {
    const property = await createProperty(t.db, { ownerId });
    const response = await admin.request("PUT", `/api/properties/${property.id}/manager`, {
      email: managers[0]?.email,
    });
    expect(response.status).toBe(200);
    expect(management(response.body).current?.manager.id).toBe(managers[0]?.id);
  });
});

describe("DELETE /api/properties/:id/manager", () => {
  it("ends the current assignment (the history keeps it) and answers 404 when there is none", async () => {
    const property = await createProperty(t.db, { ownerId });
    const ada = managers[0] as (typeof managers)[0];
    expect((await owner.request("DELETE", `/api/properties/${property.id}/manager`)).status).toBe(404);
    await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: ada.email });

    const ended = await owner.request("DELETE", `/api/properties/${property.id}/manager`);
    expect(ended.status).toBe(200);
    expect(management(ended.body).current).toBeNull();
    expect(management(ended.body).history).toMatchObject([{ manager: { id: ada.id } }]);
    const [row] = (await state(property.id)).rows;
    expect(row?.endedBy).toBe(ownerId);
    expect(row?.endedAt).not.toBeNull();

    const again = await owner.request("DELETE", `/api/properties/${property.id}/manager`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This property has no manager");

    // Assigned again later: a new assignment, the old one stays in the history.
    const back = await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: ada.email });
    expect(management(back.body).history).toHaveLength(1);
    expect(management(back.body).current?.id).not.toBe(row?.id);
  });
});

describe("who may see and change a property's manager", () => {
  it("answers 404 to another landlord for every route, and changes nothing", async () => {
    const property = await createProperty(t.db, { ownerId });
    await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: managers[0]?.email });
    const before = await state(property.id);
    for (const ref of [String(property.id), property.slug]) {
      expect((await otherLandlord.get(`/api/properties/${ref}/manager`)).status).toBe(404);
      const put = await otherLandlord.request("PUT", `/api/properties/${ref}/manager`, { email: managers[1]?.email });
      expect(put.status).toBe(404);
      expect(put.body.message).toBe("Property not found");
      expect((await otherLandlord.request("DELETE", `/api/properties/${ref}/manager`)).status).toBe(404);
    }
    expect(await state(property.id)).toEqual(before);
  });

  it("answers 403 to guests, contractors and property managers, and the owner's missing step to an owner without a verified phone", async () => {
    const pending = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      phoneVerified: false,
    });
    const property = await createProperty(t.db, { ownerId: pending.user.id });
    const before = await state(property.id);
    for (const role of ["guest", "contractor", "property_manager"] as const) {
      const { client } = await signedInUser(t.db, server.baseUrl, { role });
      const put = await client.request("PUT", `/api/properties/${property.id}/manager`, { email: managers[0]?.email });
      expect(put.status, role).toBe(403);
      expect((await client.get(`/api/properties/${property.id}/manager`)).status, role).toBe(403);
    }
    const refused = await pending.client.request("PUT", `/api/properties/${property.id}/manager`, {
      email: managers[0]?.email,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Phone Verification Required");
    expect(await state(property.id)).toEqual(before);
  });

  it("answers 404 for a property that does not exist and 400 for a malformed reference", async () => {
    expect((await owner.get("/api/properties/2147483647/manager")).status).toBe(404);
    expect((await owner.get("/api/properties/99999999999999999999/manager")).status).toBe(404);
    expect((await owner.get("/api/properties/no-such-flat/manager")).status).toBe(404);
    expect((await owner.get("/api/properties/Not%20A%20Ref!/manager")).status).toBe(400);
  });

  it("does not answer a manager whose account was frozen after the assignment (signed out everywhere)", async () => {
    const manager = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
    const property = await createProperty(t.db, { ownerId });
    await owner.request("PUT", `/api/properties/${property.id}/manager`, { email: manager.user.email });
    expect((await manager.client.get("/api/properties/managed")).body).toHaveLength(1);
    await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, manager.user.id));
    expect((await manager.client.get("/api/properties/managed")).status).toBe(401);
  });
});
