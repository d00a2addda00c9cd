/**
 * The money of a benchmark's seeded stays, posted to the ledger set-based in SQL as the app posts it one stay at a
 * time (server/services/money/): the charge split into the service fee, the manager's fee and the landlord's share;
 * the guest's payment (a demo payment, or a card payment with its `payments` row); a cancelled stay's refund, from the
 * nights first; and the transfers of a past stay's shares the day after check-in. Without it the figures read an
 * empty ledger and a benchmark would time empty answers.
 *
 * The history the seed gives the stays, so every kind of money is present:
 * - the platform ran in demo mode before `realFrom` (bookings made earlier are demo money), with card payments since;
 * - one real future stay in three was a request accepted whose payment is not collected yet (expected money);
 * - every fifth listing has a manager on a fee of 10% to 13.75% (odd pence to round), when the seed made property managers;
 * - every other cancelled stay had been confirmed and got a refund: in full, or half its nights;
 * - a demo stay that began before today has had its shares transferred (real payees have no Stripe account here).
 *
 * `checkSeededPostings` compares, for a sample of stays, what this wrote with what the app's posting functions give.
 * BENCH_DEBUG=1 prints each seeding statement's time.
 */
import { sql } from "drizzle-orm";
import type { LedgerLine } from "../../common/domain/ledger";
import { managementFeePence } from "../../common/domain/management-fee";
import { poundsToPence } from "../../common/domain/pricing";
import type { Database } from "../../server/db/client";
import { bookingLedgerKey } from "../../server/services/money/booking-ledger";
import {
  paymentLines,
  refundLines,
  type StayParties,
  type StayShares,
  stayChargeLines,
  transferLines,
} from "../../server/services/money/booking-postings";
import { DEMO_TRANSFER_MEMO, transferClaimKey } from "../../server/services/money/payout-transfers";

/** Bookings posted per transaction: the balance triggers run at each commit, so no commit holds millions of them. */
const CHUNK = 50_000;
const FIRST_CHUNK = 1_000;
const DEMO_PAYMENT_MEMO = "Demo mode: no card was charged";

