import { describe, expect, it } from "vitest";
import { ZPropertyRef, ZPropertySearchQuery } from "../../common/schemas/properties";
import { matchPlaces } from "../../server/repositories/properties/listings.repository";

describe("the search query contract", () => {
  it("fills defaults and trims text", () => {
    expect(ZPropertySearchQuery.parse({ city: "  Camden ", maxPrice: "250" })).toEqual({
      city: "Camden",
      maxPrice: 250,
      sort: "recommended",
      page: 1,
      pageSize: 24,
    });
  });

  it("refuses unknown parameters instead of ignoring them", () => {
    expect(ZPropertySearchQuery.safeParse({ colour: "blue" }).success).toBe(false);
  });

  it.each([{ maxPrice: "abc" }, { maxPrice: "-1" }, { page: "1.5" }, { pageSize: "0" }])("refuses %o", (query) => {
    expect(ZPropertySearchQuery.safeParse(query).success).toBe(false);
  });
});

describe("a property reference", () => {
  it.each(["1", "2147483648", "westminster-luxury-flat", "a1-b2"])("accepts %s", (id) => {
    expect(ZPropertyRef.safeParse({ id }).success).toBe(true);
  });
  it.each(["", "Westminster", "flat_1", "-flat", "flat-", "a--b", "<script>", "x".repeat(121)])("refuses %s", (id) => {
    expect(ZPropertyRef.safeParse({ id }).success).toBe(false);
  });
});

describe("matching the location text to places", () => {
  const places = [
    { city: "Camden", region: "London" },
    { city: "Kensington and Chelsea", region: "London" },
    { city: "Bath", region: "Bath" },
  ];
  it("matches part of the borough, town or region, ignoring case", () => {
    expect(matchPlaces(places, "CAMD")).toEqual([places[0]]);
    expect(matchPlaces(places, "london")).toEqual([places[0], places[1]]);
    expect(matchPlaces(places, "and chel")).toEqual([places[1]]);
    expect(matchPlaces(places, "bath")).toEqual([places[2]]);
  });
  it("treats % and _ as the characters they are", () => {
    expect(matchPlaces(places, "%")).toEqual([]);
    expect(matchPlaces(places, "_")).toEqual([]);
  });
});
