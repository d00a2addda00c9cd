import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays } from "../../common/domain/calendar-dates";
import { PERIODIC_TENANCY_TERMS } from "../../common/domain/periodic-terms";
import { rightToRentDayProblem } from "../../common/domain/right-to-rent";
import {
  quoteGuidance,
  tenancyReminders,
  tenancyTermsMessageForLandlord,
  tenancyTermsProblems,
} from "../../common/domain/stay-mode-rules";
import {
  DEFAULT_STAY_MODES,
  depositCapPence,
  depositCapWeeks,
  holdingDepositCapPence,
  type ListingStayModes,
  modeRangeText,
  offeredStaysText,
  stayLengthReason,
  stayModeOf,
  tenancyRent,
  tenancyTermsText,
  wholeMonthsOf,
} from "../../common/domain/stay-modes";
import { ZCreateProperty, ZUpdateProperty } from "../../common/schemas/property-form";
import { propertyForm } from "../factories";

const stay = (checkIn: string, nights: number) => ({ checkIn, checkOut: addDays(checkIn, nights) });
/** The day before England's tenancies became periodic: a listing's months still apply then. */
const BEFORE_THE_ACT = "2026-04-30";

describe("adding calendar months", () => {
  it.each([
    ["2027-01-15", 6, "2027-07-15"],
    ["2027-08-31", 6, "2028-02-29"],
    ["2026-08-31", 6, "2027-02-28"],
    ["2027-03-31", 1, "2027-04-30"],
    ["2028-02-29", 12, "2029-02-28"],
    ["2027-12-31", 2, "2028-02-29"],
    ["2027-05-10", 0, "2027-05-10"],
    ["2027-05-10", 24, "2029-05-10"],
  ])("%s + %i months is %s", (date, months, expected) => {
    expect(addCalendarMonths(date, months)).toBe(expected);
  });
});

describe("the mode of a stay, decided from its dates", () => {
  it("is a short let under 28 nights and a mid let from the 28th", () => {
    expect(stayModeOf(stay("2027-03-01", 1))).toBe("short_let");
    expect(stayModeOf(stay("2027-03-01", 27))).toBe("short_let");
    expect(stayModeOf(stay("2027-03-01", 28))).toBe("mid_let");
  });

  it("is a mid let for exactly 6 calendar months and a tenancy one night longer", () => {
    expect(stayModeOf({ checkIn: "2027-01-15", checkOut: "2027-07-15" })).toBe("mid_let");
    expect(stayModeOf({ checkIn: "2027-01-15", checkOut: "2027-07-16" })).toBe("tenancy");
  });

  it("counts 6 months to the end of a shorter month (31 August to the last day of February)", () => {
    // 2027-08-31 + 6 months is 29 February 2028, a leap year: 182 nights.
    expect(stayModeOf({ checkIn: "2027-08-31", checkOut: "2028-02-29" })).toBe("mid_let");
    expect(stayModeOf({ checkIn: "2027-08-31", checkOut: "2028-03-01" })).toBe("tenancy");
    // The year before, February has 28 days: 181 nights are the whole 6 months.
    expect(stayModeOf({ checkIn: "2026-08-31", checkOut: "2027-02-28" })).toBe("mid_let");
    expect(stayModeOf({ checkIn: "2026-08-31", checkOut: "2027-03-01" })).toBe("tenancy");
  });

  it("counts 6 months over a leap day from 29 February", () => {
    expect(stayModeOf({ checkIn: "2028-02-29", checkOut: "2028-08-29" })).toBe("mid_let");
    expect(stayModeOf({ checkIn: "2028-02-29", checkOut: "2028-08-30" })).toBe("tenancy");
  });

  it("makes a stay of 28 nights or more a tenancy when the guest asks and the listing offers tenancies", () => {
    const month = stay("2027-03-01", 28);
    expect(stayModeOf(month, { markedAsTenancy: true, tenancyOffered: true })).toBe("tenancy");
    expect(stayModeOf(month, { markedAsTenancy: true, tenancyOffered: false })).toBe("mid_let");
    expect(stayModeOf(stay("2027-03-01", 27), { markedAsTenancy: true, tenancyOffered: true })).toBe("short_let");
  });
});

