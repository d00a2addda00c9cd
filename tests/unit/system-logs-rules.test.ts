import { describe, expect, it } from "vitest";
import {
  dateRangeProblem,
  describeTarget,
  detailRows,
  formatLogTimestamp,
  isFiltered,
  LOG_FILTER_DEFAULTS,
  systemLogsApiQuery,
} from "../../client/features/system-logs/utils/system-logs-rules";

const none = { ...LOG_FILTER_DEFAULTS };

describe("System Logs filters", () => {
  it("ask the API only for what narrows the list", () => {
    expect(systemLogsApiQuery(none, "", 1)).toBe("");
    expect(
      systemLogsApiQuery({ ...none, type: "error", from: "2026-06-01", to: "2026-06-30" }, "ada lovelace", 3),
    ).toBe("type=error&user=ada+lovelace&from=2026-06-01&to=2026-06-30&page=3");
    expect(systemLogsApiQuery({ ...none, userId: "42" }, "", 1)).toBe("userId=42");
  });

  it("tell a filtered empty list from an empty log", () => {
    expect(isFiltered(none, "")).toBe(false);
    expect(isFiltered({ ...none, type: "info" }, "")).toBe(true);
    expect(isFiltered(none, "ada")).toBe(true);
    expect(isFiltered({ ...none, to: "2026-01-01" }, "")).toBe(true);
  });

  it("refuse a From date after the To date, as the server does", () => {
    expect(dateRangeProblem({ from: "2026-06-02", to: "2026-06-01" })).toMatch(/From date must be on or before/);
    expect(dateRangeProblem({ from: "2026-06-01", to: "2026-06-01" })).toBeNull();
    expect(dateRangeProblem({ from: "2026-06-02", to: "" })).toBeNull();
  });
});

describe("an entry as the page shows it", () => {
  it("names its target, with # before numeric ids", () => {
    expect(describeTarget({ type: "booking", id: "42" })).toBe("Booking #42");
    expect(describeTarget({ type: "job", id: "booking-lifecycle" })).toBe("Job booking-lifecycle");
  });

  it("labels known details and keeps unknown ones as written", () => {
    expect(detailRows({ ip: "203.0.113.9", failures: 5, extra: { a: 1 } })).toEqual([
      { label: "IP address", value: "203.0.113.9" },
      { label: "Failed attempts", value: "5" },
      { label: "extra", value: '{"a":1}' },
    ]);
  });

  it("shows its time in London, en-GB, to the second", () => {
    expect(formatLogTimestamp("2026-06-14T23:30:05.000Z")).toBe("15 Jun 2026, 00:30:05");
    expect(formatLogTimestamp("2026-01-14T23:30:05.000Z")).toBe("14 Jan 2026, 23:30:05");
  });
});
