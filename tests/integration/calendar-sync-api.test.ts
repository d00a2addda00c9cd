import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookingReference } from "../../common/schemas/bookings";
import { ONLY_WEB_ADDRESSES, type TCalendarFeed, type TCalendarSync } from "../../common/schemas/calendar-sync";
import type { TCalendarMonth } from "../../common/schemas/landlord-properties";
import { auditLogs, calendarFeeds, importedStays } from "../../server/db/schema";
import { DATES_TAKEN } from "../../server/services/bookings.service";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { type FeedServer, icsOf, startFeedServer } from "../support/ical-feed-server";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp, type TestDatabaseView, type TestServerView } from "../support/test-context";

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds?.close();
});

function helpers(t: TestDatabaseView, server: TestServerView) {
  const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const anyone = () => new HttpClient(server.baseUrl);
  const overview = async (client: HttpClient, propertyId: number) => {
    const response = await client.get(`/api/properties/${propertyId}/calendar-sync`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as unknown as TCalendarSync;
  };
  const addFeed = (client: HttpClient, propertyId: number, url: string, name?: string) =>
    client.post(`/api/properties/${propertyId}/calendar-feeds`, { url, ...(name ? { name } : {}) });
  const syncFeed = (client: HttpClient, propertyId: number, feedId: number) =>
    client.post(`/api/properties/${propertyId}/calendar-feeds/${feedId}/sync`);
  const quote = async (propertyId: number, checkIn: string, checkOut: string) => {
    const response = await anyone().get(
      `/api/properties/${propertyId}/quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { available: boolean; reasons: string[] };
  };
  const stays = (propertyId: number) =>
    t.db
      .select({ uid: importedStays.uid, startsOn: importedStays.startsOn, endsOn: importedStays.endsOn })
      .from(importedStays)
      .where(eq(importedStays.propertyId, propertyId))
      .orderBy(importedStays.startsOn);
  const feedRows = (propertyId: number) =>
    t.db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, propertyId));
  return { landlord, anyone, overview, addFeed, syncFeed, quote, stays, feedRows };
}

/** The path of an export address (the app's public origin is not where the test server listens). */
const pathOf = (exportUrl: string) => new URL(exportUrl).pathname;

describe("calendar sync, with feeds on a local server", () => {
  const { t, server } = setUpTestApp({
    withoutChangeFeed: true,
    config: { ICAL_ALLOW_PRIVATE_HOSTS: true, ICAL_FETCH_TIMEOUT_MS: 1500 },
  });
  const h = helpers(t, server);

  describe("the listing's own feed", () => {
    it("lists booked and blocked nights as all-day events that a standard parser reads, with nothing about guests", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id, title: "Export Test Flat" });
      const pendingIn = mondayIn(3);
      const confirmedIn = mondayIn(6);
      const guest = { guestFirstName: "Gwendolyn", guestLastName: "Fairfax", guestEmail: "gwendolyn@guests.test" };
      const pending = await createBooking(t.db, {
        propertyId: property.id,
        checkIn: pendingIn,
        checkOut: addDays(pendingIn, 2),
        status: "pending",
        holdExpiresAt: new Date(Date.now() + 86_400_000),
        guestPhone: "+447400123456",
        ...guest,
      });
      const confirmed = await createBooking(t.db, {
        propertyId: property.id,
        checkIn: confirmedIn,
        checkOut: addDays(confirmedIn, 4),
        status: "confirmed",
        ...guest,
      });
      // A cancelled stay frees its nights: it is not in the feed.
      await createBooking(t.db, {
        propertyId: property.id,
        checkIn: mondayIn(8),
        checkOut: addDays(mondayIn(8), 2),
        status: "cancelled",
        ...guest,
      });
      const blockFrom = mondayIn(10);
      const blocked = await owner.client.post(`/api/properties/${property.id}/blocked-nights`, {
        from: blockFrom,
        to: addDays(blockFrom, 2),
        note: "Decorators in, secret note",
      });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);

      const { exportUrl } = await h.overview(owner.client, property.id);
      expect(exportUrl).toMatch(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      const response = await fetch(`${server.baseUrl}${pathOf(exportUrl)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
      const text = await response.text();

      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.name).toBe("vcalendar");
      const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
        const event = new ICAL.Event(vevent);
        return {
          uid: event.uid,
          start: event.startDate.toString(),
          end: event.endDate.toString(),
          allDay: event.startDate.isDate && event.endDate.isDate,
          summary: event.summary,
        };
      });
      expect(events).toEqual([
        {
          uid: `booking-${pending.id}@staylondon`,
          start: pendingIn,
          end: addDays(pendingIn, 2),
          allDay: true,
          summary: "Booked",
        },
        {
          uid: `booking-${confirmed.id}@staylondon`,
          start: confirmedIn,
          end: addDays(confirmedIn, 4),
          allDay: true,
          summary: "Booked",
        },
        {
          uid: `blocked-${property.id}-${blockFrom}@staylondon`,
          start: blockFrom,
          end: addDays(blockFrom, 3),
          allDay: true,
          summary: "Not available",
        },
      ]);
      for (const secret of ["Gwendolyn", "Fairfax", "gwendolyn@guests.test", "7400123456", "Decorators", "secret"]) {
        expect(text).not.toContain(secret);
      }
      // The same events keep their ids from one fetch to the next.
      const again = await (await fetch(`${server.baseUrl}${pathOf(exportUrl)}`)).text();
      expect(again.match(/^UID:.*$/gm)).toEqual(text.match(/^UID:.*$/gm));
      // Asking again shows the same address.
      expect((await h.overview(owner.client, property.id)).exportUrl).toBe(exportUrl);
    });

    it("answers a site that asks again for an unchanged feed with a 304, and with the new feed once it changes", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const address = `${server.baseUrl}${pathOf((await h.overview(owner.client, property.id)).exportUrl)}`;
      const first = await fetch(address);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      await first.text();

      const unchanged = await fetch(address, { headers: { "if-none-match": etag as string } });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe("");
      expect(unchanged.headers.get("etag")).toBe(etag);

      const from = mondayIn(6);
      const blocked = await owner.client.post(`/api/properties/${property.id}/blocked-nights`, {
        from,
        to: addDays(from, 1),
      });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      const changed = await fetch(address, { headers: { "if-none-match": etag as string } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      expect(await changed.text()).toContain("Not available");
    });

    it("renewing the address kills the old one", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const before = (await h.overview(owner.client, property.id)).exportUrl;
      const renewed = await owner.client.post(`/api/properties/${property.id}/calendar-sync/export-token`);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      const after = renewed.body.exportUrl as string;
      expect(after).not.toBe(before);
      expect((await h.overview(owner.client, property.id)).exportUrl).toBe(after);

      const old = await fetch(`${server.baseUrl}${pathOf(before)}`);
      expect(old.status).toBe(404);
      expect(await old.json()).toEqual({ message: "Calendar not found" });
      expect((await fetch(`${server.baseUrl}${pathOf(after)}`)).status).toBe(200);
      // Unknown and malformed addresses answer the same 404.
      for (const path of [`/ical/${"A".repeat(43)}.ics`, "/ical/short.ics", `/ical/${"A".repeat(43)}`]) {
        expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(404);
      }
    });
  });

  describe("importing another site's calendar", () => {
    it("blocks its nights (quote unavailable, booking 409, calendar shows them) and follows the feed as it changes", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id, maxGuests: 4 });
      const first = mondayIn(4);
      feeds.set(`/airbnb-${property.id}.ics`, {
        body: icsOf([{ uid: "stay-1@airbnb", start: first, end: addDays(first, 3), summary: "Reserved" }]),
      });

      const added = await h.addFeed(owner.client, property.id, feeds.url(`/airbnb-${property.id}.ics`), "Airbnb");
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const feed = added.body as unknown as TCalendarFeed;
      expect(feed).toMatchObject({ name: "Airbnb", status: "ok", eventCount: 1, lastError: null });
      expect(feed.lastSyncedAt).not.toBeNull();
      // One row for the whole three-night stay.
      expect(await h.stays(property.id)).toEqual([
        { uid: "stay-1@airbnb", startsOn: first, endsOn: addDays(first, 3) },
      ]);

      const taken = await h.quote(property.id, addDays(first, 2), addDays(first, 5));
      expect(taken.available).toBe(false);
      expect(taken.reasons).toContain(DATES_TAKEN);
      // Back-to-back with the imported stay is fine.
      expect((await h.quote(property.id, addDays(first, 3), addDays(first, 5))).available).toBe(true);

      const guest = await signedInUser(t.db, server.baseUrl);
      const booking = await guest.client.post("/api/bookings", {
        propertyId: property.id,
        checkIn: addDays(first, 1),
        checkOut: addDays(first, 4),
        guestCount: 1,
        guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      });
      expect(booking.status, JSON.stringify(booking.body)).toBe(409);
      expect(booking.body.message).toBe(DATES_TAKEN);

      // The database refuses it too, whoever writes the row.
      await expect(
        createBooking(t.db, {
          propertyId: property.id,
          checkIn: addDays(first, 2),
          checkOut: addDays(first, 3),
          status: "confirmed",
        }),
      ).rejects.toMatchObject({ cause: { code: "23P01" } });

      // A dated search leaves the listing out; the same search for later nights finds it.
      const search = async (checkIn: string) => {
        const response = await h
          .anyone()
          .get(
            `/api/properties?q=${encodeURIComponent(property.title)}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`,
          );
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return (response.body as unknown as { id: number }[]).map((p) => p.id);
      };
      expect(await search(first)).not.toContain(property.id);
      expect(await search(addDays(first, 3))).toContain(property.id);

      const month = first.slice(0, 7);
      const calendar = (await owner.client.get(`/api/properties/${property.id}/calendar?month=${month}`))
        .body as unknown as TCalendarMonth;
      const night = calendar.nights.find((n) => n.date === first);
      expect(night).toMatchObject({ state: "imported", imported: { feedName: "Airbnb", summary: "Reserved" } });
      expect(night?.conflict).toBe(false);

      // The stay moves on the other site: the old nights open, the new ones close.
      const moved = mondayIn(7);
      feeds.set(`/airbnb-${property.id}.ics`, {
        body: icsOf([{ uid: "stay-1@airbnb", start: moved, end: addDays(moved, 2) }]),
      });
      const synced = await h.syncFeed(owner.client, property.id, feed.id);
      expect(synced.status, JSON.stringify(synced.body)).toBe(200);
      expect(synced.body).toMatchObject({ status: "ok", eventCount: 1 });
      expect((await h.quote(property.id, first, addDays(first, 3))).available).toBe(true);
      expect((await h.quote(property.id, moved, addDays(moved, 1))).available).toBe(false);
      expect(await h.stays(property.id)).toEqual([
        { uid: "stay-1@airbnb", startsOn: moved, endsOn: addDays(moved, 2) },
      ]);

      // Removed from the feed: free again. Removing the feed itself would do the same.
      feeds.set(`/airbnb-${property.id}.ics`, { body: icsOf([]) });
      expect((await h.syncFeed(owner.client, property.id, feed.id)).status).toBe(200);
      expect((await h.quote(property.id, moved, addDays(moved, 1))).available).toBe(true);
      expect(await h.stays(property.id)).toEqual([]);
    });

    it("asks the other site whether its feed changed: an unchanged one keeps its stays and counts as a sync", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const first = mondayIn(5);
      const path = `/versioned-${property.id}.ics`;
      feeds.set(path, {
        body: icsOf([{ uid: "v1@other", start: first, end: addDays(first, 2) }]),
        etag: '"v1"',
        lastModified: "Wed, 25 Nov 2026 10:00:00 GMT",
      });
      const added = await h.addFeed(owner.client, property.id, feeds.url(path), "Other site");
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const feed = added.body as unknown as TCalendarFeed;
      const [stored] = await h.feedRows(property.id);
      expect(stored).toMatchObject({ etag: '"v1"', lastModified: "Wed, 25 Nov 2026 10:00:00 GMT" });
      expect(stored?.contentFetchedAt).not.toBeNull();

      // Unchanged: the validators go back, the answer is a 304, and the stays stand.
      await t.db
        .update(calendarFeeds)
        .set({ lastSyncedAt: sql`now() - interval '1 hour'` })
        .where(eq(calendarFeeds.id, feed.id));
      const unchanged = await h.syncFeed(owner.client, property.id, feed.id);
      expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
      expect(feeds.last.get(path)).toMatchObject({
        headers: { "if-none-match": '"v1"', "if-modified-since": "Wed, 25 Nov 2026 10:00:00 GMT" },
        notModified: true,
      });
      expect(unchanged.body).toMatchObject({ status: "ok", eventCount: 1, lastError: null });
      expect(Date.parse(String(unchanged.body.lastSyncedAt))).toBeGreaterThan(Date.now() - 60_000);
      expect(await h.stays(property.id)).toEqual([{ uid: "v1@other", startsOn: first, endsOn: addDays(first, 2) }]);

      // Changed: a full answer replaces the stays and its new validators are kept.
      const later = mondayIn(8);
      feeds.set(path, { body: icsOf([{ uid: "v2@other", start: later, end: addDays(later, 1) }]), etag: '"v2"' });
      expect((await h.syncFeed(owner.client, property.id, feed.id)).status).toBe(200);
      expect(feeds.last.get(path)?.notModified).toBe(false);
      expect(await h.stays(property.id)).toEqual([{ uid: "v2@other", startsOn: later, endsOn: addDays(later, 1) }]);
      expect((await h.feedRows(property.id))[0]).toMatchObject({ etag: '"v2"', lastModified: null });

      // Read in full again after a day, whatever the validators: repeating events are counted from today.
      await t.db
        .update(calendarFeeds)
        .set({ contentFetchedAt: sql`now() - interval '25 hours'` })
        .where(eq(calendarFeeds.id, feed.id));
      expect((await h.syncFeed(owner.client, property.id, feed.id)).status).toBe(200);
      expect(feeds.last.get(path)?.headers["if-none-match"]).toBeUndefined();
      expect(feeds.last.get(path)?.notModified).toBe(false);
    });

    it("blocks every night of a repeating event, with the dates the feed takes out left free", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const first = mondayIn(3);
      const day = (date: string) => date.replaceAll("-", "");
      const path = `/family-${property.id}.ics`;
      // The owner's own calendar: the flat is theirs every Monday night for four weeks, except the second.
      feeds.set(path, {
        body: [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//Owner//Personal calendar//EN",
          "BEGIN:VEVENT",
          "UID:family-nights",
          "DTSTAMP:20260101T000000Z",
          `DTSTART;VALUE=DATE:${day(first)}`,
          `DTEND;VALUE=DATE:${day(addDays(first, 1))}`,
          "RRULE:FREQ=WEEKLY;COUNT=4",
          `EXDATE;VALUE=DATE:${day(addDays(first, 7))}`,
          "SUMMARY:Family",
          "END:VEVENT",
          "END:VCALENDAR",
          "",
        ].join("\r\n"),
      });
      const added = await h.addFeed(owner.client, property.id, feeds.url(path), "Family");
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body).toMatchObject({ status: "ok", eventCount: 3 });
      expect(await h.stays(property.id)).toEqual(
        [0, 14, 21].map((offset) => ({
          uid: `family-nights#${addDays(first, offset)}`,
          startsOn: addDays(first, offset),
          endsOn: addDays(first, offset + 1),
        })),
      );
      expect((await h.quote(property.id, addDays(first, 14), addDays(first, 15))).available).toBe(false);
      expect((await h.quote(property.id, addDays(first, 7), addDays(first, 8))).available).toBe(true);
    });

    it("the poll job fetches feeds that are due, and removing a feed frees its nights", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const night = mondayIn(5);
      const path = `/polled-${property.id}.ics`;
      feeds.set(path, { body: icsOf([{ uid: "p1", start: night, end: addDays(night, 1) }]) });
      const added = await h.addFeed(owner.client, property.id, feeds.url(path));
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      // Named after its host when the landlord gives no name.
      expect(added.body.name).toBe("127.0.0.1");
      const feedId = added.body.id as number;

      feeds.set(path, { body: icsOf([{ uid: "p2", start: addDays(night, 7), end: addDays(night, 9) }]) });
      // Not due yet: the job leaves it alone.
      await server.app.services.calendarSync.syncDueFeeds();
      expect((await h.stays(property.id)).map((s) => s.uid)).toEqual(["p1"]);
      await t.db
        .update(calendarFeeds)
        .set({ nextSyncAt: new Date(Date.now() - 1000) })
        .where(eq(calendarFeeds.id, feedId));
      await server.app.services.calendarSync.syncDueFeeds();
      expect((await h.stays(property.id)).map((s) => s.uid)).toEqual(["p2"]);
      const [row] = await h.feedRows(property.id);
      expect(row?.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);

      const removed = await owner.client.request("DELETE", `/api/properties/${property.id}/calendar-feeds/${feedId}`);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(await h.stays(property.id)).toEqual([]);
      expect((await h.quote(property.id, addDays(night, 7), addDays(night, 9))).available).toBe(true);
      expect(
        (await owner.client.request("DELETE", `/api/properties/${property.id}/calendar-feeds/${feedId}`)).status,
      ).toBe(404);
    });

    it("flags an overlap with one of our bookings to the landlord, and logs it once", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id, title: "Conflict Test Flat" });
      const checkIn = mondayIn(6);
      const booking = await createBooking(t.db, {
        propertyId: property.id,
        checkIn,
        checkOut: addDays(checkIn, 3),
        status: "confirmed",
      });
      const path = `/booking-com-${property.id}.ics`;
      feeds.set(path, {
        body: icsOf([
          { uid: "bc-1", start: addDays(checkIn, 2), end: addDays(checkIn, 5), summary: "CLOSED - Not available" },
          { uid: "bc-2", start: mondayIn(12), end: addDays(mondayIn(12), 2) },
        ]),
      });
      const added = await h.addFeed(owner.client, property.id, feeds.url(path), "Booking.com");
      // The other site's stay is a fact: it is kept, and the clash is for the landlord to sort out.
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const feedId = added.body.id as number;

      const { conflicts } = await h.overview(owner.client, property.id);
      expect(conflicts).toEqual([
        expect.objectContaining({
          feedId,
          feedName: "Booking.com",
          startsOn: addDays(checkIn, 2),
          endsOn: addDays(checkIn, 5),
          booking: {
            id: booking.id,
            reference: bookingReference(booking.id),
            status: "confirmed",
            checkInDate: checkIn,
            checkOutDate: addDays(checkIn, 3),
          },
        }),
      ]);
      const calendar = (await owner.client.get(`/api/properties/${property.id}/calendar?month=${checkIn.slice(0, 7)}`))
        .body as unknown as TCalendarMonth;
      const clash = calendar.nights.find((n) => n.date === addDays(checkIn, 2));
      expect(clash).toMatchObject({ state: "booked", conflict: true, imported: { feedName: "Booking.com" } });

      const logged = () =>
        t.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.action, "calendar.conflict"), eq(auditLogs.targetId, String(booking.id))));
      const [entry, ...more] = await logged();
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        type: "warning",
        targetType: "booking",
        subjectUserId: owner.user.id,
        actorId: owner.user.id,
      });
      expect(entry?.message).toContain("Booking.com");
      expect(entry?.message).toContain(bookingReference(booking.id));

      // Every later sync, by hand or by the job, finds the same overlap and says nothing new.
      expect((await h.syncFeed(owner.client, property.id, feedId)).status).toBe(200);
      await t.db
        .update(calendarFeeds)
        .set({ nextSyncAt: new Date(0) })
        .where(eq(calendarFeeds.id, feedId));
      await server.app.services.calendarSync.syncDueFeeds();
      expect(await logged()).toHaveLength(1);

      // Cancelled here: no longer a conflict.
      await t.db.execute(sql`update bookings set status = 'cancelled' where id = ${booking.id}`);
      expect((await h.overview(owner.client, property.id)).conflicts).toEqual([]);
    });
  });

  describe("feeds that cannot be used", () => {
    it.each([
      ["times out", { hang: true } as const, /did not answer within 2 seconds/],
      ["is too large", { endlessBytes: true } as const, /larger than 2 MB/],
      ["is a web page", { body: "<!doctype html><html><body>Sign in</body></html>", contentType: "text/html" }, /iCal/],
      ["is broken iCal", { body: "BEGIN:VCALENDAR\r\nthis is not ical at all\r\n" }, /could not be read as iCal/],
      ["answers 404", { status: 404 }, /HTTP 404/],
      ["redirects for ever", { redirect: "/loop.ics" }, /redirects too many times/],
    ])("refuses a feed that %s with a 422 and keeps nothing", async (_label, answer, message) => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      feeds.set("/loop.ics", { redirect: "/loop.ics" });
      const path = `/bad-${property.id}.ics`;
      feeds.set(path, answer);
      const started = Date.now();
      const response = await h.addFeed(owner.client, property.id, feeds.url(path));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(await h.feedRows(property.id)).toEqual([]);
      expect(await h.stays(property.id)).toEqual([]);
    });

    it.each([
      ["ftp://files.example.com/calendar.ics"],
      ["file:///etc/passwd"],
      ["javascript:alert(1)"],
      ["not a web address"],
      [""],
    ])("refuses %j as a feed address with a 400", async (url) => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const response = await h.addFeed(owner.client, property.id, url);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.message).toMatch(url === "" ? /required/ : new RegExp(ONLY_WEB_ADDRESSES.slice(0, 30)));
      expect(await h.feedRows(property.id)).toEqual([]);
    });

    it("a feed that fails at a sync keeps its nights and says what went wrong", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      const night = mondayIn(5);
      const path = `/flaky-${property.id}.ics`;
      feeds.set(path, { body: icsOf([{ uid: "f1", start: night, end: addDays(night, 2) }]) });
      const added = await h.addFeed(owner.client, property.id, feeds.url(path), "Flaky");
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const feedId = added.body.id as number;

      for (const [answer, message] of [
        [{ hang: true }, /did not answer/],
        [{ endlessBytes: true }, /larger than 2 MB/],
        [{ body: "nonsense" }, /iCal/],
      ] as const) {
        feeds.set(path, answer);
        const synced = await h.syncFeed(owner.client, property.id, feedId);
        expect(synced.status, JSON.stringify(synced.body)).toBe(422);
        expect(synced.body.message).toMatch(message);
        expect(await h.stays(property.id)).toEqual([{ uid: "f1", startsOn: night, endsOn: addDays(night, 2) }]);
        expect((await h.quote(property.id, night, addDays(night, 1))).available).toBe(false);
        const [feed] = (await h.overview(owner.client, property.id)).feeds;
        expect(feed).toMatchObject({ status: "failed", eventCount: 1 });
        expect(feed?.lastError).toMatch(message);
      }

      feeds.set(path, { body: icsOf([]) });
      expect((await h.syncFeed(owner.client, property.id, feedId)).body).toMatchObject({
        status: "ok",
        lastError: null,
      });
    });

    it("imports an address once per listing, and at most ten", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      feeds.set("/empty.ics", { body: icsOf([]) });
      expect((await h.addFeed(owner.client, property.id, feeds.url("/empty.ics"))).status).toBe(201);
      const twice = await h.addFeed(owner.client, property.id, feeds.url("/empty.ics"));
      expect(twice.status).toBe(409);
      expect(twice.body.message).toMatch(/already imported/);
      for (let i = 1; i < 10; i += 1) {
        expect((await h.addFeed(owner.client, property.id, feeds.url(`/empty.ics?n=${i}`))).status).toBe(201);
      }
      const eleventh = await h.addFeed(owner.client, property.id, feeds.url("/empty.ics?n=11"));
      expect(eleventh.status).toBe(409);
      expect(eleventh.body.message).toMatch(/at most 10/);
      expect(await h.feedRows(property.id)).toHaveLength(10);
    });
  });

  describe("who may use it", () => {
    it("answers other landlords and guests as if the listing did not exist or was not theirs to manage", async () => {
      const owner = await h.landlord();
      const property = await createProperty(t.db, { ownerId: owner.user.id });
      feeds.set("/private-matter.ics", { body: icsOf([]) });
      const added = await h.addFeed(owner.client, property.id, feeds.url("/private-matter.ics"));
      const feedId = added.body.id as number;
      const other = await h.landlord();
      const guest = await signedInUser(t.db, server.baseUrl);
      const calls = (client: HttpClient) => [
        client.get(`/api/properties/${property.id}/calendar-sync`),
        client.post(`/api/properties/${property.id}/calendar-sync/export-token`),
        h.addFeed(client, property.id, feeds.url("/empty.ics")),
        h.syncFeed(client, property.id, feedId),
        client.request("DELETE", `/api/properties/${property.id}/calendar-feeds/${feedId}`),
      ];
      for (const response of await Promise.all(calls(other.client))) expect(response.status).toBe(404);
      for (const response of await Promise.all(calls(guest.client))) expect(response.status).toBe(403);
      for (const response of await Promise.all(calls(h.anyone()))) expect(response.status).toBe(401);
      expect(await h.feedRows(property.id)).toHaveLength(1);
    });
  });
});