describe("a listing's stay lengths", () => {
  const listing = (overrides: Partial<ListingStayModes> = {}): ListingStayModes => ({
    ...DEFAULT_STAY_MODES,
    ...overrides,
  });

  it("takes every length by default", () => {
    expect(stayLengthReason(listing(), stay("2027-03-01", 1), "short_let", BEFORE_THE_ACT)).toBeNull();
    expect(stayLengthReason(listing(), stay("2027-03-01", 27), "short_let", BEFORE_THE_ACT)).toBeNull();
    expect(stayLengthReason(listing(), stay("2027-03-01", 28), "mid_let", BEFORE_THE_ACT)).toBeNull();
    expect(
      stayLengthReason(listing(), { checkIn: "2027-03-01", checkOut: "2027-09-02" }, "tenancy", BEFORE_THE_ACT),
    ).toBeNull();
  });

  it("says which modes it offers when it does not take this one", () => {
    const reason = stayLengthReason(
      listing({ shortLetOffered: false }),
      stay("2027-03-01", 3),
      "short_let",
      BEFORE_THE_ACT,
    );
    expect(reason).toBe(
      "This property doesn't offer short lets (stays under 28 nights). It offers mid lets of 28 nights to 6 months and tenancies of 6 months or longer.",
    );
  });

  it("refuses a stay shorter or longer than the mode's bounds, at the bound exactly allowed", () => {
    const here = listing({ shortLetMinNights: 3, shortLetMaxNights: 14, midLetMinNights: 60, midLetMaxNights: 90 });
    expect(stayLengthReason(here, stay("2027-03-01", 2), "short_let", BEFORE_THE_ACT)).toBe(
      "Short lets here are at least 3 nights.",
    );
    expect(stayLengthReason(here, stay("2027-03-01", 3), "short_let", BEFORE_THE_ACT)).toBeNull();
    expect(stayLengthReason(here, stay("2027-03-01", 14), "short_let", BEFORE_THE_ACT)).toBeNull();
    expect(stayLengthReason(here, stay("2027-03-01", 15), "short_let", BEFORE_THE_ACT)).toBe(
      "Short lets here are at most 14 nights.",
    );
    expect(stayLengthReason(here, stay("2027-03-01", 59), "mid_let", BEFORE_THE_ACT)).toBe(
      "Mid lets here are at least 60 nights.",
    );
    expect(stayLengthReason(here, stay("2027-03-01", 90), "mid_let", BEFORE_THE_ACT)).toBeNull();
    expect(stayLengthReason(here, stay("2027-03-01", 91), "mid_let", BEFORE_THE_ACT)).toBe(
      "Mid lets here are at most 90 nights.",
    );
  });

  it("counts a tenancy's bounds in calendar months", () => {
    const here = listing({ minTenancyMonths: 12, maxTenancyMonths: 18 });
    const from = "2027-01-31";
    expect(
      stayLengthReason(
        here,
        { checkIn: from, checkOut: addDays(addCalendarMonths(from, 12), -1) },
        "tenancy",
        BEFORE_THE_ACT,
      ),
    ).toBe("Tenancies here are at least 12 months.");
    expect(
      stayLengthReason(here, { checkIn: from, checkOut: addCalendarMonths(from, 12) }, "tenancy", BEFORE_THE_ACT),
    ).toBeNull();
    expect(
      stayLengthReason(here, { checkIn: from, checkOut: addCalendarMonths(from, 18) }, "tenancy", BEFORE_THE_ACT),
    ).toBeNull();
    expect(
      stayLengthReason(
        here,
        { checkIn: from, checkOut: addDays(addCalendarMonths(from, 18), 1) },
        "tenancy",
        BEFORE_THE_ACT,
      ),
    ).toBe("Tenancies here are at most 18 months.");
  });

  it("describes its ranges in plain words", () => {
    const here = listing({ shortLetMinNights: 2, midLetMaxNights: 90, maxTenancyMonths: 12 });
    expect(modeRangeText(here, "short_let", BEFORE_THE_ACT)).toBe("2 to 27 nights");
    expect(modeRangeText(here, "mid_let", BEFORE_THE_ACT)).toBe("28 to 90 nights");
    expect(modeRangeText(here, "tenancy", BEFORE_THE_ACT)).toBe("6 to 12 months");
    expect(modeRangeText(listing({ shortLetMinNights: 1, shortLetMaxNights: 1 }), "short_let", BEFORE_THE_ACT)).toBe(
      "1 night",
    );
    expect(offeredStaysText(listing({ midLetOffered: false }), BEFORE_THE_ACT)).toBe(
      "short lets of 1 to 27 nights and tenancies of 6 months or longer",
    );
  });
});

