import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, replayMigration } from "../../server/db/migrate";
import { fromRoot } from "../../server/lib/project-root";
import { foldStayFigures } from "../../server/repositories/stay-figures.repository";
import { createTestDatabase, type TestDatabase } from "../support/database";

type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(readFileSync(fromRoot("drizzle/meta/_journal.json"), "utf8")) as Journal;
const scratch = mkdtempSync(path.join(os.tmpdir(), "staylondon-migrations-"));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
  rmSync(scratch, { recursive: true, force: true });
});

/** A copy of drizzle/ that knows only the first `count` migrations. */
function firstMigrations(count: number): string {
  const folder = path.join(scratch, `first-${count}`);
  cpSync(fromRoot("drizzle"), folder, { recursive: true });
  const partial: Journal = { ...journal, entries: journal.entries.slice(0, count) };
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(partial));
  return folder;
}

/** Rows written with only the columns of the first migration, so they fit every later schema. */
const FIXTURE = `
  insert into users (id, email, first_name, role) values
    (901, 'owner@fixture.example', 'Olive', 'landlord'), (902, 'guest@fixture.example', 'Gus', 'guest');
  insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month, rating)
    values (901, 901, 'fixture-flat', 'Fixture Flat', 'A flat that must survive every migration.',
            '1 Fixture Road, Camden, London', 'Camden', 210.50, 5000, 4.25);
  insert into property_photos (property_id, url, display_order, is_main) values (901, '/media/demo/fixture.webp', 0, true);
  insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, guest_count)
    values (901, 901, 902, '2030-01-01', '2030-01-04', 694.65, 'confirmed', 2);
  insert into payments (booking_id, amount, status) values (901, 694.65, 'succeeded');
  insert into reviews (property_id, booking_id, guest_id, rating, comment) values (901, 901, 902, 5, 'Lovely');
  insert into saved_properties (user_id, property_id) values (902, 901);
`;

const SNAPSHOT = `
  select json_build_object(
    'users', (select json_agg(json_build_object('id', id, 'email', email, 'role', role) order by id) from users),
    'property', (select json_build_object('slug', slug, 'price', price_per_night::text, 'rating', rating::text) from properties where id = 901),
    'photos', (select count(*) from property_photos where property_id = 901),
    'booking', (select json_build_object('in', check_in::text, 'out', check_out::text, 'total', total_price::text, 'status', status) from bookings where id = 901),
    'payments', (select json_agg(amount::text) from payments),
    'reviews', (select json_agg(comment) from reviews),
    'saved', (select count(*) from saved_properties)
  ) as snapshot`;

/** The fixture stay's charge as the ledger records it: £600 to the host, £60 to the platform, demo money. */
const CHARGED_STAY = `
      insert into ledger_accounts (kind, party_id) values ('guest_receivable', 902), ('earnings_held', 901)
        on conflict do nothing;
      insert into ledger_accounts (kind) values ('platform_fees') on conflict do nothing;
      with tx as (
        insert into ledger_transactions (kind, idempotency_key, booking_id, demo)
          values ('booking_charge', 'booking:901:charge', 901, true) returning id)
      insert into ledger_entries (transaction_id, account_id, amount_pence)
        select tx.id, a.id, case a.kind when 'guest_receivable' then 66000 when 'earnings_held' then -60000 else -6000 end
          from tx, ledger_accounts a
         where (a.kind = 'guest_receivable' and a.party_id = 902) or (a.kind = 'earnings_held' and a.party_id = 901)
            or (a.kind = 'platform_fees' and a.party_id is null);`;

describe("migrations on a database that already holds data", () => {
  const steps = journal.entries.map((e) => e.idx + 1).filter((count) => count < journal.entries.length);

  it.each(steps)("keeps every row when the migrations after the first %i are applied", async (count) => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(count));
    await t.db.$client.query(FIXTURE);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    const after = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;
    expect(after).toEqual(before);
    expect(after.booking).toEqual({ in: "2030-01-01", out: "2030-01-04", total: "694.65", status: "confirmed" });
    const applied = await t.db.$client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });

  it("is a no-op when run again", async () => {
    const t = await createTestDatabase();
    databases.push(t);
    await migrateDatabase(t.db);
    const applied = await t.db.$client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });
});

describe("0010: every booking keeps the cancellation policy it was made under", () => {
  const before0010 = journal.entries.findIndex((e) => e.tag.startsWith("0010_"));

  it("gives bookings made before it their property's policy, then copies it into every new booking", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0010));
    await t.db.$client.query(`
      insert into users (id, email, role) values (911, 'owner@policy.example', 'landlord'), (912, 'guest@policy.example', 'guest');
      insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month, cancellation_policy)
        values (911, 911, 'flexible-flat', 'Flexible Flat', 'A flat with a flexible policy.', '1 Policy Road, Camden, London', 'Camden', 100, 2400, 'flexible'),
               (912, 911, 'strict-flat', 'Strict Flat', 'A flat with a strict policy.', '2 Policy Road, Camden, London', 'Camden', 100, 2400, 'strict');
      insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, refund_amount, cancelled_by)
        values (911, 911, 912, '2030-01-01', '2030-01-03', 220, 'confirmed', null, null),
               (912, 911, 912, '2030-02-01', '2030-02-03', 220, 'cancelled', 220, 'guest'),
               (913, 912, 912, '2030-01-01', '2030-01-03', 220, 'pending', null, null);
    `);

    await migrateDatabase(t.db);

    const policies = async () =>
      (
        await t.db.$client.query(
          "select id, cancellation_policy as policy, refund_amount::text as refund from bookings order by id",
        )
      ).rows;
    expect(await policies()).toEqual([
      { id: 911, policy: "flexible", refund: null },
      { id: 912, policy: "flexible", refund: "220.00" },
      { id: 913, policy: "strict", refund: null },
    ]);
    const column = await t.db.$client.query(
      `select is_nullable, udt_name from information_schema.columns
        where table_name = 'bookings' and column_name = 'cancellation_policy'`,
    );
    expect(column.rows).toEqual([{ is_nullable: "NO", udt_name: "cancellation_policy" }]);

    // An insert that leaves the policy out (as the previous release does) gets its property's at that moment;
    // a later change of the property's policy changes no booking.
    await t.db.$client.query(`insert into bookings (id, property_id, guest_id, check_in, check_out, total_price)
      values (914, 912, 912, '2030-03-01', '2030-03-03', 220)`);
    await t.db.$client.query("update properties set cancellation_policy = 'moderate'");
    await t.db.$client.query(`insert into bookings (id, property_id, guest_id, check_in, check_out, total_price)
      values (915, 912, 912, '2030-04-01', '2030-04-03', 220)`);
    expect((await policies()).map((r) => r.policy)).toEqual(["flexible", "flexible", "strict", "strict", "moderate"]);

    const unknownProperty =
      t.db.$client.query(`insert into bookings (property_id, guest_id, check_in, check_out, total_price)
      values (999, 912, '2030-05-01', '2030-05-03', 220)`);
    await expect(unknownProperty).rejects.toMatchObject({ code: "23503" });
  });
});

