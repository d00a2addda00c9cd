import { describe, expect, it } from "vitest";
import { addDays, nightsOf } from "../../common/domain/calendar-dates";
import { unbalancedReason } from "../../common/domain/ledger";
import {
  levyAreaOfPostcode,
  levyQuarterOf,
  listingLawProblems,
  nationOfPostcode,
  SCOTTISH_LICENCE_PATTERN,
  stayLevy,
  WELSH_REGISTRATION_PATTERN,
  welshRegistrationReason,
} from "../../common/domain/uk-law";
import { ZCreateProperty } from "../../common/schemas/property-form";
import { refundLines, stayChargeLines } from "../../server/services/money/booking-postings";
import { propertyForm } from "../factories";

const nightly = (checkIn: string, nights: number, pence = 20000) =>
  nightsOf(checkIn, addDays(checkIn, nights)).map((date) => ({ date, pence }));
const EDINBURGH = { levyArea: "city_of_edinburgh" as const };

describe("where a listing is, from its postcode", () => {
  it("places unambiguous areas and leaves border areas to the landlord", () => {
    expect(nationOfPostcode("EH3 6ES")).toBe("Scotland");
    expect(nationOfPostcode("g1 1aa")).toBe("Scotland");
    expect(nationOfPostcode("CF10 5BZ")).toBe("Wales");
    expect(nationOfPostcode("BT1 2LA")).toBe("Northern Ireland");
    expect(nationOfPostcode("NW1 4DY")).toBe("England");
    expect(nationOfPostcode("12 Albany Street, London NW1 4DY")).toBe("England");
    for (const border of ["TD15 1AA", "SY16 1AA", "CH5 1AA", "HR3 5AA", "LD7 1AA", "NP16 5AA"]) {
      expect(nationOfPostcode(border), border).toBeNull();
    }
    expect(nationOfPostcode("no postcode here")).toBeNull();
  });

  it("puts EH1 to EH17 in the City of Edinburgh and nothing else", () => {
    expect(levyAreaOfPostcode("EH1 1RW")).toBe("city_of_edinburgh");
    expect(levyAreaOfPostcode("EH17 8AA")).toBe("city_of_edinburgh");
    expect(levyAreaOfPostcode("EH21 7AA")).toBeNull();
    expect(levyAreaOfPostcode("G1 1AA")).toBeNull();
  });
});

describe("licence and registration numbers", () => {
  it("accepts a council-shaped Scottish licence number and refuses other shapes", () => {
    expect(SCOTTISH_LICENCE_PATTERN.test("EH-12345-F")).toBe(true);
    expect(SCOTTISH_LICENCE_PATTERN.test("HI-123456-F")).toBe(true);
    for (const bad of ["EH12345F", "EH-12-F", "12345", "EH-12345-", "EH-12345-FF"]) {
      expect(SCOTTISH_LICENCE_PATTERN.test(bad), bad).toBe(false);
    }
    expect(WELSH_REGISTRATION_PATTERN.test("DEMO-WA-000001")).toBe(true);
    expect(WELSH_REGISTRATION_PATTERN.test("AB--12")).toBe(false);
    expect(WELSH_REGISTRATION_PATTERN.test("A1")).toBe(false);
  });

  it("asks a Scottish short let for its licence, and refuses numbers of another nation", () => {
    const scottish = {
      nation: "Scotland" as const,
      levyArea: null,
      shortLetOffered: true,
      shortLetLicenceNumber: null,
      welshRegistrationNumber: null,
    };
    expect(listingLawProblems(scottish, "2026-11-29").map((p) => p.field)).toEqual(["shortLetLicenceNumber"]);
    expect(listingLawProblems({ ...scottish, shortLetOffered: false }, "2026-11-29")).toEqual([]);
    expect(
      listingLawProblems({ ...scottish, nation: "England", shortLetLicenceNumber: "EH-1234-F" }, "2026-11-29"),
    ).toHaveLength(1);
    expect(
      listingLawProblems({ ...scottish, nation: "England", levyArea: "city_of_edinburgh" }, "2026-11-29"),
    ).toHaveLength(1);
  });

  it("lets the form's schema take an Edinburgh address as Scotland and refuse it without a licence", () => {
    const form = propertyForm({ address: "31 Heriot Row, Edinburgh EH3 6ES", city: "Edinburgh" });
    const refused = ZCreateProperty.safeParse(form);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["shortLetLicenceNumber"]);
    const wrongShape = ZCreateProperty.safeParse({ ...form, shortLetLicenceNumber: "licence 12" });
    expect(wrongShape.error?.issues[0]?.message).toMatch(/EH-12345-F/);
    expect(ZCreateProperty.parse({ ...form, shortLetLicenceNumber: " eh-12345-f " }).shortLetLicenceNumber).toBe(
      "EH-12345-F",
    );
  });
});

