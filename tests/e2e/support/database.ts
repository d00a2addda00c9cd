import { createHash } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import Fastify from "fastify";
import pg from "pg";
import { addCalendarMonths, addDays, londonToday } from "../../../common/domain/calendar-dates";
import { PET_ANSWER_DAYS } from "../../../common/domain/tenant-rights";
import { startEmbeddedPostgres } from "../../../server/db/embedded";
import * as schema from "../../../server/db/schema";
import { dpiXml, messageRefId } from "../../../server/lib/dpi-xml";
import { ServerKeys } from "../../../server/lib/server-keys";
import { insertFiling, nextFilingId } from "../../../server/repositories/platform-report-filings.repository";
import { postStayConfirmed } from "../../../server/services/money/booking-ledger";
import { PayoutTransfers } from "../../../server/services/money/payout-transfers";
import { StripeGateway } from "../../../server/services/payments/stripe-gateway";

/**
 * Direct access to the e2e run's database, for the few states a browser cannot reach quickly (a day-old e-mail
 * link) and the operations that have no UI yet (an admin taking a landlord's approval back). Everything else goes
 * through the app.
 *
 * The running app owns the embedded PostgreSQL under STAYLONDON_E2E_DATA_DIR. startEmbeddedPostgres, given the same
 * cluster folder, finds that server (its port and the credentials it keeps beside the cluster) and shares it without
 * starting or stopping anything, as `npm run user:create` does while the app runs.
 */

/** PostgreSQL's code for a row an exclusion constraint turns away (two stays over the same nights). */
const EXCLUSION_VIOLATION = "23P01";

/** The database the app creates on the embedded server (server/db/connect.ts). */
const APP_DATABASE = "staylondon";

export type E2eDatabase = {
  /**
   * Makes the e-mail verification link last sent to `email` a day old: past its 24 hours, and long past the minute
   * the server waits between two e-mails.
   */
  ageEmailVerificationLink(email: string): Promise<void>;
  /** Takes back a landlord's approval, as an admin would if there were a way to (there is no UI for it yet). */
  revokeLandlordApproval(email: string): Promise<void>;
  /**
   * Locks the saved-property rows of the user with this e-mail in an open transaction, so that the app's removal of
   * one waits: the page's pending state stays on screen until `release` ends the transaction.
   */
  holdSavedProperties(email: string): Promise<{ release(): Promise<void> }>;
  /**
   * A completed three-night stay at `propertySlug` for the user with this e-mail, ending before any other stay of that
   * property (stays never overlap): what a guest has after check-out, which no browser can bring about quickly.
   * Answers the booking id.
   */
  completedStayFor(email: string, propertySlug: string): Promise<number>;
  /**
   * A completed two-night stay of the guest with this e-mail at a listing of the owner with `ownerEmail` that has no
   * stay over those nights, which checked out two London days ago: inside the window for a damage claim, which no
   * browser can bring about without waiting. Answers the booking id.
   */
  recentlyEndedStayFor(email: string, ownerEmail: string): Promise<number>;
  /**
   * `count` enquiries about `propertySlug` from demo guests, asked two days ago and answered by the owner
   * `answerMinutes` later, all read: what a host's response figures need, and no browser can age. Answers how
   * many were made (guests who already asked about it are skipped).
   */
  answeredEnquiries(propertySlug: string, count: number, answerMinutes: number): Promise<number>;
  /**
   * Bank payouts of the user with this e-mail, as Stripe's payout events would have recorded them while Stripe keys
   * were configured: the browser test app runs without Stripe, and no browser can make Stripe pay a bank.
   */
  bankPayoutsFor(
    email: string,
    payouts: Array<{ pence: number; arrivalDate: string; status: "paid" | "failed" }>,
  ): Promise<void>;
  /**
   * Moves a confirmed two-night stay so that it began yesterday (London) and ends tomorrow: the guest has arrived and
   * its shares are due, which no browser can bring about without waiting a day. Only its dates move; its money was
   * recorded when it was confirmed.
   */
  stayBeganYesterday(bookingId: number): Promise<void>;
  /**
   * What the payout job does for this stay on its next run, now, through the job's own code narrowed to this stay
   * (demo mode, as the server runs it without Stripe keys). Only this stay's:
   * a whole run would also send the demo's hundreds of older stays, whose transfers would fill landlord@'s statement
   * that other tests read. A claim the server's own job is sending at that moment is waited for on its row lock.
   * Answers how many sends failed.
   */
  releasePayoutsOf(bookingId: number): Promise<{ failed: number }>;
  /**
   * A tenancy of the guest with this e-mail at a listing of `ownerEmail`, confirmed just now with a deposit of one
   * month's rent (under the cap), far enough ahead to clash with no other stay: what a landlord's acceptance would
   * leave, without the wizard's months of dates. Answers the booking id and the deposit in pence.
   */
  confirmedTenancyFor(email: string, ownerEmail: string): Promise<{ id: number; depositPence: number }>;
  /**
   * A two-year tenancy of the guest with this e-mail at the listing `propertyId` (one with no other stay), agreed
   * and begun 13 months ago at the listing's monthly rent: past the first 52 weeks, so its rent may go up, which no
   * browser can bring about without waiting a year. Answers the booking id and its first day.
   */
  tenancyInItsSecondYear(email: string, propertyId: number): Promise<{ id: number; checkIn: string }>;
  /**
   * Dates the pet request as asked `days` days ago, its answer due 28 days after: a request the landlord has left
   * unanswered, which no browser can age.
   */
  petRequestAskedDaysAgo(petRequestId: number, days: number): Promise<void>;
  /**
   * An HMRC report for `year` kept as if the admin with this e-mail had exported it: the browser tests' server has no
   * platform operator settings, so no export can succeed there. It is a nil report, sealed with the app's own key as
   * an export is. Answers its message reference and the file's exact text.
   */
  keptPlatformReport(adminEmail: string, year: number): Promise<{ messageRefId: string; xml: string }>;
  /**
   * An unlisted Edinburgh flat of the landlord with this e-mail with a confirmed stay of 3 to 6 August 2026 (three
   * levied nights at £200, levy £30) and its demo charge in the ledger, so £30 of 2026-Q3 levy is held for them: a
   * quarter that has ended, which no browser can book.
   */
  leviedStayFor(ownerEmail: string): Promise<void>;
  /**
   * A stay requested by the first demo guest at `propertyId` over [booked.from, booked.to) (pending, held for two days)
   * and a stay booked on another site over [imported.from, imported.to): nights no browser can take quickly.
   */
  heldNightsAt(
    propertyId: number,
    booked: { from: string; to: string },
    imported: { from: string; to: string },
  ): Promise<void>;
  /**
   * Dates the listing as made `months` calendar months ago: its landlord can then record a certificate that ran out
   * since, as the vault refuses one that lapsed before the listing existed, and no browser can wait for one to lapse.
   */
  listedMonthsAgo(propertyId: number, months: number): Promise<void>;
  close(): Promise<void>;
};