describe("0013: booking tallies", () => {
  const before0013 = journal.entries.findIndex((e) => e.tag.startsWith("0013_"));

  it("counts the bookings already there, then keeps counting", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0013));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`insert into bookings (property_id, guest_id, check_in, check_out, total_price, status, guest_count)
      values (901, 902, '2030-02-01', '2030-02-03', 100.10, 'cancelled', 1)`);

    await migrateDatabase(t.db);

    const tallies = async () =>
      (
        await t.db.$client.query(`select status, sum(bookings)::int as bookings, sum(total_price)::text as total
          from booking_tallies group by status having sum(bookings) <> 0 order by status`)
      ).rows;
    expect(await tallies()).toEqual([
      { status: "confirmed", bookings: 1, total: "694.65" },
      { status: "cancelled", bookings: 1, total: "100.10" },
    ]);
    await t.db.$client.query("update bookings set status = 'completed' where id = 901");
    expect(await tallies()).toEqual([
      { status: "completed", bookings: 1, total: "694.65" },
      { status: "cancelled", bookings: 1, total: "100.10" },
    ]);
  });
});

describe("0014: maintenance and property management", () => {
  const before0014 = journal.entries.findIndex((e) => e.tag.startsWith("0014_"));

  it("keeps the landlord's blocked nights working and lets work block nights of its own beside them", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0014));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`insert into users (id, email, first_name, role) values
      (903, 'manager@fixture.example', 'Mia', 'property_manager'), (904, 'fixer@fixture.example', 'Finn', 'contractor')`);
    await t.db.$client.query(`insert into availability (property_id, date, status, notes) values
      (901, '2030-03-01', 'blocked', 'Painting'), (901, '2030-03-02', 'blocked', null)`);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const nights = async () =>
      (
        await t.db.$client.query(
          "select date::text, status, notes, maintenance_job_id as job from availability order by date",
        )
      ).rows;
    expect(await nights()).toEqual([
      { date: "2030-03-01", status: "blocked", notes: "Painting", job: null },
      { date: "2030-03-02", status: "blocked", notes: null, job: null },
    ]);
    // The landlord's old blocks still refuse a booking of those nights.
    const overBlocked =
      t.db.$client.query(`insert into bookings (property_id, guest_id, check_in, check_out, total_price)
      values (901, 902, '2030-03-01', '2030-03-03', 200)`);
    await expect(overBlocked).rejects.toMatchObject({ code: "23P01" });

    // A manager and a job arrive; the job blocks a night of its own, which goes with the job, leaving the old ones.
    await t.db.$client.query(`insert into property_manager_assignments (property_id, manager_id, assigned_by)
      values (901, 903, 901)`);
    const second = t.db.$client.query(
      `insert into property_manager_assignments (property_id, manager_id) values (901, 903)`,
    );
    await expect(second).rejects.toMatchObject({
      code: "23505",
      constraint: "property_manager_assignments_current_key",
    });
    await t.db.$client.query(`insert into maintenance_jobs (id, property_id, reported_by, title, description, category,
      status, contractor_id, scheduled_date, vacant_nights) values
      (1, 901, 901, 'Replace the boiler', 'The boiler is failing.', 'heating', 'scheduled', 904, '2030-03-05', 1)`);
    await t.db.$client.query(`insert into availability (property_id, date, status, maintenance_job_id)
      values (901, '2030-03-05', 'blocked', 1)`);
    const overWork = t.db.$client.query(`insert into bookings (property_id, guest_id, check_in, check_out, total_price)
      values (901, 902, '2030-03-05', '2030-03-06', 100)`);
    await expect(overWork).rejects.toMatchObject({ code: "23P01" });
    await t.db.$client.query("delete from maintenance_jobs where id = 1");
    expect((await nights()).map((n) => n.date)).toEqual(["2030-03-01", "2030-03-02"]);
  });
});

describe("0023: imported calendars keep their server's validators", () => {
  const before0023 = journal.entries.findIndex((e) => e.tag.startsWith("0023_"));

  it("keeps every imported feed and its stays, with no validators until the next full read", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0023));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`insert into calendar_feeds (id, property_id, name, url, last_synced_at, event_count)
      values (1, 901, 'Airbnb', 'https://calendars.example/one.ics', now(), 1)`);
    await t.db.$client.query(`insert into imported_stays (feed_id, property_id, uid, starts_on, ends_on)
      values (1, 901, 'stay-1@airbnb', '2030-05-01', '2030-05-04')`);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const feeds = await t.db.$client.query(
      `select name, url, event_count, last_synced_at is not null as synced, etag, last_modified, content_fetched_at
         from calendar_feeds`,
    );
    expect(feeds.rows).toEqual([
      {
        name: "Airbnb",
        url: "https://calendars.example/one.ics",
        event_count: 1,
        synced: true,
        etag: null,
        last_modified: null,
        content_fetched_at: null,
      },
    ]);
    const stays = await t.db.$client.query("select uid, starts_on::text, ends_on::text from imported_stays");
    expect(stays.rows).toEqual([{ uid: "stay-1@airbnb", starts_on: "2030-05-01", ends_on: "2030-05-04" }]);
  });
});

describe("0029-0031: accounts people run themselves", () => {
  const before0029 = journal.entries.findIndex((e) => e.tag.startsWith("0029_"));

  it("leaves existing accounts open, without e-mail choices or two-factor, and queued messages as they were", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0029));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`insert into outgoing_messages (channel, recipient, subject, body)
      values ('email', 'guest@fixture.example', 'Queued before', 'Hello')`);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const people = await t.db.$client.query(
      `select id, closed_at, marketing_emails, reminder_emails, totp_enabled_at from users order by id`,
    );
    expect(people.rows).toEqual([
      { id: 901, closed_at: null, marketing_emails: false, reminder_emails: false, totp_enabled_at: null },
      { id: 902, closed_at: null, marketing_emails: false, reminder_emails: false, totp_enabled_at: null },
    ]);
    const queued = await t.db.$client.query(
      `select recipient, body, status, headers, erase_when_finished from outgoing_messages`,
    );
    expect(queued.rows).toEqual([
      {
        recipient: "guest@fixture.example",
        body: "Hello",
        status: "pending",
        headers: null,
        erase_when_finished: false,
      },
    ]);
    const booking = await t.db.$client.query(`select arrival_reminder_sent_at from bookings where id = 901`);
    expect(booking.rows).toEqual([{ arrival_reminder_sent_at: null }]);
  });
});

