import { addCalendarMonths, addDays, formatDateGb, londonToday } from "../../common/domain/calendar-dates";
import { formatPence, plainPounds, taxYearBounds, taxYearOf } from "../../common/domain/money-documents";
import { bookingReference } from "../../common/schemas/bookings";
import { jobReference } from "../../common/schemas/maintenance";
import type { TStatement, TStatementLine, TStatementMonth, TTaxReport } from "../../common/schemas/money-documents";
import { toCsv } from "../../common/utils/csv";
import { type Actor, statementPayee } from "../access/records";
import type { Database } from "../db/client";
import { badRequest } from "../lib/errors";
import { renderPdf } from "../lib/pdf-document";
import {
  balanceBefore,
  heldAccountId,
  type StatementLineRow,
  statementLines,
  statementMonths,
  taxYearByProperty,
  taxYearsWithLines,
  transfersBetween,
} from "../repositories/statements.repository";
import { findUserById } from "../repositories/users.repository";

const DEMO_STATEMENT_NOTE = "Lines marked demo are demo money: no real money was paid or will be paid out for them.";
const NOT_TAX_ADVICE =
  "A summary of what StayLondon recorded for you, to help with your Self Assessment. It is not tax advice: " +
  "keep your own records and ask an accountant or HMRC if you are unsure what to declare.";

/** What a line is, in the payee's words. */
function lineDescription(row: StatementLineRow): string {
  const toPayee = -row.amountPence;
  switch (row.kind) {
    case "booking_charge":
      return row.owner ? "Stay earnings" : "Manager's fee";
    case "refund":
      return row.owner ? "Refund to the guest" : "Refund to the guest (your fee's share)";
    case "job_cost":
      return toPayee > 0 ? "Job earnings" : "Job cost";
    case "transfer":
      return "Transfer to your Stripe account";
    case "transfer_reversal":
      return "Transfer reversed";
    case "adjustment":
      return `Adjustment: ${row.memo ?? ""}`.trim();
    default:
      return row.memo ?? row.kind;
  }
}

/** The first day of a YYYY-MM month. */
const firstOf = (month: string) => `${month}-01`;

/**
 * A payee's monthly statements and a landlord's tax-year summary, from their own earnings account only: a manager's
 * statement has the manager's fee, a landlord's their share, and neither sees the other's. Amounts are shown in the
 * payee's sign (money to them positive).
 */
