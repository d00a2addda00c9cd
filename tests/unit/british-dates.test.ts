import { describe, expect, it } from "vitest";
import { parseBritishDate } from "../../common/domain/british-date";
import { nightsBoundsReason } from "../../common/domain/stay-length-rule";

describe("a day typed the British way", () => {
  it("reads the day before the month, in figures or words, and the form dates are sent in", () => {
    expect(parseBritishDate("12/06/2027")).toBe("2027-06-12");
    expect(parseBritishDate("12.6.27")).toBe("2027-06-12");
    expect(parseBritishDate(" 1-9-2027 ")).toBe("2027-09-01");
    // As the field shows a day, so a guest may edit it where it stands.
    expect(parseBritishDate("12 June 2027")).toBe("2027-06-12");
    expect(parseBritishDate("1 Sept 27")).toBe("2027-09-01");
    expect(parseBritishDate("2027-06-12")).toBe("2027-06-12");
  });

  it("refuses what is not a real day, rather than guessing", () => {
    expect(parseBritishDate("31/02/2027")).toBeNull();
    expect(parseBritishDate("12/13/2027")).toBeNull();
    expect(parseBritishDate("12 Jux 2027")).toBeNull();
    expect(parseBritishDate("12 ebm 2027")).toBeNull();
    expect(parseBritishDate("12/06")).toBeNull();
    expect(parseBritishDate("")).toBeNull();
  });

});

describe("the listing's shortest and longest stay, as the quote and the calendar judge it", () => {
  it("refuses a stay shorter than the minimum or longer than the maximum, in the listing's words", () => {
    const bounds = { minNights: 3, maxNights: 14 };
    expect(nightsBoundsReason("short_let", bounds, 2)).toBe("Short lets here are at least 3 nights.");
    expect(nightsBoundsReason("short_let", bounds, 3)).toBeNull();
    expect(nightsBoundsReason("short_let", bounds, 14)).toBeNull();
    expect(nightsBoundsReason("short_let", bounds, 15)).toBe("Short lets here are at most 14 nights.");
    expect(nightsBoundsReason("mid_let", { minNights: 28, maxNights: null }, 180)).toBeNull();
    expect(nightsBoundsReason("mid_let", { minNights: 1, maxNights: 1 }, 2)).toBe("Mid lets here are at most 1 night.");
  });
});