describe("0033: owner–manager threads become conversations beside the guest–host ones", () => {
  const before0033 = journal.entries.findIndex((e) => e.tag.startsWith("0033_"));

  it("keeps every message, its author and time, and each reader's place under the new ids", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0033));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into users (id, email, first_name, role) values (903, 'manager@fixture.example', 'Mia', 'property_manager');
      insert into property_manager_assignments (id, property_id, manager_id, assigned_by, started_at, ended_at) values
        (951, 901, 903, 901, '2026-01-01T09:00:00Z', '2026-02-01T09:00:00Z'),
        (952, 901, 903, 901, '2026-03-01T09:00:00Z', null);
      -- A guest–host enquiry first, so the moved messages cannot keep their old ids by chance.
      insert into message_threads (id, property_id, guest_id) values (961, 901, 902);
      insert into thread_messages (thread_id, author_id, author_side, body) values
        (961, 902, 'guest', 'Is there parking?'), (961, 901, 'host', 'Yes, one space.');
      insert into message_thread_reads (thread_id, user_id, last_read_message_id) values (961, 901, 1);
      insert into manager_messages (id, assignment_id, author_id, body, created_at) values
        (1, 951, 901, 'Welcome aboard', '2026-01-02T10:00:00Z'),
        (2, 952, 903, 'Back again', '2026-03-02T10:00:00Z'),
        (3, 952, 901, 'Good to have you', '2026-03-02T11:00:00Z'),
        (4, 952, 903, 'Boiler serviced', '2026-03-03T12:00:00Z');
      -- The manager has read the owner's reply (3) but the owner has not read the manager's last note (4).
      insert into manager_thread_reads (assignment_id, user_id, last_read_message_id) values
        (951, 903, 1), (952, 903, 3), (952, 901, 2);
    `);

    await migrateDatabase(t.db);

    const threads = await t.db.$client.query(
      `select id, kind, property_id, guest_id, assignment_id, created_at::text from message_threads order by kind, id`,
    );
    expect(threads.rows).toEqual([
      {
        id: 961,
        kind: "guest_host",
        property_id: 901,
        guest_id: 902,
        assignment_id: null,
        created_at: expect.any(String),
      },
      expect.objectContaining({
        kind: "owner_manager",
        guest_id: null,
        assignment_id: 951,
        created_at: "2026-01-01 09:00:00+00",
      }),
      expect.objectContaining({
        kind: "owner_manager",
        guest_id: null,
        assignment_id: 952,
        created_at: "2026-03-01 09:00:00+00",
      }),
    ]);
    const messages = await t.db.$client.query(`
      select t.assignment_id, m.id::int, m.author_id, m.author_side, m.body, m.created_at::text
      from thread_messages m join message_threads t on t.id = m.thread_id
      where t.kind = 'owner_manager' order by m.id`);
    expect(messages.rows.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        assignment_id: 951,
        author_id: 901,
        author_side: "host",
        body: "Welcome aboard",
        created_at: "2026-01-02 10:00:00+00",
      },
      {
        assignment_id: 952,
        author_id: 903,
        author_side: "manager",
        body: "Back again",
        created_at: "2026-03-02 10:00:00+00",
      },
      {
        assignment_id: 952,
        author_id: 901,
        author_side: "host",
        body: "Good to have you",
        created_at: "2026-03-02 11:00:00+00",
      },
      {
        assignment_id: 952,
        author_id: 903,
        author_side: "manager",
        body: "Boiler serviced",
        created_at: "2026-03-03 12:00:00+00",
      },
    ]);
    const newId = (body: string) => messages.rows.find((m) => m.body === body)?.id;
    expect(newId("Welcome aboard")).toBeGreaterThan(2);

    const reads = await t.db.$client.query(`
      select t.assignment_id, r.user_id, r.last_read_message_id::int as last
      from message_thread_reads r join message_threads t on t.id = r.thread_id
      order by t.assignment_id nulls first, r.user_id`);
    expect(reads.rows).toEqual([
      { assignment_id: null, user_id: 901, last: 1 },
      { assignment_id: 951, user_id: 903, last: newId("Welcome aboard") },
      { assignment_id: 952, user_id: 901, last: newId("Back again") },
      { assignment_id: 952, user_id: 903, last: newId("Good to have you") },
    ]);
    // What is unread stays unread: the owner has one new note, the manager none.
    const unread = await t.db.$client.query(`
      select r.user_id, count(m.id)::int as n
      from message_thread_reads r join message_threads t on t.id = r.thread_id and t.assignment_id = 952
      left join thread_messages m on m.thread_id = t.id and m.author_id <> r.user_id and m.id > r.last_read_message_id
      group by r.user_id order by r.user_id`);
    expect(unread.rows).toEqual([
      { user_id: 901, n: 1 },
      { user_id: 903, n: 0 },
    ]);
    const oldTables = await t.db.$client.query(
      `select count(*)::int as n from information_schema.tables where table_name in ('manager_messages', 'manager_thread_reads')`,
    );
    expect(oldTables.rows[0].n).toBe(0);
    // Each kind names its own parties.
    await expect(
      t.db.$client.query(
        `insert into message_threads (kind, property_id, guest_id, assignment_id) values ('owner_manager', 901, 902, 952)`,
      ),
    ).rejects.toMatchObject({ code: "23514" });
  });
});

describe("0035: the ledger begins with every stay already booked", () => {
  const before0035 = journal.entries.findIndex((e) => e.tag.startsWith("0035_"));

  it("records each stay's charge, payment and refund once, real where Stripe collected and demo otherwise", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0035));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into users (id, email, role) values (921, 'guest2@fixture.example', 'guest');
      insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, service_fee, status,
                            confirmed_at, cancelled_at, refund_amount, cancelled_by) values
        -- paid by card, then cancelled under a policy that returned part of the nights and kept the fee
        (931, 901, 921, '2030-02-01', '2030-02-04', 330.01, 30.00, 'cancelled', '2026-01-01', '2026-01-05', 150.005, 'guest'),
        -- accepted without card payments (demo mode), still to come
        (932, 901, 921, '2030-03-01', '2030-03-03', 220.00, 20.00, 'confirmed', '2026-01-02', null, null, null),
        -- a request that lapsed, whose card payment came late and went back
        (933, 901, 921, '2030-04-01', '2030-04-03', 220.00, 20.00, 'cancelled', null, '2026-01-03', 0, 'system'),
        -- a request still waiting: nothing owed yet
        (934, 901, 921, '2030-05-01', '2030-05-03', 220.00, 20.00, 'pending', null, null, null, null);
      insert into payments (booking_id, amount, status, stripe_payment_intent_id, refunded_amount) values
        (931, 330.01, 'succeeded', 'pi_fixture_931', 150.01),
        (933, 220.00, 'refunded', 'pi_fixture_933', 220.00);
    `);

    await migrateDatabase(t.db);
    // Applying it again (as the demo seed does) finds everything recorded and adds nothing.
    await t.db.transaction((tx) => replayMigration(tx, journal.entries[before0035]?.tag ?? "", fromRoot("drizzle")));

    const transactions = (
      await t.db.$client.query(`
        select t.idempotency_key as key, t.demo, t.booking_id as booking,
               json_object_agg(a.kind || coalesce(':' || a.party_id, ''), e.amount_pence order by a.kind) as lines
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
         group by t.id order by t.id`)
    ).rows;
    expect(transactions).toEqual([
      {
        key: "booking:901:charge",
        demo: true,
        booking: 901,
        lines: { "earnings_held:901": -69465, "guest_receivable:902": 69465 },
      },
      {
        key: "booking:931:charge",
        demo: false,
        booking: 931,
        lines: { "earnings_held:901": -30001, "guest_receivable:921": 33001, platform_fees: -3000 },
      },
      {
        key: "booking:932:charge",
        demo: true,
        booking: 932,
        lines: { "earnings_held:901": -20000, "guest_receivable:921": 22000, platform_fees: -2000 },
      },
      {
        key: "payment:pi_fixture_931",
        demo: false,
        booking: 931,
        lines: { "guest_receivable:921": -33001, platform_cash: 33001 },
      },
      {
        key: "payment:pi_fixture_933",
        demo: false,
        booking: 933,
        lines: { "guest_receivable:921": -22000, platform_cash: 22000 },
      },
      {
        key: "booking:901:payment",
        demo: true,
        booking: 901,
        lines: { "guest_receivable:902": -69465, platform_cash: 69465 },
      },
      {
        key: "booking:932:payment",
        demo: true,
        booking: 932,
        lines: { "guest_receivable:921": -22000, platform_cash: 22000 },
      },
      // £150.01 (numeric rounding of 150.005) comes from the nights only: the fee stays the platform's.
      {
        key: "booking:931:refund",
        demo: false,
        booking: 931,
        lines: { "earnings_held:901": 15001, platform_cash: -15001 },
      },
      {
        key: "payment:pi_fixture_933:returned",
        demo: false,
        booking: 933,
        lines: { "guest_receivable:921": 22000, platform_cash: -22000 },
      },
    ]);
    const owed = await t.db.$client.query(`
      select a.kind, a.party_id, sum(e.amount_pence)::int as balance from ledger_entries e
        join ledger_accounts a on a.id = e.account_id group by a.kind, a.party_id order by a.kind, a.party_id`);
    expect(owed.rows).toEqual([
      { kind: "platform_cash", party_id: null, balance: 69465 + 33001 + 22000 - 15001 },
      { kind: "guest_receivable", party_id: 902, balance: 0 },
      { kind: "guest_receivable", party_id: 921, balance: 0 },
      { kind: "platform_fees", party_id: null, balance: -2000 - 3000 },
      { kind: "earnings_held", party_id: 901, balance: -69465 - 30001 - 20000 + 15001 },
    ]);
  });
});

