import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { reportDueBy, reportYearProblem, reportYears } from "../../common/domain/platform-report";
import { dpiXml, escapeXml, splitName, wholePounds } from "../../server/lib/dpi-xml";

/** The pieces of HMRC's DPI file that need no database: escaping, rounding, names, years. */
describe("the DPI file's text", () => {
  it("escapes the five XML characters and drops what XML 1.0 cannot carry", () => {
    expect(escapeXml(`Smith & Jones "Lettings" <Ltd> O'Brien`)).toBe(
      "Smith &amp; Jones &quot;Lettings&quot; &lt;Ltd&gt; O&apos;Brien",
    );
    expect(escapeXml("Zoë\u0000\u0007 Ørsted\ttab")).toBe("Zoë Ørsted\ttab");
  });

  it("reads back any name unchanged, in an element and an attribute", () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: "grapheme" }), (name) => {
        const clean = Array.from(name)
          .filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c !== "\uFFFE" && c !== "\uFFFF")
          .join("");
        fc.pre(clean.trim() === clean && clean.length > 0);
        const xml = `<a b="${escapeXml(clean)}">${escapeXml(clean)}</a>`;
        expect(XMLValidator.validate(xml)).toBe(true);
        expect(parser.parse(xml).a).toEqual({ "#text": clean, "@b": clean });
      }),
    );
  });

  it("writes pounds whole, rounding half away from zero", () => {
    expect([wholePounds(0), wholePounds(30_049), wholePounds(30_050), wholePounds(-10_050)]).toEqual([
      0, 300, 301, -101,
    ]);
  });

  it("takes the last word of a legal name as the surname", () => {
    expect(splitName("Mary Ann de la Cruz")).toEqual({ first: "Mary Ann de la", last: "Cruz" });
    expect(splitName("Cher")).toEqual({ first: "NFN", last: "Cher" });
  });

  it("is a nil report (DPI403) with no seller, and a well-formed document either way", () => {
    const xml = dpiXml({
      year: 2026,
      timestamp: new Date("2026-11-29T12:00:00Z"),
      test: false,
      operator: {
        platformOperatorId: "XEDPI0123456789",
        name: "A & B",
        utr: "1234567008",
        companyNumber: null,
        address: "1 St",
      },
      sellers: [],
      comments: ["No real money: nothing to report -- at all"],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("<dpi:MessageTypeIndic>DPI403</dpi:MessageTypeIndic>");
    expect(xml).toContain("<!-- No real money: nothing to report - at all -->");
    expect(xml).not.toContain("ReportableSeller");
  });
});

describe("report years", () => {
  it("run from 2024, when the rules began, to this year, and are due by 31 January after", () => {
    expect(reportYears(2026)).toEqual([2026, 2025, 2024]);
    expect(reportDueBy(2026)).toBe("2027-01-31");
    expect(reportYearProblem(2024, 2026)).toBeNull();
    expect(reportYearProblem(2023, 2026)).toMatch(/between 2024 and 2026/);
    expect(reportYearProblem(2027, 2026)).toMatch(/between 2024 and 2026/);
  });
});
