import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZTaxDetailsAnswer } from "../../common/entities/tax-details";
import { auditLogs } from "../../server/db/schema";
import { taxDetailsComplete } from "../../server/repositories/tax-details.repository";
import { HttpClient } from "../support/http-client";
import { logCapture } from "../support/log-capture";
import { signedInUser, TEST_PASSWORD } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Sellers' tax details for HMRC's yearly report, through the real HTTP layer: saved and read back masked, refused
 * field by field with nothing changed, only one's own, only for the roles paid through the platform, and the
 * identifiers never in clear in the database, the audit log or the server's log.
 */
const log = logCapture();
const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  logStream: log.stream,
  // As a developer might while debugging: every request body logged. The redaction must still hide identifiers.
  beforeListen: (app) => {
    app.addHook("preHandler", async (request) => {
      if (request.body) request.log.info({ body: request.body }, "request body");
    });
  },
});

const NINO = "JG103759A";
const UTR = "1955839661";
const COMPANY = "SC301540";

const individual = {
  kind: "individual",
  legalName: "Ada Lovelace",
  dateOfBirth: "1985-12-10",
  address: { line1: "12 St James's Square", city: "London", postcode: "sw1y 4jh" },
  nationalInsuranceNumber: "jg 10 37 59 a",
  utr: `${UTR}K`,
};

const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
const put = (client: HttpClient, body: unknown) => client.request("PUT", "/api/account/tax-details", body);

