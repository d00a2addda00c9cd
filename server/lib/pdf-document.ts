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
  const cells = new CellWriter(doc);
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
    const drawRow = (row: readonly string[], font: PdfFontName) => {
      const y = doc.y;
      table.columns.forEach((column, index) => {
        const room = column.width * width - 4;
        const text = cells.fitted(font, 9, row[index] ?? "", room);
        const left = (xs[index] ?? MARGIN) + 2;
        cells.put(text, column.align === "right" ? left + room - text.width : left, y, INK);
      });
      cells.rule(MARGIN, MARGIN + width, y + ROW - 3);
      doc.y = y + ROW;
    };
    const header = table.columns.map((column) => column.header);
    drawRow(header, "Helvetica-Bold");
    cells.flush();
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
        cells.flush();
        doc.addPage();
        drawRow(header, "Helvetica-Bold");
      }
      if ("note" in row) {
        const y = doc.y - 4;
        const left = xs[1] ?? MARGIN;
        cells.put(cells.fitted("Helvetica", 8, row.note, MARGIN + width - left - 4), left + 2, y, MUTED);
        doc.y = y + ROW - 2;
      } else {
        drawRow(row, "Helvetica");
      }
    }
    cells.flush();
    // What follows the rows is spaced by the rows' font, as PDFKit measures a line in the font in use.
    doc.font("Helvetica").fontSize(9);
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

type PdfFontName = "Helvetica" | "Helvetica-Bold";
/** What CellWriter reads of PDFKit's font: the name it has on the page, its metrics and its encoder. */
type PdfKitFont = {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
};
type PdfKitInternals = { _font: PdfKitFont; page: { fonts: Record<string, unknown>; height: number } };
/** A string shaped in a font and size: the operators that set it (font change aside) and its width in points. */
type Shaped = { text: string; font: string; show: string; width: number; ascent: number };

const num = (n: number) => String(Math.round(n * 1000) / 1000);
/** "#1c1917" as the PDF operator that fills with it. */
const fillOperator = (hex: string) =>
  `${[1, 3, 5].map((at) => num(Number.parseInt(hex.slice(at, at + 2), 16) / 255)).join(" ")} rg`;
const strokeOperator = (hex: string) => fillOperator(hex).replace(/rg$/, "RG");

/**
 * Writes a table's cells straight into the page as the PDF text operators PDFKit writes for one line of text,
 * kerning included. PDFKit's `text()` measures a string twice and lays it out for wrapping on every call, which was
 * most of the time of a statement with thousands of lines; a cell is one line placed by hand, so that work buys
 * nothing. Each string is shaped once per font and size (a statement repeats its dates, descriptions and amounts),
 * and a page's rows go to it as one piece, their colours set inside it so PDFKit's own colour is left as it was.
 */
class CellWriter {
  private readonly fonts = new Map<string, { font: PdfKitFont; shaped: Map<string, Shaped> }>();
  private text = "";
  private lines = "";
  private textFont = "";
  private textColour = "";

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private shape(name: PdfFontName, size: number, text: string): Shaped {
    const key = `${name}|${size}`;
    let set = this.fonts.get(key);
    if (!set) {
      this.doc.font(name).fontSize(size);
      set = { font: (this.doc as unknown as PdfKitInternals)._font, shaped: new Map() };
      this.fonts.set(key, set);
    }
    let shaped = set.shaped.get(text);
    if (shaped) return shaped;
    const [hex, positions] = set.font.encode(text);
    const parts: string[] = [];
    let run = "";
    let advance = 0;
    positions.forEach((position, index) => {
      run += hex[index];
      advance += position.xAdvance;
      const kern = position.xAdvance - position.advanceWidth;
      if (kern !== 0 || index === positions.length - 1) {
        parts.push(`<${run}> ${num(-kern)}`);
        run = "";
      }
    });
    shaped = {
      text,
      font: `/${set.font.id} ${size} Tf`,
      show: `[${parts.join(" ")}] TJ`,
      width: (advance * size) / 1000,
      ascent: (set.font.ascender * size) / 1000,
    };
    set.shaped.set(text, shaped);
    return shaped;
  }

  /** The text shaped to fit `room` points on one line, ending in an ellipsis when cut. */
  fitted(name: PdfFontName, size: number, text: string, room: number): Shaped {
    const whole = this.shape(name, size, text);
    if (whole.width <= room) return whole;
    let kept = text;
    while (kept.length > 0 && this.shape(name, size, `${kept}…`).width > room) kept = kept.slice(0, -1);
    return this.shape(name, size, `${kept.trimEnd()}…`);
  }

  /** Shaped text on one line with its top left at (x, y) on the page, in `colour`. */
  put(shaped: Shaped, x: number, y: number, colour: string) {
    if (!shaped.text) return;
    if (shaped.font !== this.textFont) this.text += `${shaped.font}\n`;
    if (colour !== this.textColour) this.text += `${fillOperator(colour)}\n`;
    this.textFont = shaped.font;
    this.textColour = colour;
    // PDFKit's y runs down the page from its top; the text is set in the page's own space, y running up.
    const baseline = (this.doc as unknown as PdfKitInternals).page.height - y - shaped.ascent;
    this.text += `1 0 0 1 ${num(x)} ${num(baseline)} Tm ${shaped.show}\n`;
  }

  /** A thin rule across the table at y. */
  rule(from: number, to: number, y: number) {
    this.lines += `${num(from)} ${num(y)} m ${num(to)} ${num(y)} l S\n`;
  }

  /** What is written so far to the page, before the page ends or PDFKit draws on it. */
  flush() {
    const page = (this.doc as unknown as PdfKitInternals).page;
    // Every font a page uses is named in its resources, so a new page names them again.
    for (const { font } of this.fonts.values()) if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    let content = "";
    if (this.text) content += `q 1 0 0 -1 0 ${num(page.height)} cm BT\n${this.text}ET Q\n`;
    if (this.lines) content += `q 0.5 w ${strokeOperator(RULE)}\n${this.lines}Q\n`;
    // Bytes, not a string: PDFKit copies a string into bytes one character at a time.
    if (content) this.doc.addContent(Buffer.from(content, "latin1"));
    this.text = "";
    this.lines = "";
    this.textFont = "";
    this.textColour = "";
  }
}
