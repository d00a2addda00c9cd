import { describe, expect, it } from "vitest";
import { descriptionPreview, guestsShown, savedStats } from "../../client/features/saved-properties/utils/saved-stats";
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
    rating: "0.00",
  },
});

describe("Saved Properties figures (spec 1 §2)", () => {
  it("counts, averages to whole pounds and gives the nightly range", () => {
    expect(savedStats([item("100.00"), item("245.50"), item("180.00")])).toEqual({
      total: 3,
      averagePerNight: 175, // 525.50 / 3 = 175.17
      lowestPerNight: 100,
      highestPerNight: 245.5,
    });
    expect(savedStats([item("100.50"), item("101.00")]).averagePerNight).toBe(101); // 100.75 rounds up
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