describe("a tenancy's terms in words, either side of 1 May 2026", () => {
  const PERIODIC = "Periodic tenancy: rent monthly, no fixed term. The tenant can leave on two months' notice.";
  const terms = (nation: string | null, day: string, max: number | null = 12) =>
    tenancyTermsText({ nation, minTenancyMonths: 6, maxTenancyMonths: max }, day);

  it("are periodic in England from 1 May 2026, with no number of months, and a blank nation is England", () => {
    expect(PERIODIC_TENANCY_TERMS.line).toBe(PERIODIC);
    expect(terms("England", "2026-05-01")).toBe(PERIODIC);
    expect(terms(null, "2027-03-01")).toBe(PERIODIC);
    expect(terms("England", "2026-05-01")).not.toMatch(/\d+ months?\b|minimum/i);
  });

  it("keep the listing's months in England before that day, and in Scotland and Wales after it", () => {
    expect(terms("England", "2026-04-30")).toBe("6 to 12 months");
    expect(terms("Scotland", "2026-05-01")).toBe("6 to 12 months");
    expect(terms("Wales", "2027-03-01", null)).toBe("6 months or longer");
  });

  it("are what a listing's stay modes and reasons say, and a periodic tenancy has no minimum or longest term", () => {
    const english = { ...DEFAULT_STAY_MODES, maxTenancyMonths: 12, nation: "England" };
    const scottish = { ...english, nation: "Scotland" };
    expect(modeRangeText(english, "tenancy", "2026-05-01")).toBe(PERIODIC);
    expect(modeRangeText(scottish, "tenancy", "2026-05-01")).toBe("6 to 12 months");
    expect(offeredStaysText({ ...english, shortLetOffered: false }, "2026-05-01")).toBe(
      "mid lets of 28 nights to 6 months and periodic tenancies (rent monthly, no fixed term)",
    );
    const twoMonths = { checkIn: "2027-03-01", checkOut: "2027-05-01" };
    const twoYears = { checkIn: "2027-03-01", checkOut: "2029-03-01" };
    expect(stayLengthReason(english, twoMonths, "tenancy", "2026-05-01")).toBeNull();
    expect(stayLengthReason(english, twoYears, "tenancy", "2026-05-01")).toBeNull();
    expect(stayLengthReason(english, twoMonths, "tenancy", "2026-04-30")).toBe("Tenancies here are at least 6 months.");
    expect(stayLengthReason(scottish, twoYears, "tenancy", "2026-05-01")).toBe("Tenancies here are at most 12 months.");
  });
});

