import { describe, expect, it } from "vitest";
import { isBookable, propertyStatus } from "../../common/domain/property-status";

describe("a listing's public status", () => {
  it.each([
    [{ isActive: true, underMaintenance: false }, "active", true],
    [{ isActive: true, underMaintenance: true }, "maintenance", false],
    [{ isActive: false, underMaintenance: false }, "inactive", false],
    [{ isActive: false, underMaintenance: true }, "inactive", false],
  ] as const)("%o is %s", (listing, status, bookable) => {
    expect(propertyStatus(listing)).toBe(status);
    expect(isBookable(listing)).toBe(bookable);
  });
});
