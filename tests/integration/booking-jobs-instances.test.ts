import type { ChildProcess } from "node:child_process";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookingEvents, bookings } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { exited, startServerProcess } from "../support/server-process";

/**
 * The booking jobs as they run in production: inside two real app processes on one database, each
 * with its own timer. Every lapsed hold and finished stay must change exactly once.
 */
const children: ChildProcess[] = [];
let t: TestDatabase | undefined;
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await t?.drop();
});

it("expires holds and completes stays exactly once with two app instances running the jobs", {
  timeout: 120_000,
}, async () => {
  const database = await createTestDatabase();
  t = database;
  const db = database.db;
  const property = await createProperty(db);
  const today = londonToday();
  const lapsed = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      createBooking(db, {
        propertyId: property.id,
        checkIn: addDays(today, 30 + i * 2),
        checkOut: addDays(today, 31 + i * 2),
        status: "pending",
        holdExpiresAt: new Date(Date.now() - 60_000),
      }),
    ),
  );
  const held = await createBooking(db, {
    propertyId: property.id,
    checkIn: addDays(today, 100),
    checkOut: addDays(today, 102),
    status: "pending",
    holdExpiresAt: new Date(Date.now() + 3_600_000),
  });
  const finished = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      createBooking(db, {
        propertyId: property.id,
        checkIn: addDays(today, -40 + i * 3),
        checkOut: addDays(today, -38 + i * 3),
        status: "confirmed",
      }),
    ),
  );

  const env = { DATABASE_URL: database.url, BOOKING_JOBS_INTERVAL_SECONDS: "1", DEV_OUTBOX: "on" };
  const instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  children.push(...instances.map((i) => i.child));

  const lapsedIds = lapsed.map((b) => b.id);
  const finishedIds = finished.map((b) => b.id);
  await expect
    .poll(
      async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(bookings)
            .where(inArray(bookings.id, [...lapsedIds, ...finishedIds]))
            .groupBy(bookings.status)
        ).length,
      { timeout: 30_000, interval: 250 },
    )
    .toBe(2);
  // Let both instances run a few more times over the same rows.
  await new Promise((resolve) => setTimeout(resolve, 2_500));

  const statuses = await db
    .select({ id: bookings.id, status: bookings.status, cancelledBy: bookings.cancelledBy })
    .from(bookings)
    .where(eq(bookings.propertyId, property.id));
  const byId = new Map(statuses.map((s) => [s.id, s]));
  for (const id of lapsedIds) expect(byId.get(id)).toMatchObject({ status: "cancelled", cancelledBy: "system" });
  for (const id of finishedIds) expect(byId.get(id)?.status).toBe("completed");
  expect(byId.get(held.id)?.status).toBe("pending");

  const events = await db
    .select({ bookingId: bookingEvents.bookingId, transition: bookingEvents.transition })
    .from(bookingEvents);
  expect(events).toHaveLength(lapsedIds.length + finishedIds.length);
  expect(new Set(events.map((e) => e.bookingId)).size).toBe(events.length);

  for (const { child } of instances) child.kill("SIGTERM");
  expect(await Promise.all(instances.map((i) => exited(i.child)))).toEqual([0, 0]);
});