describe("a tenancy's rent", () => {
  it("is the monthly rent for whole months and the days after them at a twelfth of a year's rent per 365th", () => {
    expect(wholeMonthsOf({ checkIn: "2027-01-31", checkOut: "2027-02-28" })).toBe(1);
    expect(tenancyRent(300_000, { checkIn: "2027-01-01", checkOut: "2028-01-01" })).toEqual({
      months: 12,
      extraDays: 0,
      rentPence: 3_600_000,
    });
    // 7 months and 10 days: 10 × £3,000 × 12 ÷ 365 = £986.30.
    expect(tenancyRent(300_000, { checkIn: "2027-01-01", checkOut: "2027-08-11" })).toEqual({
      months: 7,
      extraDays: 10,
      rentPence: 2_100_000 + 98_630,
    });
  });
});

describe("the deposit caps of a tenancy", () => {
  it("is five weeks' rent below £50,000 a year and six weeks' from £50,000", () => {
    expect(depositCapWeeks(4_999_999)).toBe(5);
    expect(depositCapWeeks(5_000_000)).toBe(6);
    // £4,166.66 a month is £49,999.92 a year; £4,166.67 is £50,000.04.
    expect(depositCapPence(416_666)).toBe(Math.floor((416_666 * 12 * 5) / 52));
    expect(depositCapPence(416_667)).toBe(Math.floor((416_667 * 12 * 6) / 52));
  });

  it("works a week's rent out as the monthly rent × 12 ÷ 52, rounded down to the penny", () => {
    // £3,600 a month: £830.769… a week.
    expect(holdingDepositCapPence(360_000)).toBe(83_076);
    expect(depositCapPence(360_000)).toBe(415_384);
  });

  const terms = {
    tenancyOffered: true,
    pricePerMonthPence: 360_000,
    depositPence: 415_384,
    holdingDepositPence: 83_076,
    epcRating: "C",
    epcExemptionReference: null,
  };

  it("allows deposits at their caps and refuses a penny more", () => {
    expect(tenancyTermsProblems(terms)).toEqual([]);
    expect(tenancyTermsProblems({ ...terms, depositPence: 415_385 })).toEqual([
      { field: "depositAmount", kind: "deposit", amountPence: 415_385, capPence: 415_384, weeks: 5 },
    ]);
    expect(tenancyTermsProblems({ ...terms, holdingDepositPence: 83_077 })).toMatchObject([
      { field: "holdingDepositAmount", capPence: 83_076 },
    ]);
  });

  it("refuses an F or G energy rating unless an exemption is recorded", () => {
    expect(tenancyTermsProblems({ ...terms, epcRating: "E" })).toEqual([]);
    expect(tenancyTermsProblems({ ...terms, epcRating: "F" })).toMatchObject([{ field: "epcExemptionReference" }]);
    expect(tenancyTermsProblems({ ...terms, epcRating: "G", epcExemptionReference: "  " })).toHaveLength(1);
    expect(tenancyTermsProblems({ ...terms, epcRating: "G", epcExemptionReference: "PRSE-000123" })).toEqual([]);
  });

  it("asks nothing of a listing that does not offer tenancies", () => {
    expect(tenancyTermsProblems({ ...terms, tenancyOffered: false, depositPence: 10_000_000, epcRating: "G" })).toEqual(
      [],
    );
  });

  it("tells the landlord the cap and the way out", () => {
    const [problem] = tenancyTermsProblems({ ...terms, depositPence: 500_000 });
    expect(problem && tenancyTermsMessageForLandlord(problem)).toBe(
      "For a tenancy the deposit can be at most five weeks' rent, £4,153.84 at this monthly rent (Tenant Fees Act 2019). Lower the deposit, or stop offering tenancies.",
    );
  });
});

describe("the guidance a quote carries", () => {
  it("gives VAT guidance from the 29th night of a serviced stay, and a tenancy's rules to a tenancy", () => {
    expect(quoteGuidance("short_let", 27)).toEqual([]);
    expect(quoteGuidance("mid_let", 28)).toEqual([]);
    expect(quoteGuidance("mid_let", 29).map((g) => g.source)).toEqual([
      "HMRC VAT Notice 709/3 (Hotels and holiday accommodation), the section on stays over 28 days",
    ]);
    const tenancy = quoteGuidance("tenancy", 200);
    expect(tenancy.map((g) => g.topic)).toEqual([
      "No fees",
      "Holding deposit",
      "Deposit",
      "Deposit protection",
      "Right to Rent",
    ]);
    expect(tenancy.every((g) => g.source.length > 0)).toBe(true);
  });
});