describe("Wales: registration needed for nights from 1 October 2026", () => {
  const unregistered = { nation: "Wales", welshRegistrationNumber: null };
  it("takes a stay that ends before the day and refuses one with a night on or after it", () => {
    expect(welshRegistrationReason(unregistered, "2026-09-25", "2026-10-01")).toBeNull();
    expect(welshRegistrationReason(unregistered, "2026-09-28", "2026-10-02")).toMatch(/registration number/);
    expect(
      welshRegistrationReason({ ...unregistered, welshRegistrationNumber: "AB-123456" }, "2026-10-05", "2026-10-07"),
    ).toBeNull();
    expect(
      welshRegistrationReason({ nation: "England", welshRegistrationNumber: null }, "2026-10-05", "2026-10-07"),
    ).toBeNull();
  });
});

describe("Edinburgh's visitor levy on a stay", () => {
  it("levies nothing on nights before 24 July 2026 and only levied nights on a stay across the day", () => {
    expect(stayLevy(nightly("2026-07-10", 7), EDINBURGH)).toBeNull();
    // Nights 21–25 July are the first five; 24 and 25 are on or after the day: 2 × £200 × 5% = £20.
    expect(stayLevy(nightly("2026-07-21", 7), EDINBURGH)).toEqual({
      nights: ["2026-07-24", "2026-07-25"],
      pence: 2000,
    });
  });

  it("caps the levy at the first five nights after the day, and charges none outside Edinburgh", () => {
    expect(stayLevy(nightly("2026-08-01", 9), EDINBURGH)).toEqual({
      nights: ["2026-08-01", "2026-08-02", "2026-08-03", "2026-08-04", "2026-08-05"],
      pence: 5000,
    });
    expect(stayLevy(nightly("2026-08-01", 9), { levyArea: null })).toBeNull();
  });

  it("posts the levy to the host's levy account in a balanced charge, and gives it back in proportion on a refund", () => {
    const levy = stayLevy(nightly("2026-08-01", 7), EDINBURGH)?.pence ?? 0;
    const parties = { guestId: 2, landlordId: 1 };
    const shares = { totalPence: 140000 + 14000 + levy, serviceFeePence: 14000, managerFeePence: 0, levyPence: levy };
    const charge = stayChargeLines(parties, shares);
    expect(unbalancedReason(charge)).toBeNull();
    expect(charge).toContainEqual({ account: { kind: "levy_payable", partyId: 1 }, amountPence: -5000 });
    expect(charge).toContainEqual({ account: { kind: "earnings_held", partyId: 1 }, amountPence: -140000 });
    const before = stayChargeLines(parties, { ...shares, totalPence: 154000, levyPence: 0 });
    expect(before.some((line) => line.account.kind === "levy_payable")).toBe(false);
    const refund = refundLines(parties, shares, { amountPence: 72500, collected: true });
    expect(unbalancedReason(refund)).toBeNull();
    expect(refund).toContainEqual({ account: { kind: "levy_payable", partyId: 1 }, amountPence: 2500 });
  });

  it("groups nights by calendar quarter for the return", () => {
    expect(levyQuarterOf("2026-07-24")).toBe("2026-Q3");
    expect(levyQuarterOf("2026-12-31")).toBe("2026-Q4");
  });
});
