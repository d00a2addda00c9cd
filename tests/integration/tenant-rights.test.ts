import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, londonToday } from "../../common/domain/calendar-dates";
import { auditLogs, petRequests, properties, rentIncreases, tenancyStatements } from "../../server/db/schema";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { rentIncreaseInForce } from "../../server/services/tenancies/rent-increases";
import { createBooking, createProperty, propertyForm } from "../factories";
import { mailTo } from "../support/damage-claims";
import { download } from "../support/pdf-text";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

// No Stripe keys: a landlord agrees a tenancy request by accepting it.
const { t, server } = setUpTestApp({ tempDataDir: "staylondon-tenant-rights-" });
const today = londonToday();

/**
 * A landlord and a tenant signed in, and a tenancy of the tenant's at the landlord's listing: twelve whole months at
 * £2,000 a month from `startedDaysAgo` days ago (agreed), or a request not yet agreed.
 */
async function tenancy(startedDaysAgo: number, status: "confirmed" | "pending" = "confirmed") {
  const landlord = await signedInUser(t.db, server.baseUrl, {
    role: "landlord",
    isApproved: true,
    firstName: "Lena",
    lastName: "Landlord",
  });
  const tenant = await signedInUser(t.db, server.baseUrl, { firstName: "Tom", lastName: "Tenant" });
  const property = await createProperty(t.db, { ownerId: landlord.user.id, pricePerMonth: "2000.00" });
  const checkIn = addDays(today, -startedDaysAgo);
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    guestId: tenant.user.id,
    checkIn,
    checkOut: addCalendarMonths(checkIn, 24),
    status,
    stayMode: "tenancy",
    totalPrice: "48000.00",
    ...(status === "pending" ? { holdExpiresAt: new Date(Date.now() + 86_400_000) } : {}),
  });
  return { landlord, tenant, property, booking };
}

/** The SHA-256 of a download's bytes (read on their own: reading the PDF's text hands its buffer to the reader). */
async function sha256Of(client: { cookie: string | null }, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return createHash("sha256")
    .update(new Uint8Array(await response.arrayBuffer()))
    .digest("hex");
}

const auditActions = async (bookingId: number) =>
  (
    await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "booking"), eq(auditLogs.targetId, String(bookingId))))
      .orderBy(auditLogs.id)
  ).map((row) => row.action);

