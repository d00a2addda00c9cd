import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { keptQueryValidation } from "../../server/lib/kept-query-validation";

/** A query with a rule that reads the clock, as the search's "check-in not in the past" does. */
const ZQuery = z.object({
  from: z.string().refine((day) => day >= new Date().toISOString().slice(0, 10), "from may not be in the past"),
  page: z.coerce.number().int().min(1).optional(),
});

const compile = (httpPart: string) =>
  keptQueryValidation({ schema: ZQuery, method: "GET", url: "/search", httpPart }) as (data: unknown) => {
    value?: unknown;
    error?: Error;
  };

describe("query validation kept for the busiest reads", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a query string it has accepted with the same frozen value, without checking it again", () => {
    const validate = compile("querystring");
    const first = validate({ from: "2999-01-01", page: "2" });
    const second = validate({ from: "2999-01-01", page: "2" });
    expect(first.value).toEqual({ from: "2999-01-01", page: 2 });
    expect(second).toBe(first);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(validate({ from: "2999-01-01", page: "3" }).value).toEqual({ from: "2999-01-01", page: 3 });
  });

  it("checks a refused query string afresh every time", () => {
    const validate = compile("querystring");
    expect(validate({ from: "2999-01-01", page: "0" }).error).toBeDefined();
    expect(validate({ from: "2999-01-01", page: "0" }).error).toBeDefined();
  });

  it("trusts what it kept for a minute at most, so rules that read the clock follow it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-06-30T23:59:30Z"));
    const validate = compile("querystring");
    expect(validate({ from: "2030-06-30" }).error).toBeUndefined();
    vi.setSystemTime(new Date("2030-07-01T00:00:10Z"));
    // Within the minute the kept answer stands; after it, yesterday is refused.
    expect(validate({ from: "2030-06-30" }).error).toBeUndefined();
    vi.setSystemTime(new Date("2030-07-01T00:00:31Z"));
    expect(validate({ from: "2030-06-30" }).error).toBeDefined();
  });

  it("keeps nothing for the other parts of a request", () => {
    const validate = compile("params");
    const first = validate({ from: "2999-01-01" });
    expect(validate({ from: "2999-01-01" })).not.toBe(first);
  });
});
