import { describe, expect, it } from "vitest";
import { rentIncreases, tenancies } from "../../server/db/schema";
import { rentForPeriod } from "../../server/services/tenancies/rent-for-period";
import { createBooking, createProperty, createUser } from "../factories";
import { setUpTestDatabase } from "../support/test-context";

/** Each month's rent is asked of one place, which knows the agreed rent and every Section 13 increase served since. */
describe("the rent due for a period of a periodic tenancy", () => {
  const t = setUpTestDatabase();

  it("is the agreed rent until an increase takes effect, then the increase's, from its first day", async () => {
    const ownerId = (await createUser(t.db, { role: "landlord" })).id;
    const property = await createProperty(t.db, { ownerId, pricePerMonth: "2000.00" });
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      status: "confirmed",
      stayMode: "tenancy",
      checkIn: "2026-05-15",
      checkOut: "2028-06-15",
    });
    const [tenancy] = await t.db
      .insert(tenancies)
      .values({ bookingId: booking.id, startsOn: "2026-05-15", monthlyRentPence: 200_000, demo: true })
      .returning();
    if (!tenancy) throw new Error("no tenancy");
    await t.db.insert(rentIncreases).values({
      bookingId: booking.id,
      proposedBy: ownerId,
      previousMonthlyRentPence: 200_000,
      monthlyRentPence: 215_000,
      startsOn: "2027-05-15",
      servedOn: "2027-03-01",
      noticePdf: Buffer.from("%PDF-1.3 notice"),
      noticeSha256: "0".repeat(64),
    });

    expect(await rentForPeriod(t.db, tenancy, "2026-05-15")).toBe(200_000);
    expect(await rentForPeriod(t.db, tenancy, "2027-04-15")).toBe(200_000);
    expect(await rentForPeriod(t.db, tenancy, "2027-05-15")).toBe(215_000);
    expect(await rentForPeriod(t.db, tenancy, "2027-06-15")).toBe(215_000);
    await expect(rentForPeriod(t.db, tenancy, "2026-04-15")).rejects.toThrow(RangeError);
  });
});