describe("0043: HMRC reports kept as they were sent", () => {
  const before0043 = journal.entries.findIndex((e) => e.tag.startsWith("0043_"));

  it("adds the store beside the data already there, and the store refuses changes and deletions", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0043));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into users (id, email, first_name, last_name, role) values (941, 'admin@fixture.example', 'Ann', 'Admin', 'admin');
      insert into seller_tax_details (user_id, kind, legal_name, date_of_birth, address_line1, city, postcode,
                                      national_insurance_number_sealed)
        values (901, 'individual', 'Olive Owner', '1980-01-02', '1 Fixture Road', 'London', 'NW1 1AA', 'v1.a.b.c');
    `);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const details = await t.db.$client.query(
      "select legal_name, national_insurance_number_sealed from seller_tax_details",
    );
    expect(details.rows).toEqual([{ legal_name: "Olive Owner", national_insurance_number_sealed: "v1.a.b.c" }]);
    expect((await t.db.$client.query("select count(*)::int as n from platform_report_filings")).rows[0].n).toBe(0);

    const filing = (ref: string, sha = "a".repeat(64)) =>
      t.db.$client.query(
        `insert into platform_report_filings (year, message_ref_id, created_by, sellers, missing_tax_details, sha256, file_sealed)
         values (2026, $1, 941, 1, 0, $2, 'v1.iv.tag.body') returning id`,
        [ref, sha],
      );
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "done",
        (error: Error) => error.message,
      );
    expect((await filing("GB2026GB-XEDPI1-1")).rowCount).toBe(1);
    expect(await refusal(filing("GB2026GB-XEDPI1-1"))).toMatch(/platform_report_filings_message_ref_id_key/);
    expect(await refusal(filing("GB2026GB-XEDPI1-2", "not-a-checksum"))).toMatch(/platform_report_filings_sha256/);
    for (const statement of [
      "update platform_report_filings set sellers = 2",
      "delete from platform_report_filings",
      "truncate platform_report_filings",
    ]) {
      expect(await refusal(t.db.$client.query(statement)), statement).toMatch(/keeps each report as sent/);
    }
    // The administrator who exported it cannot be removed from under it either.
    expect(await refusal(t.db.$client.query("delete from users where id = 941"))).toMatch(
      /platform_report_filings_created_by_users_id_fk/,
    );
    const kept = await t.db.$client.query("select message_ref_id, sellers from platform_report_filings");
    expect(kept.rows).toEqual([{ message_ref_id: "GB2026GB-XEDPI1-1", sellers: 1 }]);
  });
});

describe("0044: credit notes beside receipts and VAT invoices", () => {
  const before0044 = journal.entries.findIndex((e) => e.tag.startsWith("0044_"));

  it("keeps every issued document and its series, then takes credit notes in a series of their own", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0044));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into document_series (series, next_number) values ('R2026', 2);
      insert into issued_documents (series, number, kind, booking_id, party_id, figures)
        values ('R2026', 1, 'receipt', 901, 902, '{"totalPence": 69465}');`);
    const documents = `select series, number, kind::text, booking_id, figures from issued_documents order by id`;
    const before = (await t.db.$client.query(documents)).rows;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(documents)).rows).toEqual(before);
    await t.db.$client.query(`
      insert into document_series (series, next_number) values ('C2026', 2);
      insert into issued_documents (series, number, kind, booking_id, party_id, figures)
        values ('C2026', 1, 'credit_note', 901, 902, '{"creditedPence": 69465}');`);
    const kinds = await t.db.$client.query(
      "select kind::text, series, number from issued_documents where booking_id = 901 order by id",
    );
    expect(kinds.rows).toEqual([
      { kind: "receipt", series: "R2026", number: 1 },
      { kind: "credit_note", series: "C2026", number: 1 },
    ]);
    const series = await t.db.$client.query("select series, next_number from document_series order by series");
    expect(series.rows).toEqual([
      { series: "C2026", next_number: 2 },
      { series: "R2026", next_number: 2 },
    ]);
  });
});

