import PDFDocument from "pdfkit";

/**
 * Every money document StayLondon sends (receipts, VAT invoices, statements, tax-year summaries) laid out one way:
 * the name at the top, the document's title and number, its facts, plain notes (demo money, VAT), then tables of
 * lines with their totals, and a footer. PDFKit's built-in Helvetica needs no font files, and the text stays text, so
 * a reader (or a test) can copy it out.
 */
export type PdfColumn = { header: string; width: number; align?: "left" | "right" };
/** A row of cells, or a note under the row before it, across the table from its second column. */
export type PdfRow = readonly string[] | { note: string };
export type PdfTable = {
  heading?: string;
  columns: readonly PdfColumn[];
  rows: readonly PdfRow[];
  /** Label and value pairs under the table, right-aligned like the amounts. */
  totals?: readonly (readonly [string, string])[];
  /** Said in the table's place when it has no rows. */
  empty?: string;
};
export type PdfDocumentSpec = {
  title: string;
  /** The document's number (R2026-000123); none for a document that is not numbered. */
  number?: string;
  /** Who issues it, as their name and address lines. */
  issuer: readonly string[];
  facts: readonly (readonly [string, string])[];
  notes?: readonly string[];
  tables: readonly PdfTable[];
  footer?: readonly string[];
  /** When the document was issued: its creation date, so printing it again gives the same metadata. */
  issuedAt: Date;
};

const INK = "#1c1917";
const MUTED = "#57534e";
const RULE = "#d6d3d1";
const MARGIN = 50;
const ROW = 15;

export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: false,
    info: {
      Title: spec.number ? `${spec.title} ${spec.number}` : spec.title,
      Author: "StayLondon",
      CreationDate: spec.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - MARGIN * 2;
  // Widths of the strings a long statement repeats (dates, descriptions), measured once per font and size: measuring
  // looks up every pair of letters, which is most of a long table's cost.
  const widths = new Map<string, number>();
  let style = "";
  // Colours and the rule's pen are set only when they change (a new page starts them afresh): setting them on every
  // row of a long statement costs as much as its text.
  let fill = "";
  let pen = false;
  const paint = (colour: string) => {
    if (colour !== fill) doc.fillColor(colour);
    fill = colour;
  };
  const newPage = () => {
    doc.addPage();
    fill = "";
    pen = false;
  };
  const setFont = (name: "Helvetica" | "Helvetica-Bold", size: number) => {
    doc.font(name).fontSize(size);
    style = `${name}|${size}`;
  };
  const widthOf = (text: string) => {
    const key = `${style}|${text}`;
    let measured = widths.get(key);
    if (measured === undefined) {
      measured = doc.widthOfString(text);
      widths.set(key, measured);
    }
    return measured;
  };
  const bottom = () => doc.page.height - MARGIN - ROW * 2;

  // The masthead: the name, the issuer's lines, then the title and number.
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text("StayLondon", MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const line of spec.issuer) doc.text(line);
  doc.moveDown(1.2);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(spec.title);
  if (spec.number) doc.font("Helvetica").fontSize(11).fillColor(MUTED).text(spec.number);
  doc.moveDown(0.8);

  for (const [label, value] of spec.facts) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 150 });
    doc.fillColor(INK).text(value, MARGIN + 160, y, { width: width - 160 });
    doc.moveDown(0.2);
  }
  for (const note of spec.notes ?? []) {
    doc.moveDown(0.6);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(note, MARGIN, doc.y, { width });
  }

  for (const table of spec.tables) {
    doc.moveDown(1.2);
    if (doc.y > bottom() - ROW * 3) doc.addPage();
    fill = "";
    pen = false;
    if (table.heading) {
      doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(table.heading, MARGIN, doc.y);
      doc.moveDown(0.4);
    }
    const xs: number[] = [];
    let x = MARGIN;
    for (const column of table.columns) {
      xs.push(x);
      x += column.width * width;
    }
    const drawRow = (cells: readonly string[], bold: boolean) => {
      const y = doc.y;
      setFont(bold ? "Helvetica-Bold" : "Helvetica", 9);
      paint(INK);
      table.columns.forEach((column, index) => {
        const room = column.width * width - 4;
        const text = fitted(widthOf, cells[index] ?? "", room);
        if (!text) return;
        const left = (xs[index] ?? MARGIN) + 2;
        // Placed by hand on one line: PDFKit's wrapping is what makes a long statement slow.
        const x = column.align === "right" ? left + room - widthOf(text) : left;
        doc.text(text, x, y, { lineBreak: false });
      });
      doc.y = y + ROW;
      if (!pen) doc.lineWidth(0.5).strokeColor(RULE);
      pen = true;
      doc
        .moveTo(MARGIN, doc.y - 3)
        .lineTo(MARGIN + width, doc.y - 3)
        .stroke();
    };
    const header = table.columns.map((column) => column.header);
    drawRow(header, true);
    if (table.rows.length === 0 && table.empty) {
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text(table.empty, MARGIN + 2, doc.y, { width });
      doc.moveDown(0.4);
    }
    for (const row of table.rows) {
      if (doc.y > bottom()) {
        newPage();
        drawRow(header, true);
      }
      if ("note" in row) {
        const y = doc.y - 4;
        const left = xs[1] ?? MARGIN;
        setFont("Helvetica", 8);
        paint(MUTED);
        doc.text(fitted(widthOf, row.note, MARGIN + width - left - 4), left + 2, y, { lineBreak: false });
        doc.y = y + ROW - 2;
      } else {
        drawRow(row, false);
      }
    }
    for (const [label, value] of table.totals ?? []) {
      if (doc.y > bottom()) doc.addPage();
      const y = doc.y + 4;
      doc.font("Helvetica-Bold").fontSize(10).fillColor(INK);
      doc.text(label, MARGIN, y, { width: width - 110, align: "right" });
      doc.text(value, MARGIN + width - 100, y, { width: 98, align: "right" });
      doc.y = y + ROW;
    }
  }

  if (spec.footer?.length) {
    doc.moveDown(2);
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    for (const line of spec.footer) doc.text(line, MARGIN, doc.y, { width });
  }
  doc.end();
  return finished;
}

/** The text cut to fit `room` points on one line in the current font, ending in an ellipsis when cut. */
function fitted(widthOf: (text: string) => number, text: string, room: number): string {
  if (widthOf(text) <= room) return text;
  let kept = text;
  while (kept.length > 0 && widthOf(`${kept}…`) > room) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}
