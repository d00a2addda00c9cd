import { describe, expect, it } from "vitest";
import { formatPence, isTaxYear, plainPounds, taxYearOf, vatSplit } from "../../common/domain/money-documents";

describe("money documents' arithmetic", () => {
  it("splits a gross fee into net (rounded) and VAT (the rest), whatever the pence", () => {
    expect(vatSplit(5000)).toEqual({ netPence: 4167, vatPence: 833, grossPence: 5000 });
    expect(vatSplit(1)).toEqual({ netPence: 1, vatPence: 0, grossPence: 1 });
    expect(vatSplit(1999)).toEqual({ netPence: 1666, vatPence: 333, grossPence: 1999 });
    for (let gross = 0; gross < 5000; gross += 7) {
      const { netPence, vatPence } = vatSplit(gross);
      expect(netPence + vatPence).toBe(gross);
      // The net is the nearest whole penny to gross / 1.2: within half a penny, in whole numbers.
      expect(Math.abs(netPence * 6 - gross * 5)).toBeLessThanOrEqual(3);
    }
  });

  it("places a London date in its UK tax year, 6 April to 5 April", () => {
    expect(taxYearOf("2027-04-05")).toBe("2026-27");
    expect(taxYearOf("2027-04-06")).toBe("2027-28");
    expect(taxYearOf("2000-01-01")).toBe("1999-00");
    expect(isTaxYear("2026-27")).toBe(true);
    expect(isTaxYear("1999-00")).toBe(true);
    expect(isTaxYear("2026-28")).toBe(false);
    expect(isTaxYear("2026")).toBe(false);
  });

  it("writes pence for people and for spreadsheets", () => {
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(-320)).toBe("-£3.20");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(99999)).toBe("£999.99");
    expect(formatPence(100000)).toBe("£1,000.00");
    expect(formatPence(-123456789012)).toBe("-£1,234,567,890.12");
    expect(plainPounds(-320)).toBe("-3.20");
    expect(plainPounds(5)).toBe("0.05");
  });
});