describe("Section 13 rent increases", () => {
  it("serves one with two months' notice after the first 52 weeks, tells the tenant, and applies it from its first day", async () => {
    const { landlord, tenant, booking } = await tenancy(400);
    const rights = await landlord.client.get(`/api/bookings/${booking.id}/tenancy-rights`);
    expect(rights.status, JSON.stringify(rights.body)).toBe(200);
    expect(rights.body.currentMonthlyRentPence).toBe(200_000);
    const startsOn = rights.body.earliestIncreaseOn as string;
    expect(startsOn >= addCalendarMonths(today, 2)).toBe(true);

    const served = await landlord.client.post(`/api/bookings/${booking.id}/rent-increases`, {
      monthlyRent: "2150.00",
      startsOn,
    });
    expect(served.status, JSON.stringify(served.body)).toBe(201);
    expect(served.body).toMatchObject({ previousMonthlyRentPence: 200_000, monthlyRentPence: 215_000, startsOn });

    // The tenant sees it with its notice, which says what the rent becomes and when.
    const seen = await tenant.client.get(`/api/bookings/${booking.id}/tenancy-rights`);
    expect(seen.body.rentIncreases).toEqual([expect.objectContaining({ id: served.body.id, startsOn })]);
    const notice = await download(server.baseUrl, tenant.client, served.body.noticeUrl as string);
    expect(notice.status).toBe(200);
    expect(notice.type).toBe("application/pdf");
    expect(notice.flat).toContain("Notice proposing a new rent");
    expect(notice.flat).toContain("£2,000.00 a month");
    expect(notice.flat).toContain("£2,150.00 a month");
    expect(await sha256Of(tenant.client, served.body.noticeUrl as string)).toBe(served.body.noticeSha256);
    expect(await mailTo(t.db, tenant.user.email)).toEqual([expect.stringMatching(/^Notice of a new rent for /)]);
    expect(await auditActions(booking.id)).toContain("rent_increase.served");

    // Rent collection's question: nothing before the first day, the new rent from it.
    expect(await rentIncreaseInForce(t.db, booking.id, addDays(startsOn, -1))).toBeNull();
    expect(await rentIncreaseInForce(t.db, booking.id, startsOn)).toEqual({
      monthlyRentPence: 215_000,
      from: startsOn,
    });
  });

  it("refuses a second increase within 12 months of the first, and stores nothing", async () => {
    const { landlord, booking } = await tenancy(400);
    const startsOn = (await landlord.client.get(`/api/bookings/${booking.id}/tenancy-rights`)).body.earliestIncreaseOn;
    const first = await landlord.client.post(`/api/bookings/${booking.id}/rent-increases`, {
      monthlyRent: "2100",
      startsOn,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await landlord.client.post(`/api/bookings/${booking.id}/rent-increases`, {
      monthlyRent: "2200",
      startsOn: addCalendarMonths(startsOn as string, 6),
    });
    expect(second.status).toBe(422);
    expect(second.body.message).toMatch(
      /^Rent can go up only once in any 12 months: the last increase takes effect on/,
    );
    const stored = await t.db.select().from(rentIncreases).where(eq(rentIncreases.bookingId, booking.id));
    expect(stored).toHaveLength(1);
  });

  it("refuses less than two months' notice, and any increase in the tenancy's first 52 weeks", async () => {
    const { landlord, booking } = await tenancy(400);
    const inAMonth = await landlord.client.post(`/api/bookings/${booking.id}/rent-increases`, {
      monthlyRent: "2100",
      startsOn: addDays(today, 32),
    });
    expect(inAMonth.status).toBe(422);
    expect(inAMonth.body.message).toMatch(/^A rent increase needs at least two months' notice/);

    const fresh = await tenancy(30);
    const early = await fresh.landlord.client.post(`/api/bookings/${fresh.booking.id}/rent-increases`, {
      monthlyRent: "2100",
      startsOn: addCalendarMonths(fresh.booking.checkIn, 6),
    });
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(/^Rent cannot go up in the first 52 weeks of a tenancy/);
    const stored = await t.db.execute(
      sql`select count(*)::int as n from rent_increases where booking_id in (${booking.id}, ${fresh.booking.id})`,
    );
    expect(stored.rows[0]).toEqual({ n: 0 });
  });

  it.each([
    ["a fraction of a penny", "2100.005"],
    ["three decimals that round to a whole pound", "2099.999"],
  ])("refuses a new rent with %s (400) and stores nothing", async (_, monthlyRent) => {
    const { landlord, booking } = await tenancy(400);
    const startsOn = (await landlord.client.get(`/api/bookings/${booking.id}/tenancy-rights`)).body.earliestIncreaseOn;
    const refused = await landlord.client.post(`/api/bookings/${booking.id}/rent-increases`, { monthlyRent, startsOn });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toBe(
      "monthlyRent: Give the new monthly rent in pounds with at most two decimal places, such as 1850.00",
    );
    expect(await t.db.select().from(rentIncreases).where(eq(rentIncreases.bookingId, booking.id))).toHaveLength(0);
  });

  it("lets only the landlord serve one: the tenant is told it is not theirs to do", async () => {
    const { tenant, booking } = await tenancy(400);
    const refused = await tenant.client.post(`/api/bookings/${booking.id}/rent-increases`, {
      monthlyRent: "2100",
      startsOn: addCalendarMonths(booking.checkIn, 16),
    });
    expect(refused.status).toBe(403);
  });
});

describe("pet requests", () => {
  it("takes the tenant's request with its last day, and the landlord's refusal only with a reason", async () => {
    const { landlord, tenant, booking } = await tenancy(60);
    const asked = await tenant.client.post(`/api/bookings/${booking.id}/pet-requests`, {
      description: "A seven-year-old house cat, neutered and calm.",
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({
      status: "pending",
      askedOn: today,
      answerDueOn: addDays(today, 28),
      overdue: false,
    });
    expect(await mailTo(t.db, landlord.user.email)).toEqual([expect.stringMatching(/^A pet request for /)]);

    const noReason = await landlord.client.post(`/api/pet-requests/${asked.body.id}/answer`, { decision: "refuse" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/A refusal needs a reason/);
    const [unchanged] = await t.db
      .select()
      .from(petRequests)
      .where(eq(petRequests.id, asked.body.id as number));
    expect(unchanged?.status).toBe("pending");

    const refused = await landlord.client.post(`/api/pet-requests/${asked.body.id}/answer`, {
      decision: "refuse",
      reason: "The lease of the building forbids animals in the flats.",
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({
      status: "refused",
      refusalReason: "The lease of the building forbids animals in the flats.",
    });
    expect(await mailTo(t.db, tenant.user.email)).toEqual([expect.stringMatching(/was refused$/)]);
    expect(await auditActions(booking.id)).toEqual(["pet_request.asked", "pet_request.answered"]);
    const again = await landlord.client.post(`/api/pet-requests/${asked.body.id}/answer`, { decision: "approve" });
    expect(again.status).toBe(409);
  });

  it("reminds the landlord once before the last day, and flags a request unanswered after 28 days to both sides", async () => {
    const { landlord, tenant, booking } = await tenancy(90);
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const [late] = await t.db
      .insert(petRequests)
      .values({
        bookingId: booking.id,
        askedBy: tenant.user.id,
        description: "A small terrier called Biscuit.",
        askedOn: addDays(today, -29),
        answerDueOn: addDays(today, -1),
      })
      .returning();
    if (!late) throw new Error("no request written");

    const job = server.app.services.tenancyRights.petRequests;
    const first = await job.sendDue();
    expect(first.flagged).toContain(late.id);
    expect((await job.sendDue()).flagged).not.toContain(late.id);

    for (const side of [tenant, landlord]) {
      const view = await side.client.get(`/api/bookings/${booking.id}/tenancy-rights`);
      expect(view.body.petRequests).toEqual([expect.objectContaining({ id: late.id, overdue: true })]);
      expect(await mailTo(t.db, side.user.email)).toContainEqual(expect.stringMatching(/^Pet request unanswered: /));
    }
    const overdue = await admin.client.get("/api/pet-requests/overdue");
    expect(overdue.status).toBe(200);
    expect(overdue.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: late.id, overdue: true })]));
    expect(await auditActions(booking.id)).toContain("pet_request.overdue");
    expect((await landlord.client.get("/api/pet-requests/overdue")).status).toBe(403);

    // A request due in five days is reminded once, and is not flagged.
    await t.db.update(petRequests).set({ status: "approved" }).where(eq(petRequests.id, late.id));
    const [soon] = await t.db
      .insert(petRequests)
      .values({
        bookingId: booking.id,
        askedBy: tenant.user.id,
        description: "Two guinea pigs in a hutch.",
        askedOn: addDays(today, -23),
        answerDueOn: addDays(today, 5),
      })
      .returning();
    if (!soon) throw new Error("no request written");
    const reminded = await job.sendDue();
    expect(reminded.reminded).toContain(soon.id);
    expect(reminded.flagged).not.toContain(soon.id);
    expect((await job.sendDue()).reminded).not.toContain(soon.id);
    expect(await mailTo(t.db, landlord.user.email)).toContainEqual(
      expect.stringMatching(/^Reminder: answer the pet request for /),
    );
  });
});

describe("tenant preferences", () => {
  it("refuses preferences and wording that turn away tenants with children or on benefits, storing nothing", async () => {
    const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ tenantPreferences: { dssAccepted: false } }, /may not refuse tenants who receive benefits/],
      [
        { description: "A calm flat with a modern kitchen. No DSS, sorry, and a quiet bedroom at the back." },
        /^Description says "No DSS": a listing may not turn away people who receive benefits/,
      ],
      [
        { termsAndConditions: "Working professionals only. Rent due on the 1st." },
        /^Terms and conditions says "Working professionals only"/,
      ],
      [
        { description: "A calm flat with a modern kitchen and a quiet bedroom. No children please." },
        /a listing may not turn away people with children/,
      ],
    ];
    const before = await t.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.ownerId, landlord.user.id));
    for (const [fields, message] of cases) {
      const refused = await landlord.client.post("/api/properties", propertyForm(fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect(
      await t.db.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, landlord.user.id)),
    ).toEqual(before);
    const welcoming = await landlord.client.post(
      "/api/properties",
      propertyForm({
        tenantPreferences: { dssAccepted: true, petsAllowed: false },
        termsAndConditions: "Families welcome.",
      }),
    );
    expect(welcoming.status, JSON.stringify(welcoming.body)).toBe(201);
  });
});

