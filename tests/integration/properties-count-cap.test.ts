import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();

beforeAll(async () => {
  const owner = await createUser(t.db, { role: "landlord" });
  // 1,200 listings in one town, nightly prices £1 … £1,200.
  await t.db.execute(sql`
    insert into properties (owner_id, slug, title, description, address, city, region, price_per_night, price_per_month)
    select ${owner.id}, 'testville-' || g, 'Testville Flat ' || g, 'A flat in Testville for counting tests.',
           g || ' Count Street, Testville', 'Testville', 'Testville', g, g * 24
    from generate_series(1, 1200) g`);
});

describe("the match count of GET /api/properties", () => {
  it("is exact up to 1000 matches", async () => {
    // The limit is on the all-in price: £1,000 a night is £1,100 with the service fee, £999 is £1,098.90.
    const response = await fetch(`${server.baseUrl}/api/properties?city=testville&maxPrice=1100`);
    expect(response.headers.get("x-total-count")).toBe("1000");
    expect(response.headers.get("x-total-count-capped")).toBeNull();
    const under = await fetch(`${server.baseUrl}/api/properties?city=testville&maxPrice=1098.90`);
    expect(under.headers.get("x-total-count")).toBe("999");
  });

  it("says 'more than 1000' instead of counting every match", async () => {
    const response = await fetch(`${server.baseUrl}/api/properties?city=testville`);
    expect(response.headers.get("x-total-count")).toBe("1000");
    expect(response.headers.get("x-total-count-capped")).toBe("true");
    expect(((await response.json()) as unknown[]).length).toBe(24);
  });
});
