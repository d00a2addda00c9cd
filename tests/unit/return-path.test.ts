import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "../../client/lib/return-path";

describe("the page to return to after signing in", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeReturnPath("/booking/3?checkIn=2027-01-04&guests=2")).toBe("/booking/3?checkIn=2027-01-04&guests=2");
    expect(safeReturnPath("/saved-properties")).toBe("/saved-properties");
    expect(safeReturnPath("/authors")).toBe("/authors");
  });

  it("refuses anything that could leave the site or loop back to sign-in", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "/auth",
      "/auth?tab=register",
      "/api/logout",
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeUndefined();
    }
  });

  it("links to /auth with the page encoded, or plain /auth when there is nothing to return to", () => {
    expect(signInPath("/booking/1?guests=2")).toBe("/auth?returnTo=%2Fbooking%2F1%3Fguests%3D2");
    expect(signInPath("/")).toBe("/auth");
    expect(signInPath("//evil.example")).toBe("/auth");
  });
});
