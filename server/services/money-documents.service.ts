import { formatDateGb, londonToday, nightsBetween } from "../../common/domain/calendar-dates";
import {
  documentNumber,
  formatPence,
  type IssuedDocumentKind,
  SERIES_PREFIX,
  VAT_RATE_PERCENT,
  vatSplit,
} from "../../common/domain/money-documents";
import { EDINBURGH_LEVY_LABEL } from "../../common/domain/uk-law";
import { bookingReference } from "../../common/schemas/bookings";
import { type Actor, guestDocumentsOr404 } from "../access/records";
import type { AppConfig } from "../config/env";
import type { Database } from "../db/client";
import { ConflictError, notFound } from "../lib/errors";
import { type PdfColumn, type PdfDocumentSpec, renderPdf } from "../lib/pdf-document";
import {
  type BookingFacts,
  type BookingMovement,
  bookingFacts,
  bookingMovements,
  chargedBookingIds,
  creditNoteBookingIds,
  documentsIssuedBefore,
  findBookingDocument,
  type IssuedDocument,
  issueBookingDocument,
} from "../repositories/money-documents.repository";
import { bookingLedgerKey } from "./money/booking-ledger";

export type DocumentsConfig = Pick<AppConfig, "COMPANY_NAME" | "COMPANY_ADDRESS" | "COMPANY_NUMBER" | "VAT_NUMBER">;

/** What a receipt prints, as issued. Amounts are pence. */
export type ReceiptFigures = {
  reference: string;
  propertyTitle: string;
  guestName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  nightsPence: number;
  serviceFeePence: number;
  /** Edinburgh's visitor levy inside the total, collected for the host; missing on receipts issued before it. */
  levyPence?: number;
  totalPence: number;
  movements: { date: string; what: string; amountPence: number }[];
  paidPence: number;
  refundedPence: number;
  demo: boolean;
  /** The platform's VAT number when the receipt was issued; null when it was not VAT-registered. */
  vatNumber: string | null;
};

/** What a VAT invoice for the service fee prints, as issued. */
export type VatInvoiceFigures = {
  reference: string;
  propertyTitle: string;
  customerName: string;
  supplyDate: string;
  supplier: { name: string; address: string; vatNumber: string; companyNumber: string | null };
  netPence: number;
  vatPence: number;
  grossPence: number;
  demo: boolean;
};

/** What a credit note prints, as issued: the refund of a stay whose receipt or VAT invoice was issued before it. */
export type CreditNoteFigures = {
  reference: string;
  propertyTitle: string;
  guestName: string;
  refundDate: string;
  /** The documents it credits, by number: the receipt, and the VAT invoice when one was issued. */
  credits: { kind: "receipt" | "vat_invoice"; number: string }[];
  nightsPence: number;
  serviceFeePence: number;
  creditedPence: number;
  /** The service fee credited as net and VAT, when it credits a VAT invoice; null otherwise. */
  vat: { netPence: number; vatPence: number; grossPence: number } | null;
  /** The supplier's VAT number printed on the VAT invoice it credits; null when it credits none. */
  vatNumber: string | null;
  demo: boolean;
};

/** The columns of a table that splits amounts into net, VAT and gross: the VAT invoice's and its credit note's. */
const VAT_COLUMNS: PdfColumn[] = [
  { header: "Description", width: 0.46 },
  { header: "Net", width: 0.18, align: "right" },
  { header: `VAT ${VAT_RATE_PERCENT}%`, width: 0.18, align: "right" },
  { header: "Gross", width: 0.18, align: "right" },
];

export const NOT_VAT_REGISTERED = "StayLondon is not registered for VAT";
const DEMO_NOTE = "Demo booking: no card was charged. These figures are not real money.";
/** The sum of a transaction's debits: what moved, whichever way. */
const moved = (movement: BookingMovement) =>
  movement.lines.reduce((sum, line) => sum + Math.max(line.amountPence, 0), 0);

/**
 * A guest's receipt and VAT invoice for a stay, from the ledger: what the confirmed stay charged (its charge
 * transaction), what was paid and refunded. Each is issued once with a number from its year's series and kept as it
 * was issued.
 */
