import { describe, expect, it } from "vitest";
import type { TPlace } from "../../common/schemas/places";
import { indexPlace, loadPlaceIndex, normalizePlaceText, searchPlaces } from "../../server/services/places.service";

const place = (name: string, area = "Testshire", kind: TPlace["kind"] = "town"): TPlace => ({
  name,
  area,
  latitude: 51.5,
  longitude: -0.1,
  kind,
});

/** A small list whose ranking can be worked out by hand. */
const index = [
  indexPlace(place("Cambourne"), 0),
  indexPlace(place("Camden", "London", "locality"), 3),
  indexPlace(place("Camden Town", "London", "locality"), 2),
  indexPlace(place("Cambridge", "Cambridgeshire"), 3),
  indexPlace(place("Camberwell", "London", "locality"), 2),
  indexPlace(place("Little Cam"), 0),
  indexPlace(place("Kensington", "Liverpool", "locality"), 0),
  indexPlace(place("Kensington", "London", "locality"), 2),
  indexPlace(place("Ynys Môn", "Wales"), 0),
  indexPlace(place("King's Lynn", "Norfolk"), 0),
];
const names = (q: string, limit?: number) => searchPlaces(index, q, limit).map((p) => `${p.name}, ${p.area}`);

describe("normalizePlaceText", () => {
  it("lower-cases, drops accents and apostrophes, and turns other punctuation into spaces", () => {
    expect(normalizePlaceText("  King's  Cross ")).toBe("kings cross");
    expect(normalizePlaceText("Stoke-on-Trent")).toBe("stoke on trent");
    expect(normalizePlaceText("Ynys Môn")).toBe("ynys mon");
    expect(normalizePlaceText("St. Helier")).toBe("st helier");
    expect(normalizePlaceText("'-")).toBe("");
  });
});

describe("searchPlaces ranking", () => {
  it("puts the exact name first, then names starting with the text, then later words", () => {
    // Exact beats a longer name with the same start, even a more prominent one.
    expect(names("camden")).toEqual(["Camden, London", "Camden Town, London"]);
    // Among names starting with "cam": more prominent first, then shorter, then alphabetical; a later
    // word ("Little Cam") comes last.
    expect(names("cam")).toEqual([
      "Camden, London",
      "Cambridge, Cambridgeshire",
      "Camberwell, London",
      "Camden Town, London",
      "Cambourne, Testshire",
      "Little Cam, Testshire",
    ]);
  });

  it("ignores case and accents, and matches only the starts of words", () => {
    expect(names("CAMDEN")).toEqual(names("camden"));
    expect(names("ynys mon")).toEqual(["Ynys Môn, Wales"]);
    expect(names("MÔN")).toEqual(["Ynys Môn, Wales"]);
    expect(names("kings")).toEqual(["King's Lynn, Norfolk"]);
    expect(names("king's l")).toEqual(["King's Lynn, Norfolk"]);
    expect(names("amden")).toEqual([]);
    expect(names("town")).toEqual(["Camden Town, London"]);
  });

  it("ranks the more prominent of two places with one name first, and can narrow by area", () => {
    expect(names("kensington")).toEqual(["Kensington, London", "Kensington, Liverpool"]);
    expect(names("kensington liv")).toEqual(["Kensington, Liverpool"]);
    // The area alone is not enough: a word must match the name.
    expect(names("london")).toEqual([]);
  });

  it("answers at most the limit, and nothing for text without letters or digits", () => {
    expect(names("cam", 2)).toEqual(["Camden, London", "Cambridge, Cambridgeshire"]);
    expect(searchPlaces(index, " - ")).toEqual([]);
  });
});

describe("the bundled UK list", () => {
  const uk = loadPlaceIndex();

  it("holds GeoNames' UK towns and London's boroughs, each name and area once", () => {
    expect(uk.length).toBeGreaterThan(4000);
    const keys = uk.map((p) => `${p.name}|${p.place.area}`.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    const londonBoroughs = uk.filter((p) => p.place.area === "London" && p.weight === 3);
    expect(londonBoroughs).toHaveLength(33);
  });

  it("suggests London first for 'lon' and Manchester first for 'manc'", () => {
    expect(searchPlaces(uk, "lon")[0]?.name).toBe("London");
    expect(searchPlaces(uk, "manc")[0]?.name).toBe("Manchester");
  });
});
