import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZPropertyDetail } from "../../common/schemas/properties";
import { properties, propertyPriceChanges } from "../../server/db/schema";
import { createProperty } from "../factories";
import { setUpTestApp } from "../support/test-context";

/**
 * A struck-through "was" price is one the listing really charged: the database records every nightly price a listing
 * is offered at, and the detail page's original price is the highest held for at least 7 days, some of them within
 * the last 30, and only while above today's. A typed-in "was" price is never shown.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const DAY = 86_400_000;

async function history(propertyId: number) {
  return t.db
    .select({ price: propertyPriceChanges.pricePerNight, from: propertyPriceChanges.effectiveFrom })
    .from(propertyPriceChanges)
    .where(eq(propertyPriceChanges.propertyId, propertyId))
    .orderBy(asc(propertyPriceChanges.effectiveFrom), asc(propertyPriceChanges.id));
}

/** Rewrites a listing's price history as (price, days ago it took effect), oldest first. */
async function pricedAgo(propertyId: number, steps: [string, number][]) {
  await t.db.delete(propertyPriceChanges).where(eq(propertyPriceChanges.propertyId, propertyId));
  await t.db.insert(propertyPriceChanges).values(
    steps.map(([price, daysAgo]) => ({
      propertyId,
      pricePerNight: price,
      effectiveFrom: new Date(Date.now() - daysAgo * DAY),
    })),
  );
  const [current] = steps.at(-1) ?? [];
  // Kept in step with the history without a new row: the trigger only writes a changed price.
  if (current) await t.db.update(properties).set({ pricePerNight: current }).where(eq(properties.id, propertyId));
}

async function wasPrice(propertyId: number) {
  const response = await fetch(`${server.baseUrl}/api/properties/${propertyId}`);
  return ZPropertyDetail.parse(await response.json()).originalPricePerNight;
}

describe("the price history", () => {
  it("records a new listing's price from its creation, and each change once, however it is made", async () => {
    const created = new Date(Date.now() - 45 * DAY);
    const property = await createProperty(t.db, { pricePerNight: "180.00", createdAt: created });
    expect(await history(property.id)).toEqual([{ price: "180.00", from: created }]);
    await t.db.update(properties).set({ pricePerNight: "150.00" }).where(eq(properties.id, property.id));
    // Another column changing, or the same price written again, is no new price.
    await t.db
      .update(properties)
      .set({ title: "Renamed", pricePerNight: "150.00" })
      .where(eq(properties.id, property.id));
    await t.db.execute(sql`update properties set price_per_night = 150 where id = ${property.id}`);
    const rows = await history(property.id);
    expect(rows.map((r) => r.price)).toEqual(["180.00", "150.00"]);
  });
});

describe("the was price", () => {
  it("is the higher price charged until now, held for weeks", async () => {
    const property = await createProperty(t.db, {
      pricePerNight: "200.00",
      createdAt: new Date(Date.now() - 60 * DAY),
    });
    await t.db.update(properties).set({ pricePerNight: "160.00" }).where(eq(properties.id, property.id));
    expect(await wasPrice(property.id)).toBe("200.00");
  });

  it("is none for a higher price held only a few days: raising it briefly cannot make a reference", async () => {
    const property = await createProperty(t.db);
    await pricedAgo(property.id, [
      ["150.00", 50],
      ["300.00", 5],
      ["150.00", 2],
    ]);
    expect(await wasPrice(property.id)).toBeNull();
  });

  it("is none once the higher price ended more than 30 days ago", async () => {
    const property = await createProperty(t.db);
    await pricedAgo(property.id, [
      ["250.00", 90],
      ["150.00", 31],
    ]);
    expect(await wasPrice(property.id)).toBeNull();
  });

  it("is the highest qualifying price of the window, and none when today's is the highest", async () => {
    const property = await createProperty(t.db);
    await pricedAgo(property.id, [
      ["220.00", 40],
      ["240.00", 20],
      ["260.00", 11],
      ["180.00", 8],
    ]);
    // 260 held 3 days only; 240 held 9 days inside the window; 220 ended 20 days ago after 20 days.
    expect(await wasPrice(property.id)).toBe("240.00");
    await t.db.update(properties).set({ pricePerNight: "300.00" }).where(eq(properties.id, property.id));
    expect(await wasPrice(property.id)).toBeNull();
  });

  it("ignores a typed-in was price with no history behind it", async () => {
    const property = await createProperty(t.db, { pricePerNight: "150.00", originalPricePerNight: "400.00" });
    expect(await wasPrice(property.id)).toBeNull();
  });

  it("puts the change written second last, even when its transaction began first", async () => {
    const property = await createProperty(t.db, { pricePerNight: "180.00", createdAt: new Date(Date.now() - DAY) });
    await t.db.transaction(async (tx) => {
      // This transaction's own clock starts here; another edit is written and committed before it goes on.
      await tx.execute(sql`select now()`);
      await t.db.update(properties).set({ pricePerNight: "170.00" }).where(eq(properties.id, property.id));
      await tx.update(properties).set({ pricePerNight: "160.00" }).where(eq(properties.id, property.id));
    });
    const rows = await history(property.id);
    expect(rows.map((r) => r.price)).toEqual(["180.00", "170.00", "160.00"]);
  });
});
