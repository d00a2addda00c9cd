import { londonToday } from "../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence } from "../../common/domain/pricing";
import { LEVY_AREA_LABELS, levyQuarterOf } from "../../common/domain/uk-law";
import type { TLevyPaymentRequest, TLevyQuarter, TLevyReturn } from "../../common/schemas/levy-returns";
import { type Actor, levyPayer, statementPayee } from "../access/records";
import type { Database, Db } from "../db/client";
import { ConflictError, UnprocessableError } from "../lib/errors";
import { postLedgerTransaction } from "../repositories/ledger.repository";
import { findLeviedStays, findLevyPayments } from "../repositories/levy-returns.repository";

/** Names the payment of one host's quarter, so a quarter is paid once however often it is asked. */
export const levyPaymentKey = (hostId: number, quarter: string) => `levy-payment:${hostId}:${quarter}`;

/** The first day after a quarter ("2026-Q3" → "2026-10-01"). */
function dayAfterQuarter(quarter: string): string {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  return q === 4 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 1).padStart(2, "0")}-01`;
}

/**
 * A host's visitor levy return: per quarter, the stays, levied nights, their accommodation price and the levy
 * collected, which the host (the accommodation provider the Act makes liable) declares to the City of Edinburgh
 * Council, with what has been paid to the council from the levy held for them and what is still owed. A stay counts in
 * the quarter of its check-in. Only ever the signed-in host's own stays and payments.
 */
export class LevyReturnsService {
  /** `payments.enabled`: whether real card money is taken (Stripe keys); without it every levy held is demo money. */
  constructor(
    private readonly db: Database,
    private readonly payments: { enabled: boolean } = { enabled: false },
    private readonly today: () => string = () => londonToday(),
  ) {}

  async levyReturn(user: Actor, year: number): Promise<TLevyReturn> {
    return this.returnOf(this.db, statementPayee(user, "levy-return"), year);
  }

  /**
   * Pays one quarter's held levy to the council: a ledger transaction that takes it out of the host's levy account
   * and the platform's balance. A quarter is paid once, after it has ended (stays checking in later in it would still
   * add to it), and never more than it owes.
   */
  async payLevy(user: Actor, year: number, request: TLevyPaymentRequest): Promise<TLevyReturn> {
    const hostId = levyPayer(user);
    const quarter = `${year}-Q${request.quarter}`;
    const amountPence = poundsToPence(request.amount);
    return this.db.transaction(async (tx) => {
      const before = await this.returnOf(tx, hostId, year);
      const row = before.quarters.find((q) => q.quarter === quarter);
      if (row?.payment) {
        throw new ConflictError(`The levy for ${quarter} was already paid on ${row.payment.paidAt.slice(0, 10)}.`);
      }
      if (this.today() < dayAfterQuarter(quarter)) {
        throw new ConflictError(`The levy for ${quarter} can be paid once the quarter has ended.`);
      }
      const owed = row?.owedPence ?? 0;
      if (owed === 0) throw new ConflictError(`No visitor levy is owed for ${quarter}.`);
      if (amountPence > owed) {
        throw new UnprocessableError(
          `£${request.amount} is more than the £${penceToPounds(owed).toFixed(2)} of levy owed for ${quarter}.`,
        );
      }
      const demo = !this.payments.enabled;
      const posted = await postLedgerTransaction(tx, {
        kind: "levy_payment",
        idempotencyKey: levyPaymentKey(hostId, quarter),
        demo,
        levyQuarter: quarter,
        // The host's reference; a demo payment is labelled by its demo flag, as every demo transaction is.
        memo: request.reference,
        lines: [
          { account: { kind: "levy_payable", partyId: hostId }, amountPence },
          { account: { kind: "platform_cash" }, amountPence: -amountPence },
        ],
      });
      // Two payments of one quarter at once: the second finds the first's key.
      if (posted.duplicate) throw new ConflictError(`The levy for ${quarter} was already paid.`);
      return this.returnOf(tx, hostId, year);
    });
  }

  private async returnOf(db: Db, hostId: number, year: number): Promise<TLevyReturn> {
    const [stays, payments] = await Promise.all([
      findLeviedStays(db, hostId, year),
      findLevyPayments(db, hostId, year),
    ]);
    const quarters = new Map<string, TLevyQuarter>();
    const quarterRow = (quarter: string) => {
      const row = quarters.get(quarter) ?? {
        quarter,
        stays: 0,
        nights: 0,
        accommodationPence: 0,
        levyPence: 0,
        paidPence: 0,
        owedPence: 0,
        payment: null,
      };
      quarters.set(quarter, row);
      return row;
    };
    for (const stay of stays) {
      const row = quarterRow(levyQuarterOf(stay.check_in));
      row.stays += 1;
      row.nights += stay.levied_nights;
      row.accommodationPence += poundsToPence(stay.levied_price);
      row.levyPence += poundsToPence(stay.visitor_levy);
    }
    for (const payment of payments) {
      const row = quarterRow(payment.levy_quarter);
      row.paidPence += payment.amount_pence;
      row.payment = {
        amountPence: payment.amount_pence,
        reference: payment.reference,
        paidAt: payment.paid_at.toISOString(),
        demo: payment.demo,
      };
    }
    // Below zero only if a stay was refunded after its quarter was paid: shown as it is, not hidden.
    for (const row of quarters.values()) row.owedPence = row.levyPence - row.paidPence;
    return {
      year,
      area: LEVY_AREA_LABELS.city_of_edinburgh,
      quarters: [...quarters.values()].sort((a, b) => a.quarter.localeCompare(b.quarter)),
      demo: stays.some((s) => s.demo) || payments.some((p) => p.demo),
    };
  }
}
