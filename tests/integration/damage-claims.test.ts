import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { londonToday } from "../../common/domain/calendar-dates";
import { auditLogs, damageClaims } from "../../server/db/schema";
import { DEMO_DAMAGE_MEMO } from "../../server/services/money/damage-ledger";
import { claimCount, mailTo, raiseClaim, stayEnded, storedPhotoFiles } from "../support/damage-claims";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

// No Stripe keys: every agreed claim is a demo charge.
const { t, server, dataDir } = setUpTestApp({ tempDataDir: "staylondon-damage-" });
const CLAIM = { description: "The glass coffee table was cracked across its top.", amount: "300.00" };

describe("the window after check-out", () => {
  it("takes a claim on the 14th London day after check-out and e-mails the guest", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 14);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body).toMatchObject({ status: "open", amountPence: 30000, capPence: 50000, bookingId: booking.id });
    expect(raised.body.photos).toEqual([expect.stringMatching(/^\/media\/photos\/[0-9a-f]{32}\/1600\.webp$/)]);
    const [subject] = await mailTo(t.db, guest.user.email);
    expect(subject).toMatch(/^A damage claim on your stay at Test Listing /);
  });

  it("refuses a claim on the 15th day with the last day named, and stores nothing", async () => {
    const { host, booking } = await stayEnded(t.db, server.baseUrl, 15);
    const before = await storedPhotoFiles(dataDir);
    const refused = await raiseClaim(host.client, booking.id, CLAIM);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(
      /^A damage claim must be raised within 14 days of check-out: this stay checked out on /,
    );
    expect(await claimCount(t.db, booking.id)).toBe(0);
    expect(await storedPhotoFiles(dataDir)).toEqual(before);
  });

  it("refuses a claim before check-out", async () => {
    const { host, booking } = await stayEnded(t.db, server.baseUrl, -1);
    const refused = await raiseClaim(host.client, booking.id, CLAIM);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^A damage claim can be raised from check-out/);
  });
});

