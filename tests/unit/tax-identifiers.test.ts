import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMPANY_NUMBER_PREFIXES,
  checkCompanyNumber,
  checkNationalInsuranceNumber,
  checkUtr,
  maskIdentifier,
  NINO_FORBIDDEN_FIRST_LETTERS,
  NINO_FORBIDDEN_SECOND_LETTERS,
  NINO_UNISSUED_PREFIXES,
  utrCheckDigit,
} from "../../common/domain/tax-identifiers";
import {
  identifierRule,
  latestAdultBirthDate,
  normaliseUkPostcode,
  taxDetailsFormSchema,
  ZTaxDetailsFields,
} from "../../common/entities/tax-details";

const value = (check: { ok: boolean; value?: string }) => (check.ok ? check.value : undefined);

describe("National Insurance numbers", () => {
  it.each([
    ["AB123456C", "AB123456C"],
    ["ab 12 34 56 c", "AB123456C"],
    ["  JG 10 37 59 A ", "JG103759A"],
    ["ce-12-34-56-d", "CE123456D"],
    ["NA000000B", "NA000000B"],
  ])("accepts %j as %s", (typed, normalised) => {
    expect(value(checkNationalInsuranceNumber(typed))).toBe(normalised);
  });

  it.each(NINO_FORBIDDEN_FIRST_LETTERS)("refuses %s as the first letter", (letter) => {
    const check = checkNationalInsuranceNumber(`${letter}A123456C`);
    expect(check).toEqual({ ok: false, reason: expect.stringContaining("first letter") });
  });

  it.each(NINO_FORBIDDEN_SECOND_LETTERS)("refuses %s as the second letter", (letter) => {
    const check = checkNationalInsuranceNumber(`A${letter}123456C`);
    expect(check).toEqual({ ok: false, reason: expect.stringContaining("second letter") });
  });

  it.each(NINO_UNISSUED_PREFIXES)("refuses the never-issued prefix %s", (prefix) => {
    expect(checkNationalInsuranceNumber(`${prefix}123456A`)).toEqual({
      ok: false,
      reason: expect.stringContaining("never issued"),
    });
  });

  it.each([
    ["", "Please enter"],
    ["AB123456E", "A, B, C or D"],
    ["AB123456", "two letters, six digits"],
    ["AB1234567C", "two letters, six digits"],
    ["A1123456C", "two letters, six digits"],
    ["AB12345XC", "two letters, six digits"],
  ])("refuses %j", (typed, reason) => {
    expect(checkNationalInsuranceNumber(typed)).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it("accepts every well-formed number of allowed letters, however it is spaced and cased", () => {
    const allowed = (forbidden: readonly string[]) =>
      fc.constantFrom(...[..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((letter) => !forbidden.includes(letter)));
    fc.assert(
      fc.property(
        allowed(NINO_FORBIDDEN_FIRST_LETTERS),
        allowed(NINO_FORBIDDEN_SECOND_LETTERS),
        fc.stringMatching(/^\d{6}$/),
        fc.constantFrom("A", "B", "C", "D"),
        fc.boolean(),
        (first, second, digits, suffix, spaced) => {
          const nino = `${first}${second}${digits}${suffix}`;
          const typed = spaced ? `${nino.slice(0, 2)} ${digits.match(/\d\d/g)?.join(" ")} ${suffix}` : nino;
          const check = checkNationalInsuranceNumber(typed.toLowerCase());
          if ((NINO_UNISSUED_PREFIXES as readonly string[]).includes(first + second)) return !check.ok;
          return check.ok && check.value === nino;
        },
      ),
    );
  });
});

describe("Unique Taxpayer References", () => {
  it.each([
    // python-stdnum's and Sage's worked examples.
    ["1955839661", "1955839661"],
    ["3282497350", "3282497350"],
    ["19558 39661", "1955839661"],
    ["1955839661K", "1955839661"],
    ["k1955839661", "1955839661"],
  ])("accepts %j as %s", (typed, normalised) => {
    expect(value(checkUtr(typed))).toBe(normalised);
  });

  it.each([
    ["2955839661", "not a valid"],
    ["1955839662", "not a valid"],
    ["195583966", "10 digits; this has 9"],
    ["19558396611", "10 digits; this has 11"],
    ["19558A9661", "digits only"],
    ["", "Please enter"],
  ])("refuses %j", (typed, reason) => {
    expect(checkUtr(typed)).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it("accepts exactly one first digit for any nine others", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (nine) => {
        const accepted = [..."0123456789"].filter((first) => checkUtr(first + nine).ok);
        return accepted.length === 1 && accepted[0] === utrCheckDigit(nine);
      }),
    );
  });

  it("never accepts a UTR that starts with 0 (no remainder gives that check digit)", () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{9}$/), (nine) => !checkUtr(`0${nine}`).ok));
  });
});

