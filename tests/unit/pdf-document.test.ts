import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { type PdfRow, renderPdf } from "../../server/lib/pdf-document";
import { pdfText } from "../support/pdf-text";

/**
 * The shared PDF layout with a long table: every row reaches the page (a statement of thousands of lines loses
 * none), each page repeats the header and names its fonts, amounts align right, and a cell too long for its column is
 * cut with an ellipsis rather than running into the next.
 */
const LINES = 400;

function longStatement() {
  const rows: PdfRow[] = [];
  for (let i = 1; i <= LINES; i += 1) {
    rows.push([
      "2026-11-28",
      `SL-${100000 + i}`,
      `Stay earnings ${i}`,
      "£450.00",
      `£${i},000.${String(i % 100).padStart(2, "0")}`,
    ]);
    if (i % 2 === 0) rows.push({ note: `Stay total £5${i}.00, guest's service fee £50.00` });
  }
  rows.push([
    "2026-11-30",
    "",
    "Adjustment: a description far too long to fit in its column on one line of the page",
    "-£1.00",
    "£0.00",
  ]);
  return renderPdf({
    title: "Statement for November 2026",
    issuer: ["StayLondon"],
    issuedAt: new Date("2026-11-30T12:00:00Z"),
    facts: [["Payee", "Ada Lovelace"]],
    tables: [
      {
        columns: [
          { header: "Date", width: 0.13 },
          { header: "Reference", width: 0.14 },
          { header: "Description", width: 0.41 },
          { header: "Amount", width: 0.16, align: "right" },
          { header: "Balance", width: 0.16, align: "right" },
        ],
        rows,
        totals: [["Closing balance", "£0.00"]],
      },
    ],
  });
}

type Item = { str: string; x: number; y: number; width: number; font: string };

async function pages(pdf: Uint8Array): Promise<Item[][]> {
  const document = await getDocumentProxy(pdf);
  const out: Item[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    out.push(
      content.items
        .filter((item) => "str" in item && item.str.trim() !== "")
        .map((item) => {
          const text = item as { str: string; transform: number[]; width: number; fontName: string };
          return {
            str: text.str.trim(),
            x: text.transform[4] ?? 0,
            y: text.transform[5] ?? 0,
            width: text.width,
            font: text.fontName,
          };
        }),
    );
  }
  return out;
}

describe("a PDF table of many rows", () => {
  it("prints every row, note and total, in order, with the header on every page", async () => {
    const pdf = await longStatement();
    // Each read gets its own copy: the reader takes the bytes it is given.
    const text = await pdfText(new Uint8Array(pdf));
    for (let i = 1; i <= LINES; i += 1) {
      expect(text).toContain(`SL-${100000 + i}`);
      expect(text).toContain(`Stay earnings ${i}`);
    }
    expect(text.match(/Stay total £5\d+\.00, guest's service fee £50\.00/g)).toHaveLength(LINES / 2);
    expect(text).toContain("Closing balance £0.00");
    const order = [...text.matchAll(/SL-1(\d{5})/g)].map((match) => Number(match[1]));
    expect(order).toEqual(Array.from({ length: LINES }, (_, i) => i + 1));

    const all = await pages(new Uint8Array(pdf));
    expect(all.length).toBeGreaterThan(5);
    for (const items of all) {
      expect(items.map((item) => item.str)).toEqual(expect.arrayContaining(["Date", "Reference", "Amount", "Balance"]));
      // Every page names the fonts its text is set in, bold for the header and regular for the lines.
      expect(new Set(items.map((item) => item.font)).size).toBeGreaterThanOrEqual(2);
    }
  });

  it("aligns amounts to the column's right edge and cuts a long description with an ellipsis", async () => {
    const all = await pages(new Uint8Array(await longStatement()));
    const items = all.flat();
    const rightEdges = items
      .filter((item) => /^-?£[\d,]+\.\d\d$/.test(item.str) && item.x > 400)
      .map((item) => Math.round((item.x + item.width) * 10) / 10);
    // Two right-aligned columns, so amounts end at one of two edges however wide they are.
    expect(new Set(rightEdges).size).toBe(2);
    const cut = items.find((item) => item.str.startsWith("Adjustment: a description"));
    expect(cut?.str.endsWith("…")).toBe(true);
    const amount = items.find((item) => item.str === "-£1.00");
    expect((cut?.x ?? 0) + (cut?.width ?? 0)).toBeLessThan(amount?.x ?? 0);
  });
});
