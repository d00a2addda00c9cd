import { describe, expect, it } from "vitest";
import { stayDatesProblem } from "../../common/domain/stay-dates";

describe("what is wrong with a pair of stay dates", () => {
  const today = "2030-06-15";

  it("finds nothing wrong with no dates, or a stay from today of up to 24 months", () => {
    expect(stayDatesProblem(undefined, undefined, today)).toBeNull();
    expect(stayDatesProblem("", "", today)).toBeNull();
    expect(stayDatesProblem(today, "2030-06-16", today)).toBeNull();
    expect(stayDatesProblem(today, "2031-06-15", today)).toBeNull();
    expect(stayDatesProblem(today, "2032-06-15", today)).toBeNull();
  });

  it.each([
    ["2030-06-20", undefined, { kind: "missing", path: "checkOut" }],
    [undefined, "2030-06-20", { kind: "missing", path: "checkIn" }],
    ["2030-06-14", "2030-06-16", { kind: "past", path: "checkIn" }],
    ["2030-06-20", "2030-06-20", { kind: "order", path: "checkOut" }],
    ["2030-06-20", "2030-06-18", { kind: "order", path: "checkOut" }],
    [today, "2032-06-16", { kind: "too-long", path: "checkOut" }],
  ])("checkIn %s, checkOut %s: %o", (checkIn, checkOut, problem) => {
    expect(stayDatesProblem(checkIn, checkOut, today)).toEqual(problem);
  });

  it("leaves dates that are not calendar dates to the field checks", () => {
    expect(stayDatesProblem("2030-02-30", "2030-03-02", today)).toBeNull();
  });
});
