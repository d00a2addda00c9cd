import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import {
  checkCompanyNumber,
  checkNationalInsuranceNumber,
  checkUtr,
  type IdentifierCheck,
} from "../../common/domain/tax-identifiers";
import { seedDemoData } from "../../server/db/seed";
import { ServerKeys } from "../../server/lib/server-keys";
import { countUnreadFor, findResponseFigures } from "../../server/repositories/conversations.repository";
import { taxDetailsComplete } from "../../server/repositories/tax-details.repository";
import { PayoutTransfers, transferClaimKey } from "../../server/services/money/payout-transfers";
import { StripeGateway } from "../../server/services/payments/stripe-gateway";
import { setUpTestDatabase } from "../support/test-context";

const t = setUpTestDatabase();
const TODAY = "2026-11-21";
const query = async <T>(text: string): Promise<T[]> => (await t.db.$client.query(text)).rows as T[];
/** What the seed's process wrote to its output while seeding: nothing of a seller's identifiers may be in it. */
const seedOutput: string[] = [];

describe("the demo data", () => {
  it("seeds an empty database once, and nothing on the second call", async () => {
    const keys = new ServerKeys(t.db, undefined);
    const capture = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
        seedOutput.push(String(chunk));
        return true;
      });
    const spies = [
      capture(process.stdout),
      capture(process.stderr),
      ...(["log", "info", "warn", "error", "debug"] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
          seedOutput.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
        }),
      ),
    ];
    const first = await seedDemoData(t.db, { today: TODAY, serverKeys: keys }).finally(() => {
      for (const spy of spies) spy.mockRestore();
    });
    expect(first.seeded).toBe(true);
    expect(first.properties).toBeGreaterThanOrEqual(60);
    const second = await seedDemoData(t.db, { today: TODAY });
    expect(second.seeded).toBe(false);
    const [{ n }] = (await query<{ n: number }>("select count(*)::int as n from properties")) as [{ n: number }];
    expect(n).toBe(first.properties);
  });

  it("starts System Logs with the demo admin's approvals, one per approved landlord, on the day of approval", async () => {
    const mismatches = await query(`
      select u.id from users u
      left join audit_logs a on a.subject_user_id = u.id and a.action = 'landlord.approved'
      where u.role = 'landlord' and u.approved_by is not null
        and (a.id is null or a.created_at <> u.approved_at or a.actor_id <> u.approved_by)`);
    expect(mismatches).toEqual([]);
    const [{ n }] = (await query<{ n: number }>("select count(*)::int as n from audit_logs")) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(5);
  });

  it("has the four sample properties of spec 1 as ids 1 to 4, the fourth under maintenance", async () => {
    const rows = await query<{ id: number; slug: string; under_maintenance: boolean }>(
      "select id, slug, under_maintenance from properties where id <= 4 order by id",
    );
    expect(rows).toEqual([
      { id: 1, slug: "westminster-luxury-flat", under_maintenance: false },
      { id: 2, slug: "camden-modern-studio", under_maintenance: false },
      { id: 3, slug: "kensington-elegant-home", under_maintenance: false },
      { id: 4, slug: "islington-cozy-apartment", under_maintenance: true },
    ]);
  });

  it("covers all 12 London boroughs and other UK cities", async () => {
    const cities = (await query<{ city: string; region: string }>("select distinct city, region from properties")).map(
      (r) => r,
    );
    for (const borough of LONDON_BOROUGHS) {
      expect(cities.filter((c) => c.city === borough && c.region === "London").length, borough).toBe(1);
    }
    expect(new Set(cities.filter((c) => c.region !== "London").map((c) => c.city)).size).toBeGreaterThanOrEqual(3);
  });

  it("gives every listing photos served by the app, exactly one of them main", async () => {
    const rows = await query<{ photos: number; mains: number; foreign: number }>(`
      select count(ph.id)::int as photos, count(*) filter (where ph.is_main)::int as mains,
             count(*) filter (where ph.url not like '/media/demo/%.webp')::int as foreign
      from properties p left join property_photos ph on ph.property_id = p.id group by p.id`);
    for (const row of rows) {
      expect(row.photos).toBeGreaterThanOrEqual(3);
      expect(row.mains).toBe(1);
      expect(row.foreign).toBe(0);
    }
  });

  it("computes ratings and review counts from the reviews themselves", async () => {
    const mismatches = await query(`
      select p.id from properties p
      left join (select property_id, round(avg(rating), 2) as avg, count(*) as n from reviews group by property_id) r
        on r.property_id = p.id
      where p.review_count <> coalesce(r.n, 0) or p.rating <> coalesce(r.avg, 0)`);
    expect(mismatches).toEqual([]);
    const [{ n }] = (await query<{ n: number }>("select count(*)::int as n from reviews")) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });

  it("prices every stay as nights times the nightly rate plus a 10% service fee", async () => {
    const wrong = await query(`
      select b.id from bookings b join properties p on p.id = b.property_id
      where b.total_price <> (b.check_out - b.check_in) * p.price_per_night + round((b.check_out - b.check_in) * p.price_per_night * 0.1)`);
    expect(wrong).toEqual([]);
  });

  it("holds each request for 48 hours from a recent request, and says who cancelled each cancelled stay", async () => {
    const [row] = (await query<Record<string, number>>(`
      select count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'pending' and hold_expires_at = created_at + interval '48 hours'
                                and hold_expires_at > now())::int as held,
             count(*) filter (where status = 'cancelled')::int as cancelled,
             count(*) filter (where status = 'cancelled' and cancelled_by = 'guest' and cancelled_at >= created_at
                                and refund_amount = total_price)::int as explained,
             count(*) filter (where service_fee is null)::int as without_fee
        from bookings`)) as [Record<string, number>];
    expect(row.pending).toBeGreaterThan(0);
    expect(row.held).toBe(row.pending);
    expect(row.cancelled).toBeGreaterThan(0);
    expect(row.explained).toBe(row.cancelled);
    expect(row.without_fee).toBe(0);
  });

  it("has past and future stays, and demo accounts in every role", async () => {
    const [stays] = (await query<{ past: number; future: number }>(`
      select count(*) filter (where check_out <= '${TODAY}' and status = 'completed')::int as past,
             count(*) filter (where check_in > '${TODAY}' and status in ('confirmed', 'pending'))::int as future
      from bookings`)) as [{ past: number; future: number }];
    expect(stays.past).toBeGreaterThan(0);
    expect(stays.future).toBeGreaterThan(0);
    const roles = (
      await query<{ role: string }>("select distinct role from users where email like '%@staylondon.example'")
    ).map((r) => r.role);
    expect(roles.sort()).toEqual(["admin", "contractor", "guest", "landlord", "property_manager"]);
  });

  it("pays its landlords, manager and contractor through ready demo payout accounts; pending.landlord has none yet", async () => {
    const rows = await query<{ email: string; ready: boolean | null }>(`
      select u.email, (pa.demo and pa.payouts_enabled) as ready from users u
      left join payout_accounts pa on pa.user_id = u.id
      where u.email in ('landlord@staylondon.example', 'manager@staylondon.example',
        'contractor@staylondon.example', 'pending.landlord@staylondon.example', 'guest@staylondon.example')
      order by u.email`);
    expect(rows).toEqual([
      { email: "contractor@staylondon.example", ready: true },
      { email: "guest@staylondon.example", ready: null },
      { email: "landlord@staylondon.example", ready: true },
      { email: "manager@staylondon.example", ready: true },
      { email: "pending.landlord@staylondon.example", ready: null },
    ]);
  });

  it("gives landlord@, manager@ and contractor@ complete tax details that pass a seller's own checks, sealed and never written out", async () => {
    const rows = await query<{
      email: string;
      id: number;
      kind: string;
      nino: string | null;
      utr: string | null;
      company: string | null;
      postcode: string;
    }>(`
      select u.email, u.id, d.kind, d.national_insurance_number_sealed as nino, d.utr_sealed as utr,
             d.company_number_sealed as company, d.postcode
        from seller_tax_details d join users u on u.id = d.user_id order by u.email`);
    expect(rows.map((r) => [r.email, r.kind])).toEqual([
      ["contractor@staylondon.example", "business"],
      ["landlord@staylondon.example", "individual"],
      ["manager@staylondon.example", "individual"],
    ]);
    const keys = new ServerKeys(t.db, undefined);
    const opened: string[] = [];
    /** The sealed identifier opened with the server's key, which must pass the check a seller's typing passes. */
    const expectValid = async (sealed: string | null, check: (typed: string) => IdentifierCheck) => {
      if (sealed === null) return;
      expect(sealed).toMatch(/^v1\./);
      const value = await keys.open("tax-identifiers", sealed);
      expect(check(value)).toEqual({ ok: true, value });
      opened.push(value);
    };
    for (const row of rows) {
      expect(await taxDetailsComplete(t.db, row.id), row.email).toBe(true);
      await expectValid(row.nino, checkNationalInsuranceNumber);
      await expectValid(row.utr, checkUtr);
      await expectValid(row.company, checkCompanyNumber);
    }
    // The landlord has an NI number and a UTR, the manager an NI number, the contractor's company both of its own.
    expect(opened).toHaveLength(5);
    const raw = JSON.stringify(await query("select * from seller_tax_details"));
    const audit = JSON.stringify(await query("select message, details from audit_logs"));
    const output = seedOutput.join("");
    for (const value of opened) {
      expect(raw).not.toContain(value);
      expect(audit).not.toContain(value);
      expect(output).not.toContain(value);
    }
  });

  it("has no tax details for the pending landlord, the guests or the admin", async () => {
    const others = await query<{ email: string }>(`
      select u.email from seller_tax_details d join users u on u.id = d.user_id
       where u.email not in ('landlord@staylondon.example', 'manager@staylondon.example', 'contractor@staylondon.example')`);
    expect(others).toEqual([]);
  });

  it("has manager@ managing some of landlord@'s listings, with an ended assignment in the history and a thread each", async () => {
    const assignments = await query<{
      owner: string;
      manager: string;
      by: string;
      current: boolean;
      messages: number;
    }>(`
      select o.email as owner, m.email as manager, s.email as by, a.ended_at is null as current,
        (select count(*)::int from thread_messages x join message_threads t on t.id = x.thread_id
          where t.assignment_id = a.id) as messages
      from property_manager_assignments a
      join properties p on p.id = a.property_id join users o on o.id = p.owner_id
      join users m on m.id = a.manager_id join users s on s.id = a.assigned_by`);
    expect(assignments.filter((a) => a.current)).toHaveLength(4);
    expect(assignments.filter((a) => !a.current)).toHaveLength(1);
    for (const a of assignments) {
      expect(a).toMatchObject({
        owner: "landlord@staylondon.example",
        manager: "manager@staylondon.example",
        by: "landlord@staylondon.example",
      });
      expect(a.messages).toBeGreaterThan(0);
    }
    // Some of the owner's messages wait for the manager.
    const [{ unread }] = (await query<{ unread: number }>(`
      select count(*)::int as unread from thread_messages x
      join message_threads t on t.id = x.thread_id
      join property_manager_assignments a on a.id = t.assignment_id
      left join message_thread_reads r on r.thread_id = t.id and r.user_id = a.manager_id
      where a.ended_at is null and x.author_id <> a.manager_id and x.id > coalesce(r.last_read_message_id, 0)`)) as [
      { unread: number },
    ];
    expect(unread).toBeGreaterThan(0);
  });

  it("has guest–host conversations: answered enquiries behind Westminster's figures, one waiting for landlord@, and the demo guest's stay", async () => {
    const [westminster] = await query<{ id: number }>(
      "select id from properties where slug = 'westminster-luxury-flat'",
    );
    // The listing's figures come from the seeded messages through the same query as any listing's.
    const figures = await findResponseFigures(t.db, westminster?.id ?? 0);
    expect(figures).toMatchObject({ enquiries: 3, answered_in_time: 3, median_seconds: 34 * 60 });

    const [landlord] = await query<{ id: number }>("select id from users where email = 'landlord@staylondon.example'");
    const id = landlord?.id ?? 0;
    expect(await countUnreadFor(t.db, { guestId: id, ownerId: id }, id)).toEqual({ unread: 1, threads: 1 });

    const stays = await query<{ status: string; guest: string; messages: number; unread: number }>(`
      select b.status, g.email as guest, count(m.id)::int as messages,
        (count(m.id) filter (where m.id > coalesce(r.last_read_message_id, 0) and m.author_id <> g.id))::int as unread
      from message_threads t join bookings b on b.id = t.booking_id join users g on g.id = t.guest_id
      join thread_messages m on m.thread_id = t.id
      left join message_thread_reads r on r.thread_id = t.id and r.user_id = g.id
      group by b.status, g.email`);
    expect(stays).toEqual([{ status: "confirmed", guest: "guest@staylondon.example", messages: 3, unread: 0 }]);
  });

  it("has maintenance jobs in every status on landlord@'s listings, consistent with their offers and timelines", async () => {
    const jobs = await query<{
      status: string;
      urgent: boolean;
      owner: string;
      contractor: string | null;
      final_cost: string | null;
      paid: boolean;
      offers: string[] | null;
      events: string[];
    }>(`
      select j.status, j.is_urgent as urgent, o.email as owner, c.email as contractor, j.final_cost::text,
        j.paid_at is not null as paid,
        (select array_agg(f.status order by f.id) from maintenance_offers f where f.job_id = j.id) as offers,
        (select array_agg(e.transition order by e.created_at, e.id) from maintenance_job_events e where e.job_id = j.id) as events
      from maintenance_jobs j
      join properties p on p.id = j.property_id join users o on o.id = p.owner_id
      left join users c on c.id = j.contractor_id`);
    expect(new Set(jobs.map((j) => j.status))).toEqual(
      new Set(["pending", "scheduled", "in_progress", "completed", "declined", "cancelled"]),
    );
    expect(jobs.every((j) => j.owner === "landlord@staylondon.example")).toBe(true);
    expect(jobs.some((j) => j.status === "pending" && j.urgent && j.offers === null)).toBe(true);
    expect(jobs.some((j) => j.status === "pending" && j.offers?.includes("open"))).toBe(true);
    const completed = jobs.filter((j) => j.status === "completed");
    expect(completed.some((j) => j.paid)).toBe(true);
    expect(completed.some((j) => !j.paid)).toBe(true);
    for (const job of jobs) {
      expect(job.events[0]).toBe("report");
      const taken = ["scheduled", "in_progress", "completed"].includes(job.status);
      if (taken) expect(job.contractor).toBe("contractor@staylondon.example");
      if (taken) expect(job.offers).toContain("accepted");
      expect(job.final_cost !== null).toBe(job.status === "completed");
      if (job.status === "completed") expect(job.events).toContain("complete");
      if (job.paid) expect(job.events.at(-1)).toBe("mark_paid");
      if (job.status === "declined") expect(job.events.at(-1)).toBe("decline_report");
      if (job.status === "cancelled") expect(job.events.at(-1)).toBe("cancel");
    }
    // contractor@ has earnings over several months.
    const months = await query<{ month: string }>(`
      select distinct to_char(completed_at, 'YYYY-MM') as month from maintenance_jobs
      where status = 'completed' and contractor_id = (select id from users where email = 'contractor@staylondon.example')`);
    expect(months.length).toBeGreaterThanOrEqual(4);
  });

  it("records each paid job's cost in the ledger on the day it was paid, as an owner marking it paid does, and no other", async () => {
    const jobs = await query<{
      id: number;
      paid: boolean;
      cost_pence: number;
      paid_at: Date | null;
      owner: number;
      contractor: number;
    }>(`
      select j.id, j.paid_at is not null as paid, (j.final_cost * 100)::int as cost_pence, j.paid_at,
             p.owner_id as owner, j.contractor_id as contractor
        from maintenance_jobs j join properties p on p.id = j.property_id
       where j.status = 'completed'`);
    const postings = await query<{ job: number; key: string; demo: boolean; at: Date; party: number; pence: string }>(`
      select t.maintenance_job_id as job, t.idempotency_key as key, t.demo, t.created_at as at,
             a.party_id as party, e.amount_pence::text as pence
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
       where t.kind = 'job_cost'
       order by t.id, e.id`);
    expect(jobs.some((j) => j.paid)).toBe(true);
    expect(new Set(postings.map((p) => p.job))).toEqual(new Set(jobs.filter((j) => j.paid).map((j) => j.id)));
    for (const job of jobs.filter((j) => j.paid)) {
      const lines = postings.filter((p) => p.job === job.id);
      expect(lines.map((l) => [l.key, l.demo, l.at.toISOString(), l.party, Number(l.pence)])).toEqual([
        [`job:${job.id}:cost`, true, job.paid_at?.toISOString(), job.owner, job.cost_pence],
        [`job:${job.id}:cost`, true, job.paid_at?.toISOString(), job.contractor, -job.cost_pence],
      ]);
    }
    // What the ledger holds for the owner still covers what they paid: the past transfers left it there.
    const held = await query<{ party: number; pence: string }>(`
      select a.party_id as party, sum(e.amount_pence)::text as pence
        from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
       group by a.party_id`);
    expect(held.filter((h) => Number(h.pence) > 0)).toEqual([]);
  });

  it("keeps a scheduled job's vacant nights empty in the calendar, on nights no stay holds", async () => {
    const nights = await query<{ job: number; vacant: number; nights: number; clashes: number }>(`
      select j.id as job, j.vacant_nights as vacant, count(a.id)::int as nights,
        count(b.id)::int as clashes
      from maintenance_jobs j
      join availability a on a.maintenance_job_id = j.id and a.status = 'blocked'
      left join bookings b on b.property_id = j.property_id and b.status in ('pending', 'confirmed')
        and a.date >= b.check_in and a.date < b.check_out
      where j.status = 'scheduled'
      group by j.id`);
    expect(nights.length).toBeGreaterThan(0);
    for (const n of nights) expect(n).toEqual({ job: n.job, vacant: n.nights, nights: n.vacant, clashes: 0 });
  });
  it("records every demo stay's money in the ledger, all of it marked demo, and the books balance", async () => {
    const [row] = await query<Record<string, number>>(`
      select (select count(*) from bookings b where b.status in ('confirmed', 'completed')
                and not exists (select 1 from ledger_transactions t
                                 where t.booking_id = b.id and t.kind = 'booking_charge'))::int as uncharged,
             (select count(*) from ledger_transactions where not demo)::int as real,
             (select count(*) from ledger_transactions where kind = 'refund')::int as refunds,
             (select coalesce(sum(amount_pence), 0) from ledger_entries)::int as total,
             (select coalesce(sum(e.amount_pence), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
               where a.kind = 'guest_receivable')::int as owed`);
    expect(row).toMatchObject({ uncharged: 0, real: 0, total: 0, owed: 0 });
    expect(row?.refunds).toBeGreaterThan(0);
  });
  it("has sent every past stay's shares as the payout job would have, on the day after check-in, in balanced books", async () => {
    // Each stay's share per payee: what was earned, what was transferred and when, and whether its payee can be paid.
    const shares = await query<{
      booking: number;
      payee: number;
      released: boolean;
      ready: boolean;
      earned: number;
      transferred: number;
      on_day: number;
      claim: string | null;
    }>(`
      select b.id as booking, a.party_id as payee, b.check_in + 1 <= date '${TODAY}' as released,
             coalesce(pa.payouts_enabled, false) as ready,
             -sum(e.amount_pence) filter (where t.kind <> 'transfer')::int as earned,
             coalesce(sum(e.amount_pence) filter (where t.kind = 'transfer'), 0)::int as transferred,
             count(*) filter (where t.kind = 'transfer'
               and (t.created_at at time zone 'Europe/London')::date = b.check_in + 1)::int as on_day,
             (select string_agg(pt.claim_key, ' ') from payout_transfers pt
               where pt.booking_id = b.id and pt.payee_id = a.party_id and pt.demo
                 and (pt.sent_at at time zone 'Europe/London')::date = b.check_in + 1) as claim
      from bookings b
      join ledger_transactions t on t.booking_id = b.id
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
      left join payout_accounts pa on pa.user_id = a.party_id
      group by b.id, a.party_id, pa.payouts_enabled`);
    const paidOut = shares.filter((s) => s.released && s.ready && s.earned > 0);
    expect(paidOut.length).toBeGreaterThan(100);
    for (const s of paidOut) {
      const claim = transferClaimKey({ bookingId: s.booking, maintenanceJobId: null }, s.payee);
      expect(s).toEqual({ ...s, transferred: s.earned, on_day: 1, claim });
    }
    // A stay not yet a day past its check-in keeps its shares held, with nothing claimed.
    const waiting = shares.filter((s) => !s.released && s.earned > 0);
    expect(waiting.length).toBeGreaterThan(0);
    for (const s of waiting) expect(s).toEqual({ ...s, transferred: 0, on_day: 0, claim: null });

    // Each payee holds only what their current and future stays (or an unready payout account) keep back, less the
    // jobs an owner paid from it; a contractor's job pay was sent on.
    const held = await query<{ payee: number; held: number; jobs: number }>(`
      select a.party_id as payee, -sum(e.amount_pence)::int as held,
             -coalesce(sum(e.amount_pence) filter (where t.maintenance_job_id is not null), 0)::int as jobs
      from ledger_accounts a join ledger_entries e on e.account_id = a.id
      join ledger_transactions t on t.id = e.transaction_id
      where a.kind = 'earnings_held' group by a.party_id`);
    expect(held.some((h) => h.jobs < 0)).toBe(true);
    const stillHeld = new Map<number, number>(held.map((h) => [h.payee, h.jobs]));
    for (const s of shares.filter((s) => !s.released || !s.ready)) {
      stillHeld.set(s.payee, (stillHeld.get(s.payee) ?? 0) + s.earned);
    }
    for (const h of held)
      expect({ payee: h.payee, held: h.held }).toEqual({ payee: h.payee, held: stillHeld.get(h.payee) ?? 0 });

    const [books] = await query<{ total: number; transfers: number; undemo: number; unbalanced: number }>(`
      select (select coalesce(sum(amount_pence), 0) from ledger_entries)::int as total,
             (select count(*) from ledger_transactions where kind = 'transfer' and booking_id is not null)::int as transfers,
             (select count(*) from ledger_transactions where kind = 'transfer' and not demo)::int as undemo,
             (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                                     having sum(amount_pence) <> 0) x)::int as unbalanced`);
    expect(books).toEqual({ total: 0, transfers: paidOut.length, undemo: 0, unbalanced: 0 });
  });

  it("leaves the payout job nothing to send today for stays that arrived before yesterday", async () => {
    const job = new PayoutTransfers(t.db, new StripeGateway({}), Fastify({ logger: { level: "error" } }).log);
    const before = await query<{ n: number }>("select count(*)::int as n from payout_transfers");
    const run = await job.releaseDue(TODAY);
    // Not even yesterday's arrivals: the seed sent their shares this morning, as the job's first run would have.
    expect(run).toEqual({ claimed: 0, sent: 0, failed: 0, reversed: 0, reversalsFailed: 0 });
    const after = await query<{ n: number }>("select count(*)::int as n from payout_transfers");
    expect(after).toEqual(before);
  });
});