export class MoneyDocumentsService {
  constructor(
    private readonly db: Database,
    private readonly config: DocumentsConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether the platform can issue VAT invoices: it has a VAT number and a registered address to print. */
  get vatRegistered(): boolean {
    return Boolean(this.config.VAT_NUMBER && this.config.COMPANY_ADDRESS);
  }

  private issuer(): string[] {
    return [
      this.config.COMPANY_NAME,
      ...(this.config.COMPANY_ADDRESS ? [this.config.COMPANY_ADDRESS] : []),
      ...(this.config.COMPANY_NUMBER ? [`Company number ${this.config.COMPANY_NUMBER}`] : []),
      this.config.VAT_NUMBER ? `VAT registration number ${this.config.VAT_NUMBER}` : NOT_VAT_REGISTERED,
    ];
  }

  private series(kind: IssuedDocumentKind): string {
    return `${SERIES_PREFIX[kind]}${londonToday(this.now()).slice(0, 4)}`;
  }

  /** The booking and its ledger, if `user` may have its documents and the stay was confirmed (charged). */
  private async chargedBooking(user: Actor, bookingId: number) {
    const facts = await bookingFacts(this.db, bookingId);
    if (!facts) throw notFound("Booking not found");
    guestDocumentsOr404(user, facts);
    const movements = await bookingMovements(this.db, bookingId);
    const charge = movements.find((m) => m.key === `booking:${bookingId}:charge`);
    if (!charge) throw new ConflictError("A receipt is available once the stay is confirmed.");
    return { facts, movements, charge };
  }

  /** The guest's bookings whose stays were charged (those with a receipt), and whether VAT invoices are issued. */
  async receiptAvailability(guestId: number) {
    return {
      vatRegistered: this.vatRegistered,
      receiptBookingIds: await chargedBookingIds(this.db, guestId),
      creditNoteBookingIds: await creditNoteBookingIds(this.db, guestId),
    };
  }

  /**
   * The credit note for a stay refunded on cancellation after its receipt or VAT invoice was issued: those keep what
   * they printed, so this says what was given back, referring to them by number. A receipt first issued after the
   * refund already shows it, so a stay with only such documents has no credit note (409, no number taken).
   */
  async creditNotePdf(user: Actor, bookingId: number): Promise<{ pdf: Buffer; number: string }> {
    const { facts, movements } = await this.chargedBooking(user, bookingId);
    const key = bookingLedgerKey.refund(bookingId);
    const refund = movements.find((m) => m.key === key);
    if (!refund) throw new ConflictError("A credit note is issued once a stay with a receipt is refunded.");
    const credited = await documentsIssuedBefore(this.db, bookingId, key);
    if (credited.length === 0) {
      throw new ConflictError("This stay's receipt already shows its refund, so it has no credit note.");
    }
    const creditedPence = moved(refund);
    const serviceFeePence = sumOf(refund, "platform_fees");
    const vatInvoice = credited.find((d) => d.kind === "vat_invoice");
    const vatNumber = vatInvoice ? await this.creditedVatNumber(bookingId) : null;
    const figures: CreditNoteFigures = {
      reference: bookingReference(facts.id),
      propertyTitle: facts.propertyTitle,
      guestName: facts.guestName,
      refundDate: refund.date,
      credits: credited.map((d) => ({ kind: d.kind, number: documentNumber(d.series, d.number) })),
      nightsPence: creditedPence - serviceFeePence,
      serviceFeePence,
      creditedPence,
      vat: vatInvoice ? vatSplit(serviceFeePence) : null,
      vatNumber,
      demo: refund.demo,
    };
    const issued = await issueBookingDocument(this.db, {
      kind: "credit_note",
      series: this.series("credit_note"),
      bookingId,
      partyId: facts.guestId,
      figures,
    });
    return { pdf: await renderPdf(this.creditNoteSpec(issued)), number: documentNumber(issued.series, issued.number) };
  }

  /** The VAT number the booking's VAT invoice was issued under: a credit note repeats it, whatever the config says now. */
  private async creditedVatNumber(bookingId: number): Promise<string | null> {
    const invoice = await findBookingDocument<VatInvoiceFigures>(this.db, "vat_invoice", bookingId);
    return invoice?.figures.supplier.vatNumber ?? null;
  }

  async receiptPdf(user: Actor, bookingId: number): Promise<{ pdf: Buffer; number: string }> {
    const { facts, movements, charge } = await this.chargedBooking(user, bookingId);
    const issued = await issueBookingDocument<ReceiptFigures>(this.db, {
      kind: "receipt",
      series: this.series("receipt"),
      bookingId,
      partyId: facts.guestId,
      figures: this.receiptFigures(facts, movements, charge),
    });
    return { pdf: await renderPdf(this.receiptSpec(issued)), number: documentNumber(issued.series, issued.number) };
  }

  async vatInvoicePdf(user: Actor, bookingId: number): Promise<{ pdf: Buffer; number: string }> {
    const { facts, movements, charge } = await this.chargedBooking(user, bookingId);
    const { VAT_NUMBER, COMPANY_ADDRESS } = this.config;
    if (!VAT_NUMBER || !COMPANY_ADDRESS) {
      throw new ConflictError(`${NOT_VAT_REGISTERED}, so it issues no VAT invoices; the receipt shows what you paid.`);
    }
    const feePence =
      -sumOf(charge, "platform_fees") -
      movements.filter((m) => m.kind === "refund").reduce((sum, m) => sum + sumOf(m, "platform_fees"), 0);
    if (feePence <= 0)
      throw new ConflictError("This stay has no service fee to invoice: the receipt shows what you paid.");
    const figures: VatInvoiceFigures = {
      reference: bookingReference(facts.id),
      propertyTitle: facts.propertyTitle,
      customerName: facts.guestName,
      supplyDate: charge.date,
      supplier: {
        name: this.config.COMPANY_NAME,
        address: COMPANY_ADDRESS,
        vatNumber: VAT_NUMBER,
        companyNumber: this.config.COMPANY_NUMBER ?? null,
      },
      ...vatSplit(feePence),
      demo: charge.demo,
    };
    const issued = await issueBookingDocument(this.db, {
      kind: "vat_invoice",
      series: this.series("vat_invoice"),
      bookingId,
      partyId: facts.guestId,
      figures,
    });
    return { pdf: await renderPdf(this.vatInvoiceSpec(issued)), number: documentNumber(issued.series, issued.number) };
  }

  private receiptFigures(facts: BookingFacts, movements: BookingMovement[], charge: BookingMovement): ReceiptFigures {
    const totalPence = sumOf(charge, "guest_receivable");
    const serviceFeePence = -sumOf(charge, "platform_fees");
    const levyPence = -sumOf(charge, "levy_payable");
    const money = movements.filter((m) => m.kind === "payment_collected" || m.kind === "refund");
    const list = money.map((m) => ({
      date: m.date,
      what: m.kind === "refund" ? "Refund to you" : "Payment received",
      amountPence: m.kind === "refund" ? -moved(m) : moved(m),
    }));
    return {
      reference: bookingReference(facts.id),
      propertyTitle: facts.propertyTitle,
      guestName: facts.guestName,
      checkIn: facts.checkIn,
      checkOut: facts.checkOut,
      nights: nightsBetween(facts.checkIn, facts.checkOut),
      nightsPence: totalPence - serviceFeePence - levyPence,
      serviceFeePence,
      levyPence,
      totalPence,
      movements: list,
      paidPence: list.filter((m) => m.amountPence > 0).reduce((sum, m) => sum + m.amountPence, 0),
      refundedPence: -list.filter((m) => m.amountPence < 0).reduce((sum, m) => sum + m.amountPence, 0),
      demo: movements.some((m) => m.demo),
      vatNumber: this.config.VAT_NUMBER ?? null,
    };
  }

  private receiptSpec(issued: IssuedDocument<ReceiptFigures>): PdfDocumentSpec {
    const f = issued.figures;
    return {
      title: "Receipt",
      number: documentNumber(issued.series, issued.number),
      issuer: this.issuer(),
      issuedAt: issued.issuedAt,
      facts: [
        ["Issued", formatDateGb(londonToday(issued.issuedAt))],
        ["Booking", f.reference],
        ["Guest", f.guestName],
        ["Stay", f.propertyTitle],
        ["Dates", `${formatDateGb(f.checkIn)} to ${formatDateGb(f.checkOut)}`],
      ],
      notes: [
        ...(f.demo ? [DEMO_NOTE] : []),
        f.vatNumber
          ? `The service fee includes VAT at ${VAT_RATE_PERCENT}%; a VAT invoice for it is available from My Bookings.`
          : `${NOT_VAT_REGISTERED}: no VAT is charged on the service fee.`,
      ],
      tables: [
        {
          heading: "Charged",
          columns: [
            { header: "Item", width: 0.75 },
            { header: "Amount", width: 0.25, align: "right" },
          ],
          rows: [
            [`${f.nights} ${f.nights === 1 ? "night" : "nights"}`, formatPence(f.nightsPence)],
            ["Service fee", formatPence(f.serviceFeePence)],
            ...(f.levyPence ? [[`${EDINBURGH_LEVY_LABEL} (collected for the host)`, formatPence(f.levyPence)]] : []),
          ],
          totals: [["Total charged", formatPence(f.totalPence)]],
        },
        {
          heading: "Paid and refunded",
          columns: [
            { header: "Date", width: 0.25 },
            { header: "What", width: 0.5 },
            { header: "Amount", width: 0.25, align: "right" },
          ],
          rows: f.movements.map((m) => [formatDateGb(m.date), m.what, formatPence(m.amountPence)]),
          empty: "Nothing has been paid yet.",
          totals: [
            ["Paid", formatPence(f.paidPence)],
            ["Refunded", formatPence(f.refundedPence)],
            ["Paid less refunds", formatPence(f.paidPence - f.refundedPence)],
          ],
        },
      ],
      footer: [
        "The accommodation is supplied by the property's landlord; StayLondon collects the payment on their behalf and supplies the booking service.",
      ],
    };
  }

  private creditNoteSpec(issued: IssuedDocument<CreditNoteFigures>): PdfDocumentSpec {
    const f = issued.figures;
    const named = (d: CreditNoteFigures["credits"][number]) =>
      `${d.kind === "vat_invoice" ? "VAT invoice" : "Receipt"} ${d.number}`;
    return {
      title: "Credit note",
      number: documentNumber(issued.series, issued.number),
      issuer: f.vatNumber
        ? [
            ...this.issuer().filter((line) => !line.startsWith("VAT registration") && line !== NOT_VAT_REGISTERED),
            `VAT registration number ${f.vatNumber}`,
          ]
        : this.issuer(),
      issuedAt: issued.issuedAt,
      facts: [
        ["Issued", formatDateGb(londonToday(issued.issuedAt))],
        ["Credits", f.credits.map(named).join(", ")],
        ["Booking", f.reference],
        ["Guest", f.guestName],
        ["Stay", f.propertyTitle],
        ["Refunded on", formatDateGb(f.refundDate)],
      ],
      notes: [
        ...(f.demo ? [DEMO_NOTE] : []),
        `The stay was cancelled and refunded after ${f.credits.map(named).join(" and ")} was issued; this note credits the amount refunded.`,
      ],
      tables: [
        f.vat
          ? {
              heading: "Credited",
              columns: VAT_COLUMNS,
              rows: [
                ["Nights (the landlord's supply, no VAT)", "", "", formatPence(f.nightsPence)],
                [
                  "Service fee",
                  formatPence(f.vat.netPence),
                  formatPence(f.vat.vatPence),
                  formatPence(f.vat.grossPence),
                ],
              ],
              totals: [
                [`VAT credited at ${VAT_RATE_PERCENT}%`, formatPence(f.vat.vatPence)],
                ["Total credited", formatPence(f.creditedPence)],
              ],
            }
          : {
              heading: "Credited",
              columns: [
                { header: "Item", width: 0.75 },
                { header: "Amount", width: 0.25, align: "right" },
              ],
              rows: [
                ["Nights", formatPence(f.nightsPence)],
                ["Service fee", formatPence(f.serviceFeePence)],
              ],
              totals: [["Total credited", formatPence(f.creditedPence)]],
            },
      ],
    };
  }

  private vatInvoiceSpec(issued: IssuedDocument<VatInvoiceFigures>): PdfDocumentSpec {
    const f = issued.figures;
    return {
      title: "VAT invoice",
      number: documentNumber(issued.series, issued.number),
      issuer: [
        f.supplier.name,
        f.supplier.address,
        ...(f.supplier.companyNumber ? [`Company number ${f.supplier.companyNumber}`] : []),
        `VAT registration number ${f.supplier.vatNumber}`,
      ],
      issuedAt: issued.issuedAt,
      facts: [
        ["Invoice date", formatDateGb(londonToday(issued.issuedAt))],
        ["Date of supply", formatDateGb(f.supplyDate)],
        ["Customer", f.customerName],
        ["Booking", `${f.reference}, ${f.propertyTitle}`],
      ],
      notes: [
        ...(f.demo ? [DEMO_NOTE] : []),
        "This invoice covers StayLondon's booking service only. The accommodation is the landlord's supply and is not on it.",
      ],
      tables: [
        {
          columns: VAT_COLUMNS,
          rows: [["Service fee", formatPence(f.netPence), formatPence(f.vatPence), formatPence(f.grossPence)]],
          totals: [
            ["Total net", formatPence(f.netPence)],
            [`VAT at ${VAT_RATE_PERCENT}%`, formatPence(f.vatPence)],
            ["Total", formatPence(f.grossPence)],
          ],
        },
      ],
    };
  }
}

/** The sum of a transaction's lines on accounts of this kind. */
function sumOf(movement: BookingMovement, kind: string): number {
  return movement.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amountPence, 0);
}