describe("0046/0047: where each listing is, legally", () => {
  const before0046 = journal.entries.findIndex((e) => e.tag.startsWith("0046_"));

  it("places the listings already there by their postcode: Edinburgh ones in Scotland and the city's levy area", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before0046));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into properties (id, owner_id, slug, title, description, address, city, region, postcode, price_per_night, price_per_month)
      values
        (911, 901, 'heriot-row', 'Heriot Row', 'A flat in the New Town of Edinburgh.', 'Flat 1F, 31 Heriot Row, Edinburgh EH3 6ES', 'Edinburgh', 'Edinburgh', 'EH3 6ES', 295, 6000),
        (912, 901, 'musselburgh', 'Musselburgh', 'A flat by the harbour, outside the city.', '2 High Street, Musselburgh', 'Musselburgh', 'Musselburgh', 'EH21 7AA', 120, 2500),
        (913, 901, 'cardiff', 'Cardiff Bay', 'A flat on the water in Cardiff Bay.', 'Apt 4, Stuart Street, Cardiff CF10 5BZ', 'Cardiff', 'Cardiff', null, 135, 2800),
        (914, 901, 'belfast', 'Belfast', 'A flat in the Cathedral Quarter.', '3 Hill Street, Belfast', 'Belfast', 'Belfast', 'BT1 2LA', 100, 2000),
        (915, 901, 'chester', 'Chester', 'A flat inside the city walls.', '5 Watergate Street, Chester', 'Chester', 'Chester', 'CH1 2LA', 110, 2100);
    `);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const placed = await t.db.$client.query(
      "select id, nation::text, levy_area::text, title, price_per_night::text as price from properties order by id",
    );
    expect(placed.rows).toEqual([
      { id: 901, nation: "England", levy_area: null, title: "Fixture Flat", price: "210.50" },
      { id: 911, nation: "Scotland", levy_area: "city_of_edinburgh", title: "Heriot Row", price: "295.00" },
      { id: 912, nation: "Scotland", levy_area: null, title: "Musselburgh", price: "120.00" },
      // No postcode column: the one that ends its address says.
      { id: 913, nation: "Wales", levy_area: null, title: "Cardiff Bay", price: "135.00" },
      { id: 914, nation: "Northern Ireland", levy_area: null, title: "Belfast", price: "100.00" },
      // CH crosses the Welsh border: the law it followed until now, for its landlord to confirm.
      { id: 915, nation: "England", levy_area: null, title: "Chester", price: "110.00" },
    ]);
    const booking = await t.db.$client.query("select visitor_levy::text from bookings where id = 901");
    expect(booking.rows).toEqual([{ visitor_levy: "0.00" }]);
  });
});

describe("0050: the certificate vault beside listings already there", () => {
  const beforeVault = journal.entries.findIndex((e) => e.tag.endsWith("_certificate_vault"));

  it("keeps every listing as it was, with no certificates and no facts, then stores certificates with checked kinds", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforeVault));
    await t.db.$client.query(FIXTURE);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const empty = await t.db.$client.query(
      "select (select count(*)::int from property_certificates) as certificates, (select count(*)::int from property_compliance_facts) as facts",
    );
    expect(empty.rows[0]).toEqual({ certificates: 0, facts: 0 });
    await t.db.$client.query(`
      insert into property_certificates (property_id, kind, issued_on, expires_on, document_key, document_name, document_type)
        values (901, 'gas_safety', '2026-01-10', '2027-01-10', '${"a".repeat(32)}', 'cp12.pdf', 'application/pdf');
      insert into certificate_reminders (certificate_id, days_before)
        select id, 60 from property_certificates where property_id = 901;`);
    await expect(
      t.db.$client.query(
        "insert into certificate_reminders (certificate_id, days_before) select id, 60 from property_certificates",
      ),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      t.db.$client.query(`
        insert into property_certificates (property_id, kind, issued_on, expires_on, document_key, document_name, document_type)
          values (901, 'boiler', '2026-01-10', '2027-01-10', 'k', 'x.pdf', 'application/pdf')`),
    ).rejects.toThrow(/property_certificates_kind_check/);
  });
});

describe("0051: damage claims beside the stays and the ledger", () => {
  const beforeClaims = journal.entries.findIndex((e) => e.tag.endsWith("_damage_claims"));

  it("keeps every stay and ledger line, then takes claims on stays and damage charges in the ledger", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforeClaims));
    await t.db.$client.query(FIXTURE);
    const ledger = `select t.kind::text, t.idempotency_key, e.amount_pence::int as pence
                      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id order by e.id`;
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;
    const linesBefore = (await t.db.$client.query(ledger)).rows;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    expect((await t.db.$client.query(ledger)).rows).toEqual(linesBefore);
    await t.db.$client.query(`
      insert into damage_claims (booking_id, raised_by, description, amount_pence, status, agreed_pence, demo)
        values (901, 901, 'A cracked table top, found at check-out.', 12000, 'paid', 12000, true);
      insert into ledger_accounts (kind, party_id) values ('guest_receivable', 902), ('earnings_held', 901)
        on conflict do nothing;
      with tx as (
        insert into ledger_transactions (kind, idempotency_key, booking_id, demo, memo)
          values ('damage_charge', 'damage-claim:1:charge', 901, true, 'Demo damage charge') returning id)
      insert into ledger_entries (transaction_id, account_id, amount_pence)
        select tx.id, a.id, case when a.kind = 'guest_receivable' then 12000 else -12000 end
          from tx, ledger_accounts a
         where (a.kind = 'guest_receivable' and a.party_id = 902) or (a.kind = 'earnings_held' and a.party_id = 901);`);
    const charged = await t.db.$client.query(
      "select sum(e.amount_pence)::int as total, count(*)::int as lines from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where t.kind = 'damage_charge'",
    );
    expect(charged.rows[0]).toEqual({ total: 0, lines: 2 });
    await expect(
      t.db.$client.query(
        "insert into damage_claims (booking_id, description, amount_pence, agreed_pence) values (901, 'Second', 100, 200)",
      ),
    ).rejects.toThrow();
  });
});

describe("0052: the admin's daily money figures begin with every stay already there", () => {
  const beforeFigures = journal.entries.findIndex((e) => e.tag.endsWith("_stay_figures"));

  it("keeps every stay and ledger line, marks every stay to be counted, and the first fold equals the ledger", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforeFigures));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(CHARGED_STAY);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const marked = await t.db.$client.query(
      "select (select array_agg(distinct booking_id order by booking_id) from stay_figures_pending) as marked, (select array_agg(id order by id) from bookings) as stays",
    );
    expect(marked.rows[0].marked).toEqual(marked.rows[0].stays);

    await foldStayFigures(t.db);
    const byDay = (table: string) => `select check_in::text, sum(gross)::int as gross, sum(bookings)::int as bookings
      from ${table} group by 1 having sum(gross) <> 0 order by 1`;
    const fromLedger = await t.db.$client.query(
      byDay(`(select b.check_in, 1 as bookings, -coalesce((select sum(e.amount_pence) from ledger_transactions lt
          join ledger_entries e on e.transaction_id = lt.id join ledger_accounts a on a.id = e.account_id
          where lt.booking_id = b.id and a.kind in ('earnings_held', 'platform_fees')
            and lt.kind in ('booking_charge', 'refund')), 0) as gross from bookings b) s`),
    );
    const fromFigures = await t.db.$client.query(
      byDay("(select check_in, bookings, gross_pence as gross from stay_figures_daily) f"),
    );
    expect(fromLedger.rows).toEqual([{ check_in: "2030-01-01", gross: 66000, bookings: 1 }]);
    expect(fromFigures.rows).toEqual(fromLedger.rows);
  });
});

describe("0053: paying the held visitor levy to the council", () => {
  const beforePayments = journal.entries.findIndex((e) => e.tag.endsWith("_levy_paid_to_the_council"));

  it("keeps every ledger line with no quarter, then takes levy payments that name one and nothing else that does", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforePayments));
    await t.db.$client.query(FIXTURE);
    // The levy held for the host from a stay's charge, as the ledger records it before this migration.
    await t.db.$client.query(`
      insert into ledger_accounts (kind, party_id) values ('guest_receivable', 902), ('levy_payable', 901)
        on conflict do nothing;
      insert into ledger_accounts (kind) values ('platform_cash') on conflict do nothing;
      with tx as (
        insert into ledger_transactions (kind, idempotency_key, booking_id, demo)
          values ('booking_charge', 'fixture:levy-held', 901, true) returning id)
      insert into ledger_entries (transaction_id, account_id, amount_pence)
        select tx.id, a.id, case when a.kind = 'guest_receivable' then 3000 else -3000 end
          from tx, ledger_accounts a
         where (a.kind = 'guest_receivable' and a.party_id = 902) or (a.kind = 'levy_payable' and a.party_id = 901);`);
    const ledger = `select t.kind::text, t.idempotency_key, e.amount_pence::int as pence
                      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id order by e.id`;
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;
    const linesBefore = (await t.db.$client.query(ledger)).rows;
    expect(linesBefore.length).toBeGreaterThanOrEqual(2);

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    expect((await t.db.$client.query(ledger)).rows).toEqual(linesBefore);
    const quarters = await t.db.$client.query(
      "select count(*)::int as n from ledger_transactions where levy_quarter is not null",
    );
    expect(quarters.rows[0]).toEqual({ n: 0 });
    await t.db.$client.query(`
      with tx as (
        insert into ledger_transactions (kind, idempotency_key, demo, memo, levy_quarter)
          values ('levy_payment', 'levy-payment:901:2026-Q3', true, 'EDN-1', '2026-Q3') returning id)
      insert into ledger_entries (transaction_id, account_id, amount_pence)
        select tx.id, a.id, case when a.kind = 'levy_payable' then 3000 else -3000 end
          from tx, ledger_accounts a
         where (a.kind = 'levy_payable' and a.party_id = 901) or (a.kind = 'platform_cash' and a.party_id is null);`);
    const held = await t.db.$client.query(
      "select sum(e.amount_pence)::int as held from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'levy_payable'",
    );
    expect(held.rows[0]).toEqual({ held: 0 });
    await expect(
      t.db.$client.query(
        "insert into ledger_transactions (kind, idempotency_key, demo) values ('levy_payment', 'levy-payment:901:none', true)",
      ),
    ).rejects.toThrow(/ledger_transactions_levy_quarter/);
    await expect(
      t.db.$client.query(
        "insert into ledger_transactions (kind, idempotency_key, demo, levy_quarter) values ('payout', 'payout:x', true, '2026-Q3')",
      ),
    ).rejects.toThrow(/ledger_transactions_levy_quarter/);
  });
});

describe("0054: mid-let declarations and tenancy deposits beside the stays already booked", () => {
  const beforeDeposits = journal.entries.findIndex((e) => e.tag.endsWith("_midlet_purpose_and_tenancy_deposits"));

  it("keeps every stay, leaves their declarations empty, then takes declarations and whole deposit records only", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforeDeposits));
    await t.db.$client.query(FIXTURE);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const kept = await t.db.$client.query(
      "select stay_purpose, stay_purpose_other, main_home_address from bookings where id = 901",
    );
    expect(kept.rows[0]).toEqual({ stay_purpose: null, stay_purpose_other: null, main_home_address: null });
    await t.db.$client.query(
      "update bookings set stay_purpose = 'work', main_home_address = '12 High Street, Leeds LS1 4AB' where id = 901",
    );
    await expect(t.db.$client.query("update bookings set stay_purpose = 'party' where id = 901")).rejects.toThrow();

    // A reminder mark alone, then the whole record; half a record is refused.
    await t.db.$client.query("insert into tenancy_deposits (booking_id, reminder_sent_at) values (901, now())");
    await expect(
      t.db.$client.query("update tenancy_deposits set scheme = 'dps' where booking_id = 901"),
    ).rejects.toThrow();
    await t.db.$client.query(
      `update tenancy_deposits set amount_pence = 400000, received_on = '2026-06-01', scheme = 'tds',
              certificate_number = 'TDS-778899', protected_on = '2026-06-10' where booking_id = 901`,
    );
    await expect(
      t.db.$client.query("update tenancy_deposits set protected_on = '2026-05-01' where booking_id = 901"),
    ).rejects.toThrow();
    const stored = await t.db.$client.query("select scheme, amount_pence::int as pence from tenancy_deposits");
    expect(stored.rows).toEqual([{ scheme: "tds", pence: 400000 }]);
  });
});

describe("0055/0056: tenancies still running on 1 May 2026 become periodic", () => {
  const beforeTenancies = journal.entries.findIndex((e) => e.tag.endsWith("_periodic_tenancies"));

  it("keeps every stay as it was and gives each running tenancy an open-ended periodic tenancy at the listing's rent", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforeTenancies));
    await t.db.$client.query(FIXTURE);
    // A fixed-term tenancy running past 1 May 2026, one that ended before it, and a cancelled one.
    await t.db.$client.query(`
      insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, guest_count, stay_mode, confirmed_at)
        values (902, 901, 902, '2026-01-10', '2027-01-10', 60000, 'confirmed', 1, 'tenancy', '2026-01-02T10:00:00Z'),
               (903, 901, 902, '2025-03-01', '2025-10-01', 35000, 'completed', 1, 'tenancy', '2025-02-20T10:00:00Z'),
               (904, 901, 902, '2027-02-01', '2027-09-01', 35000, 'cancelled', 1, 'tenancy', null);`);
    const stays = "select id, check_in::text, check_out::text, total_price::text, status from bookings order by id";
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;
    const staysBefore = (await t.db.$client.query(stays)).rows;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    expect((await t.db.$client.query(stays)).rows).toEqual(staysBefore);
    const converted = await t.db.$client.query(
      `select booking_id, starts_on::text, monthly_rent_pence, ends_on, former_fixed_term_check_out::text, demo,
              agreed_at is not null as agreed
         from tenancies order by booking_id`,
    );
    expect(converted.rows).toEqual([
      {
        booking_id: 902,
        starts_on: "2026-01-10",
        monthly_rent_pence: 500000,
        ends_on: null,
        former_fixed_term_check_out: "2027-01-10",
        demo: true,
        agreed: true,
      },
    ]);
    // One tenancy per booking, and rent once per period.
    await expect(
      t.db.$client.query(
        "insert into tenancies (booking_id, starts_on, monthly_rent_pence) values (902, '2026-01-10', 1)",
      ),
    ).rejects.toThrow();
    await t.db.$client.query(
      "insert into rent_payments (tenancy_id, period_start, period_end, amount_pence) select id, '2027-01-10', '2027-02-09', 500000 from tenancies",
    );
    await expect(
      t.db.$client.query(
        "insert into rent_payments (tenancy_id, period_start, period_end, amount_pence) select id, '2027-01-10', '2027-02-09', 500000 from tenancies",
      ),
    ).rejects.toThrow();
  });
});

describe("0057: security deposit holds beside listings and stays", () => {
  const beforeHolds = journal.entries.findIndex((e) => e.tag.endsWith("_security_deposit_hold"));

  it("keeps every listing and stay as it was, with no deposit and no hold, then takes holds within their amount", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(beforeHolds));
    await t.db.$client.query(FIXTURE);
    const before = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(before);
    const empty = await t.db.$client.query(
      `select (select count(*)::int from security_deposit_holds) as holds,
              (select count(*)::int from properties where security_deposit_amount is not null) as listings,
              (select count(*)::int from bookings where security_deposit_pence is not null) as stays`,
    );
    expect(empty.rows[0]).toEqual({ holds: 0, listings: 0, stays: 0 });
    await t.db.$client.query(`
      update properties set security_deposit_amount = 300 where id = 901;
      update bookings set security_deposit_pence = 30000 where id = 901;
      insert into security_deposit_holds (booking_id, amount_pence, status, authorised_on)
        values (901, 30000, 'authorised', '2026-03-01');`);
    await expect(
      t.db.$client.query("update security_deposit_holds set status = 'captured', captured_pence = 30001"),
    ).rejects.toThrow(/security_deposit_holds_captured_within/);
    await expect(
      t.db.$client.query("update properties set security_deposit_amount = 2500.01 where id = 901"),
    ).rejects.toThrow(/properties_security_deposit_range/);
  });
});

describe("0058: listings stop turning away tenants with children or on benefits", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_tenant_rights"));

  it("removes 'no benefits' preferences and excluding phrases, keeping every other preference and word", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month,
                              tenant_preferences, terms_and_conditions)
        values
        (902, 901, 'no-dss-flat', 'No DSS Flat', 'A bright flat near the park. Professionals only. No DSS, no children!',
         '2 Fixture Road, Camden, London', 'Camden', 150, 3000,
         '{"petsAllowed": true, "smokingAllowed": false, "dssAccepted": false, "studentsAccepted": true}',
         'Rent is due monthly. Adults only. Housing benefit not accepted.'),
        (903, 901, 'welcoming-flat', 'Welcoming Flat', 'Families welcome; professionals like it too.',
         '3 Fixture Road, Camden, London', 'Camden', 150, 3000,
         '{"petsAllowed": false, "dssAccepted": true}', 'No smoking indoors.')`);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    const rows = (
      await t.db.$client.query(
        "select id, description, terms_and_conditions as terms, tenant_preferences as prefs from properties where id in (902, 903) order by id",
      )
    ).rows;
    expect(rows).toEqual([
      {
        id: 902,
        description: "A bright flat near the park.",
        terms: "Rent is due monthly.",
        prefs: { petsAllowed: true, smokingAllowed: false, studentsAccepted: true },
      },
      {
        id: 903,
        description: "Families welcome; professionals like it too.",
        terms: "No smoking indoors.",
        prefs: { petsAllowed: false, dssAccepted: true },
      },
    ]);
    // The new tables take a tenancy's rights, and a refusal without a reason is refused by the database too.
    await t.db.$client.query(
      "insert into pet_requests (booking_id, description, asked_on, answer_due_on) values (901, 'A cat', '2026-06-01', '2026-06-29')",
    );
    await expect(
      t.db.$client.query("update pet_requests set status = 'refused' where booking_id = 901"),
    ).rejects.toThrow(/pet_requests_refusal_has_reason/);
  });
});

