import { csvCell, toCsv } from "@common/utils/csv";
import { describe, expect, it } from "vitest";

describe("CSV for spreadsheets", () => {
  it("quotes commas, quotes and line breaks, and ends rows with CRLF", () => {
    const csv = toCsv(
      [{ title: 'The "Mews", Chelsea', note: "two\nlines", price: 120.5 }],
      [
        { header: "Title", value: (r) => r.title },
        { header: "Note", value: (r) => r.note },
        { header: "Price", value: (r) => r.price },
      ],
    );
    expect(csv).toBe('Title,Note,Price\r\n"The ""Mews"", Chelsea","two\nlines",120.5\r\n');
  });

  it("keeps text a spreadsheet would run as a formula as text", () => {
    for (const formula of ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });

  it("leaves numbers, plain text and empty cells alone", () => {
    expect(csvCell(-12.5)).toBe("-12.5");
    // An amount written with its pence is a number too, never a formula.
    expect(csvCell("-3.20")).toBe("-3.20");
    expect(csvCell("Camden")).toBe("Camden");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
  });
});
