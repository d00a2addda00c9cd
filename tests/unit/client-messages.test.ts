import { describe, expect, it } from "vitest";
import { ApiError } from "../../client/lib/api-client";
import { serverMessageOf } from "../../client/lib/error-message";
import { formatWeekdayDate, formatWeekdayFullDate } from "../../common/utils/dates";

describe("the message of a failed request (spec 1 §7 'status: body')", () => {
  it("reads the server's JSON message", () => {
    const error = new ApiError(409, '{"message":"These dates are no longer available"}', "Conflict");
    expect(error.message).toBe('409: {"message":"These dates are no longer available"}');
    expect(serverMessageOf(error, "Please try again.")).toBe("These dates are no longer available");
  });

  it("parses a plain Error carrying the 'status: body' text", () => {
    const error = new Error('400: {"message":"You cannot book your own property."}');
    expect(serverMessageOf(error, "Please try again.")).toBe("You cannot book your own property.");
  });

  it("falls back for server faults, HTML pages, empty bodies and network failures", () => {
    expect(serverMessageOf(new ApiError(500, '{"message":"boom"}', "Internal"), "Please try again.")).toBe(
      "Please try again.",
    );
    expect(serverMessageOf(new ApiError(404, "<html>Not found</html>", "Not Found"), "Fallback")).toBe("Fallback");
    expect(serverMessageOf(new ApiError(400, "", "Bad Request"), "Fallback")).toBe("Fallback");
    expect(serverMessageOf(new TypeError("Failed to fetch"), "Fallback")).toBe("Fallback");
    expect(serverMessageOf("nope", "Fallback")).toBe("Fallback");
  });

  it("adds the start of a server fault's request id, for support to find it", () => {
    const body = '{"message":"Something went wrong on our side.","requestId":"3f2a9c1e-7b4d-4e52-9a0b-1c2d3e4f5a6b"}';
    expect(serverMessageOf(new ApiError(500, body, "Internal"), "Please try again.")).toBe(
      "Please try again. (reference 3f2a9c1e)",
    );
  });

  it("keeps a plain-text body as it is", () => {
    expect(serverMessageOf(new ApiError(429, "Too many requests", "Too Many Requests"), "Fallback")).toBe(
      "Too many requests",
    );
  });
});

describe("stay dates in en-GB", () => {
  it("prints the calendar day named, whatever the reader's time zone", () => {
    expect(formatWeekdayDate("2027-03-05")).toBe("Fri 5 Mar 2027");
    expect(formatWeekdayFullDate("2027-03-05")).toBe("Friday 5 March 2027");
    expect(formatWeekdayDate("not a date")).toBe("");
  });
});