describe("0059: System Logs and Property Management count without reading every row", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_admin_list_counts"));

  it("starts the entry counts from the entries already there, and keeps counting new and pruned ones", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into audit_logs (type, action, message)
      select (array['info', 'error', 'warning'])[1 + g % 3], 'user.role_changed', 'entry ' || g
      from generate_series(1, 10) g`);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    // Only this step: later ones write System Logs entries of their own.
    await migrateDatabase(t.db, firstMigrations(before + 1));

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    const tallies = `select type, sum(entries)::int as n from audit_log_tallies group by type order by type`;
    expect((await t.db.$client.query(tallies)).rows).toEqual([
      { type: "error", n: 4 },
      { type: "info", n: 3 },
      { type: "warning", n: 3 },
    ]);
    await t.db.$client.query(
      "insert into audit_logs (type, action, message) values ('error', 'message.failed', 'one more')",
    );
    expect((await t.db.$client.query(tallies)).rows[0]).toEqual({ type: "error", n: 5 });
    // The owners' index now carries what a search by owner orders by.
    const index = await t.db.$client.query("select indexdef from pg_indexes where indexname = 'properties_owner_idx'");
    expect(index.rows[0].indexdef).toMatch(/\(owner_id\) INCLUDE \(created_at, id\)/);
  });
});

describe("0060: a landlord's money figures read each stay's copy of its ledger lines", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_landlord_stay_figures"));

  it("counts every stay again with its listing, owner share and charge, leaving the daily figures as they were", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(CHARGED_STAY);
    // As the previous release's fold left the charged stay.
    await t.db.$client.query(`
      delete from stay_figures_pending;
      insert into stay_figures_per_stay (booking_id, check_in, city, status, settlement, gross_pence, fee_pence)
        values (901, '2030-01-01', 'Camden', 'confirmed', 'demo', 66000, 6000);
      insert into stay_figures_daily (check_in, city, status, settlement, bookings, gross_pence, fee_pence)
        values ('2030-01-01', 'Camden', 'confirmed', 'demo', 1, 66000, 6000);`);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);
    await foldStayFigures(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    const stay = await t.db.$client.query(
      "select property_id, owner_pence::int, charged, gross_pence::int from stay_figures_per_stay where booking_id = 901",
    );
    expect(stay.rows).toEqual([{ property_id: 901, owner_pence: 60000, charged: true, gross_pence: 66000 }]);
    const daily = await t.db.$client.query("select bookings, gross_pence::int, fee_pence::int from stay_figures_daily");
    expect(daily.rows).toEqual([{ bookings: 1, gross_pence: 66000, fee_pence: 6000 }]);
    // A listing handed to another owner marks its stays: the new owner's share of them is what the ledger gave them.
    await t.db.$client.query("update properties set owner_id = 902 where id = 901");
    await foldStayFigures(t.db);
    const moved = await t.db.$client.query("select owner_pence::int from stay_figures_per_stay where booking_id = 901");
    expect(moved.rows).toEqual([{ owner_pence: 0 }]);
  });
});

describe("0061: English listings' tenancy terms become periodic", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_periodic_listing_terms"));

  it("gives English listings the first month and no longest term, keeps the old terms in System Logs, and leaves Scotland's", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month,
                              nation, levy_area, min_tenancy_months, max_tenancy_months)
        values
        (904, 901, 'english-terms', 'English Terms Flat', 'A flat let on a fixed term of six months to a year.',
         '4 Fixture Road, Camden, London NW1 4DY', 'Camden', 150, 3000, 'England', null, 6, 12),
        (905, 901, 'scottish-terms', 'Scottish Terms Flat', 'A flat in Edinburgh let for six months to a year.',
         'Flat 1F, 31 Heriot Row, Edinburgh EH3 6ES', 'Edinburgh', 150, 3000, 'Scotland', 'city_of_edinburgh', 6, 12)`);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;
    const terms = "select id, min_tenancy_months as min, max_tenancy_months as max from properties order by id";
    const fixtureBefore = (await t.db.$client.query(terms)).rows.find((r) => r.id === 901);

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    expect((await t.db.$client.query(terms)).rows).toEqual([
      // The fixture, English at the old default of 6 months, changes too.
      { id: 901, min: 1, max: null },
      { id: 904, min: 1, max: null },
      { id: 905, min: 6, max: 12 },
    ]);
    const kept = await t.db.$client.query(
      `select target_id, action, subject_user_id, subject_label, details from audit_logs
        where target_type = 'property' order by target_id`,
    );
    expect(kept.rows).toEqual([
      {
        target_id: "901",
        action: "property.periodic_terms_applied",
        subject_user_id: 901,
        subject_label: "Olive <owner@fixture.example>",
        details: { formerMinTenancyMonths: fixtureBefore.min, formerMaxTenancyMonths: null },
      },
      {
        target_id: "904",
        action: "property.periodic_terms_applied",
        subject_user_id: 901,
        subject_label: "Olive <owner@fixture.example>",
        details: { formerMinTenancyMonths: 6, formerMaxTenancyMonths: 12 },
      },
    ]);
    expect(fixtureBefore.min).toBe(6);
  });
});

