import { describe, expect, it } from "vitest";
import { descriptionPreview, guestsShown, savedStats } from "../../client/features/saved-properties/utils/saved-stats";
import { allInNightlyText } from "../../common/domain/pricing";
import type { TSavedProperty } from "../../common/schemas/saved-properties";

const item = (pricePerNight: string): TSavedProperty => ({
  id: 1,
  createdAt: "2026-03-03T10:00:00.000Z",
  property: {
    id: 1,
    slug: "a",
    title: "A",
    description: "",
    city: "Camden",
    images: [],
    bedrooms: 1,
    bathrooms: 1,
    maxGuests: 2,
    pricePerNight,
    allInPricePerNight: allInNightlyText(pricePerNight),
    rating: "0.00",
  },
});

describe("Saved Properties figures (spec 1 §2)", () => {
  it("counts, averages the all-in prices the cards show to whole pounds and gives their range", () => {
    // All-in: £110.00, £270.05 and £198.00.
    expect(savedStats([item("100.00"), item("245.50"), item("180.00")])).toEqual({
      total: 3,
      averagePerNight: 193, // 578.05 / 3 = 192.68
      lowestPerNight: 110,
      highestPerNight: 270.05,
    });
    // All-in £110.55 and £111.10: 110.825 rounds up.
    expect(savedStats([item("100.50"), item("101.00")]).averagePerNight).toBe(111);
  });

  it("has no average or range with nothing saved", () => {
    expect(savedStats([])).toEqual({ total: 0, averagePerNight: null, lowestPerNight: null, highestPerNight: null });
  });

  it("cuts descriptions to 150 characters plus an ellipsis, and leaves short ones whole", () => {
    const long = `${"x".repeat(149)} yz and more words`;
    expect(descriptionPreview(long)).toBe(`${"x".repeat(149)}...`);
    expect(descriptionPreview("y".repeat(200))).toBe(`${"y".repeat(150)}...`);
    expect(descriptionPreview("A calm flat.")).toBe("A calm flat.");
    expect(descriptionPreview("z".repeat(150))).toBe("z".repeat(150));
  });

  it("shows guests as bedrooms times two, and at least one for a studio", () => {
    expect(guestsShown(3)).toBe(6);
    expect(guestsShown(0)).toBe(1);
  });
});