describe("calendar sync as on a public site (private addresses refused)", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true, config: { ICAL_FETCH_TIMEOUT_MS: 1500 } });
  const h = helpers(t, server);

  it("refuses feed addresses that lead to loopback or private networks, on adding and on syncing", async () => {
    const owner = await h.landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    feeds.set("/good.ics", { body: icsOf([{ uid: "g1", start: mondayIn(3), end: addDays(mondayIn(3), 1) }]) });
    const port = new URL(feeds.baseUrl).port;
    const before = feeds.hits.get("/good.ics") ?? 0;
    for (const url of [
      feeds.url("/good.ics"),
      `http://localhost:${port}/good.ics`,
      `http://[::1]:${port}/good.ics`,
      `http://[::ffff:127.0.0.1]:${port}/good.ics`,
      `http://0x7f000001:${port}/good.ics`,
      `http://0.0.0.0:${port}/good.ics`,
    ]) {
      const response = await h.addFeed(owner.client, property.id, url);
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(422);
      expect(response.body.message).toMatch(/private or local network/);
    }
    // Refused before any connection was made.
    expect(feeds.hits.get("/good.ics") ?? 0).toBe(before);
    expect(await h.feedRows(property.id)).toEqual([]);

    // A feed kept from before (a site that moved its feed in-house, say) fails its sync and keeps its nights.
    const [feed] = await t.db
      .insert(calendarFeeds)
      .values({ propertyId: property.id, name: "Old", url: feeds.url("/good.ics") })
      .returning();
    if (!feed) throw new Error("feed not inserted");
    await t.db
      .insert(importedStays)
      .values({ feedId: feed.id, propertyId: property.id, uid: "kept", startsOn: mondayIn(9), endsOn: mondayIn(10) });
    const synced = await h.syncFeed(owner.client, property.id, feed.id);
    expect(synced.status, JSON.stringify(synced.body)).toBe(422);
    expect(synced.body.message).toMatch(/private or local network/);
    expect((await h.stays(property.id)).map((s) => s.uid)).toEqual(["kept"]);
    expect(londonToday() < mondayIn(9)).toBe(true);
  });
});