/** The stays' history (above), then their ledger. `today` and `realFrom` are calendar dates (YYYY-MM-DD). */
export async function postSeededStays(
  db: Database,
  options: { today: string; realFrom: string },
): Promise<{ transactions: number; entries: number }> {
  const { today, realFrom } = options;
  if (![today, realFrom].every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) throw new Error("dates are YYYY-MM-DD");
  const client = await db.$client.connect();
  // Temporary tables live on one connection: every statement below runs on this one.
  const run = async (text: string, params: unknown[] = []) => {
    const at = performance.now();
    const r = await client.query(text, params);
    if (process.env.BENCH_DEBUG) console.log(Math.round(performance.now() - at), "ms", text.trim().slice(0, 60));
    return r;
  };
  try {
    await run(
      `insert into property_manager_assignments (property_id, manager_id, assigned_by, management_fee_bps, started_at)
       select p.id, m.id, p.owner_id, 1000 + 75 * (p.id % 6), p.created_at
         from properties p
         join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total
                 from users where role = 'property_manager') m on m.n = p.id % m.total
        where p.id % 5 = 0`,
    );
    await run(
      `update bookings
          set confirmed_at = created_at + interval '1 hour', cancelled_at = created_at + interval '2 days',
              refund_amount = case when id % 4 = 0 then total_price
                                   else round((total_price - coalesce(service_fee, 0)) / 2, 2) end
        where status = 'cancelled' and id % 2 = 0 and total_price > 0`,
    );
    await run(
      `create temp table bench_money as
       select b.id as booking_id, b.guest_id, p.owner_id, a.manager_id, b.check_in, b.status,
              b.created_at < '${realFrom}'::date as demo,
              coalesce(b.confirmed_at, b.created_at) as charged_at, b.cancelled_at,
              round(b.total_price * 100)::bigint as total_pence,
              least(round(coalesce(b.service_fee, 0) * 100), round(b.total_price * 100))::bigint as fee_pence,
              coalesce(a.management_fee_bps, 0) as bps,
              least(round(coalesce(b.refund_amount, 0) * 100), round(b.total_price * 100))::bigint as refund_pence
         from bookings b
         join properties p on p.id = b.property_id
         left join property_manager_assignments a on a.property_id = p.id and a.ended_at is null
        where b.total_price > 0 and (b.status in ('confirmed', 'completed') or b.confirmed_at is not null);
       alter table bench_money add column manager_pence bigint, add column landlord_pence bigint,
         add column paid text;
       update bench_money set
         manager_pence = case when manager_id is null then 0
                              else ((total_pence - fee_pence) * bps + 5000) / 10000 end,
         paid = case when demo then 'demo' when check_in > '${today}'::date and booking_id % 3 = 0 then null else 'card' end;
       update bench_money set landlord_pence = total_pence - fee_pence - manager_pence;`,
    );
    await run(
      `insert into payments (booking_id, amount, currency, status, stripe_payment_intent_id, refunded_amount, created_at)
       select booking_id, total_pence / 100.0, 'gbp', (case when refund_pence = total_pence then 'refunded'
              else 'succeeded' end)::payment_status, 'pi_bench_' || booking_id, refund_pence / 100.0,
              charged_at - interval '5 minutes'
         from bench_money where paid = 'card'`,
    );
    // Each transaction's key, kind and facts, and its lines, named as the app names them.
    await run(
      `create temp table bench_postings (key text, kind ledger_transaction_kind, demo boolean, booking_id int,
         stripe_object_id text, memo text, created_at timestamptz);
       create temp table bench_lines (key text, booking_id int, kind ledger_account_kind, party_id int, amount bigint);
       insert into bench_postings
       select 'booking:' || booking_id || ':charge', 'booking_charge'::ledger_transaction_kind, demo, booking_id,
              null, null, charged_at
         from bench_money
       union all
       select case when paid = 'demo' then 'booking:' || booking_id || ':payment' else 'payment:pi_bench_' || booking_id end,
              'payment_collected', paid = 'demo', booking_id,
              case when paid = 'card' then 'pi_bench_' || booking_id end,
              case when paid = 'demo' then '${DEMO_PAYMENT_MEMO}' end, charged_at
         from bench_money where paid is not null
       union all
       select 'booking:' || booking_id || ':refund', 'refund', demo, booking_id,
              case when paid = 'card' then 're_bench_' || booking_id end, null, cancelled_at
         from bench_money where refund_pence > 0;
       insert into bench_lines
       select 'booking:' || m.booking_id || ':charge', m.booking_id, l.kind, l.party_id, l.amount
         from bench_money m
        cross join lateral (values ('guest_receivable'::ledger_account_kind, m.guest_id, m.total_pence),
                                   ('platform_fees', null::int, -m.fee_pence),
                                   ('earnings_held', m.owner_id, -m.landlord_pence),
                                   ('earnings_held', m.manager_id, -m.manager_pence)) l(kind, party_id, amount)
       union all
       select case when m.paid = 'demo' then 'booking:' || m.booking_id || ':payment'
                   else 'payment:pi_bench_' || m.booking_id end, m.booking_id, l.kind, l.party_id, l.amount
         from bench_money m
        cross join lateral (values ('platform_cash'::ledger_account_kind, null::int, m.total_pence),
                                   ('guest_receivable', m.guest_id, -m.total_pence)) l(kind, party_id, amount)
        where m.paid is not null;`,
    );
    // A refund from the nights first, split between landlord and manager in proportion (whole pence, the odd penny
    // to the larger remainder, the landlord's on a tie), then from the fee; out of the platform's cash if the guest
    // paid, else off what they owed.
    await run(
      `insert into bench_lines
       select 'booking:' || r.booking_id || ':refund', r.booking_id, l.kind, l.party_id, l.amount
         from (
           select m.*, s.from_nights,
                  coalesce(s.from_nights * m.landlord_pence / nullif(s.nights, 0)
                    + case when s.odd = 1 and (s.from_nights * m.landlord_pence) % s.nights
                                              >= (s.from_nights * m.manager_pence) % s.nights then 1 else 0 end, 0)
                    as from_landlord
             from bench_money m
            cross join lateral (select least(m.refund_pence, m.total_pence - m.fee_pence) as from_nights,
                                       m.total_pence - m.fee_pence as nights) n
            cross join lateral (select n.from_nights, n.nights,
                                       coalesce(n.from_nights - n.from_nights * m.landlord_pence / nullif(n.nights, 0)
                                         - n.from_nights * m.manager_pence / nullif(n.nights, 0), 0) as odd) s
            where m.refund_pence > 0
         ) r
        cross join lateral (values ('platform_fees'::ledger_account_kind, null::int, r.refund_pence - r.from_nights),
                                   ('earnings_held', r.owner_id, r.from_landlord),
                                   ('earnings_held', r.manager_id, r.from_nights - r.from_landlord),
                                   (case when r.paid is null then 'guest_receivable' else 'platform_cash' end
                                      ::ledger_account_kind,
                                    case when r.paid is null then r.guest_id end, -r.refund_pence))
             l(kind, party_id, amount)`,
    );
    // The transfers of a past demo stay's shares, as the payout job sends them early on the day after check-in.
    await run(
      `insert into payout_accounts (user_id, demo, details_submitted, charges_enabled, payouts_enabled)
       select distinct payee, true, true, true, true
         from bench_money cross join lateral (values (owner_id), (manager_id)) p(payee)
        where payee is not null
           on conflict do nothing;
       create temp table bench_transfers as
       select m.booking_id, p.payee_id, p.amount, 'booking:' || m.booking_id || ':transfer:' || p.payee_id as key,
              ((m.check_in + 1)::timestamp + interval '6 hours') at time zone 'Europe/London' as sent_at
         from bench_money m
        cross join lateral (values (m.owner_id, m.landlord_pence), (m.manager_id, m.manager_pence)) p(payee_id, amount)
        where m.demo and m.check_in < '${today}'::date and m.status in ('confirmed', 'completed')
          and p.payee_id is not null and p.amount > 0;
       insert into payout_transfers (booking_id, payee_id, amount_pence, demo, claim_key, sent_at, created_at)
       select booking_id, payee_id, amount, true, key, sent_at, sent_at from bench_transfers;
       insert into bench_postings
       select key, 'transfer', true, booking_id, null, '${DEMO_TRANSFER_MEMO}', sent_at from bench_transfers;
       insert into bench_lines
       select t.key, t.booking_id, l.kind, l.party_id, l.amount
         from bench_transfers t
        cross join lateral (values ('earnings_held'::ledger_account_kind, t.payee_id, t.amount),
                                   ('earnings_transferred', t.payee_id, -t.amount),
                                   ('platform_cash', null::int, -t.amount),
                                   ('connected_cash', null::int, t.amount)) l(kind, party_id, amount);
       delete from bench_lines where amount = 0 or (party_id is null and kind in ('guest_receivable', 'earnings_held'));
       insert into ledger_accounts (kind) values ('platform_cash'), ('platform_fees'), ('connected_cash')
           on conflict (kind) where party_id is null do nothing;
       insert into ledger_accounts (kind, party_id)
       select distinct kind, party_id from bench_lines where party_id is not null
           on conflict (kind, party_id) where party_id is not null do nothing;
       create index on bench_postings (booking_id);
       create index on bench_lines (booking_id);
       analyze bench_postings;
       analyze bench_lines;`,
    );
    // Each chunk's transactions and lines in one statement: its own commit, where the database checks that every
    // transaction has lines that sum to zero.
    const range = await run("select min(booking_id) as lo, max(booking_id) as hi from bench_money");
    const lo = Number(range.rows[0].lo ?? 0);
    const hi = Number(range.rows[0].hi ?? -1);
    // The balance check is a trigger whose plan PostgreSQL keeps for the session: planned while the ledger looked
    // empty it reads every line for each one posted. A small first chunk, then fresh statistics after each, keep it
    // on the index.
    for (let from = lo; from <= hi; from += from === lo ? FIRST_CHUNK : CHUNK) {
      const to = from === lo ? from + FIRST_CHUNK : from + CHUNK;
      await run(
        `with posted as (
           insert into ledger_transactions (kind, idempotency_key, demo, booking_id, stripe_object_id, memo, created_at)
           select kind, key, demo, booking_id, stripe_object_id, memo, created_at
             from bench_postings where booking_id >= $1 and booking_id < $2
           returning id, idempotency_key
         )
         insert into ledger_entries (transaction_id, account_id, amount_pence)
         select posted.id, a.id, l.amount
           from bench_lines l
           join posted on posted.idempotency_key = l.key
           join ledger_accounts a on a.kind = l.kind and coalesce(a.party_id, 0) = coalesce(l.party_id, 0)
          where l.booking_id >= $1 and l.booking_id < $2`,
        [from, to],
      );
      await run("analyze ledger_transactions, ledger_entries");
    }
    await run("drop table bench_money, bench_postings, bench_lines, bench_transfers");
    const counts = await run(
      "select (select count(*) from ledger_transactions)::int as transactions, (select count(*) from ledger_entries)::int as entries",
    );
    return { transactions: counts.rows[0].transactions, entries: counts.rows[0].entries };
  } finally {
    client.release();
  }
}

