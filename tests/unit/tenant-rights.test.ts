import { describe, expect, it } from "vitest";
import { tenancyRent } from "../../common/domain/stay-modes";
import {
  bookedMonthlyRentPence,
  excludingWordingMessage,
  petRequestOverdue,
  rentIncreaseNoticeMonths,
  rentIncreaseProblem,
  statementOfTermsRequired,
} from "../../common/domain/tenant-rights";
import { inForce, UK_RULES } from "../../common/domain/uk-law";

/** Each Renters' Rights Act rule the tenancy's rights follow, the day before it and the day it began. */
describe("the tenancy rules on both sides of 1 May 2026", () => {
  it("dates every rule from 1 May 2026", () => {
    for (const rule of [
      "rentIncreaseOncePerYear",
      "petRequests",
      "noBanOnChildrenOrBenefits",
      "writtenStatementOfTerms",
    ] as const) {
      expect(UK_RULES[rule].inForceFrom).toBe("2026-05-01");
      expect(inForce(rule, "2026-04-30")).toBe(false);
      expect(inForce(rule, "2026-05-01")).toBe(true);
    }
  });

  it("asks two months' notice of a rent increase served from the day, one month before it", () => {
    expect(rentIncreaseNoticeMonths("2026-04-30")).toBe(1);
    expect(rentIncreaseNoticeMonths("2026-05-01")).toBe(2);
    const facts = {
      tenancyStart: "2025-01-10",
      previousStartsOn: null,
      currentMonthlyPence: 100_000,
      newMonthlyPence: 110_000,
    };
    expect(rentIncreaseProblem({ ...facts, servedOn: "2026-04-30", startsOn: "2026-06-10" })).toBeNull();
    expect(rentIncreaseProblem({ ...facts, servedOn: "2026-05-01", startsOn: "2026-06-10" })).toMatch(
      /^A rent increase needs at least two months' notice/,
    );
    expect(rentIncreaseProblem({ ...facts, servedOn: "2026-05-01", startsOn: "2026-07-10" })).toBeNull();
  });

  it("refuses an increase within 52 weeks of the last, off a rent day, or that is not an increase", () => {
    const facts = {
      tenancyStart: "2025-01-10",
      servedOn: "2026-06-01",
      currentMonthlyPence: 100_000,
      newMonthlyPence: 110_000,
    };
    expect(rentIncreaseProblem({ ...facts, previousStartsOn: "2026-01-10", startsOn: "2026-08-10" })).toMatch(
      /^Rent can go up only once in any 12 months/,
    );
    expect(rentIncreaseProblem({ ...facts, previousStartsOn: null, startsOn: "2026-08-11" })).toMatch(
      /beginning of a rent period/,
    );
    expect(
      rentIncreaseProblem({ ...facts, previousStartsOn: null, startsOn: "2026-08-10", newMonthlyPence: 100_000 }),
    ).toMatch(/higher rent/);
  });

  it("refuses wording that turns away children or people on benefits only from the day", () => {
    expect(excludingWordingMessage("Description", "Professionals only, no DSS", "2026-04-30")).toBeNull();
    expect(excludingWordingMessage("Description", "Professionals only, no DSS", "2026-05-01")).toMatch(
      /"no DSS": a listing may not turn away people who receive benefits/,
    );
    expect(excludingWordingMessage("Description", "Families and professionals welcome", "2026-05-01")).toBeNull();
    expect(excludingWordingMessage("Terms", "Adults only.", "2026-05-01")).toMatch(/people with children/);
  });

  it("needs the statement accepted, and flags a late pet answer, only from the day", () => {
    expect(statementOfTermsRequired("2026-04-30")).toBe(false);
    expect(statementOfTermsRequired("2026-05-01")).toBe(true);
    expect(petRequestOverdue({ status: "pending", askedOn: "2026-04-30" }, "2026-06-30")).toBe(false);
    expect(petRequestOverdue({ status: "pending", askedOn: "2026-05-01" }, "2026-05-29")).toBe(false);
    expect(petRequestOverdue({ status: "pending", askedOn: "2026-05-01" }, "2026-05-30")).toBe(true);
    expect(petRequestOverdue({ status: "refused", askedOn: "2026-05-01" }, "2026-06-30")).toBe(false);
  });

  it("reads the booked monthly rent back from a tenancy's total", () => {
    const stay = { checkIn: "2026-06-03", checkOut: "2027-06-20" };
    expect(bookedMonthlyRentPence(tenancyRent(187_550, stay).rentPence, stay)).toBe(187_550);
  });
});