describe("an accepted claim", () => {
  it("is charged as demo money, posted balanced against the stay and sent to the host with the next transfer", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 3);
    const raised = await raiseClaim(host.client, booking.id, { ...CLAIM, amount: "123.45" });
    expect(raised.status).toBe(201);
    const accepted = await guest.client.post(`/api/damage-claims/${raised.body.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: "paid", agreedPence: 12345, demo: true });

    const g = guest.user.id;
    const h = host.user.id;
    const damage = (await ledgerOfBooking(t.db, booking.id)).filter((tx) => tx.key.startsWith("damage-claim:"));
    expect(damage).toEqual([
      {
        key: `damage-claim:${raised.body.id}:charge`,
        kind: "damage_charge",
        demo: true,
        stripe: null,
        lines: { [`earnings_held:${h}`]: -12345, [`guest_receivable:${g}`]: 12345 },
      },
      {
        key: `damage-claim:${raised.body.id}:payment`,
        kind: "payment_collected",
        demo: true,
        stripe: null,
        lines: { [`guest_receivable:${g}`]: -12345, platform_cash: 12345 },
      },
    ]);
    for (const tx of damage) expect(Object.values(tx.lines).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await ledgerTotal(t.db)).toBe(0);
    const memos = await t.db.execute<{ memo: string | null }>(
      sql`select memo from ledger_transactions where idempotency_key like ${`damage-claim:${raised.body.id}:%`}`,
    );
    expect(memos.rows.map((row) => row.memo)).toEqual([DEMO_DAMAGE_MEMO, DEMO_DAMAGE_MEMO]);

    // The stay's next transfer carries the damage money with the host's share: nothing of it stays held.
    await server.app.services.payoutTransfers.releaseDue(londonToday(), { bookingId: booking.id });
    const after = await ledgerOfBooking(t.db, booking.id);
    const held = after.reduce((sum, tx) => sum + (tx.lines[`earnings_held:${h}`] ?? 0), 0);
    expect(held).toBe(0);
    const sent = after
      .filter((tx) => tx.kind === "transfer")
      .reduce((sum, tx) => sum + (tx.lines[`earnings_transferred:${h}`] ?? 0), 0);
    const stayShare = after
      .filter((tx) => tx.kind === "booking_charge")
      .reduce((sum, tx) => sum + (tx.lines[`earnings_held:${h}`] ?? 0), 0);
    expect(sent).toBe(stayShare - 12345);
  });
});

describe("a disputed claim", () => {
  it("goes to the admins, who uphold it in part: that amount is charged, logged, and both sides are told", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 5);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    const id = Number(raised.body.id);
    const disputed = await guest.client.post(`/api/damage-claims/${id}/dispute`, {
      reason: "The table was already cracked when we arrived; see our message on day one.",
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    expect(disputed.body.status).toBe("disputed");

    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const list = await admin.client.get("/api/admin/damage-claims");
    expect(list.status).toBe(200);
    const listed = (list.body as unknown as { id: number; disputeReason: string; photos: string[] }[]).find(
      (c) => c.id === id,
    );
    expect(listed?.disputeReason).toMatch(/already cracked/);
    expect(listed?.photos).toHaveLength(1);

    const decided = await admin.client.post(`/api/admin/damage-claims/${id}/decision`, {
      decision: "part",
      amountPence: 12000,
      reason: "The crack is new but the table was old; part of the cost is fair.",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({ decision: "part", agreedPence: 12000, status: "paid", amountPence: 30000 });
    const damage = (await ledgerOfBooking(t.db, booking.id)).filter((tx) => tx.key.startsWith("damage-claim:"));
    expect(damage.map((tx) => tx.lines[`guest_receivable:${guest.user.id}`])).toEqual([12000, -12000]);
    expect(damage[0]?.lines[`earnings_held:${host.user.id}`]).toBe(-12000);
    expect(await ledgerTotal(t.db)).toBe(0);

    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "damage_claim.decided"));
    expect(entry?.message).toMatch(/upheld in part: £120\.00 charged/);
    expect(entry?.actorId).toBe(admin.user.id);
    expect(await mailTo(t.db, guest.user.email)).toContain(
      `The damage claim on ${raised.body.propertyTitle} has been decided`,
    );
    expect(await mailTo(t.db, host.user.email)).toContain(
      `The damage claim on ${raised.body.propertyTitle} has been decided`,
    );

    const again = await admin.client.post(`/api/admin/damage-claims/${id}/decision`, {
      decision: "reject",
      reason: "Changed mind",
    });
    expect(again.status).toBe(409);
  });

  it("refuses a decision in part of the whole amount or more", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 2);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    await guest.client.post(`/api/damage-claims/${raised.body.id}/dispute`, {
      reason: "We did not break anything at all.",
    });
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const refused = await admin.client.post(`/api/admin/damage-claims/${raised.body.id}/decision`, {
      decision: "part",
      amountPence: 30000,
      reason: "All of it",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^A decision in part charges less than the claim's £300\.00/);
    const rejected = await admin.client.post(`/api/admin/damage-claims/${raised.body.id}/decision`, {
      decision: "reject",
      reason: "No evidence the damage is new.",
    });
    expect(rejected.body).toMatchObject({ status: "rejected", agreedPence: null });
    expect((await ledgerOfBooking(t.db, booking.id)).some((tx) => tx.key.startsWith("damage-claim:"))).toBe(false);
  });
});

describe("who may see or act on a claim", () => {
  it("answers another guest, another landlord and a contractor as if the claim did not exist", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 4);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    const id = raised.body.id;
    const otherGuest = await signedInUser(t.db, server.baseUrl);
    const otherLandlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const contractor = await signedInUser(t.db, server.baseUrl, { role: "contractor" });
    for (const outsider of [otherGuest, otherLandlord, contractor]) {
      expect((await outsider.client.get(`/api/damage-claims/${id}`)).status).toBe(404);
      expect((await outsider.client.get(`/api/bookings/${booking.id}/damage-claims`)).status).toBe(404);
      expect((await outsider.client.post(`/api/damage-claims/${id}/accept`)).status).toBe(404);
      const dispute = await outsider.client.post(`/api/damage-claims/${id}/dispute`, {
        reason: "Not mine to dispute at all.",
      });
      expect(dispute.status).toBe(404);
      expect((await outsider.client.get("/api/admin/damage-claims")).status).toBe(403);
    }
    // Raising: a landlord who is not the host learns nothing; a contractor's role never raises claims.
    const other = await raiseClaim(otherLandlord.client, booking.id, CLAIM);
    expect(other.status).toBe(404);
    expect((await raiseClaim(contractor.client, booking.id, CLAIM)).status).toBe(403);
    expect((await raiseClaim(guest.client, booking.id, CLAIM)).status).toBe(403);
    // The host reads the claim but cannot answer it for the guest.
    expect((await host.client.get(`/api/damage-claims/${id}`)).status).toBe(200);
    const hostAccepts = await host.client.post(`/api/damage-claims/${id}/accept`);
    expect(hostAccepts.status).toBe(403);
    const [row] = await t.db
      .select()
      .from(damageClaims)
      .where(eq(damageClaims.id, Number(id)));
    expect(row?.status).toBe("open");
  });

  it("keeps an administrator from deciding a claim on their own listing", async () => {
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin", phoneVerified: true });
    const { guest, booking, host } = await stayEnded(t.db, server.baseUrl, 1);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    await guest.client.post(`/api/damage-claims/${raised.body.id}/dispute`, { reason: "Not us, it was like that." });
    // The admin is made the listing's owner after the claim was raised, as if they had listed it themselves.
    await t.db.execute(
      sql`update properties set owner_id = ${admin.user.id} where id = (select property_id from bookings where id = ${booking.id})`,
    );
    const decided = await admin.client.post(`/api/admin/damage-claims/${raised.body.id}/decision`, {
      decision: "uphold",
      reason: "Photos show it.",
    });
    expect(decided.status).toBe(403);
    expect(decided.body.message).toBe("A claim on your own stay or listing is decided by another administrator.");
  });
});

describe("bad input", () => {
  const cases: [string, Record<string, string>, number, RegExp][] = [
    ["an amount with three decimals", { ...CLAIM, amount: "12.345" }, 400, /at most two decimal places/],
    ["a negative amount", { ...CLAIM, amount: "-5.00" }, 400, /at most two decimal places/],
    ["a zero amount", { ...CLAIM, amount: "0.00" }, 400, /more than zero/],
    ["no description", { amount: "50.00" }, 400, /Description is required/],
    ["a description of markup", { ...CLAIM, description: "<script>alert(1)</script> broken" }, 400, /plain text/],
    ["an amount above the listing's deposit", { ...CLAIM, amount: "500.01" }, 422, /^At most £500\.00 can be claimed/],
  ];
  for (const [what, fields, status, message] of cases) {
    it(`refuses ${what} with a ${status} and stores nothing`, async () => {
      const { host, booking } = await stayEnded(t.db, server.baseUrl, 2);
      const before = await storedPhotoFiles(dataDir);
      const refused = await raiseClaim(host.client, booking.id, fields);
      expect(refused.status, JSON.stringify(refused.body)).toBe(status);
      expect(String(refused.body.message)).toMatch(message);
      expect(await claimCount(t.db, booking.id)).toBe(0);
      expect(await storedPhotoFiles(dataDir)).toEqual(before);
    });
  }

  it("caps a claim at £2,500 where the listing names no deposit", async () => {
    const { host, booking } = await stayEnded(t.db, server.baseUrl, 2, null);
    const refused = await raiseClaim(host.client, booking.id, { ...CLAIM, amount: "2500.01" });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("At most £2,500.00 can be claimed for damage on this listing.");
  });

  it("refuses a photo that is not an image, and a claim without photos, storing nothing", async () => {
    const { host, booking } = await stayEnded(t.db, server.baseUrl, 2);
    const before = await storedPhotoFiles(dataDir);
    const text = await raiseClaim(host.client, booking.id, CLAIM, [
      { name: "notes.txt", bytes: Buffer.from("not a picture"), type: "image/png" },
    ]);
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/^notes\.txt is not an image we can use/);
    const none = await raiseClaim(host.client, booking.id, CLAIM, []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Add at least one photo of the damage");
    expect(await claimCount(t.db, booking.id)).toBe(0);
    expect(await storedPhotoFiles(dataDir)).toEqual(before);
  });

  it("refuses a dispute without a reason and a second claim on one stay", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 2);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    const dispute = await guest.client.post(`/api/damage-claims/${raised.body.id}/dispute`, {});
    expect(dispute.status).toBe(400);
    expect(dispute.body.message).toMatch(/Reason is required/);
    const second = await raiseClaim(host.client, booking.id, CLAIM);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("A damage claim has already been raised for this stay.");
  });
});