describe("Companies House company numbers", () => {
  it.each([
    ["01234567", "01234567"],
    ["1234567", "01234567"],
    ["123", "00000123"],
    ["sc123456", "SC123456"],
    ["OC 301 540", "OC301540"],
    ["R0000123", "R0000123"],
  ])("accepts %j as %s", (typed, normalised) => {
    expect(value(checkCompanyNumber(typed))).toBe(normalised);
  });

  it.each(COMPANY_NUMBER_PREFIXES)("accepts the register prefix %s", (prefix) => {
    expect(value(checkCompanyNumber(`${prefix}123456`))).toBe(`${prefix}123456`);
  });

  it.each([
    ["123456789", "9 digits"],
    ["SC12345", "8 digits, or two letters"],
    ["SC1234567", "8 digits, or two letters"],
    ["XX123456", "XX is not a Companies House register prefix"],
    ["S1234567", "8 digits, or two letters"],
    ["SC12345A", "8 digits, or two letters"],
    ["", "Please enter"],
  ])("refuses %j", (typed, reason) => {
    expect(checkCompanyNumber(typed)).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });
});

describe("masking", () => {
  it.each([
    ["AB123456C", "••••••56C"],
    ["1955839661", "•••••••661"],
    ["SC123456", "•••••456"],
    ["AB", "AB"],
  ])("shows only the last three characters of %s", (whole, masked) => {
    expect(maskIdentifier(whole)).toBe(masked);
  });
});

describe("the tax details form", () => {
  const individual = {
    kind: "individual" as const,
    legalName: "Ada Lovelace",
    dateOfBirth: "1990-12-10",
    address: { line1: "1 Example Street", city: "London", postcode: "sw1a1aa" },
  };

  it("normalises what it accepts and fills in the country", () => {
    const parsed = ZTaxDetailsFields.parse({ ...individual, nationalInsuranceNumber: "ab 12 34 56 c", utr: "" });
    expect(parsed).toMatchObject({
      nationalInsuranceNumber: "AB123456C",
      utr: undefined,
      address: { postcode: "SW1A 1AA", country: "GB" },
    });
  });

  it("needs a National Insurance number or a UTR, unless one of the same kind is saved", () => {
    const parsed = ZTaxDetailsFields.parse(individual);
    expect(identifierRule(parsed, null)).toMatch(/National Insurance number or your Unique Taxpayer Reference/);
    expect(identifierRule(parsed, { kind: "individual", fields: ["utr"] })).toBeNull();
    expect(identifierRule(parsed, { kind: "business", fields: ["utr"] })).not.toBeNull();
    const form = taxDetailsFormSchema(null).safeParse(individual);
    expect(form.error?.issues[0]?.path).toEqual(["nationalInsuranceNumber"]);
  });

  it("refuses a person under 18 and a postcode that is not a UK one, but takes a foreign address", () => {
    const today = latestAdultBirthDate("2026-11-29");
    expect(today).toBe("2008-11-29");
    const minor = ZTaxDetailsFields.safeParse({ ...individual, dateOfBirth: "2099-01-01", utr: "1955839661" });
    expect(minor.error?.issues.map((issue) => issue.path.join("."))).toEqual(["dateOfBirth"]);
    const badPostcode = ZTaxDetailsFields.safeParse({
      ...individual,
      address: { ...individual.address, postcode: "12345" },
      utr: "1955839661",
    });
    expect(badPostcode.error?.issues.map((issue) => issue.path.join("."))).toEqual(["address.postcode"]);
    const abroad = ZTaxDetailsFields.parse({
      ...individual,
      address: { ...individual.address, postcode: "75001", country: "fr" },
      utr: "1955839661",
    });
    expect(abroad.address).toMatchObject({ postcode: "75001", country: "FR" });
  });

  it.each([
    ["SW1A 1AA", "SW1A 1AA"],
    ["ec1a1bb", "EC1A 1BB"],
    ["M1 1AE", "M1 1AE"],
    ["B33 8TH", "B33 8TH"],
    ["GIR 0AA", "GIR 0AA"],
    ["QQ1 1AA", null],
    ["SW1A 1AAA", null],
  ])("reads the postcode %j as %j", (typed, normalised) => {
    expect(normaliseUkPostcode(typed)).toBe(normalised);
  });
});
