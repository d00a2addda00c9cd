import { sql } from "drizzle-orm";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import type { Database } from "../../db/client";
import { recordAudit } from "../../repositories/audit-logs.repository";
import type { ReconciledType, StripeBalanceTransaction, StripeGateway } from "../payments/stripe-gateway";

/**
 * The daily comparison of the ledger with Stripe's balance: every real card payment, refund, transfer and reversal
 * must be at Stripe for the same amount, and everything Stripe moved must be in the ledger. A difference is money the books
 * and the bank disagree about: each is written to System Logs (the admin dashboard counts them) for someone to look
 * into; nothing is corrected by itself. Demo money never reaches Stripe and is not compared.
 */
export class Reconciliation {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
  ) {}

  /**
   * One London day of the platform's Stripe balance against the ledger's real money: every charge, refund, transfer
   * and transfer reversal Stripe records that day must be in the ledger at the same amount (a card payment is named by
   * its PaymentIntent there), and every such posting of that day must be at Stripe. Stripe's list reaches back a day
   * further, so a webhook that arrived after midnight is matched to the charge of the evening before rather than
   * reported; what Stripe recorded that earlier day was that day's to report. Each difference goes to System Logs.
   */
  async reconcileDay(day: string): Promise<DayDifference[]> {
    if (!this.gateway.enabled) return [];
    const from = londonMidnight(day);
    const to = londonMidnight(addDays(day, 1));
    const dayBefore = londonMidnight(addDays(day, -1));
    const atStripe = await this.gateway.balanceTransactions({ from: dayBefore, to });
    const named = atStripe.flatMap((item) => [item.sourceId, ...(item.paymentIntentId ? [item.paymentIntentId] : [])]);
    const recorded = await this.db.execute<{
      kind: string;
      stripe_object_id: string;
      pence: string;
      in_day: boolean;
    }>(sql`
      select t.kind, t.stripe_object_id,
        coalesce(sum(e.amount_pence) filter (where a.kind = 'platform_cash'), 0)::text as pence,
        bool_or(t.created_at >= ${from} and t.created_at < ${to}) as in_day
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where not t.demo and t.stripe_object_id is not null
        and t.kind in ('payment_collected', 'refund', 'transfer', 'transfer_reversal')
        and ((t.created_at >= ${dayBefore} and t.created_at < ${to})
          or t.stripe_object_id in (select jsonb_array_elements_text(${JSON.stringify(named)}::jsonb)))
      group by t.kind, t.stripe_object_id`);
    const ledger = new Map<string, { pence: number; inDay: boolean }>();
    for (const row of recorded.rows) {
      const type = LEDGER_TYPE[row.kind];
      if (type) ledger.set(`${type}:${row.stripe_object_id}`, { pence: Number(row.pence), inDay: row.in_day });
    }
    const stripe = new Map<
      string,
      { type: ReconciledType; objectId: string; pence: number; ids: string[]; inDay: boolean }
    >();
    for (const item of atStripe) {
      const objectId = ledgerNameOf(item, ledger);
      const key = `${item.type}:${objectId}`;
      const group = stripe.get(key) ?? { type: item.type, objectId, pence: 0, ids: [], inDay: false };
      group.pence += item.amountPence;
      group.ids.push(item.id);
      group.inDay ||= item.created >= from && item.created < to;
      stripe.set(key, group);
    }
    const differences: DayDifference[] = [];
    for (const [key, group] of stripe) {
      const posted = ledger.get(key);
      ledger.delete(key);
      if ((group.inDay || posted?.inDay) && posted?.pence !== group.pence) {
        differences.push({
          day,
          type: group.type,
          stripeObjectId: group.objectId,
          balanceTransactionIds: group.ids,
          stripePence: group.pence,
          ledgerPence: posted?.pence ?? null,
        });
      }
    }
    for (const [key, posted] of ledger) {
      if (!posted.inDay) continue;
      const [type, objectId] = splitKey(key);
      differences.push({
        day,
        type,
        stripeObjectId: objectId,
        balanceTransactionIds: [],
        stripePence: null,
        ledgerPence: posted.pence,
      });
    }
    for (const difference of differences) {
      await recordAudit(this.db, {
        type: "error",
        action: "reconciliation.mismatch",
        message: dayDifferenceInWords(difference),
        target: { type: "payment", id: difference.stripeObjectId },
        details: { ...difference },
      });
    }
    return differences;
  }
}

/** A day's difference between the platform's Stripe balance and the ledger; amounts signed as Stripe signs them. */
export type DayDifference = {
  day: string;
  type: ReconciledType;
  /** The charge's PaymentIntent, or the refund, transfer or reversal. */
  stripeObjectId: string;
  balanceTransactionIds: string[];
  stripePence: number | null;
  ledgerPence: number | null;
};

/** The ledger's kinds of real money movement, as the types of Stripe's balance transactions. */
const LEDGER_TYPE: Partial<Record<string, ReconciledType>> = {
  payment_collected: "charge",
  refund: "refund",
  transfer: "transfer",
  transfer_reversal: "transfer_reversal",
};

const TYPE_WORDS: Record<ReconciledType, string> = {
  charge: "card payment",
  refund: "refund",
  transfer: "transfer",
  transfer_reversal: "transfer reversal",
};

/**
 * The Stripe object the ledger names a movement by: a card payment by its PaymentIntent; a refund by its own id, or,
 * for a payment given straight back because it came too late, by the PaymentIntent it returned.
 */
function ledgerNameOf(item: StripeBalanceTransaction, ledger: ReadonlyMap<string, unknown>): string {
  if (item.type === "charge") return item.paymentIntentId ?? item.sourceId;
  if (item.type === "refund" && item.paymentIntentId && !ledger.has(`refund:${item.sourceId}`)) {
    if (ledger.has(`refund:${item.paymentIntentId}`)) return item.paymentIntentId;
  }
  return item.sourceId;
}

function splitKey(key: string): [ReconciledType, string] {
  const at = key.indexOf(":");
  return [key.slice(0, at) as ReconciledType, key.slice(at + 1)];
}

function dayDifferenceInWords(difference: DayDifference): string {
  const what = `${TYPE_WORDS[difference.type]} ${difference.stripeObjectId}`;
  if (difference.ledgerPence === null) {
    return `On ${difference.day} Stripe's balance has ${what} of ${difference.stripePence} pence that the ledger does not record`;
  }
  if (difference.stripePence === null) {
    return `On ${difference.day} the ledger records ${what} of ${difference.ledgerPence} pence that Stripe's balance does not have`;
  }
  return `On ${difference.day} ${what} is ${difference.stripePence} pence at Stripe but ${difference.ledgerPence} in the ledger`;
}

/** The instant a London day begins: midnight there is 00:00 UTC in winter and 23:00 UTC the evening before in summer. */
export function londonMidnight(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (const hoursBefore of [1, 0]) {
    const candidate = new Date(utcMidnight - hoursBefore * 3_600_000);
    if (londonToday(candidate) === day && londonToday(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  return new Date(utcMidnight);
}
