import { describe, expect, it } from "vitest";
import {
  earliestNoticeEnd,
  nextRentAttemptOn,
  noticeEndProblem,
  periodEndOf,
  periodIndexOn,
  periodicTenancyApplies,
  periodStartOf,
} from "../../common/domain/periodic-tenancy";
import { minimumTenancyTermAllowed, periodicTenancyCovers } from "../../common/domain/periodic-terms";

describe("England's periodic tenancies from 1 May 2026", () => {
  it("apply to tenancies agreed from 1 May 2026 and not to those agreed the day before", () => {
    expect(periodicTenancyApplies("2026-04-30")).toBe(false);
    expect(periodicTenancyApplies("2026-05-01")).toBe(true);
  });

  it("cover listings in England, or with no nation yet, from that same day; never Scotland or Wales", () => {
    expect(periodicTenancyCovers("England", "2026-04-30")).toBe(false);
    expect(periodicTenancyCovers("England", "2026-05-01")).toBe(true);
    expect(periodicTenancyCovers(null, "2026-05-01")).toBe(true);
    expect(periodicTenancyCovers("Scotland", "2027-01-01")).toBe(false);
    expect(periodicTenancyCovers("Wales", "2027-01-01")).toBe(false);
    expect(minimumTenancyTermAllowed("England", "2026-05-01")).toBe(false);
    expect(minimumTenancyTermAllowed("Wales", "2026-05-01")).toBe(true);
  });

  it("run in calendar-month rent periods from the first day, a 31st falling back to the month's last day", () => {
    expect(periodStartOf("2026-05-15", 0)).toBe("2026-05-15");
    expect(periodStartOf("2026-05-15", 2)).toBe("2026-07-15");
    expect(periodEndOf("2026-05-15", "2026-06-15")).toBe("2026-07-14");
    expect(periodStartOf("2026-01-31", 1)).toBe("2026-02-28");
    expect(periodIndexOn("2026-05-15", "2026-05-14")).toBe(-1);
    expect(periodIndexOn("2026-05-15", "2026-06-14")).toBe(0);
    expect(periodIndexOn("2026-05-15", "2026-06-15")).toBe(1);
  });

  it("end on the tenant's notice of at least two months, with a rent period", () => {
    // Rent due on the 15th; notice given on 10 June: two months on is 10 August, so the tenancy may end 14 August.
    expect(earliestNoticeEnd("2026-05-15", "2026-06-10")).toBe("2026-08-14");
    // Given on a rent day, exactly two months: the day before the rent day two months on.
    expect(earliestNoticeEnd("2026-05-15", "2026-06-15")).toBe("2026-08-14");
    // Given the day after: a whole period later.
    expect(earliestNoticeEnd("2026-05-15", "2026-06-16")).toBe("2026-09-14");
    expect(noticeEndProblem("2026-05-15", "2026-06-10", "2026-08-14")).toBeNull();
    expect(noticeEndProblem("2026-05-15", "2026-06-10", "2026-10-14")).toBeNull();
    expect(noticeEndProblem("2026-05-15", "2026-06-10", "2026-07-14")).toBe(
      "Notice must be at least two months and end with a rent period: the earliest last day is 14 August 2026.",
    );
    expect(noticeEndProblem("2026-05-15", "2026-06-10", "2026-08-20")).toMatch(/last day of a rent period/);
    expect(noticeEndProblem("2026-05-15", "2026-06-10", "2026-06-09")).toBe(
      "The tenancy's last day cannot be in the past.",
    );
  });

  it("tries a declined rent payment again 1 and 3 days after it was due, then stops", () => {
    expect(nextRentAttemptOn("2026-06-15", 1)).toBe("2026-06-16");
    expect(nextRentAttemptOn("2026-06-15", 2)).toBe("2026-06-18");
    expect(nextRentAttemptOn("2026-06-15", 3)).toBeNull();
  });
});