describe("the landlord's reminders after a tenancy", () => {
  it("dates the deposit's protection 30 days from confirmation and the Right to Rent check at check-in", () => {
    expect(tenancyReminders({ checkIn: "2027-09-01", confirmedOn: "2027-06-20", depositPence: 415_384 })).toMatchObject(
      [
        { kind: "deposit_protection", dueOn: "2027-07-20", source: "Housing Act 2004, sections 213 to 215" },
        { kind: "right_to_rent", dueOn: "2027-09-01" },
      ],
    );
  });

  it("leaves the deposit's date open until the tenancy is confirmed, and asks nothing about a deposit never taken", () => {
    expect(tenancyReminders({ checkIn: "2027-09-01", confirmedOn: null, depositPence: 100_000 })[0]?.dueOn).toBeNull();
    expect(
      tenancyReminders({ checkIn: "2027-09-01", confirmedOn: null, depositPence: null }).map((r) => r.kind),
    ).toEqual(["right_to_rent"]);
  });

  it("keeps the Right to Rent due up to the first day, overdue from the next without a check, and done once recorded", () => {
    const rightToRent = (today: string, check: { checkedOn: string; method: "idsp" } | null = null) =>
      tenancyReminders({ checkIn: "2027-09-01", confirmedOn: null, depositPence: null, today, rightToRent: check })[0];
    expect(rightToRent("2027-09-01")).toMatchObject({ status: "due", doneOn: null, title: "Check the Right to Rent" });
    expect(rightToRent("2027-09-02")).toMatchObject({ status: "overdue", doneOn: null });
    expect(rightToRent("2027-09-02")?.text).toMatch(/^The tenancy has started and no Right to Rent check is recorded/);
    const inTime = rightToRent("2027-09-02", { checkedOn: "2027-09-01", method: "idsp" });
    expect(inTime).toMatchObject({ status: "done", doneOn: "2027-09-01", title: "Right to Rent checked" });
    expect(inTime?.text).toBe(
      "Identity service provider (IDSP), before the tenancy started. Keep your copy of what you checked.",
    );
    expect(rightToRent("2027-09-03", { checkedOn: "2027-09-02", method: "idsp" })?.text).toMatch(
      /^Identity service provider \(IDSP\)\. Late: the check was made after the tenancy started on 1 September 2027\./,
    );
  });

  it("says the deposit's protection is overdue once its 30th day has passed", () => {
    const deposit = (today: string) =>
      tenancyReminders({ checkIn: "2027-09-01", confirmedOn: "2027-06-20", depositPence: 100_000, today })[0]?.status;
    expect(deposit("2027-07-20")).toBe("due");
    expect(deposit("2027-07-21")).toBe("overdue");
  });
});

describe("a Right to Rent check's day", () => {
  it("is refused in the future or more than 28 days before the tenancy starts, and allowed after the start", () => {
    expect(rightToRentDayProblem("2027-08-02", "2027-09-01", "2027-08-01")).toMatch(/cannot be in the future/);
    expect(rightToRentDayProblem("2027-08-03", "2027-08-31", "2027-08-10")).toBeNull();
    expect(rightToRentDayProblem("2027-08-02", "2027-08-31", "2027-08-10")).toMatch(/from 3 August 2027/);
    expect(rightToRentDayProblem("2027-09-05", "2027-08-31", "2027-09-10")).toBeNull();
  });
});

