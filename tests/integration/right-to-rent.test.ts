import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { auditLogs, rightToRentChecks } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/** The app's clock: tests move it past a tenancy's first day. */
let clock = new Date("2026-06-01T09:00:00Z");
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock });
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};

const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });

/** A tenancy of a new landlord's home, starting on `checkIn`, with its tenant. */
async function tenancyFrom(checkIn: string, extra: { status?: "pending" | "confirmed" | "cancelled" } = {}) {
  const owner = await landlord();
  const tenant = await signedInUser(t.db, server.baseUrl);
  const property = await createProperty(t.db, { ownerId: owner.user.id });
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    guestId: tenant.user.id,
    checkIn,
    checkOut: addDays(checkIn, 120),
    status: extra.status ?? "confirmed",
    stayMode: "tenancy",
  });
  return { owner, tenant, booking };
}

const record = (client: HttpClient, bookingId: number, body: unknown) =>
  client.request("PUT", `/api/bookings/${bookingId}/right-to-rent`, body);

type Reminder = { kind: string; status: string; doneOn: string | null; title: string; text: string };
async function rightToRentReminder(client: HttpClient, bookingId: number): Promise<Reminder | undefined> {
  const list = (await client.get("/api/bookings/landlord-bookings")).body as unknown as Array<{
    id: number;
    tenancyReminders: Reminder[];
  }>;
  return list.find((b) => b.id === bookingId)?.tenancyReminders.find((r) => r.kind === "right_to_rent");
}

const stored = (bookingId: number) =>
  t.db.select().from(rightToRentChecks).where(eq(rightToRentChecks.bookingId, bookingId));

describe("the landlord records a tenancy's Right to Rent check", () => {
  it("stores the day and the way, writes System Logs, and the duty then shows as done with its day", async () => {
    setToday("2026-06-01");
    const { owner, booking } = await tenancyFrom("2026-06-20");
    expect(await rightToRentReminder(owner.client, booking.id)).toMatchObject({
      status: "due",
      doneOn: null,
      title: "Check the Right to Rent",
    });

    const saved = await record(owner.client, booking.id, { checkedOn: "2026-05-30", method: "home_office_online" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      bookingId: booking.id,
      checkedOn: "2026-05-30",
      method: "home_office_online",
      late: false,
    });
    expect(await stored(booking.id)).toMatchObject([
      { checkedOn: "2026-05-30", method: "home_office_online", recordedBy: owner.user.id },
    ]);
    const done = await rightToRentReminder(owner.client, booking.id);
    expect(done).toMatchObject({ status: "done", doneOn: "2026-05-30", title: "Right to Rent checked" });
    expect(done?.text).toMatch(/^Home Office online check \(share code\), before the tenancy started/);
    // Still done after the tenancy has started: the duty does not come back.
    setToday("2026-07-01");
    expect(await rightToRentReminder(owner.client, booking.id)).toMatchObject({ status: "done" });

    const logged = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "tenancy.right_to_rent_checked"));
    expect(logged.filter((row) => row.targetId === String(booking.id))).toMatchObject([
      { type: "success", actorId: owner.user.id, details: { checkedOn: "2026-05-30", method: "home_office_online" } },
    ]);
  });

  it("says the duty is overdue once the tenancy has started without a check, and a check made after the start is late", async () => {
    setToday("2026-06-10");
    const { owner, booking } = await tenancyFrom("2026-06-10");
    // The first day itself is still in time.
    expect(await rightToRentReminder(owner.client, booking.id)).toMatchObject({ status: "due", dueOn: "2026-06-10" });
    setToday("2026-06-11");
    const overdue = await rightToRentReminder(owner.client, booking.id);
    expect(overdue).toMatchObject({ status: "overdue", doneOn: null });
    expect(overdue?.text).toMatch(/The tenancy has started and no Right to Rent check is recorded/);

    const late = await record(owner.client, booking.id, { checkedOn: "2026-06-11", method: "original_documents" });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.late).toBe(true);
    const shown = await rightToRentReminder(owner.client, booking.id);
    expect(shown).toMatchObject({ status: "done", doneOn: "2026-06-11" });
    expect(shown?.text).toMatch(/Late: the check was made after the tenancy started on 10 June 2026/);
    // Recording again corrects the record.
    const corrected = await record(owner.client, booking.id, { checkedOn: "2026-06-09", method: "idsp" });
    expect(corrected.body).toMatchObject({ checkedOn: "2026-06-09", method: "idsp", late: false });
    expect(await stored(booking.id)).toHaveLength(1);
  });

  it("refuses a future day, a day too long before the start, an unknown way and a missing day with a 400, storing nothing", async () => {
    setToday("2026-06-01");
    const { owner, booking } = await tenancyFrom("2026-06-20");
    const cases: Array<[unknown, RegExp]> = [
      [{ checkedOn: "2026-06-02", method: "idsp" }, /cannot be in the future/],
      [{ checkedOn: "2026-05-22", method: "idsp" }, /at most 28 days before the tenancy starts \(from 23 May 2026\)/],
      [{ checkedOn: "2026-05-30", method: "passport_photo" }, /Choose how you checked/],
      [{ method: "idsp" }, /Enter the day you made the check/],
      [{ checkedOn: "1 June", method: "idsp" }, /YYYY-MM-DD/],
      [{ checkedOn: "2026-05-30", method: "idsp", copies: "kept" }, /copies|Unrecognized|unrecognized/],
    ];
    for (const [body, message] of cases) {
      const refused = await record(owner.client, booking.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect(await stored(booking.id)).toEqual([]);
  });

  it("is the landlord's alone: the tenant and an admin get a 403, another landlord the 404 of a booking that does not exist", async () => {
    setToday("2026-06-01");
    const { tenant, booking } = await tenancyFrom("2026-06-20");
    const body = { checkedOn: "2026-05-30", method: "original_documents" };

    const asTenant = await record(tenant.client, booking.id, body);
    expect(asTenant.status).toBe(403);
    const stranger = await signedInUser(t.db, server.baseUrl);
    expect((await record(stranger.client, booking.id, body)).status).toBe(403);
    const otherLandlord = await landlord();
    const asOther = await record(otherLandlord.client, booking.id, body);
    expect(asOther.status).toBe(404);
    expect(asOther.body.message).toBe("Booking not found");
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const asAdmin = await record(admin.client, booking.id, body);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toMatch(/Only the landlord/);
    expect((await record(otherLandlord.client, 999_999_999, body)).status).toBe(404);
    expect(await stored(booking.id)).toEqual([]);
  });

  it("answers 409 for a stay that is not a tenancy and for a cancelled tenancy", async () => {
    setToday("2026-06-01");
    const owner = await landlord();
    const guest = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const shortLet = await createBooking(t.db, {
      propertyId: property.id,
      guestId: guest.user.id,
      checkIn: "2026-06-20",
      checkOut: "2026-06-23",
      status: "confirmed",
    });
    const body = { checkedOn: "2026-05-30", method: "idsp" };
    const notTenancy = await record(owner.client, shortLet.id, body);
    expect(notTenancy.status).toBe(409);
    expect(notTenancy.body.message).toMatch(/not a tenancy/);

    const cancelled = await tenancyFrom("2026-06-25", { status: "cancelled" });
    const refused = await record(cancelled.owner.client, cancelled.booking.id, body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cancelled/);
    expect([...(await stored(shortLet.id)), ...(await stored(cancelled.booking.id))]).toEqual([]);
  });
});