describe("a seller's own tax details", () => {
  it("are null until saved, then read back masked and complete", async () => {
    const { client, user } = await landlord();
    expect((await client.get("/api/account/tax-details")).body).toEqual({ details: null });
    expect(await taxDetailsComplete(t.db, user.id)).toBe(false);

    const saved = await put(client, individual);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      kind: "individual",
      legalName: "Ada Lovelace",
      dateOfBirth: "1985-12-10",
      address: { line1: "12 St James's Square", line2: null, city: "London", postcode: "SW1Y 4JH", country: "GB" },
      nationalInsuranceNumber: "••••••59A",
      utr: "•••••••661",
      companyNumber: null,
      complete: true,
      updatedAt: expect.any(String),
    };
    expect(ZTaxDetailsAnswer.parse(saved.body)).toEqual({ details: expected });
    expect((await client.get("/api/account/tax-details")).body).toEqual(saved.body);
    expect(await taxDetailsComplete(t.db, user.id)).toBe(true);
  });

  it("keep a saved identifier left blank, and drop those of the other kind when the kind changes", async () => {
    const { client } = await landlord();
    expect((await put(client, individual)).status).toBe(200);
    const moved = await put(client, {
      ...individual,
      address: { ...individual.address, line2: "Flat 3" },
      nationalInsuranceNumber: "",
      utr: undefined,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.details).toMatchObject({
      address: { line2: "Flat 3" },
      nationalInsuranceNumber: "••••••59A",
      utr: "•••••••661",
    });

    const asBusiness = await put(client, {
      kind: "business",
      legalName: "Lovelace Lettings Ltd",
      address: individual.address,
      companyNumber: COMPANY.toLowerCase(),
    });
    expect(asBusiness.status, JSON.stringify(asBusiness.body)).toBe(200);
    expect(asBusiness.body.details).toMatchObject({
      kind: "business",
      dateOfBirth: null,
      nationalInsuranceNumber: null,
      utr: null,
      companyNumber: "•••••540",
      complete: true,
    });
  });

  it.each([
    ["nationalInsuranceNumber", { nationalInsuranceNumber: "QQ123456C" }, /^nationalInsuranceNumber: .*first letter/],
    ["nationalInsuranceNumber", { nationalInsuranceNumber: "AB123456E" }, /^nationalInsuranceNumber: .*A, B, C or D/],
    ["utr", { utr: "2955839661" }, /^utr: That is not a valid Unique Taxpayer Reference/],
    ["utr", { utr: "12345" }, /^utr: .*10 digits/],
    ["dateOfBirth", { dateOfBirth: "2020-01-01" }, /^dateOfBirth: You must be 18 or over/],
    [
      "address.postcode",
      { address: { ...individual.address, postcode: "NOWHERE" } },
      /^address.postcode: .*UK postcode/,
    ],
  ])("refuse a malformed %s with a 400 naming it, keeping what was saved", async (_field, change, message) => {
    const { client } = await landlord();
    const before = await put(client, individual);
    const refused = await put(client, { ...individual, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect((await client.get("/api/account/tax-details")).body).toEqual(before.body);
  });

  it("refuse a malformed company number with a 400 naming it", async () => {
    const { client } = await landlord();
    const refused = await put(client, {
      kind: "business",
      legalName: "Lovelace Lettings Ltd",
      address: individual.address,
      companyNumber: "XX123456",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^companyNumber: XX is not a Companies House register prefix/);
    expect((await client.get("/api/account/tax-details")).body).toEqual({ details: null });
  });

  it("need one identifier of the seller's kind, and the refusal names both", async () => {
    const { client } = await landlord();
    const refused = await put(client, { ...individual, nationalInsuranceNumber: undefined, utr: "" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/National Insurance number or your Unique Taxpayer Reference/);
    const business = await put(client, { kind: "business", legalName: "Ltd", address: individual.address });
    expect(business.status).toBe(400);
    expect(business.body.message).toMatch(/company number or the business's Unique Taxpayer Reference/);
    expect((await client.get("/api/account/tax-details")).body).toEqual({ details: null });
  });

  it("are for property managers and contractors too", async () => {
    for (const role of ["property_manager", "contractor"] as const) {
      const { client } = await signedInUser(t.db, server.baseUrl, { role });
      const saved = await put(client, { ...individual, nationalInsuranceNumber: undefined });
      expect(saved.status, `${role}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body.details).toMatchObject({ nationalInsuranceNumber: null, utr: "•••••••661" });
    }
  });
});

describe("who reaches tax details", () => {
  it("refuses a guest with a 403 that says who may, and a signed-out visitor with a 401", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role: "guest" });
    for (const response of [await client.get("/api/account/tax-details"), await put(client, individual)]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(
        "You don't have the required role to access this area. Required: Landlord/Owner, Property Manager, Contractor/Service Provider. Your role: Guest/Tenant",
      );
    }
    const visitor = new HttpClient(server.baseUrl);
    expect((await visitor.get("/api/account/tax-details")).status).toBe(401);
    expect((await put(visitor, individual)).status).toBe(401);
  });

  it("serves each seller only their own", async () => {
    const first = await landlord();
    const second = await landlord();
    expect((await put(first.client, individual)).status).toBe(200);
    expect((await second.client.get("/api/account/tax-details")).body).toEqual({ details: null });
    // A user id in the body is no part of the schema: refused, never someone else's row.
    const smuggled = await put(second.client, { ...individual, userId: first.user.id });
    expect(smuggled.status).toBe(400);
    expect((await first.client.get("/api/account/tax-details")).body.details).toMatchObject({
      legalName: "Ada Lovelace",
    });
  });
});

describe("keeping identifiers secret", () => {
  it("seals them in the database, records only the kind in the audit log, and keeps them out of the log", async () => {
    const { client, user } = await landlord();
    expect((await put(client, individual)).status).toBe(200);
    expect(
      (
        await put(client, {
          ...individual,
          kind: "business",
          dateOfBirth: undefined,
          companyNumber: COMPANY,
          nationalInsuranceNumber: undefined,
        })
      ).status,
    ).toBe(200);

    const raw = await t.db.execute(sql`select * from seller_tax_details where user_id = ${user.id}`);
    expect(raw.rows).toHaveLength(1);
    const stored = JSON.stringify(raw.rows);
    for (const secret of [NINO, UTR, COMPANY]) expect(stored).not.toContain(secret);
    expect(raw.rows[0]).toMatchObject({ utr_sealed: expect.stringMatching(/^v1\./) });

    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subjectUserId, user.id))
      .orderBy(auditLogs.id);
    const updates = entries.filter((entry) => entry.action === "tax_details.updated");
    expect(updates.map((entry) => entry.details)).toEqual([{ kind: "individual" }, { kind: "business" }]);
    const audit = JSON.stringify(entries);
    for (const secret of [NINO, UTR, COMPANY, "10 37 59"])
      expect(audit.toLowerCase()).not.toContain(secret.toLowerCase());

    const logged = log.text();
    expect(log.lines.some((line) => line.msg === "request body")).toBe(true);
    expect(logged).toContain("[redacted]");
    for (const secret of [NINO, UTR, COMPANY, "jg 10 37 59 a", "sc301540"])
      expect(logged.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it("erases them with the account", async () => {
    const { client, user } = await landlord();
    expect((await put(client, individual)).status).toBe(200);
    const closed = await client.post("/api/account/close", { currentPassword: TEST_PASSWORD, confirm: true });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const rows = await t.db.execute(sql`select 1 from seller_tax_details where user_id = ${user.id}`);
    expect(rows.rows).toHaveLength(0);
    expect(await taxDetailsComplete(t.db, user.id)).toBe(false);
  });
});