export class StatementsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every month with lines, newest first, with its closing balance. */
  async months(user: Actor): Promise<TStatementMonth[]> {
    const account = await heldAccountId(this.db, statementPayee(user));
    if (account === undefined) return [];
    let balance = 0;
    const months = (await statementMonths(this.db, account)).map((row) => {
      balance += -row.sumPence;
      return { month: row.month, lines: row.lines, closingPence: balance, demo: row.demo };
    });
    return months.reverse();
  }

  /** A month that has started in London; later ones have nothing to show yet. */
  private checkedMonth(month: string): string {
    if (firstOf(month) > londonToday(this.now())) throw badRequest(`${month} has not started yet.`);
    return month;
  }

  async statement(user: Actor, month: string): Promise<TStatement> {
    const payeeId = statementPayee(user);
    this.checkedMonth(month);
    const person = await findUserById(this.db, payeeId);
    const payeeName = [person?.firstName, person?.lastName].filter(Boolean).join(" ");
    const account = await heldAccountId(this.db, payeeId);
    if (account === undefined) return { month, payeeName, openingPence: 0, closingPence: 0, lines: [], demo: false };
    const from = firstOf(month);
    const to = addCalendarMonths(from, 1);
    const openingPence = -(await balanceBefore(this.db, account, from));
    let balance = openingPence;
    const lines: TStatementLine[] = (await statementLines(this.db, account, payeeId, { from, to })).map((row) => {
      const amountPence = -row.amountPence;
      balance += amountPence;
      return {
        id: row.entryId,
        date: row.date,
        reference:
          row.bookingId !== null
            ? bookingReference(row.bookingId)
            : row.jobId !== null
              ? jobReference(row.jobId)
              : null,
        description: lineDescription(row),
        amountPence,
        balancePence: balance,
        demo: row.demo,
        stay:
          row.stayTotalPence === null
            ? null
            : {
                totalPence: row.stayTotalPence,
                serviceFeePence: row.serviceFeePence ?? 0,
                managerFeePence: row.managerFeePence ?? 0,
              },
      };
    });
    return { month, payeeName, openingPence, closingPence: balance, lines, demo: lines.some((line) => line.demo) };
  }

  async statementCsv(user: Actor, month: string): Promise<string> {
    const statement = await this.statement(user, month);
    return toCsv(statement.lines, [
      { header: "Date", value: (line) => line.date },
      { header: "Reference", value: (line) => line.reference },
      { header: "Description", value: (line) => line.description },
      { header: "Amount (GBP)", value: (line) => plainPounds(line.amountPence) },
      { header: "Balance (GBP)", value: (line) => plainPounds(line.balancePence) },
      { header: "Demo", value: (line) => (line.demo ? "demo" : "") },
      { header: "Stay total (GBP)", value: (line) => (line.stay ? plainPounds(line.stay.totalPence) : "") },
      { header: "Service fee (GBP)", value: (line) => (line.stay ? plainPounds(line.stay.serviceFeePence) : "") },
      { header: "Manager's fee (GBP)", value: (line) => (line.stay ? plainPounds(line.stay.managerFeePence) : "") },
    ]);
  }

  async statementPdf(user: Actor, month: string): Promise<Buffer> {
    const s = await this.statement(user, month);
    const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${s.month}-01T00:00:00Z`),
    );
    return renderPdf({
      title: `Statement for ${monthName}`,
      issuer: ["StayLondon", "Your earnings held by StayLondon and sent to your bank account"],
      issuedAt: this.now(),
      facts: [
        ["Payee", s.payeeName],
        ["Month", monthName],
        ["Opening balance", formatPence(s.openingPence)],
        ["Closing balance", formatPence(s.closingPence)],
      ],
      notes: s.demo ? [DEMO_STATEMENT_NOTE] : [],
      tables: [
        {
          columns: [
            { header: "Date", width: 0.13 },
            { header: "Reference", width: 0.14 },
            { header: "Description", width: 0.41 },
            { header: "Amount", width: 0.16, align: "right" },
            { header: "Balance", width: 0.16, align: "right" },
          ],
          rows: s.lines.flatMap((line) => [
            [
              line.date,
              line.reference ?? "",
              `${line.description}${line.demo ? " (demo)" : ""}`,
              formatPence(line.amountPence),
              formatPence(line.balancePence),
            ],
            ...(line.stay
              ? [
                  {
                    note: `Stay total ${formatPence(line.stay.totalPence)}, guest's service fee ${formatPence(line.stay.serviceFeePence)}, manager's fee ${formatPence(line.stay.managerFeePence)}`,
                  },
                ]
              : []),
          ]),
          empty: "No money moved this month.",
          totals: [
            ["Opening balance", formatPence(s.openingPence)],
            ["Closing balance", formatPence(s.closingPence)],
          ],
        },
      ],
      footer: ["Amounts are in pounds sterling. Money to you is positive; money leaving your balance is negative."],
    });
  }

  /** The tax years with lines, newest first (2026-27). */
  private async years(account: number): Promise<string[]> {
    return (await taxYearsWithLines(this.db, account)).map((start) => taxYearOf(`${start}-04-06`));
  }

  async taxYears(user: Actor): Promise<string[]> {
    const account = await heldAccountId(this.db, statementPayee(user, "tax-report"));
    return account === undefined ? [] : this.years(account);
  }

  async taxReport(user: Actor, taxYear: string): Promise<TTaxReport> {
    const landlordId = statementPayee(user, "tax-report");
    const { from, to } = taxYearBounds(taxYear);
    if (from > londonToday(this.now())) throw badRequest(`The ${taxYear} tax year has not started yet.`);
    const account = await heldAccountId(this.db, landlordId);
    const properties = account === undefined ? [] : await taxYearByProperty(this.db, account, landlordId, { from, to });
    const transfers =
      account === undefined ? { pence: 0, demoPence: 0 } : await transfersBetween(this.db, account, { from, to });
    const sum = (key: keyof (typeof properties)[number]) =>
      properties.reduce((total, row) => total + Number(row[key]), 0);
    return {
      taxYear,
      from,
      to: addDays(to, -1),
      years: account === undefined ? [] : await this.years(account),
      totals: {
        grossPence: sum("grossPence"),
        refundsPence: sum("refundsPence"),
        managerFeesPence: sum("managerFeesPence"),
        jobCostsPence: sum("jobCostsPence"),
        netPence: sum("netPence"),
        demoNetPence: sum("demoNetPence"),
        transfersPence: transfers.pence,
        demoTransfersPence: transfers.demoPence,
      },
      properties,
    };
  }

  async taxReportPdf(user: Actor, taxYear: string): Promise<Buffer> {
    const r = await this.taxReport(user, taxYear);
    const money = (label: string, pence: number) => [label, formatPence(pence)] as const;
    return renderPdf({
      title: `Tax year ${r.taxYear}`,
      issuer: ["StayLondon", "Your lettings income recorded by StayLondon"],
      issuedAt: this.now(),
      facts: [
        ["Tax year", `${formatDateGb(r.from)} to ${formatDateGb(r.to)}`],
        money("Stay income", r.totals.grossPence),
        money("Refunds", -r.totals.refundsPence),
        money("Manager's fees", -r.totals.managerFeesPence),
        money("Job costs", -r.totals.jobCostsPence),
        money("Net", r.totals.netPence),
        money("Transfers to your bank account", r.totals.transfersPence),
        money("Of the net, demo money", r.totals.demoNetPence),
      ],
      notes: [NOT_TAX_ADVICE, ...(r.totals.demoNetPence !== 0 ? [DEMO_STATEMENT_NOTE] : [])],
      tables: [
        {
          heading: "By property",
          columns: [
            { header: "Property", width: 0.3 },
            { header: "Stay income", width: 0.14, align: "right" },
            { header: "Refunds", width: 0.14, align: "right" },
            { header: "Manager", width: 0.14, align: "right" },
            { header: "Jobs", width: 0.14, align: "right" },
            { header: "Net", width: 0.14, align: "right" },
          ],
          rows: r.properties.map((p) => [
            p.title,
            formatPence(p.grossPence),
            formatPence(-p.refundsPence),
            formatPence(-p.managerFeesPence),
            formatPence(-p.jobCostsPence),
            formatPence(p.netPence),
          ]),
          empty: "Nothing was recorded for your properties in this tax year.",
          totals: [["Net", formatPence(r.totals.netPence)]],
        },
      ],
    });
  }
}
