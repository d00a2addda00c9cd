import { describe, expect, it } from "vitest";
import { acceptsHtml } from "../../server/plugins/error-handler";

/** Which requests for an unknown path get the site's 404 page, rather than a small JSON 404. */
describe("acceptsHtml", () => {
  it.each([
    [undefined, true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true],
    ["*/*", true],
    ["text/*", true],
    ["application/json", false],
    ["application/json, text/plain, */*;q=0", false],
    ["text/html;q=0, application/json", false],
    ["image/avif,image/webp,image/*", false],
    ["text/calendar", false],
  ])("%s -> %s", (accept, expected) => {
    expect(acceptsHtml(accept)).toBe(expected);
  });
});