describe("0062: Right to Rent checks and replacement rent cards beside the tenancies already there", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_right_to_rent_and_card_replacement"));

  it("keeps every stay and tenancy with its saved card, records no check, then takes checks of a known way only", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, guest_count, stay_mode, confirmed_at)
        values (902, 901, 902, '2026-06-10', '2027-06-10', 5000, 'confirmed', 1, 'tenancy', '2026-06-01T10:00:00Z');
      insert into tenancies (booking_id, starts_on, monthly_rent_pence, stripe_customer_id, setup_intent_id, payment_method_id, agreed_at)
        values (902, '2026-06-10', 500000, 'cus_fixture', 'seti_fixture', 'pm_fixture', '2026-06-01T10:00:00Z');`);
    const tenancies =
      "select booking_id, starts_on::text, monthly_rent_pence, setup_intent_id, payment_method_id from tenancies";
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;
    const tenanciesBefore = (await t.db.$client.query(tenancies)).rows;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    expect((await t.db.$client.query(tenancies)).rows).toEqual(tenanciesBefore);
    const added = await t.db.$client.query(
      `select (select count(*)::int from right_to_rent_checks) as checks,
              (select count(*)::int from tenancies where replacement_setup_intent_id is not null) as replacing`,
    );
    expect(added.rows[0]).toEqual({ checks: 0, replacing: 0 });
    await t.db.$client.query(
      "insert into right_to_rent_checks (booking_id, checked_on, method, recorded_by) values (902, '2026-06-05', 'idsp', 901)",
    );
    await expect(
      t.db.$client.query(
        "insert into right_to_rent_checks (booking_id, checked_on, method) values (901, '2026-06-05', 'a_phone_call')",
      ),
    ).rejects.toThrow(/right_to_rent_checks_method_known/);
    // A check belongs to a stay that exists.
    await expect(
      t.db.$client.query(
        "insert into right_to_rent_checks (booking_id, checked_on, method) values (999, '2026-06-05', 'idsp')",
      ),
    ).rejects.toThrow();
  });
});

describe("0063: instant book beside the listings already there", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_instant_book"));

  it("keeps every listing and stay as it was, with instant book off, then takes requirements of 0 to 10 stays only", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    const terms = await t.db.$client.query(
      "select id, instant_book, instant_book_min_stays, instant_book_message_required from properties order by id",
    );
    expect(terms.rows).toEqual([
      { id: 901, instant_book: false, instant_book_min_stays: 0, instant_book_message_required: false },
    ]);
    await t.db.$client.query("update properties set instant_book = true, instant_book_min_stays = 10 where id = 901");
    await expect(
      t.db.$client.query("update properties set instant_book_min_stays = 11 where id = 901"),
    ).rejects.toThrow(/properties_instant_book_min_stays_range/);
    await expect(
      t.db.$client.query("update properties set instant_book_min_stays = -1 where id = 901"),
    ).rejects.toThrow(/properties_instant_book_min_stays_range/);
  });
});

describe("0064-0065: who comes on a stay, and whether a listing takes pets and children", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_guest_party"));

  it("reads each old booking's guests as adults and keeps the landlord's answer about pets", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(`
      insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month, tenant_preferences)
        values (902, 901, 'pets-flat', 'Pets Flat', 'A flat whose landlord said pets are welcome.', '2 Fixture Road, Camden, London', 'Camden', 100, 3000, '{"petsAllowed": true, "smokingAllowed": false}'),
               (903, 901, 'no-pets-flat', 'No Pets Flat', 'A flat whose landlord said no pets.', '3 Fixture Road, Camden, London', 'Camden', 100, 3000, '{"petsAllowed": false}');
      insert into bookings (id, property_id, guest_id, check_in, check_out, total_price, status, guest_count)
        values (902, 902, 902, '2030-02-01', '2030-02-04', 300, 'pending', 4);`);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db);

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    const stays = await t.db.$client.query(
      "select id, guest_count, adults, children, infants, pets from bookings order by id",
    );
    expect(stays.rows).toEqual([
      { id: 901, guest_count: 2, adults: 2, children: 0, infants: 0, pets: 0 },
      { id: 902, guest_count: 4, adults: 4, children: 0, infants: 0, pets: 0 },
    ]);
    const homes = await t.db.$client.query(
      "select id, pets_allowed, suits_children, tenant_preferences from properties order by id",
    );
    expect(homes.rows).toEqual([
      { id: 901, pets_allowed: false, suits_children: true, tenant_preferences: {} },
      {
        id: 902,
        pets_allowed: true,
        suits_children: true,
        tenant_preferences: { petsAllowed: true, smokingAllowed: false },
      },
      { id: 903, pets_allowed: false, suits_children: true, tenant_preferences: { petsAllowed: false } },
    ]);
    // Counts outside what a booking may bring are refused by the database too.
    await expect(t.db.$client.query("update bookings set infants = 6 where id = 901")).rejects.toThrow(
      /bookings_party_range/,
    );
    await expect(t.db.$client.query("update bookings set pets = -1 where id = 901")).rejects.toThrow(
      /bookings_party_range/,
    );
  });
});

describe("0066: the map's bounding-box index over listings already there", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_map_search_location_index"));

  it("keeps every listing, and a box search over placed and unplaced listings is answered from the new index", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    // One listing with a place on the map and one without, written before the index exists.
    await t.db.$client.query(`
      update properties set latitude = 51.5413, longitude = -0.1466 where id = 901;
      insert into properties (id, owner_id, slug, title, description, address, city, price_per_night, price_per_month)
        values (902, 901, 'fixture-unplaced', 'Unplaced', 'A flat with no coordinates yet.', '2 Fixture Road', 'Camden', 100, 3000);`);
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db, firstMigrations(before + 1));

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    const inCamden = `select id from properties
      where is_active and point(longitude, latitude) <@ box(point(-0.165, 51.53), point(-0.125, 51.556))`;
    expect((await t.db.$client.query(inCamden)).rows).toEqual([{ id: 901 }]);
    await t.db.$client.query("set enable_seqscan = off");
    const plan = await t.db.$client.query(`explain ${inCamden}`);
    expect(plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n")).toMatch(
      /properties_location_gist_idx/,
    );
  });
});

describe("0067: the availability feed over stays and nights already there", () => {
  const before = journal.entries.findIndex((e) => e.tag.endsWith("_availability_changed_feed"));

  it("keeps every row, and announces a stay, a blocked night, an imported stay and a pricing rule, not a payment or a write of no row", async () => {
    const t = await createTestDatabase({ fromTemplate: false });
    databases.push(t);
    await migrateDatabase(t.db, firstMigrations(before));
    await t.db.$client.query(FIXTURE);
    await t.db.$client.query(
      "insert into availability (property_id, date, status) values (901, '2030-02-01', 'blocked')",
    );
    const snapshot = (await t.db.$client.query(SNAPSHOT)).rows[0].snapshot;

    await migrateDatabase(t.db, firstMigrations(before + 1));

    expect((await t.db.$client.query(SNAPSHOT)).rows[0].snapshot).toEqual(snapshot);
    expect((await t.db.$client.query("select count(*)::int as n from availability")).rows).toEqual([{ n: 1 }]);

    const listener = await t.db.$client.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.channel));
    try {
      await listener.query("listen availability_changed");
      /** How many notices a write makes, once its transaction has committed (a round trip flushes them). */
      const noticesOf = async (statement: string) => {
        heard.length = 0;
        await t.db.$client.query(statement);
        await listener.query("select 1");
        return heard.length;
      };
      expect(await noticesOf("update bookings set status = 'cancelled' where id = 901")).toBe(1);
      expect(await noticesOf("update bookings set total_price = total_price where id = 901")).toBe(0);
      // Releasing lapsed holds when there are none touches no row: nothing to announce.
      expect(await noticesOf("update bookings set status = 'cancelled' where id = -1")).toBe(0);
      expect(await noticesOf("delete from availability where property_id = -1")).toBe(0);
      expect(await noticesOf("update availability set status = 'available' where property_id = 901")).toBe(1);
      expect(
        await noticesOf(`with feed as (insert into calendar_feeds (property_id, name, url)
            values (901, 'Airbnb', 'https://calendar.example/a.ics') returning id)
          insert into imported_stays (feed_id, property_id, uid, starts_on, ends_on)
            select id, 901, 'a@airbnb', '2030-03-01', '2030-03-03' from feed`),
      ).toBe(1);
      expect(
        await noticesOf("insert into pricing_rules (property_id, name, fixed_price) values (901, 'March', 250)"),
      ).toBe(1);
      // Many rows in one statement: one notice.
      expect(
        await noticesOf(`insert into availability (property_id, date, status)
          select 901, d::date, 'blocked' from generate_series('2030-04-01'::date, '2030-04-10', '1 day') d`),
      ).toBe(1);
    } finally {
      listener.release();
    }
  });
});
