import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  MAX_PRICING_RULES_PER_PROPERTY,
  TOO_MANY_PRICING_RULES,
  type TPricingRule,
} from "../../common/schemas/landlord-properties";
import { pricingRules, users } from "../../server/db/schema";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const guest = (fields = {}) => signedInUser(t.db, server.baseUrl, fields);
const landlord = (fields = {}) => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true, ...fields });

const rulesPath = (propertyId: number | string) => `/api/properties/${propertyId}/pricing-rules`;
const put = (client: HttpClient, path: string, body: unknown) => client.request("PUT", path, body);
const del = (client: HttpClient, path: string) => client.request("DELETE", path);
const rowsOf = (propertyId: number) => t.db.select().from(pricingRules).where(eq(pricingRules.propertyId, propertyId));

async function ownerWithProperty() {
  const owner = await landlord();
  const property = await createProperty(t.db, { ownerId: owner.user.id });
  return { owner, property };
}

describe("pricing rules: create, list, replace, delete", () => {
  it("stores pounds and percent exactly, lists by priority then age, replaces every field and deletes", async () => {
    const { owner, property } = await ownerWithProperty();

    const summer = await owner.client.post(rulesPath(property.id), {
      name: "  Summer  ",
      startDate: "2030-06-01",
      endDate: "2030-08-31",
      fixedPrice: 245.5,
      priority: 3,
    });
    expect(summer.status, JSON.stringify(summer.body)).toBe(201);
    expect(summer.body).toMatchObject({
      name: "Summer",
      startDate: "2030-06-01",
      endDate: "2030-08-31",
      daysOfWeek: null,
      minStayLength: null,
      maxStayLength: null,
      priceModifier: null,
      fixedPrice: 245.5,
      isActive: true,
      priority: 3,
    });
    expect(typeof summer.body.id).toBe("number");
    expect(new Date(summer.body.createdAt as string).toString()).not.toBe("Invalid Date");

    const weekend = await owner.client.post(rulesPath(property.id), {
      name: "Weekend",
      daysOfWeek: [6, 5],
      priceModifier: -12.5,
      minStayLength: 2,
      maxStayLength: 6,
    });
    expect(weekend.status).toBe(201);
    expect(weekend.body).toMatchObject({ daysOfWeek: [5, 6], priceModifier: -12.5, priority: 0 });
    const tie = await owner.client.post(rulesPath(property.id), { name: "Also 3", priceModifier: 10, priority: 3 });
    expect(tie.status).toBe(201);

    const [stored] = (await rowsOf(property.id)).filter((r) => r.id === summer.body.id);
    expect(stored).toMatchObject({ fixedPrice: "245.50", priceModifier: null });
    expect((await rowsOf(property.id)).find((r) => r.id === weekend.body.id)?.priceModifier).toBe("-12.50");

    const list = await owner.client.get(rulesPath(property.id));
    expect(list.status).toBe(200);
    const listed = list.body as unknown as TPricingRule[];
    expect(listed.map((r) => r.name)).toEqual(["Summer", "Also 3", "Weekend"]);

    // PUT replaces the whole rule: what is left out is cleared or back to its default.
    const replaced = await put(owner.client, `${rulesPath(property.id)}/${summer.body.id}`, {
      name: "Summer (late)",
      startDate: "2030-07-15",
      priceModifier: 25,
      isActive: false,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      id: summer.body.id,
      name: "Summer (late)",
      startDate: "2030-07-15",
      endDate: null,
      priceModifier: 25,
      fixedPrice: null,
      isActive: false,
      priority: 0,
      createdAt: summer.body.createdAt,
    });
    const afterPut = (await owner.client.get(rulesPath(property.id))).body as unknown as TPricingRule[];
    expect(afterPut.map((r) => r.name)).toEqual(["Also 3", "Summer (late)", "Weekend"]);

    const deleted = await del(owner.client, `${rulesPath(property.id)}/${weekend.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect((await rowsOf(property.id)).map((r) => r.id).sort()).toEqual([summer.body.id, tie.body.id].sort());
    const again = await del(owner.client, `${rulesPath(property.id)}/${weekend.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Pricing rule not found");
    expect(
      (await put(owner.client, `${rulesPath(property.id)}/${weekend.body.id}`, { name: "X", fixedPrice: 9 })).status,
    ).toBe(404);
  });

  it("answers each invalid rule with a 400 that says what to fix, and stores nothing", async () => {
    const { owner, property } = await ownerWithProperty();
    const cases: [unknown, RegExp][] = [
      [{ name: "Both", priceModifier: 10, fixedPrice: 100 }, /Give either a price change or a fixed price, not both/],
      [{ name: "Neither" }, /Give either a price change in percent or a fixed nightly price/],
      [
        { name: "Nulls", priceModifier: null, fixedPrice: null },
        /Give either a price change in percent or a fixed nightly price/,
      ],
      [
        { name: "Backwards", startDate: "2030-05-10", endDate: "2030-05-09", fixedPrice: 90 },
        /End date must be on or after the start date/,
      ],
      [{ name: "Odd key", fixedPrice: 90, colour: "red" }, /Unknown body field: colour/],
      [{ name: "Too cheap", priceModifier: -95 }, /A price change can lower the price by at most 90%/],
      [{ name: "Too dear", priceModifier: 501 }, /A price change can raise the price by at most 500%/],
      [{ name: "Free", fixedPrice: 0 }, /Fixed price must be at least £1/],
      [{ name: "Absurd", fixedPrice: 1_000_000 }, /Fixed price must be at most £100,000/],
      [{ name: "Text", fixedPrice: "100" }, /Fixed price must be a number/],
      [{ name: "   ", fixedPrice: 90 }, /Name is required/],
      [{ fixedPrice: 90 }, /Name is required/],
      [{ name: "x".repeat(81), fixedPrice: 90 }, /Name must be at most 80 characters/],
      [{ name: "Bad date", startDate: "2030-02-30", fixedPrice: 90 }, /Start date must be a date written YYYY-MM-DD/],
      [{ name: "Day 7", daysOfWeek: [7], fixedPrice: 90 }, /Days are 0 \(Sunday\) to 6 \(Saturday\)/],
      [{ name: "Twice", daysOfWeek: [1, 1], fixedPrice: 90 }, /Each day may be listed once/],
      [
        { name: "Stay", minStayLength: 5, maxStayLength: 3, fixedPrice: 90 },
        /Maximum stay must be at least the minimum stay/,
      ],
      [{ name: "Zero stay", minStayLength: 0, fixedPrice: 90 }, /Minimum stay must be at least 1 night/],
      [{ name: "Priority", priority: 101, fixedPrice: 90 }, /Priority must be at most 100/],
      [{ name: "Priority", priority: -1, fixedPrice: 90 }, /Priority must be 0 or more/],
      // Dates outside the calendar (2000-01 to 2100-12), and amounts that numeric(…,2) would round.
      [
        { name: "Ancient", startDate: "0100-01-01", fixedPrice: 90 },
        /Start date must be between 1 January 2000 and 31 December 2100/,
      ],
      [
        { name: "Forever", endDate: "9999-12-31", fixedPrice: 90 },
        /End date must be between 1 January 2000 and 31 December 2100/,
      ],
      [{ name: "Day before", startDate: "1999-12-31", fixedPrice: 90 }, /Start date must be between/],
      [{ name: "Day after", endDate: "2101-01-01", fixedPrice: 90 }, /End date must be between/],
      [{ name: "Fractions", fixedPrice: 90.555 }, /fixedPrice: Use at most 2 decimal places/],
      [{ name: "Tiny", priceModifier: 0.004 }, /priceModifier: Use at most 2 decimal places/],
      [{ name: "Thirds", priceModifier: -33.333 }, /priceModifier: Use at most 2 decimal places/],
    ];
    for (const [body, message] of cases) {
      const response = await owner.client.post(rulesPath(property.id), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toMatch(message);
    }

    const valid = await owner.client.post(rulesPath(property.id), { name: "Valid", fixedPrice: 90 });
    expect(valid.status).toBe(201);
    const badPut = await put(owner.client, `${rulesPath(property.id)}/${valid.body.id}`, {
      name: "Both",
      priceModifier: 5,
      fixedPrice: 5,
    });
    expect(badPut.status).toBe(400);
    expect(badPut.body.message).toMatch(/not both/);
    for (const body of [
      { name: "Rounded", fixedPrice: 90.555 },
      { name: "Rounded", priceModifier: 0.004 },
      { name: "Far", startDate: "0100-01-01", endDate: "9999-12-31", fixedPrice: 90 },
    ]) {
      const response = await put(owner.client, `${rulesPath(property.id)}/${valid.body.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    for (const ruleId of ["abc", "0", "1.5", "99999999999"]) {
      const response = await del(owner.client, `${rulesPath(property.id)}/${ruleId}`);
      expect(response.status, ruleId).toBe(400);
      expect(response.body.message).toMatch(/ruleId/);
    }
    expect(await rowsOf(property.id)).toHaveLength(1);
    expect((await rowsOf(property.id))[0]).toMatchObject({ name: "Valid", fixedPrice: "90.00" });
  });
});

describe("pricing rules: the limits of what is stored", () => {
  it("keeps the calendar's first and last day and two decimals exactly", async () => {
    const { owner, property } = await ownerWithProperty();
    const wide = await owner.client.post(rulesPath(property.id), {
      name: "Whole calendar",
      startDate: "2000-01-01",
      endDate: "2100-12-31",
      priceModifier: 0.25,
    });
    expect(wide.status, JSON.stringify(wide.body)).toBe(201);
    expect(wide.body).toMatchObject({ startDate: "2000-01-01", endDate: "2100-12-31", priceModifier: 0.25 });
    const pennies = await owner.client.post(rulesPath(property.id), { name: "Pennies", fixedPrice: 19.99 });
    expect(pennies.status).toBe(201);
    const rows = await rowsOf(property.id);
    expect(rows.find((r) => r.id === wide.body.id)?.priceModifier).toBe("0.25");
    expect(rows.find((r) => r.id === pennies.body.id)?.fixedPrice).toBe("19.99");
  });

  it(`refuses rule ${MAX_PRICING_RULES_PER_PROPERTY + 1} of a property; editing and deleting still work`, async () => {
    const { owner, property } = await ownerWithProperty();
    await t.db.insert(pricingRules).values(
      Array.from({ length: MAX_PRICING_RULES_PER_PROPERTY - 1 }, (_, i) => ({
        propertyId: property.id,
        name: `Rule ${i}`,
        priceModifier: "5.00",
      })),
    );
    const last = await owner.client.post(rulesPath(property.id), { name: "The last place", priceModifier: 5 });
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    const over = await owner.client.post(rulesPath(property.id), { name: "One too many", priceModifier: 5 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("A property can have at most 100 pricing rules.");
    expect(over.body.message).toBe(TOO_MANY_PRICING_RULES);
    expect(await rowsOf(property.id)).toHaveLength(MAX_PRICING_RULES_PER_PROPERTY);
    expect((await rowsOf(property.id)).some((r) => r.name === "One too many")).toBe(false);

    // A full property's rules can still be replaced; deleting one frees a place.
    const edited = await put(owner.client, `${rulesPath(property.id)}/${last.body.id}`, {
      name: "Edited",
      fixedPrice: 80,
    });
    expect(edited.status).toBe(200);
    expect((await del(owner.client, `${rulesPath(property.id)}/${last.body.id}`)).status).toBe(200);
    expect((await owner.client.post(rulesPath(property.id), { name: "Free again", fixedPrice: 80 })).status).toBe(201);

    // The limit is per property: another property of the same landlord is not affected.
    const second = await createProperty(t.db, { ownerId: owner.user.id });
    expect((await owner.client.post(rulesPath(second.id), { name: "Elsewhere", fixedPrice: 80 })).status).toBe(201);
  });

  it("holds the limit when creations race: never more than 100", async () => {
    const { owner, property } = await ownerWithProperty();
    await t.db.insert(pricingRules).values(
      Array.from({ length: MAX_PRICING_RULES_PER_PROPERTY - 2 }, (_, i) => ({
        propertyId: property.id,
        name: `Rule ${i}`,
        priceModifier: "5.00",
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        owner.client.post(rulesPath(property.id), { name: `Race ${i}`, fixedPrice: 90 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual(
      Array(4).fill(TOO_MANY_PRICING_RULES),
    );
    expect(await rowsOf(property.id)).toHaveLength(MAX_PRICING_RULES_PER_PROPERTY);
  });
});

describe("pricing rules: who may not touch them", () => {
  it("is a 404 for another landlord, on their property and for a rule id of theirs; 403 for guests; 401 signed out", async () => {
    const { owner, property } = await ownerWithProperty();
    const rule = await owner.client.post(rulesPath(property.id), { name: "Owner's", priceModifier: 15 });
    expect(rule.status).toBe(201);
    const rulePath = `${rulesPath(property.id)}/${rule.body.id}`;
    const body = { name: "Hijacked", fixedPrice: 1 };
    const tryAll = async (client: HttpClient, rulesUrl = rulesPath(property.id), ruleUrl = rulePath) => [
      (await client.get(rulesUrl)).status,
      (await client.post(rulesUrl, body)).status,
      (await put(client, ruleUrl, body)).status,
      (await del(client, ruleUrl)).status,
    ];

    const other = await landlord();
    expect(await tryAll(other.client)).toEqual([404, 404, 404, 404]);
    expect((await other.client.get(rulesPath(property.slug))).body.message).toBe("Property not found");
    // Through the other landlord's own property, the owner's rule id is still not found.
    const theirs = await createProperty(t.db, { ownerId: other.user.id });
    const foreignRule = `${rulesPath(theirs.id)}/${rule.body.id}`;
    expect((await put(other.client, foreignRule, body)).status).toBe(404);
    expect((await del(other.client, foreignRule)).status).toBe(404);
    expect((await put(other.client, foreignRule, body)).body.message).toBe("Pricing rule not found");

    expect(await tryAll((await guest()).client)).toEqual([403, 403, 403, 403]);
    const revoked = await landlord();
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, revoked.user.id));
    expect(await tryAll(revoked.client)).toEqual([403, 403, 403, 403]);
    expect(await tryAll((await landlord({ phoneVerified: false })).client)).toEqual([403, 403, 403, 403]);
    expect(await tryAll(new HttpClient(server.baseUrl))).toEqual([401, 401, 401, 401]);

    // Nothing changed: one rule, as the owner wrote it.
    expect(await rowsOf(property.id)).toEqual([expect.objectContaining({ id: rule.body.id, name: "Owner's" })]);
    expect(await rowsOf(theirs.id)).toEqual([]);

    const admin = await guest({ role: "admin" });
    expect((await admin.client.get(rulesPath(property.id))).status).toBe(200);
    const edited = await put(admin.client, rulePath, { name: "Checked by admin", priceModifier: 10 });
    expect(edited.status).toBe(200);
    expect((await admin.client.post(rulesPath(property.id), { name: "Admin's", fixedPrice: 80 })).status).toBe(201);
    expect((await del(admin.client, rulePath)).status).toBe(200);
  });
});
