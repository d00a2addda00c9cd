import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZEmailPreferencesView } from "../../common/schemas/account";
import { auditLogs, bookings, outgoingMessages, users } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * The e-mails a person chooses: both choices start off, stay reminders go only to those who asked and only once, and
 * every such e-mail can be stopped in one click without signing in.
 */
const TODAY = "2026-11-29";
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => new Date(`${TODAY}T09:00:00Z`) });

const DAY = 86_400_000;
const FIVE_DAYS_AGO = new Date(Date.parse(`${TODAY}T09:00:00Z`) - 5 * DAY);

async function confirmedStay(guestId: number, checkIn: string, checkOut: string, confirmedAt = FIVE_DAYS_AGO) {
  const home = await createProperty(t.db, { title: "Marylebone mews house" });
  return createBooking(t.db, { propertyId: home.id, guestId, checkIn, checkOut, status: "confirmed", confirmedAt });
}

const remindersTo = async (email: string) =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(sql`${outgoingMessages.recipient} = ${email} and ${outgoingMessages.subject} like 'Your stay begins on %'`);

describe("choosing e-mails in Profile", () => {
  it("starts with both off, saves a choice with when it was made, and refuses anything but two yes-or-no answers", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const start = ZEmailPreferencesView.parse((await client.get("/api/account/email-preferences")).body);
    expect(start).toEqual({ reminders: false, marketing: false, updatedAt: null });

    const saved = await client.request("PUT", "/api/account/email-preferences", { reminders: true, marketing: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ reminders: true, marketing: false });
    expect(saved.body.updatedAt).toEqual(expect.any(String));

    for (const body of [
      { reminders: "yes", marketing: false },
      { reminders: true },
      { reminders: true, marketing: false, admin: true },
    ]) {
      const refused = await client.request("PUT", "/api/account/email-preferences", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect([row?.reminderEmails, row?.marketingEmails]).toEqual([true, false]);
    const logged = await t.db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.action} = 'account.email_preferences_changed' and ${auditLogs.subjectUserId} = ${user.id}`,
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toContain("to receive stay reminders");
  });

  it("refuses someone signed out", async () => {
    const anyone = new HttpClient(server.baseUrl);
    expect((await anyone.get("/api/account/email-preferences")).status).toBe(401);
    expect(
      (await anyone.request("PUT", "/api/account/email-preferences", { reminders: true, marketing: true })).status,
    ).toBe(401);
  });
});

describe("stay reminders", () => {
  it("go once, three days ahead, only to guests who asked, with a one-click unsubscribe that works without signing in", async () => {
    const asked = await signedInUser(t.db, server.baseUrl, { reminderEmails: true });
    const didNot = await signedInUser(t.db, server.baseUrl);
    const soon = await confirmedStay(asked.user.id, "2026-12-01", "2026-12-04");
    const later = await confirmedStay(asked.user.id, "2026-12-20", "2026-12-22");
    // Confirmed an hour ago: its confirmation has just said everything a reminder would.
    const justBooked = await confirmedStay(asked.user.id, "2026-11-30", "2026-12-02", new Date(Date.now() - 3_600_000));
    await confirmedStay(didNot.user.id, "2026-12-01", "2026-12-03");

    const sent = await server.app.services.arrivalReminders.sendDue();
    expect(sent).toEqual([soon.id]);
    expect(await server.app.services.arrivalReminders.sendDue()).toEqual([]);
    const [reminder, ...more] = await remindersTo(asked.user.email);
    expect(more).toEqual([]);
    expect(await remindersTo(didNot.user.email)).toEqual([]);
    const [later_, just] = await Promise.all(
      [later.id, justBooked.id].map(async (id) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]),
    );
    expect([later_?.arrivalReminderSentAt, just?.arrivalReminderSentAt]).toEqual([null, null]);

    expect(reminder?.subject).toBe("Your stay begins on 1 December 2026");
    const oneClick = reminder?.headers?.["List-Unsubscribe"]?.match(/^<(.+)>$/)?.[1];
    expect(reminder?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(oneClick).toMatch(/\/api\/email\/unsubscribe\?token=\d+\.reminders\.[\w-]{43}$/);
    // The footer's link opens the page that asks, for mail programs that cannot post.
    expect(reminder?.body).toMatch(/To stop them: http:\/\/[^\s]+\/unsubscribe\?token=\d+\.reminders\.[\w-]{43}/);
    if (!oneClick) return;

    // A mail program posts the form RFC 8058 describes, with no cookie and no Origin.
    const url = new URL(oneClick);
    const forged = await fetch(
      `${server.baseUrl}${url.pathname}?token=${url.searchParams.get("token")?.slice(0, -2)}xx`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(forged.status).toBe(400);
    await forged.text();
    const otherChoice = await fetch(
      `${server.baseUrl}${url.pathname}?token=${url.searchParams.get("token")?.replace(".reminders.", ".marketing.")}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(otherChoice.status).toBe(400);
    await otherChoice.text();
    expect((await t.db.select().from(users).where(eq(users.id, asked.user.id)))[0]?.reminderEmails).toBe(true);

    for (let i = 0; i < 2; i++) {
      const clicked = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(clicked.status).toBe(200);
      expect(await clicked.json()).toEqual({
        message: "You will no longer get stay reminders from us. You can change this in your profile.",
      });
    }
    expect((await t.db.select().from(users).where(eq(users.id, asked.user.id)))[0]?.reminderEmails).toBe(false);
    const logged = await t.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'account.email_unsubscribed' and ${auditLogs.subjectUserId} = ${asked.user.id}`);
    expect(logged).toHaveLength(1);

    // Opened in a browser instead, the address leads to the page.
    const opened = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/unsubscribe${url.search}`);
    await opened.text();

    // The page's own request sends the token as JSON.
    const fromPage = await new HttpClient(server.baseUrl).post("/api/email/unsubscribe", {
      token: url.searchParams.get("token"),
    });
    expect(fromPage.status).toBe(200);
    const malformed = await new HttpClient(server.baseUrl).post("/api/email/unsubscribe", {
      token: "1.reminders.short",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("This unsubscribe link is not valid.");
  });
});
