import { describe, expect, it } from "vitest";
import { londonDayStart } from "../../common/utils/dates";
import { maskRecipient } from "../../server/services/messaging/messenger";

describe("the start of a London day", () => {
  it("is midnight UTC in winter and 23:00 UTC the evening before in summer", () => {
    expect(londonDayStart("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(londonDayStart("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });

  it("follows the days the clocks change", () => {
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(londonDayStart("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayStart("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(londonDayStart("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(londonDayStart("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });
});

describe("a masked recipient", () => {
  it("keeps an address's first letter and its domain", () => {
    expect(maskRecipient("ada@example.com")).toBe("a***@example.com");
    expect(maskRecipient("x@example.co.uk")).toBe("x***@example.co.uk");
  });

  it("keeps a phone number's country code and last three digits", () => {
    expect(maskRecipient("+447400555001")).toBe("+44*******001");
    expect(maskRecipient("+4412")).toBe("*****");
  });
});