export async function openE2eDatabase(): Promise<E2eDatabase> {
  const dataDir = process.env.STAYLONDON_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error("STAYLONDON_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts");
  const messages: string[] = [];
  const server = await startEmbeddedPostgres({
    clusterDir: path.join(dataDir, "postgres"),
    log: (message) => messages.push(message),
  });
  if (!messages.some((m) => m.startsWith("Using the PostgreSQL server of process"))) {
    // Not the app's server: one this process has just started on a copy of the data nobody else sees.
    await server.stop();
    throw new Error(`The app's embedded PostgreSQL is not running under ${dataDir}:\n${messages.join("\n")}`);
  }
  const pool = new pg.Pool({ connectionString: server.urlFor(APP_DATABASE), max: 2 });

  /** Runs one UPDATE of one user's row and fails the test when it matched no row (or more than one). */
  async function updateOneUser(description: string, sql: string, email: string): Promise<void> {
    const result = await pool.query(sql, [email]);
    if (result.rowCount !== 1) throw new Error(`${description}: ${result.rowCount} rows matched ${email}`);
  }

  /** A confirmed tenancy at the first listing of `ownerEmail` free 600 to 960 days ahead (confirmedTenancyFor). */
  async function insertConfirmedTenancy(email: string, ownerEmail: string) {
    const result = await pool.query<{ id: number; deposit_pence: number }>(
      `insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count,
                             stay_mode, deposit_amount, confirmed_at)
       select p.id, u.id, $3::date + 600, $3::date + 960, p.price_per_month * 12, 0, 'confirmed', 1, 'tenancy',
              p.price_per_month, now()
         from properties p
         join users o on o.id = p.owner_id and lower(o.email) = lower($2)
         join users u on lower(u.email) = lower($1)
        where p.price_per_month > 0
          and not exists (select 1 from bookings b where b.property_id = p.id
                            and b.check_in < $3::date + 960 and b.check_out > $3::date + 600
                            and b.status <> 'cancelled')
        order by p.id limit 1
       returning id, (deposit_amount * 100)::int as deposit_pence`,
      [email, ownerEmail, londonToday()],
    );
    const row = result.rows[0];
    if (!row) throw new Error(`confirmed tenancy: no free listing of ${ownerEmail}`);
    return { id: row.id, depositPence: row.deposit_pence };
  }

  return {
    ageEmailVerificationLink: (email) =>
      updateOneUser(
        "ageing the e-mail verification link",
        `update users
            set email_verification_expires = now() - interval '1 hour',
                email_verification_sent_at = now() - interval '25 hours'
          where lower(email) = lower($1) and email_verification_token is not null`,
        email,
      ),
    revokeLandlordApproval: (email) =>
      updateOneUser(
        "revoking a landlord's approval",
        `update users
            set is_approved = false, approved_at = null, approved_by = null, updated_at = now()
          where lower(email) = lower($1) and role = 'landlord' and is_approved`,
        email,
      ),
    holdSavedProperties: async (email) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const locked = await client.query(
          `select sp.id from saved_properties sp join users u on u.id = sp.user_id
            where lower(u.email) = lower($1) for update of sp`,
          [email],
        );
        if (locked.rowCount === 0) throw new Error(`holding saved properties: ${email} has none`);
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        client.release();
        throw error;
      }
      return {
        release: async () => {
          try {
            await client.query("commit");
          } finally {
            client.release();
          }
        },
      };
    },
    completedStayFor: async (email, propertySlug) => {
      const result = await pool.query<{ id: number }>(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count)
         select p.id, u.id, first.day - 10, first.day - 7, p.price_per_night * 3, 0, 'completed', 1
           from properties p
           join users u on lower(u.email) = lower($1)
          cross join lateral (select coalesce(min(b.check_in), current_date) as day
                                from bookings b where b.property_id = p.id) first
          where p.slug = $2
         returning id`,
        [email, propertySlug],
      );
      const id = result.rows[0]?.id;
      if (result.rowCount !== 1 || id === undefined) throw new Error(`completed stay: no ${email} or ${propertySlug}`);
      // Its money, as accepting it in demo mode records it: revenue is read from the ledger.
      const db = drizzle(pool, { schema, casing: "snake_case" });
      await db.transaction(async (tx) => {
        const [stay] = await tx
          .select({ booking: schema.bookings, ownerId: schema.properties.ownerId })
          .from(schema.bookings)
          .innerJoin(schema.properties, eq(schema.properties.id, schema.bookings.propertyId))
          .where(eq(schema.bookings.id, id));
        if (!stay) throw new Error(`completed stay ${id} not found`);
        await postStayConfirmed(tx, { ...stay.booking, ownerId: stay.ownerId }, { demo: true });
      });
      return id;
    },
    confirmedTenancyFor: async (email, ownerEmail) => {
      // Two tests side by side may pick the same free listing; the one the database turns away picks again.
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await insertConfirmedTenancy(email, ownerEmail);
        } catch (error) {
          if (attempt >= 3 || (error as { code?: string }).code !== EXCLUSION_VIOLATION) throw error;
        }
      }
    },
    tenancyInItsSecondYear: async (email, propertyId) => {
      const checkIn = addCalendarMonths(londonToday(), -13);
      const result = await pool.query<{ id: number }>(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count,
                               stay_mode, confirmed_at)
         select p.id, u.id, $3::date, $4::date, p.price_per_month * 24, 0, 'confirmed', 1, 'tenancy', $3::date - 14
           from properties p join users u on lower(u.email) = lower($1)
          where p.id = $2 and p.price_per_month > 0
         returning id`,
        [email, propertyId, checkIn, addCalendarMonths(checkIn, 24)],
      );
      const id = result.rows[0]?.id;
      if (id === undefined) throw new Error(`tenancy in its second year: no ${email} or monthly listing ${propertyId}`);
      return { id, checkIn };
    },
    petRequestAskedDaysAgo: async (petRequestId, days) => {
      const askedOn = addDays(londonToday(), -days);
      const result = await pool.query(
        `update pet_requests set asked_on = $2::date, answer_due_on = $3::date, created_at = $2::date
          where id = $1 and status = 'pending'`,
        [petRequestId, askedOn, addDays(askedOn, PET_ANSWER_DAYS)],
      );
      if (result.rowCount !== 1) throw new Error(`ageing pet request ${petRequestId}: not a pending request`);
    },
    recentlyEndedStayFor: async (email, ownerEmail) => {
      const today = londonToday();
      const result = await pool.query<{ id: number }>(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count)
         select p.id, u.id, $3::date - 4, $3::date - 2, p.price_per_night * 2, 0, 'completed', 1
           from properties p
           join users o on o.id = p.owner_id and lower(o.email) = lower($2)
           join users u on lower(u.email) = lower($1)
          where not exists (select 1 from bookings b where b.property_id = p.id
                              and b.check_in < $3::date - 2 and b.check_out > $3::date - 4)
          order by p.id limit 1
         returning id`,
        [email, ownerEmail, today],
      );
      const id = result.rows[0]?.id;
      if (id === undefined) throw new Error(`recently ended stay: no free listing of ${ownerEmail}`);
      return id;
    },
    answeredEnquiries: async (propertySlug, count, answerMinutes) => {
      const threads = await pool.query<{ id: number }>(
        `insert into message_threads (property_id, guest_id, created_at)
         select p.id, u.id, now() - interval '2 days' from users u join properties p on p.slug = $1
          where u.role = 'guest' and u.email_verified and u.email not like 'guest@%'
            and not exists (select 1 from message_threads t
                             where t.property_id = p.id and t.guest_id = u.id and t.booking_id is null)
          order by u.id limit $2
         returning id`,
        [propertySlug, count],
      );
      const ids = threads.rows.map((row) => row.id);
      await pool.query(
        `insert into thread_messages (thread_id, author_id, author_side, body, created_at)
         select t.id, t.guest_id, 'guest', 'Is early check-in possible on a weekday?', now() - interval '2 days'
           from message_threads t where t.id = any($1)`,
        [ids],
      );
      await pool.query(
        `insert into thread_messages (thread_id, author_id, author_side, body, created_at)
         select t.id, p.owner_id, 'host', 'Usually from noon, if the flat is free the night before.',
                now() - interval '2 days' + make_interval(mins => $2)
           from message_threads t join properties p on p.id = t.property_id where t.id = any($1)`,
        [ids, answerMinutes],
      );
      await pool.query(
        `insert into message_thread_reads (thread_id, user_id, last_read_message_id)
         select t.id, who.id, (select max(m.id) from thread_messages m where m.thread_id = t.id)
           from message_threads t join properties p on p.id = t.property_id
          cross join lateral (values (t.guest_id), (p.owner_id)) as who(id)
          where t.id = any($1)`,
        [ids],
      );
      return ids.length;
    },
    bankPayoutsFor: async (email, payouts) => {
      for (const [index, payout] of payouts.entries()) {
        const inserted = await pool.query(
          `insert into bank_payouts (stripe_payout_id, payee_id, amount_pence, arrival_date, status, status_at)
           select $2, u.id, $3, $4, $5, now() from users u where lower(u.email) = lower($1)`,
          [email, `po_e2e_${Date.now()}_${index}`, payout.pence, payout.arrivalDate, payout.status],
        );
        if (inserted.rowCount !== 1) throw new Error(`recording bank payouts: no user ${email}`);
      }
    },
    stayBeganYesterday: async (bookingId) => {
      const today = londonToday();
      const result = await pool.query(
        `update bookings set check_in = $2::date, check_out = $3::date
          where id = $1 and status = 'confirmed' and check_out - check_in = 2`,
        [bookingId, addDays(today, -1), addDays(today, 1)],
      );
      if (result.rowCount !== 1) throw new Error(`moving stay ${bookingId}: not a confirmed two-night stay`);
    },
    releasePayoutsOf: async (bookingId) => {
      const db = drizzle(pool, { schema, casing: "snake_case" });
      // A failure is logged as the server would log it, and counted in the answer.
      const transfers = new PayoutTransfers(db, new StripeGateway({}), Fastify({ logger: { level: "error" } }).log);
      const { failed } = await transfers.releaseDue(londonToday(), { bookingId });
      // Waits for the server's job if it holds one of this stay's claims, rather than skipping it as a run does.
      const state = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from payout_transfers where booking_id = ${bookingId} for update`);
        const { rows } = await tx.execute<{ claims: number; unsent: number }>(
          sql`select count(*)::int as claims, count(*) filter (where sent_at is null)::int as unsent
                from payout_transfers where booking_id = ${bookingId}`,
        );
        return rows[0];
      });
      if (!state || state.claims === 0 || state.unsent > 0) {
        throw new Error(`stay ${bookingId}: ${state?.claims ?? 0} transfer claims, ${state?.unsent ?? 0} unsent`);
      }
      return { failed };
    },
    heldNightsAt: async (propertyId, booked, imported) => {
      await pool.query(
        `insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count,
                               hold_expires_at)
         select $1, (select id from users where role = 'guest' order by id limit 1), $2, $3, 300, 30, 'pending', 1,
                now() + interval '2 days'`,
        [propertyId, booked.from, booked.to],
      );
      await pool.query(
        `with feed as (
           insert into calendar_feeds (property_id, name, url)
           values ($1::int, 'Other site', 'https://calendars.example/' || $1::int || '.ics') returning id)
         insert into imported_stays (feed_id, property_id, uid, starts_on, ends_on)
         select feed.id, $1::int, 'elsewhere-' || $1::int, $2::date, $3::date from feed`,
        [propertyId, imported.from, imported.to],
      );
    },
    leviedStayFor: async (ownerEmail) => {
      const { rows } = await pool.query<{ id: number; property_id: number; guest_id: number; owner_id: number }>(
        `with owner as (select id from users where lower(email) = lower($1)),
         flat as (
           insert into properties (owner_id, slug, title, description, address, city, region, postcode, nation,
                                   levy_area, short_let_licence_number, price_per_night, price_per_month, is_active)
           select owner.id, 'levy-return-flat-' || owner.id, 'Levy Return Flat',
                  'An unlisted flat in the New Town whose stay carries the visitor levy.',
                  '1 Heriot Row, Edinburgh EH3 6ES', 'Edinburgh', 'Edinburgh', 'EH3 6ES', 'Scotland',
                  'city_of_edinburgh', 'EH-00009-F', 200, 4000, false
             from owner returning id, owner_id)
         insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, visitor_levy,
                               levied_nights, levied_price, status, guest_count)
         select flat.id, (select id from users where role = 'guest' order by id limit 1), '2026-08-03', '2026-08-06',
                690, 60, 30, 3, 600, 'confirmed', 1
           from flat returning id, property_id, guest_id, (select owner_id from flat) as owner_id`,
        [ownerEmail],
      );
      const stay = rows[0];
      if (!stay) throw new Error(`levied stay: no landlord ${ownerEmail}`);
      const db = drizzle(pool, { schema, casing: "snake_case" });
      await db.transaction((tx) =>
        postStayConfirmed(
          tx,
          {
            id: stay.id,
            propertyId: stay.property_id,
            guestId: stay.guest_id,
            ownerId: stay.owner_id,
            totalPrice: "690.00",
            serviceFee: "60.00",
            visitorLevy: "30.00",
          },
          { demo: true },
        ),
      );
    },
    keptPlatformReport: async (adminEmail, year) => {
      const db = drizzle(pool, { schema, casing: "snake_case" });
      const [admin] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, adminEmail.toLowerCase()));
      if (!admin) throw new Error(`kept report: no account ${adminEmail}`);
      const id = await nextFilingId(db);
      const message = {
        year,
        timestamp: new Date(),
        serial: id,
        test: false,
        operator: {
          platformOperatorId: "XEDPI0000000042",
          name: "StayLondon Test Ltd",
          utr: "1234567008",
          companyNumber: null,
          address: "1 Test Street, London EC1A 1AA",
        },
        sellers: [],
        comments: [`No seller earned through the platform in ${year}: a nil report.`],
      };
      const xml = dpiXml(message);
      // Sealed as the app seals it: with SERVER_KEY when the app has one, otherwise with the key it keeps in the table.
      const keys = new ServerKeys(db, process.env.SERVER_KEY);
      await insertFiling(db, {
        id,
        year,
        messageRefId: messageRefId(message),
        createdBy: admin.id,
        sellers: 0,
        missingTaxDetails: 0,
        sha256: createHash("sha256").update(xml).digest("hex"),
        fileSealed: await keys.seal("platform-report-filings", xml),
      });
      return { messageRefId: messageRefId(message), xml };
    },
    listedMonthsAgo: async (propertyId, months) => {
      const result = await pool.query(
        "update properties set created_at = created_at - make_interval(months => $2) where id = $1",
        [propertyId, months],
      );
      if (result.rowCount !== 1) throw new Error(`dating listing ${propertyId}: no such listing`);
    },
    close: async () => {
      await pool.end();
      await server.stop(); // a shared server: leaves it running for the app
    },
  };
}