describe("the written statement of terms", () => {
  it("must be accepted by the tenant before the landlord can agree the tenancy", async () => {
    const { landlord, tenant, booking } = await tenancy(-20, "pending");
    await insertDemoPayoutAccount(t.db, landlord.user.id);

    const tooSoon = await landlord.client.post(`/api/bookings/${booking.id}/accept`);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toMatch(/^The tenant has not yet accepted the written statement of terms/);

    const view = await tenant.client.get(`/api/bookings/${booking.id}/tenancy-rights`);
    const statement = view.body.statement as { pdfUrl: string; sha256: string };
    expect(statement).toMatchObject({ required: true, acceptedAt: null });
    const pdf = await download(server.baseUrl, tenant.client, statement.pdfUrl);
    expect(pdf.flat).toContain("Written statement of terms");
    expect(pdf.flat).toContain("£2,000.00 a month");
    const sha256 = await sha256Of(tenant.client, statement.pdfUrl);
    expect(statement.sha256).toBe(sha256);

    // Only the tenant accepts, and only the statement as it stands.
    expect(
      (await landlord.client.post(`/api/bookings/${booking.id}/statement-of-terms/accept`, { sha256 })).status,
    ).toBe(403);
    const stale = await tenant.client.post(`/api/bookings/${booking.id}/statement-of-terms/accept`, {
      sha256: "0".repeat(64),
    });
    expect(stale.status).toBe(409);
    const accepted = await tenant.client.post(`/api/bookings/${booking.id}/statement-of-terms/accept`, { sha256 });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.acceptedAt).toEqual(expect.any(String));
    const [stored] = await t.db.select().from(tenancyStatements).where(eq(tenancyStatements.bookingId, booking.id));
    expect(stored).toMatchObject({ sha256, version: "2026-05-01.1", acceptedBy: tenant.user.id });

    const agreed = await landlord.client.post(`/api/bookings/${booking.id}/accept`);
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body.status).toBe("confirmed");
    expect(await auditActions(booking.id)).toContain("tenancy_statement.accepted");
  });
});
