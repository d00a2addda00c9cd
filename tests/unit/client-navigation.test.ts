import { describe, expect, it } from "vitest";
import { isCurrentPage } from "../../client/lib/client-navigation";

/** The header marks the page the visitor is on, without the router, from the address alone. */
describe("the current page of a navigation link", () => {
  it("is the link's page exactly, or a page beneath it", () => {
    expect(isCurrentPage("/experiences", "/experiences")).toBe(true);
    expect(isCurrentPage("/messages/12", "/messages")).toBe(true);
    expect(isCurrentPage("/properties/12/manage", "/properties")).toBe(true);
  });

  it("is not a page that merely starts with the same letters", () => {
    expect(isCurrentPage("/experiences-old", "/experiences")).toBe(false);
    expect(isCurrentPage("/messagesx", "/messages")).toBe(false);
  });

  it("is only the exact page for a link that ends there, and home only at home", () => {
    expect(isCurrentPage("/properties/12", "/properties", true)).toBe(false);
    expect(isCurrentPage("/properties", "/properties", true)).toBe(true);
    expect(isCurrentPage("/experiences", "/")).toBe(false);
    expect(isCurrentPage("/", "/", true)).toBe(true);
  });
});