describe("the property form's stay modes, checked by the shared schema", () => {
  const first = (schema: typeof ZCreateProperty | typeof ZUpdateProperty, value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("accepts the form without stay modes (every mode at its full length)", () => {
    expect(ZCreateProperty.safeParse(propertyForm()).success).toBe(true);
  });

  it("refuses a deposit over five weeks' rent while tenancies are offered, and allows it once they are not", () => {
    // £3,600 a month: five weeks' rent is £4,153.84.
    const form = propertyForm({ pricePerMonth: 3600, depositAmount: 4153.85 });
    expect(first(ZCreateProperty, form)).toEqual([
      [
        "depositAmount",
        "For a tenancy the deposit can be at most five weeks' rent, £4,153.84 at this monthly rent (Tenant Fees Act 2019). Lower the deposit, or stop offering tenancies.",
      ],
    ]);
    expect(ZCreateProperty.safeParse({ ...form, depositAmount: 4153.84 }).success).toBe(true);
    expect(ZCreateProperty.safeParse({ ...form, tenancyOffered: false }).success).toBe(true);
  });

  it("allows six weeks' rent as a deposit at £50,000 a year", () => {
    // £4,166.67 a month is £50,000.04 a year: six weeks' rent is £5,769.23.
    const form = propertyForm({ pricePerMonth: 4166.67, depositAmount: 5769.23 });
    expect(ZCreateProperty.safeParse(form).success).toBe(true);
    expect(first(ZCreateProperty, { ...form, pricePerMonth: 4166.66 })?.[0]?.[0]).toBe("depositAmount");
  });

  it("refuses money with more than 2 decimals and bounds out of range", () => {
    expect(first(ZCreateProperty, propertyForm({ holdingDepositAmount: 100.005 }))).toEqual([
      ["holdingDepositAmount", "Use at most 2 decimal places"],
    ]);
    expect(first(ZCreateProperty, propertyForm({ shortLetMaxNights: 28 }))).toEqual([
      ["shortLetMaxNights", "Longest short let: choose 1 to 27 nights"],
    ]);
    expect(first(ZCreateProperty, propertyForm({ midLetMinNights: 27 }))).toEqual([
      ["midLetMinNights", "Shortest mid let: choose 28 to 184 nights"],
    ]);
    expect(first(ZCreateProperty, propertyForm({ maxTenancyMonths: 1.5 }))).toEqual([
      ["maxTenancyMonths", "Longest tenancy must be a whole number of months"],
    ]);
  });

  it("puts cross-field problems on the field to change", () => {
    expect(
      first(ZCreateProperty, propertyForm({ shortLetOffered: false, midLetOffered: false, tenancyOffered: false })),
    ).toEqual([["shortLetOffered", "Offer at least one kind of stay"]]);
    expect(first(ZCreateProperty, propertyForm({ shortLetMinNights: 7, shortLetMaxNights: 3 }))).toEqual([
      ["shortLetMaxNights", "The longest short let can't be shorter than the shortest"],
    ]);
    expect(first(ZCreateProperty, propertyForm({ minTenancyMonths: 12, maxTenancyMonths: 6 }))).toEqual([
      ["maxTenancyMonths", "The longest tenancy can't be shorter than the minimum tenancy"],
    ]);
    // A blank minimum tenancy is 6 months.
    expect(first(ZCreateProperty, propertyForm({ maxTenancyMonths: 3 }))?.[0]?.[0]).toBe("maxTenancyMonths");
    const { amenities: _sentOnCreate, ...update } = propertyForm({ epcRating: "G" });
    expect(first(ZUpdateProperty, update)?.[0]?.[0]).toBe("epcExemptionReference");
    expect(ZUpdateProperty.safeParse({ ...update, epcExemptionReference: "PRSE-000123" }).success).toBe(true);
  });
});

describe("far-off dates", () => {
  it("compares months correctly past the year 9999, where dates no longer fit YYYY-MM-DD", () => {
    expect(stayModeOf({ checkIn: "9999-12-01", checkOut: "9999-12-03" })).toBe("short_let");
    expect(stayModeOf({ checkIn: "9999-10-01", checkOut: "9999-12-31" })).toBe("mid_let");
  });
});