type Posting = { kind: string; demo: boolean; lines: string[] };
const described = (lines: readonly LedgerLine[]) =>
  lines.map((l) => `${l.account.kind}:${l.account.partyId ?? "-"}:${l.amountPence}`).sort();

/**
 * For up to `perKind` stays of each kind (demo, card-paid, expected, managed, refunded, transferred), the postings the
 * seed wrote against those the app's posting functions give for the same booking, from its stored facts. Throws on
 * the first difference, so a change to how the app posts a stay fails the benchmark instead of skewing it.
 */
export async function checkSeededPostings(
  db: Database,
  options: { today: string; realFrom: string; perKind?: number },
): Promise<number> {
  const perKind = options.perKind ?? 10;
  const sample = await db.execute<{
    id: number;
    guest_id: number;
    owner_id: number;
    manager_id: number | null;
    bps: number | null;
    total_price: string;
    service_fee: string | null;
    refund_amount: string | null;
    status: string;
    check_in: string;
    demo: boolean;
    intent: string | null;
  }>(sql`
    with facts as (
      select b.id, b.guest_id, p.owner_id, a.manager_id, a.management_fee_bps as bps, b.total_price, b.service_fee,
             b.refund_amount, b.status, b.check_in::text as check_in, b.created_at < ${options.realFrom}::date as demo,
             pay.stripe_payment_intent_id as intent,
             b.status in ('confirmed', 'completed') or b.confirmed_at is not null as charged
        from bookings b
        join properties p on p.id = b.property_id
        left join property_manager_assignments a on a.property_id = p.id and a.ended_at is null
        left join payments pay on pay.booking_id = b.id and pay.stripe_payment_intent_id is not null
    )
    select * from (select * from facts where charged and demo limit ${perKind}) x
    union select * from (select * from facts where charged and intent is not null limit ${perKind}) x
    union select * from (select * from facts where charged and not demo and intent is null limit ${perKind}) x
    union select * from (select * from facts where charged and manager_id is not null limit ${perKind}) x
    union select * from (select * from facts where refund_amount > 0 and manager_id is not null limit ${perKind}) x
    union select * from (select * from facts where refund_amount > 0 and demo limit ${perKind}) x
    union select * from (select * from facts where refund_amount > 0 and not demo limit ${perKind}) x
    union select * from (select * from facts where not charged limit ${perKind}) x`);
  let compared = 0;
  const seen = new Set<string>();
  for (const b of sample.rows) {
    const expected = new Map<string, Posting>();
    const charged = b.status === "confirmed" || b.status === "completed" || Number(b.refund_amount ?? 0) > 0;
    if (charged) {
      // As postStayConfirmed computes them.
      const totalPence = poundsToPence(b.total_price);
      const serviceFeePence = Math.min(b.service_fee === null ? 0 : poundsToPence(b.service_fee), totalPence);
      const managerFeePence = b.manager_id === null ? 0 : managementFeePence(totalPence - serviceFeePence, b.bps ?? 0);
      const parties: StayParties = { guestId: b.guest_id, landlordId: b.owner_id, managerId: b.manager_id };
      const shares: StayShares = { totalPence, serviceFeePence, managerFeePence };
      expected.set(bookingLedgerKey.charge(b.id), {
        kind: "booking_charge",
        demo: b.demo,
        lines: described(stayChargeLines(parties, shares)),
      });
      const collected = b.demo || b.intent !== null;
      if (collected) {
        expected.set(b.demo ? bookingLedgerKey.demoPayment(b.id) : bookingLedgerKey.cardPayment(b.intent ?? ""), {
          kind: "payment_collected",
          demo: b.demo,
          lines: described(paymentLines(b.guest_id, totalPence)),
        });
      }
      const refundPence = b.refund_amount === null ? 0 : poundsToPence(b.refund_amount);
      if (refundPence > 0) {
        expected.set(bookingLedgerKey.refund(b.id), {
          kind: "refund",
          demo: b.demo,
          lines: described(refundLines(parties, shares, { amountPence: Math.min(refundPence, totalPence), collected })),
        });
      }
      if (b.demo && b.check_in < options.today && b.status !== "cancelled") {
        const payees: [number | null, number][] = [
          [b.owner_id, totalPence - serviceFeePence - managerFeePence],
          [b.manager_id, managerFeePence],
        ];
        for (const [payeeId, amountPence] of payees) {
          if (payeeId === null || amountPence <= 0) continue;
          expected.set(transferClaimKey({ bookingId: b.id, maintenanceJobId: null }, payeeId), {
            kind: "transfer",
            demo: true,
            lines: described(transferLines(payeeId, amountPence)),
          });
        }
      }
    }
    const posted = await db.execute<{ key: string; kind: string; demo: boolean; lines: string[] }>(sql`
      select t.idempotency_key as key, t.kind, t.demo,
             array_agg(a.kind || ':' || coalesce(a.party_id::text, '-') || ':' || e.amount_pence) as lines
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
       where t.booking_id = ${b.id}
       group by t.id`);
    const actual = new Map(posted.rows.map((r) => [r.key, { kind: r.kind, demo: r.demo, lines: [...r.lines].sort() }]));
    const show = (m: Map<string, Posting>) => JSON.stringify([...m].sort(([a], [z]) => a.localeCompare(z)));
    if (show(actual) !== show(expected)) {
      throw new Error(
        `booking ${b.id}: the seed posted ${show(actual)}, the app's posting functions give ${show(expected)}`,
      );
    }
    compared += 1;
    for (const posting of expected.values()) seen.add(`${posting.kind}${posting.demo ? " (demo)" : ""}`);
    if (b.manager_id !== null && expected.size > 0) seen.add("a manager's fee");
    if (expected.size > 0 && ![...expected.values()].some((p) => p.kind === "payment_collected")) {
      seen.add("a charge still expected");
    }
  }
  // A sample without some kind of posting would let that kind drift unnoticed.
  const kinds = [
    "booking_charge",
    "booking_charge (demo)",
    "payment_collected",
    "payment_collected (demo)",
    "refund",
    "refund (demo)",
    "transfer (demo)",
    "a manager's fee",
    "a charge still expected",
  ];
  const missing = kinds.filter((kind) => !seen.has(kind));
  if (missing.length > 0) throw new Error(`the sample of seeded stays has no ${missing.join(", no ")}`);
  return compared;
}
