import { describe, expect, it } from "vitest";
import { landlordGreetingName } from "../../client/features/dashboard/components/landlord-dashboard";
import { summariseMyProperties } from "../../client/features/properties/landlord/utils/my-properties-stats";

describe("landlordGreetingName (spec 2 landlord dashboard)", () => {
  it("uses the first name, else the e-mail before the at-sign, else 'Landlord'", () => {
    expect(landlordGreetingName({ firstName: " James ", email: "landlord@staylondon.example" })).toBe("James");
    expect(landlordGreetingName({ firstName: null, email: "jt.lettings@example.com" })).toBe("jt.lettings");
    expect(landlordGreetingName({ firstName: "  ", email: "@example.com" })).toBe("Landlord");
  });
});

describe("summariseMyProperties (My Properties' four figures)", () => {
  it("counts properties, sums revenue in pence and bookings, and averages occupancy to one decimal", () => {
    const stats = summariseMyProperties([
      { status: "active", monthlyRevenue: 0.1, bookingCount: 3, occupancyRate: 50 },
      { status: "maintenance", monthlyRevenue: 0.2, bookingCount: 0, occupancyRate: 0 },
      { status: "inactive", monthlyRevenue: 1250.5, bookingCount: 7, occupancyRate: 33.3 },
    ]);
    expect(stats).toEqual({ total: 3, active: 1, monthlyRevenue: 1250.8, bookings: 10, averageOccupancy: 27.8 });
  });

  it("answers zeros for a landlord without properties", () => {
    expect(summariseMyProperties([])).toEqual({
      total: 0,
      active: 0,
      monthlyRevenue: 0,
      bookings: 0,
      averageOccupancy: 0,
    });
  });
});
