/**
 * EXPLAIN ANALYZE of date-aware searches (checkIn/checkOut/guests) over 100k generated listings with
 * 1.6M bookings and 100k blocked nights, on a throwaway embedded cluster:
 * `npx tsx bench/search/explain-dates.ts > bench/results/search-dates-explain.txt`
 * What to look for: the free-night tests are index probes per listing reached (SubPlans on
 * bookings_no_overlapping_stays and availability_property_date_key), never a scan of either table.
 */
import { chmodSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { createDatabase } from "../../server/db/client";
import { ensureDatabase, startEmbeddedPostgres } from "../../server/db/embedded";
import { migrateDatabase } from "../../server/db/migrate";
import { explainSearches } from "./explain-search";
import { generateProperties } from "./generate-properties";

// KEEP_DIR keeps the generated data between runs (for trying variants of the statements).
const keep = process.env.KEEP_DIR;
const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), "staylondon-explain-dates-"));
if (keep) mkdirSync(keep, { recursive: true });
chmodSync(dir, 0o755);
const server = await startEmbeddedPostgres({ clusterDir: path.join(dir, "postgres"), ephemeral: !keep });
async function generate(db: ReturnType<typeof createDatabase>) {
  const today = londonToday();
  let t0 = Date.now();
  await generateProperties(db, 100_000);
  console.log(`-- generated 100k listings in ${Date.now() - t0} ms`);
  t0 = Date.now();
  const [guest] = (
    await db.execute<{ id: number }>(
      sql`insert into users (email, first_name, last_name) values ('bench.guest@staylondon.example', 'Bench', 'Guest') returning id`,
    )
  ).rows;
  // Six 3-night stays per listing over the next four months, staggered by id; a tenth cancelled.
  await db.execute(sql`
    insert into bookings (property_id, guest_id, check_in, check_out, total_price, status)
    select p.id, ${guest?.id}, ${today}::date + (p.id % 20) + k * 20, ${today}::date + (p.id % 20) + k * 20 + 3, 300,
      (case when (p.id + k) % 10 = 0 then 'cancelled' when k % 2 = 0 then 'confirmed' else 'pending' end)::booking_status
    from properties p, generate_series(0, 5) k`);
  // A year of history: ten completed stays per listing.
  await db.execute(sql`
    insert into bookings (property_id, guest_id, check_in, check_out, total_price, status)
    select p.id, ${guest?.id}, ${today}::date - 300 + (p.id % 20) + k * 25, ${today}::date - 300 + (p.id % 20) + k * 25 + 4, 400,
      'completed'::booking_status
    from properties p, generate_series(0, 9) k`);
  // Ten blocked nights for one listing in ten.
  await db.execute(sql`
    insert into availability (property_id, date, status)
    select p.id, ${today}::date + 40 + d, 'blocked' from properties p, generate_series(0, 9) d where p.id % 10 = 3`);
  await db.execute(sql`analyze`);
  console.log(`-- generated bookings and blocked nights in ${Date.now() - t0} ms\n`);
}

try {
  await ensureDatabase(server.urlFor("postgres"), "bench");
  const db = createDatabase(server.urlFor("bench"));
  await migrateDatabase(db);
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from properties`);
  if (!keep || existing.rows[0]?.n === 0) await generate(db);

  const today = londonToday();
  const near = addDays(today, 14);
  const cases: Record<string, Record<string, string>> = {
    "dates (3 nights)": { checkIn: near, checkOut: addDays(near, 3) },
    "dates + guests=4": { checkIn: near, checkOut: addDays(near, 3), guests: "4" },
    "city=camden&maxPrice=300 + dates": { city: "camden", maxPrice: "300", checkIn: near, checkOut: addDays(near, 3) },
    "city=london + dates (2 weeks)": { city: "london", checkIn: near, checkOut: addDays(near, 14) },
    "q=penthouse + dates": { q: "penthouse", checkIn: near, checkOut: addDays(near, 3) },
    "q=listing number 4242 + dates": { q: "listing number 4242", checkIn: near, checkOut: addDays(near, 3) },
    "q=nothing-matches + dates": { q: "zzqx nothing", checkIn: near, checkOut: addDays(near, 3) },
    "dates over blocked nights, price_asc": {
      checkIn: addDays(today, 38),
      checkOut: addDays(today, 45),
      sort: "price_asc",
    },
    "dates, page 40": { checkIn: near, checkOut: addDays(near, 3), page: "40" },
    // The text path without dates, as bench/search/explain.ts has it (unchanged behaviour expected).
    "no dates: q=penthouse&city=westminster": { q: "penthouse", city: "westminster" },
    "no dates: q=listing number 4242": { q: "listing number 4242" },
    "no dates: q=penthouse": { q: "penthouse" },
  };
  await explainSearches(db, cases, process.env.ONLY);
  await db.$client.end();
} finally {
  await server.stop();
}
