import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { earliestNoticeEnd } from "../../common/domain/periodic-tenancy";
import { ZAddPhotoByUrl, ZPhotoOrder } from "../../common/schemas/landlord-properties";
import { ZCreateProperty, ZUpdateProperty } from "../../common/schemas/property-form";
import type { RouteSummary } from "../../server/app";
import {
  calendarFeeds,
  damageClaims,
  loginAttempts,
  messageThreads,
  passkeys,
  passwordResetRequests,
  propertyManagerAssignments,
  propertyVerifications,
  reviews,
  savedProperties,
  supportMessages,
  supportTickets,
  tenancies,
  users,
} from "../../server/db/schema";
import { createBooking, createProperty, createUser, enrolTwoFactor, propertyForm, totpCode } from "../factories";
import {
  badRequests,
  changedTables,
  type Ignored,
  inferSchema,
  jsonSchemaOf,
  mapLimit,
  multipartBody,
  type RawRequest,
  type RawResponse,
  type RequestSpec,
  rawSender,
  tableChecksums,
} from "../support/bad-input";
import { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import { pastLeviedStay } from "../support/levied-stay";
import { logCapture } from "../support/log-capture";
import { offerBody, REPORT } from "../support/maintenance";
import { signedInUser, TEST_PASSWORD } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentSucceededEvent, type StripeApiServer, startStripeApiServer } from "../support/stripe-api-server";
import { setUpTestApp } from "../support/test-context";

/**
 * Generated bad input on every write route (fast-check, from each route's zod schema and a request the route
 * would accept), sent through real HTTP by someone allowed to call the route, against real records, so each
 * request reaches validation and the service rather than being turned away at the door. Never a 5xx; every
 * refusal is JSON with a message; and a batch of refused requests leaves every table as it was.
 *
 * FUZZ_SEED and FUZZ_RUNS (per route) reproduce or widen a run: `FUZZ_SEED=… npx vitest run <this file> -t "<route>"`;
 * FUZZ_DEBUG=1 prints every request's label and answer.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_614);
const RUNS = Number(process.env.FUZZ_RUNS ?? 180);
/** Requests between two checksums of the database, and how many of them are in flight at once. */
const BATCH = 40;
const IN_FLIGHT = 5;

const WEBHOOK_SECRET = "whsec_bad_input_test";
let stripeApi: StripeApiServer | undefined;
/** The app's logged errors: a 5xx is reported with the error behind it, which is all a rare one leaves behind. */
const errorLog = logCapture();
const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  tempDataDir: "staylondon-bad-input-",
  logStream: errorLog.stream,
  logLevel: "error",
  // Card payments on (against a local Stripe), so the webhook and the paid paths are reached too.
  config: async () => {
    stripeApi = await startStripeApiServer();
    return {
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_PUBLISHABLE_KEY: "pk_test_local",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
    };
  },
  afterStop: () => stripeApi?.close(),
});
const signer = new Stripe("sk_test_signing_only");

/**
 * Bookkeeping no request asks for, left out of every comparison: when a session was last used and how long it
 * lives on.
 */
const ALWAYS_IGNORED: Ignored = { users: ["last_seen_at"], sessions: ["expire"] };

type Person = { client: HttpClient; id: number; email: string; cookie: string; totpSecret?: string | undefined };
type People = Record<"admin" | "owner" | "guest" | "manager" | "contractor" | "verifier" | "loginTarget", Person>;

/** What one route's bad requests are made from: who sends them and a request the route would accept. */
type Prepared = Omit<RequestSpec, "method" | "url" | "paramsSchema" | "querySchema" | "headersSchema"> & {
  /** Who sends it; null: nobody signed in. */
  as: Person | null;
  /** Writes a refusal of this route makes on purpose (a failed sign-in is recorded, for lockout and audit). */
  recordsRefusals?: Ignored;
};
type Case = (p: People) => Promise<Prepared>;

/** Another site's calendar imported for a listing (written directly: fetching one is not what is tested here). */
async function calendarFeed(propertyId: number) {
  const [feed] = await t.db
    .insert(calendarFeeds)
    .values({ propertyId, name: "Other site", url: `http://127.0.0.1:9/${propertyId}-${Date.now()}.ics` })
    .returning();
  if (!feed) throw new Error("feed not written");
  return feed;
}

let people: People;
/** Each person's row as it was once signed in: restored before every route. */
const originalRows = new Map<number, typeof users.$inferSelect>();
let image: Buffer;
let send: ReturnType<typeof rawSender>["send"];
let closeSender: () => void;
const routeSummaries = new Map<string, RouteSummary>();
/** How many bad requests each route was sent, and what came back. */
const tally = new Map<string, { sent: number; refused: number; accepted: number; checked: number; ms: number }>();

// ---------------------------------------------------------------- records the routes act on

const ids = (body: unknown) => body as { id: number };

async function ok(call: Promise<{ status: number; body: Record<string, unknown> }>, status = 200) {
  const response = await call;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

const listing = (p: People, fields: Parameters<typeof createProperty>[1] = {}) =>
  createProperty(t.db, { ownerId: p.owner.id, ...fields });

/** A stay of the guest's, `from` days from today for `nights` nights. */
async function stay(
  p: People,
  propertyId: number,
  from: number,
  nights: number,
  status: "pending" | "confirmed" | "completed",
) {
  const checkIn = addDays(londonToday(), from);
  return createBooking(t.db, {
    propertyId,
    guestId: p.guest.id,
    checkIn,
    checkOut: addDays(checkIn, nights),
    status,
    ...(status === "pending" ? { holdExpiresAt: new Date(Date.now() + 86_400_000) } : {}),
  });
}

/** A periodic tenancy of the guest's beginning some days ago: agreed (demo rent) or a request not yet agreed. */
async function tenancyStay(p: People, agreed: boolean) {
  const checkIn = addDays(londonToday(), agreed ? -10 : 20);
  const booking = await stay(p, (await listing(p)).id, agreed ? -10 : 20, 400, agreed ? "confirmed" : "pending");
  await t.db.insert(tenancies).values({
    bookingId: booking.id,
    startsOn: checkIn,
    monthlyRentPence: 360_000,
    demo: true,
    agreedAt: agreed ? new Date() : null,
  });
  return { id: String(booking.id), endsOn: earliestNoticeEnd(checkIn, londonToday()) };
}

type JobState = "pending" | "offered" | "scheduled" | "proposed" | "in_progress" | "completed";

/** A maintenance job on a fresh listing of the owner's, walked through the real routes to `state`. */
async function job(p: People, state: JobState, fields: Record<string, unknown> = {}) {
  const property = await listing(p);
  const base = `/api/maintenance/jobs`;
  const id = ids(await ok(p.owner.client.post(base, { ...REPORT, propertyId: property.id, ...fields }), 201)).id;
  const steps: [JobState, () => Promise<unknown>][] = [
    ["offered", () => ok(p.owner.client.post(`${base}/${id}/offers`, offerBody([p.contractor.id])))],
    ["scheduled", () => ok(p.contractor.client.post(`${base}/${id}/accept`))],
    [
      "proposed",
      () =>
        ok(
          p.contractor.client.post(`${base}/${id}/propose-date`, {
            proposedDate: addDays(londonToday(), 9),
            note: "Parts arrive then",
          }),
        ),
    ],
    ["in_progress", () => ok(p.contractor.client.post(`${base}/${id}/progress`, { stage: "in_progress" }))],
    [
      "completed",
      () => ok(p.contractor.client.post(`${base}/${id}/complete`, { finalCost: 160, note: "Fitted a new washer" })),
    ],
  ];
  const order: JobState[] = ["pending", "offered", "scheduled", "proposed", "in_progress", "completed"];
  for (const [step, run] of steps) {
    if (order.indexOf(step) > order.indexOf(state)) break;
    // A proposal is a side road: work starts from a scheduled job.
    if (step === "proposed" && state !== "proposed") continue;
    await run();
  }
  return { id: String(id), propertyId: property.id };
}

/** A request of the person's to the support team, with its first message. */
async function supportTicketOf(person: Person): Promise<number> {
  const [ticket] = await t.db
    .insert(supportTickets)
    .values({ requesterId: person.id, requesterName: "Someone", requesterEmail: person.email, topic: "other" })
    .returning({ id: supportTickets.id });
  if (!ticket) throw new Error("no ticket");
  await t.db
    .insert(supportMessages)
    .values({ ticketId: ticket.id, authorId: person.id, fromTeam: false, body: "Help, please." });
  return ticket.id;
}

/** A reset link for the account, as the e-mail would carry it (its hash written where the route looks). */
async function resetLinkFor(userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await t.db.insert(passwordResetRequests).values({
    userId,
    tokenHash: createHash("sha256").update(token).digest("hex"),
    expiresAt: new Date(Date.now() + 3_600_000),
    requestedIp: "127.0.0.1",
  });
  return token;
}

/** Uploads a photo through the real route, answering the parsed body. */
async function upload(person: Person, path: string, field: string) {
  const boundary = "setup-boundary";
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { cookie: person.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: new Uint8Array(multipartBody(boundary, [{ name: field, filename: "p.png", type: "image/png", data: image }])),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

/** A damage claim on a short let that ended three days ago, in the state a route acts on. */
async function damageClaim(p: People, status: "open" | "disputed") {
  const booking = await stay(p, (await listing(p)).id, -5, 2, "completed");
  const [claim] = await t.db
    .insert(damageClaims)
    .values({
      bookingId: booking.id,
      raisedBy: p.owner.id,
      description: "A cracked glass table top",
      amountPence: 12_000,
      status,
    })
    .returning();
  if (!claim) throw new Error("no claim written");
  return String(claim.id);
}

/** A tenancy of the guest's at a fresh listing, begun `startedDaysAgo` days ago, agreed or still a request. */
async function tenancyOf(p: People, startedDaysAgo: number, status: "pending" | "confirmed" = "confirmed") {
  const checkIn = addDays(londonToday(), -startedDaysAgo);
  return createBooking(t.db, {
    propertyId: (await listing(p, { pricePerMonth: "2000.00" })).id,
    guestId: p.guest.id,
    checkIn,
    checkOut: addDays(checkIn, 730),
    status,
    stayMode: "tenancy",
    totalPrice: "48000.00",
    ...(status === "pending" ? { holdExpiresAt: new Date(Date.now() + 86_400_000) } : {}),
  });
}

/** A tenancy's view as one of its parties reads it. */
async function tenancyView(person: Person, bookingId: number) {
  return ok(person.client.get(`/api/bookings/${bookingId}/tenancy-rights`)) as Promise<{
    earliestIncreaseOn: string;
    statement: { sha256: string };
  }>;
}

const reason = { reason: "Repeated problems reported by guests" };
const photoForm = (field: string, jsonField?: { name: string; value: unknown }) => ({
  fileField: field,
  image,
  ...(jsonField ? { jsonField } : {}),
});

/**
 * The token of the newest e-mail change link to `path` for this person: asked for through the route when `path` is
 * the confirm link, read from the letter the old address was sent when it is the undo link.
 */
async function emailChangeLink(person: Person, path: "/confirm-email" | "/undo-email-change"): Promise<string> {
  let to = person.email;
  if (path === "/confirm-email") {
    to = `moving-${Date.now()}@bad-input.test`;
    const asked = await person.client.post("/api/account/email", { newEmail: to, currentPassword: TEST_PASSWORD });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  }
  const result = await t.db.execute<{ body: string }>(
    sql`select body from outgoing_messages where recipient = ${to} order by id desc limit 1`,
  );
  const token = result.rows[0]?.body.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`))?.[1];
  if (!token) throw new Error(`no ${path} link for ${to}`);
  return token;
}

/** Two-factor set up for the person through Profile's routes (left pending with `confirm: false`). */
async function twoFactorOn(someone: Person, { confirm = true } = {}) {
  const setup = await someone.client.post("/api/account/two-factor/setup");
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  if (!confirm) return;
  const code = await totpCode(setup.body.secret as string);
  expect((await someone.client.post("/api/account/two-factor/confirm", { code })).status).toBe(200);
}

/** A passkey of the person's, written directly (making a real one is the passkeys test's business). */
async function passkeyOf(someone: Person): Promise<number> {
  const [row] = await t.db
    .insert(passkeys)
    .values({
      userId: someone.id,
      credentialId: randomBytes(16).toString("base64url"),
      publicKey: randomBytes(64).toString("base64url"),
      name: "Phone",
    })
    .returning({ id: passkeys.id });
  if (!row) throw new Error("no passkey");
  return row.id;
}

/** A WebAuthn answer in the right shape, to a challenge nobody was given. */
const FAKE_CLIENT_DATA = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "bm9ib2R5LWFza2Vk" })).toString(
  "base64url",
);
const FAKE_CREDENTIAL = {
  id: "ZmFrZS1rZXk",
  rawId: "ZmFrZS1rZXk",
  type: "public-key",
  clientExtensionResults: {},
};

/**
 * Every write route, with the person allowed to call it and a request it would accept on a record of its own.
 * A new write route fails the coverage test until it is added here.
 */
const CASES: Record<string, Case> = {
  // ---------------------------------------------------------------- admin
  "PUT /api/admin/users/:id/role": async (p) => ({
    as: p.admin,
    params: { id: String((await createUser(t.db)).id) },
    body: { role: "landlord" },
  }),
  "POST /api/admin/users/:id/freeze": async (p) => ({
    as: p.admin,
    params: { id: String((await createUser(t.db)).id) },
    body: reason,
  }),
  "POST /api/admin/users/:id/unfreeze": async (p) => ({
    as: p.admin,
    params: { id: String((await createUser(t.db, { isFrozen: true, frozenAt: new Date() })).id) },
  }),
  "POST /api/admin/bookings/:id/refund": async (p) => ({
    as: p.admin,
    params: { id: String((await stay(p, (await listing(p)).id, -3, 2, "confirmed")).id) },
    headers: { "idempotency-key": "fuzz-refund-1" },
    body: { amountPence: 100, ...reason },
  }),
  "POST /api/admin/damage-claims/:id/decision": async (p) => ({
    as: p.admin,
    params: { id: await damageClaim(p, "disputed") },
    body: { decision: "part", amountPence: 5_000, reason: "The photos show a chip, not a crack" },
  }),
  "POST /api/bookings/:id/damage-claims": async (p) => ({
    as: p.owner,
    params: { id: String((await stay(p, (await listing(p)).id, -6, 2, "completed")).id) },
    multipart: { ...photoForm("photos"), textFields: { description: "A red wine stain on the sofa", amount: "85.50" } },
  }),
  "POST /api/damage-claims/:id/accept": async (p) => ({ as: p.guest, params: { id: await damageClaim(p, "open") } }),
  "POST /api/damage-claims/:id/dispute": async (p) => ({
    as: p.guest,
    params: { id: await damageClaim(p, "open") },
    body: { reason: "The stain was there when we arrived" },
  }),
  // A tenancy's rights: the statement the tenant accepts, rent increases, pet requests and their answers.
  "POST /api/bookings/:id/statement-of-terms/accept": async (p) => {
    const booking = await tenancyOf(p, -30, "pending");
    const view = await tenancyView(p.guest, booking.id);
    return { as: p.guest, params: { id: String(booking.id) }, body: { sha256: view.statement.sha256 } };
  },
  "POST /api/bookings/:id/rent-increases": async (p) => {
    const booking = await tenancyOf(p, 400);
    const view = await tenancyView(p.owner, booking.id);
    return {
      as: p.owner,
      params: { id: String(booking.id) },
      body: { monthlyRent: "2150.00", startsOn: view.earliestIncreaseOn },
    };
  },
  "POST /api/bookings/:id/pet-requests": async (p) => ({
    as: p.guest,
    params: { id: String((await tenancyOf(p, 60)).id) },
    body: { description: "A calm old cat who sleeps all day." },
  }),
  "POST /api/pet-requests/:id/answer": async (p) => {
    const booking = await tenancyOf(p, 60);
    const asked = await ok(
      p.guest.client.post(`/api/bookings/${booking.id}/pet-requests`, { description: "A small quiet dog." }),
      201,
    );
    return {
      as: p.owner,
      params: { id: String(ids(asked).id) },
      body: { decision: "refuse", reason: "The building's lease forbids dogs in the flats." },
    };
  },
  "POST /api/properties/:id/certificates": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    multipart: { ...photoForm("document"), textFields: { kind: "gas_safety", issuedOn: addDays(londonToday(), -30) } },
  }),
  "PUT /api/properties/:id/certificates/facts": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { hasGasSupply: true, hmoLicenceApplies: false, selectiveLicenceApplies: false },
  }),
  "POST /api/admin/approve-landlord/:id": async (p) => ({
    as: p.admin,
    params: { id: String((await createUser(t.db, { role: "landlord", isApproved: false, emailVerified: true })).id) },
  }),
  "POST /api/admin/properties/:id/remove": async (p) => ({
    as: p.admin,
    params: { id: String((await listing(p)).id) },
    body: reason,
  }),
  "POST /api/admin/properties/:id/restore": async (p) => ({
    as: p.admin,
    params: {
      id: String(
        (
          await listing(p, {
            isActive: false,
            removedAt: new Date(),
            removedBy: p.admin.id,
            removalReason: "Fake photos",
          })
        ).id,
      ),
    },
  }),

  "POST /api/admin/properties/:id/verify": async (p) => ({
    as: p.admin,
    params: { id: String((await listing(p)).id) },
    body: { checks: ["visited", "photos_match", "host_identity"], note: "Visited on a Tuesday morning" },
  }),
  "POST /api/admin/properties/:id/withdraw-verification": async (p) => {
    const property = await listing(p);
    await t.db
      .insert(propertyVerifications)
      .values({ propertyId: property.id, verifiedBy: p.admin.id, checks: ["visited", "photos_match"] });
    return { as: p.admin, params: { id: String(property.id) }, body: reason };
  },

  // ---------------------------------------------------------------- support
  "POST /api/support/tickets": async (p) => ({
    as: p.guest,
    params: {},
    body: {
      topic: "booking",
      message: "The front door code does not work.",
      bookingId: (await stay(p, (await listing(p)).id, 70, 2, "confirmed")).id,
    },
  }),
  "POST /api/support/tickets/:id/messages": async (p) => ({
    as: p.guest,
    params: { id: String(await supportTicketOf(p.guest)) },
    body: { body: "One more detail about my request." },
  }),
  "POST /api/admin/support/tickets/:id/reply": async (p) => ({
    as: p.admin,
    params: { id: String(await supportTicketOf(p.guest)) },
    body: { body: "Thank you, we have fixed it." },
  }),
  "POST /api/admin/support/tickets/:id/close": async (p) => ({
    as: p.admin,
    params: { id: String(await supportTicketOf(p.guest)) },
  }),

  // ---------------------------------------------------------------- one's own account
  "PATCH /api/account/profile": async (p) => ({
    as: p.guest,
    params: {},
    body: { firstName: "Gina", lastName: "Guest" },
  }),
  "POST /api/account/password": async (p) => ({
    as: p.guest,
    params: {},
    body: { currentPassword: TEST_PASSWORD, newPassword: "Hampstead-heath-swim-2026" },
  }),
  "POST /api/account/photo": async (p) => ({ as: p.guest, params: {}, multipart: photoForm("photo") }),
  "DELETE /api/account/photo": async (p) => ({ as: p.guest, params: {} }),
  // Photos kept on the server's disk: the ticket answers "send it as a form", and no ticket can be completed.
  "POST /api/account/photo/uploads": async (p) => ({
    as: p.guest,
    params: {},
    body: { fileName: "me.jpg", contentType: "image/jpeg", size: 120_000 },
  }),
  "POST /api/account/photo/uploads/:uploadId/complete": async (p) => ({
    as: p.guest,
    params: { uploadId: "0123456789abcdef0123456789abcdef" },
  }),
  "POST /api/account/phone": async (p) => ({ as: p.guest, params: {}, body: { phoneNumber: "+44 7911 123456" } }),
  "POST /api/account/phone/verify": async (p) => ({
    as: p.guest,
    params: {},
    body: { code: "123456" },
    // A wrong code uses up one of the code's tries, so guessing stops.
    recordsRefusals: { users: ["phone_verification_attempts", "updated_at"] },
  }),
  "DELETE /api/account/sessions/:id": async (p) => {
    // The guest's second device, the session to sign out.
    const device = new HttpClient(server.baseUrl);
    expect((await device.post("/api/auth/login", { email: p.guest.email, password: TEST_PASSWORD })).status).toBe(200);
    const listed = (await p.guest.client.get("/api/account/sessions")).body as unknown as {
      id: string;
      current: boolean;
    }[];
    const other = listed.find((s) => !s.current);
    if (!other) throw new Error("the guest's second session is not listed");
    return { as: p.guest, params: { id: other.id } };
  },
  "POST /api/account/sessions/sign-out-others": async (p) => ({ as: p.guest, params: {} }),
  "PUT /api/account/email-preferences": async (p) => ({
    as: p.guest,
    params: {},
    body: { reminders: true, marketing: false },
  }),
  // A seller's tax details: a valid body has identifiers that pass HMRC's checks, so the bad ones are what is refused.
  "PUT /api/account/tax-details": async (p) => ({
    as: p.owner,
    params: {},
    body: {
      kind: "individual",
      legalName: "Ada Lovelace",
      dateOfBirth: "1985-12-10",
      address: { line1: "12 St James's Square", city: "London", postcode: "SW1Y 4JH", country: "GB" },
      nationalInsuranceNumber: "JG103759A",
      utr: "1955839661",
    },
  }),
  // A quarter's levy held for the landlord (an August 2026 Edinburgh stay): the valid request pays it once.
  "POST /api/levy-returns/:year/payments": async (p) => {
    await pastLeviedStay(t.db, p.owner.id, p.guest.id);
    return {
      as: p.owner,
      params: { year: "2026" },
      body: { quarter: 3, amount: "30.00", reference: "EDN-VL-2026-Q3" },
    };
  },
  // A person of its own: the valid request really closes the account.
  "POST /api/account/close": async () => ({
    as: await person({ role: "guest", firstName: "Cleo", lastName: "Closer" }),
    params: {},
    body: { currentPassword: TEST_PASSWORD, confirm: true },
  }),
  "POST /api/email/unsubscribe": async (p) => {
    const links = await server.app.services.emailPreferences.unsubscribeLinks(p.guest.id, "reminders");
    return { as: null, params: {}, body: { token: new URL(links.url).searchParams.get("token") } };
  },
  "POST /api/account/email": async (p) => ({
    as: p.guest,
    params: {},
    body: { newEmail: "gina.elsewhere@bad-input.test", currentPassword: TEST_PASSWORD },
  }),
  "POST /api/account/email/confirm": async (p) => ({
    as: null,
    params: {},
    body: { token: await emailChangeLink(p.guest, "/confirm-email") },
  }),
  "POST /api/account/email/undo": async (p) => {
    const token = await emailChangeLink(p.guest, "/confirm-email");
    expect((await p.guest.client.post("/api/account/email/confirm", { token })).status).toBe(200);
    return { as: null, params: {}, body: { token: await emailChangeLink(p.guest, "/undo-email-change") } };
  },

  // Two-factor: the guest sets it up through Profile's routes; the codes of a pending secret are computed here.
  "POST /api/account/two-factor/setup": async (p) => ({ as: p.guest, params: {} }),
  "POST /api/account/two-factor/confirm": async (p) => {
    await twoFactorOn(p.guest, { confirm: false });
    return { as: p.guest, params: {}, body: { code: "123456" } };
  },
  "POST /api/account/two-factor/disable": async (p) => {
    await twoFactorOn(p.guest);
    return { as: p.guest, params: {}, body: { currentPassword: TEST_PASSWORD } };
  },
  "POST /api/account/two-factor/recovery-codes": async (p) => {
    await twoFactorOn(p.guest);
    return { as: p.guest, params: {}, body: { currentPassword: TEST_PASSWORD } };
  },
  // Passkeys: answers to no challenge of ours (the signatures are the passkeys' own tests' business), and a passkey
  // of the guest's to rename and remove.
  "POST /api/account/passkeys/options": async (p) => ({ as: p.guest, params: {} }),
  "POST /api/account/passkeys": async (p) => ({
    as: p.guest,
    params: {},
    body: {
      credential: { ...FAKE_CREDENTIAL, response: { clientDataJSON: FAKE_CLIENT_DATA, attestationObject: "oA" } },
    },
  }),
  "PATCH /api/account/passkeys/:id": async (p) => ({
    as: p.guest,
    params: { id: String(await passkeyOf(p.guest)) },
    body: { name: "Kitchen tablet" },
  }),
  "DELETE /api/account/passkeys/:id": async (p) => ({ as: p.guest, params: { id: String(await passkeyOf(p.guest)) } }),
  "POST /api/auth/passkey/options": async () => ({ as: null, params: {} }),
  "POST /api/auth/passkey/verify": async () => ({
    as: null,
    params: {},
    body: {
      credential: {
        ...FAKE_CREDENTIAL,
        response: { clientDataJSON: FAKE_CLIENT_DATA, authenticatorData: "AAAA", signature: "AAAA" },
      },
    },
  }),
  // A browser whose password was right, waiting for its code: wrong codes are recorded (lockout, System Logs) and
  // counted against the waiting sign-in.
  "POST /api/auth/two-factor": async (p) => {
    await enrolTwoFactor(t.db, p.loginTarget.id);
    const browser = new HttpClient(server.baseUrl);
    const login = await browser.post("/api/auth/login", { email: p.loginTarget.email, password: TEST_PASSWORD });
    expect(login.body.twoFactorRequired).toBe(true);
    return {
      as: { ...p.loginTarget, client: browser, cookie: browser.cookie ?? "" },
      params: {},
      body: { code: "123456" },
      recordsRefusals: { login_attempts: "*", audit_logs: "*", sessions: ["sess"] },
    };
  },

  // ---------------------------------------------------------------- sign-in and verification
  "POST /api/auth/register": async () => ({
    as: null,
    params: {},
    body: {
      email: "new-person@bad-input.test",
      password: "a long unusual passphrase 93",
      firstName: "Nia",
      lastName: "New",
      role: "guest",
    },
  }),
  "POST /api/auth/login": async (p) => ({
    as: null,
    params: {},
    body: { email: p.loginTarget.email, password: "correct horse battery staple" },
    // Every refused sign-in is recorded, for the lockout and System Logs.
    recordsRefusals: { login_attempts: "*", audit_logs: "*", users: ["failed_login_attempts", "updated_at"] },
  }),
  "POST /api/auth/logout": async () => ({ as: null, params: {} }),
  "POST /api/auth/apple/callback": async () => ({
    as: null,
    params: {},
    body: { state: "a-state-nobody-started", code: "c0de" },
  }),
  "POST /api/auth/complete-oauth": async () => ({ as: null, params: {}, body: { token: "not-a-handoff-token" } }),
  "POST /api/auth/register-oauth": async () => ({
    as: null,
    params: {},
    body: {
      email: "oauth-person@bad-input.test",
      firstName: "Ola",
      lastName: "Auth",
      role: "guest",
      provider: "google",
    },
  }),
  "POST /api/auth/verify-email": async () => ({ as: null, params: {}, query: { token: "not-a-real-token" } }),
  // A request the route accepts for an account writes its request row and letter: refusals must write neither.
  "POST /api/auth/forgot-password": async (p) => ({ as: null, params: {}, body: { email: p.loginTarget.email } }),
  "POST /api/auth/reset-password": async (p) => ({
    as: null,
    params: {},
    body: { token: await resetLinkFor(p.loginTarget.id), password: "a brand new passphrase 42" },
  }),
  "POST /api/auth/send-email-verification": async (p) => ({ as: p.verifier, params: {}, body: {} }),
  "POST /api/auth/send-phone-verification": async (p) => ({
    as: p.verifier,
    params: {},
    body: { phoneNumber: "+44 7911 123456" },
  }),
  "POST /api/auth/verify-phone": async (p) => ({
    as: p.verifier,
    params: {},
    body: { code: "123456" },
    // A wrong code uses up one of the code's tries, so guessing stops.
    recordsRefusals: { users: ["phone_verification_attempts", "updated_at"] },
  }),

  // ---------------------------------------------------------------- reviews
  "POST /api/reviews": async (p) => {
    const booking = await stay(p, (await listing(p)).id, -10, 3, "completed");
    const stars = { rating: 5, cleanliness: 4, accuracy: 5, communication: 5, location: 4, value: 5 };
    return {
      as: p.guest,
      params: {},
      body: { bookingId: booking.id, ...stars, title: "Lovely flat", comment: "Quiet, clean and close to the park." },
    };
  },
  "POST /api/reviews/:id/response": async (p) => {
    const property = await listing(p);
    const [review] = await t.db
      .insert(reviews)
      .values({ propertyId: property.id, guestId: p.guest.id, rating: 4, title: "Nice", comment: "A good stay" })
      .returning();
    return { as: p.owner, params: { id: String(review?.id) }, body: { response: "Thank you for staying with us." } };
  },

  // ---------------------------------------------------------------- maintenance
  "POST /api/maintenance/jobs": async (p) => ({
    as: p.owner,
    params: {},
    body: { ...REPORT, propertyId: (await listing(p)).id },
  }),
  "PATCH /api/maintenance/jobs/:id": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "pending")).id },
    body: { priority: "low", isUrgent: false },
  }),
  "POST /api/maintenance/jobs/:id/offers": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "pending")).id },
    body: { ...offerBody([p.contractor.id]), vacantNights: 2, note: "Key is with the concierge" },
  }),
  "POST /api/maintenance/jobs/:id/accept": async (p) => ({
    as: p.contractor,
    params: { id: (await job(p, "offered")).id },
  }),
  "POST /api/maintenance/jobs/:id/decline": async (p) => ({
    as: p.contractor,
    params: { id: (await job(p, "offered")).id },
    body: { reason: "Fully booked that week" },
  }),
  "POST /api/maintenance/jobs/:id/reschedule": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "scheduled")).id },
    body: { scheduledDate: addDays(londonToday(), 14), vacantNights: 1, note: "After the guests leave" },
  }),
  "POST /api/maintenance/jobs/:id/propose-date": async (p) => ({
    as: p.contractor,
    params: { id: (await job(p, "scheduled")).id },
    body: { proposedDate: addDays(londonToday(), 10), note: "Parts arrive that week" },
  }),
  "POST /api/maintenance/jobs/:id/accept-proposed-date": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "proposed")).id },
  }),
  "POST /api/maintenance/jobs/:id/progress": async (p) => ({
    as: p.contractor,
    params: { id: (await job(p, "scheduled")).id },
    body: { stage: "on_the_way", note: "Twenty minutes away" },
  }),
  "POST /api/maintenance/jobs/:id/complete": async (p) => ({
    as: p.contractor,
    params: { id: (await job(p, "in_progress")).id },
    body: { finalCost: 160.5, note: "Fitted a new washer" },
  }),
  "POST /api/maintenance/jobs/:id/decline-report": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "pending")).id },
    body: { reason: "Not a fault: the tap is meant to drip" },
  }),
  "POST /api/maintenance/jobs/:id/withdraw": async (p) => {
    const property = await listing(p);
    const booking = await stay(p, property.id, -1, 4, "confirmed");
    const reported = await ok(p.guest.client.post("/api/maintenance/jobs", { ...REPORT, bookingId: booking.id }), 201);
    return { as: p.guest, params: { id: String(ids(reported).id) } };
  },
  "POST /api/maintenance/jobs/:id/cancel": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "scheduled")).id },
    body: { reason: "Fixed it ourselves" },
  }),
  "POST /api/maintenance/jobs/:id/mark-paid": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "completed")).id },
  }),
  "PUT /api/maintenance/jobs/:id/property-maintenance": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "pending", { isUrgent: true })).id },
    body: { underMaintenance: true },
  }),
  "POST /api/maintenance/jobs/:id/photos": async (p) => ({
    as: p.owner,
    params: { id: (await job(p, "pending")).id },
    multipart: photoForm("photo"),
  }),
  "DELETE /api/maintenance/jobs/:id/photos/:photoId": async (p) => {
    const { id } = await job(p, "pending");
    const detail = (await upload(p.owner, `/api/maintenance/jobs/${id}/photos`, "photo")) as {
      photos: { id: number }[];
    };
    return { as: p.owner, params: { id, photoId: String(detail.photos[0]?.id) } };
  },

  // ---------------------------------------------------------------- listings
  "POST /api/properties": async (p) => ({
    as: p.owner,
    params: {},
    body: propertyForm({
      images: ["https://images.example.com/flat.jpg"],
      amenities: ["Wi-Fi"],
      availableFrom: addDays(londonToday(), 30),
    }),
    bodySchema: jsonSchemaOf(ZCreateProperty),
    multipart: photoForm("photos", { name: "property", value: propertyForm() }),
  }),
  "PUT /api/properties/:id": async (p) => {
    const { amenities: _, ...form } = propertyForm();
    return {
      as: p.owner,
      params: { id: String((await listing(p)).id) },
      body: {
        ...form,
        cancellationPolicy: "moderate",
        epcRating: "C",
        features: ["garden"],
        petsAllowed: true,
        suitsChildren: false,
      },
      bodySchema: jsonSchemaOf(ZUpdateProperty),
    };
  },
  "POST /api/properties/:id/status": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { status: "maintenance" },
  }),
  "POST /api/properties/:id/calendar-sync/export-token": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
  }),
  // Private addresses are refused on this server, so even a well-formed feed is a 4xx that stores nothing.
  "POST /api/properties/:id/calendar-feeds": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { url: "http://127.0.0.1:9/fuzz.ics", name: "Other site" },
  }),
  "POST /api/properties/:id/calendar-feeds/:feedId/sync": async (p) => {
    const property = await listing(p);
    const feed = await calendarFeed(property.id);
    return {
      as: p.owner,
      params: { id: String(property.id), feedId: String(feed.id) },
      // A sync that cannot fetch the feed says so on the feed, for the landlord to see.
      recordsRefusals: { calendar_feeds: ["last_attempt_at", "last_status", "last_error", "next_sync_at"] },
    };
  },
  "DELETE /api/properties/:id/calendar-feeds/:feedId": async (p) => {
    const property = await listing(p);
    const feed = await calendarFeed(property.id);
    return { as: p.owner, params: { id: String(property.id), feedId: String(feed.id) } };
  },
  "PUT /api/properties/:id/instant-book": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { instantBook: true, instantBookMinStays: 2, instantBookMessageRequired: false },
  }),
  "PUT /api/properties/:id/short-let-permission": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { permission: "Camden 2024/0412/P" },
  }),
  // Photos kept on the server's disk: the ticket answers "send it as a form", and no ticket can be completed.
  "POST /api/properties/:id/photos/uploads": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { fileName: "kitchen.jpg", contentType: "image/jpeg", size: 120_000 },
  }),
  "POST /api/properties/:id/photos/uploads/:uploadId/complete": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id), uploadId: "0123456789abcdef0123456789abcdef" },
  }),
  "POST /api/properties/:id/photos": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { url: "https://images.example.com/kitchen.jpg" },
    bodySchema: jsonSchemaOf(ZAddPhotoByUrl),
    multipart: photoForm("photos"),
  }),
  "PUT /api/properties/:id/photos/order": async (p) => {
    const property = await listing(p, { photos: ["https://img.example.com/1.jpg", "https://img.example.com/2.jpg"] });
    const photos = (await ok(p.owner.client.get(`/api/properties/${property.id}/manage`))).photos as { id: number }[];
    return {
      as: p.owner,
      params: { id: String(property.id) },
      body: { photoIds: photos.map((photo) => photo.id).reverse() },
      bodySchema: jsonSchemaOf(ZPhotoOrder),
    };
  },
  "PUT /api/properties/:id/photos/:photoId/main": async (p) => {
    const property = await listing(p, { photos: ["https://img.example.com/1.jpg", "https://img.example.com/2.jpg"] });
    const photos = (await ok(p.owner.client.get(`/api/properties/${property.id}/manage`))).photos as { id: number }[];
    return { as: p.owner, params: { id: property.slug, photoId: String(photos[1]?.id) } };
  },
  "DELETE /api/properties/:id/photos/:photoId": async (p) => {
    const property = await listing(p);
    const photos = (await upload(p.owner, `/api/properties/${property.id}/photos`, "photos")) as { id: number }[];
    return { as: p.owner, params: { id: String(property.id), photoId: String(photos[0]?.id) } };
  },
  "POST /api/properties/:id/pricing-rules": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: {
      name: "Summer weekends",
      startDate: addDays(londonToday(), 30),
      endDate: addDays(londonToday(), 90),
      daysOfWeek: [5, 6],
      minStayLength: 2,
      maxStayLength: 14,
      priceModifier: 15.5,
      priority: 10,
    },
  }),
  "PUT /api/properties/:id/pricing-rules/:ruleId": async (p) => {
    const property = await listing(p);
    const rule = await ok(
      p.owner.client.post(`/api/properties/${property.id}/pricing-rules`, { name: "Winter", fixedPrice: 120 }),
      201,
    );
    return {
      as: p.owner,
      params: { id: String(property.id), ruleId: String(ids(rule).id) },
      body: { name: "Winter", fixedPrice: 99.99, startDate: "2030-01-01", endDate: "2030-02-28", isActive: false },
    };
  },
  "DELETE /api/properties/:id/pricing-rules/:ruleId": async (p) => {
    const property = await listing(p);
    const rule = await ok(
      p.owner.client.post(`/api/properties/${property.id}/pricing-rules`, { name: "Winter", fixedPrice: 120 }),
      201,
    );
    return { as: p.owner, params: { id: String(property.id), ruleId: String(ids(rule).id) } };
  },
  "POST /api/properties/:id/blocked-nights": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { from: addDays(londonToday(), 20), to: addDays(londonToday(), 23), note: "Family visit" },
  }),
  "DELETE /api/properties/:id/blocked-nights": async (p) => {
    const property = await listing(p);
    const range = { from: addDays(londonToday(), 20), to: addDays(londonToday(), 23) };
    await ok(p.owner.client.post(`/api/properties/${property.id}/blocked-nights`, range));
    return { as: p.owner, params: { id: String(property.id) }, query: range };
  },
  "PUT /api/properties/:id/manager": async (p) => ({
    as: p.owner,
    params: { id: String((await listing(p)).id) },
    body: { email: p.manager.email },
  }),
  "DELETE /api/properties/:id/manager": async (p) => {
    const property = await listing(p);
    await t.db.insert(propertyManagerAssignments).values({ propertyId: property.id, managerId: p.manager.id });
    return { as: p.owner, params: { id: String(property.id) } };
  },
  "POST /api/properties/:id/save": async (p) => ({ as: p.guest, params: { id: String((await listing(p)).id) } }),
  "DELETE /api/properties/:id/save": async (p) => {
    const property = await listing(p);
    await t.db.insert(savedProperties).values({ userId: p.guest.id, propertyId: property.id });
    return { as: p.guest, params: { id: property.slug } };
  },
  "POST /api/messages/enquiries": async (p) => ({
    as: p.guest,
    params: {},
    body: { propertyId: (await listing(p)).id, body: "Is the flat quiet at night?" },
  }),
  "POST /api/messages/threads/:threadId/messages": async (p) => {
    const [thread] = await t.db
      .insert(messageThreads)
      .values({ propertyId: (await listing(p)).id, guestId: p.guest.id })
      .returning();
    return { as: p.guest, params: { threadId: String(thread?.id) }, body: { body: "Could we arrive at noon?" } };
  },
  "POST /api/messages/bookings/:bookingId/thread": async (p) => {
    const booking = await stay(p, (await listing(p)).id, 30, 2, "pending");
    return { as: p.guest, params: { bookingId: String(booking.id) } };
  },
  "POST /api/manager-threads/:assignmentId/messages": async (p) => {
    const property = await listing(p);
    const [assignment] = await t.db
      .insert(propertyManagerAssignments)
      .values({ propertyId: property.id, managerId: p.manager.id })
      .returning();
    return {
      as: p.manager,
      params: { assignmentId: String(assignment?.id) },
      body: { body: "Boiler serviced today." },
    };
  },

  // ---------------------------------------------------------------- bookings and payments
  "POST /api/bookings": async (p) => {
    const checkIn = mondayIn(6);
    return {
      as: p.guest,
      params: {},
      headers: { "idempotency-key": "fuzz-booking-1" },
      body: {
        propertyId: (await listing(p)).id,
        checkIn,
        // A mid let, so its declaration is among the fields bad input reaches.
        checkOut: addDays(checkIn, 40),
        // The old count beside the party it must agree with, so bad input reaches both.
        guestCount: 2,
        adults: 1,
        children: 1,
        infants: 1,
        pets: 0,
        guestInfo: { firstName: "Gina", lastName: "Guest", email: "gina@example.com", phone: "+447700900456" },
        midLet: {
          purpose: "work",
          mainHomeAddress: "12 High Street, Leeds LS1 4AB",
          isMainHome: false,
        },
      },
    };
  },
  "POST /api/bookings/:id/cancel": async (p) => ({
    as: p.guest,
    params: { id: String((await stay(p, (await listing(p)).id, 40, 3, "confirmed")).id) },
    body: { reason: "Plans changed" },
  }),
  // A receipt is issued (numbered and kept) the first time it is asked for: a read that writes, so it is swept too.
  "GET /api/bookings/:id/receipt.pdf": async (p) => ({
    as: p.guest,
    params: { id: String((await stay(p, (await listing(p)).id, 44, 2, "confirmed")).id) },
  }),
  "PUT /api/bookings/:id/deposit": async (p) => {
    const property = await listing(p, { pricePerMonth: "3600.00", depositAmount: "4000.00" });
    const checkIn = addDays(londonToday(), 10);
    const tenancy = await createBooking(t.db, {
      propertyId: property.id,
      guestId: p.guest.id,
      checkIn,
      checkOut: addDays(checkIn, 400),
      status: "confirmed",
      stayMode: "tenancy",
      depositAmount: "4000.00",
      confirmedAt: new Date(Date.now() - 2 * 86_400_000),
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });
    // Agreed at the listing's rent, which the deposit's cap is weeks of.
    await t.db.insert(tenancies).values({
      bookingId: tenancy.id,
      startsOn: checkIn,
      monthlyRentPence: 360_000,
      demo: true,
      agreedAt: new Date(),
    });
    return {
      as: p.owner,
      params: { id: String(tenancy.id) },
      body: {
        amount: "4000.00",
        receivedOn: addDays(londonToday(), -2),
        scheme: "tds",
        certificateNumber: "TDS-0042-7781",
        protectedOn: addDays(londonToday(), -1),
      },
    };
  },
  "PUT /api/bookings/:id/right-to-rent": async (p) => ({
    as: p.owner,
    params: { id: (await tenancyStay(p, false)).id },
    body: { checkedOn: addDays(londonToday(), -1), method: "home_office_online" },
  }),
  "POST /api/bookings/:id/accept": async (p) => ({
    as: p.owner,
    params: { id: String((await stay(p, (await listing(p)).id, 40, 3, "pending")).id) },
    body: {},
  }),
  "POST /api/bookings/:id/tenancy/card": async (p) => ({
    as: p.guest,
    params: { id: (await tenancyStay(p, false)).id },
  }),
  "POST /api/bookings/:id/tenancy/notice": async (p) => {
    const tenancy = await tenancyStay(p, true);
    return { as: p.guest, params: { id: tenancy.id }, body: { endsOn: tenancy.endsOn } };
  },
  "POST /api/bookings/:id/decline": async (p) => ({
    as: p.owner,
    params: { id: String((await stay(p, (await listing(p)).id, 40, 3, "pending")).id) },
    body: { reason: "Dates no longer free" },
  }),
  "POST /api/create-payment-intent": async (p) => ({
    as: p.guest,
    params: {},
    body: { bookingId: (await stay(p, (await listing(p)).id, 50, 2, "pending")).id, amount: 300 },
  }),
  // A payee of their own with two-factor on, as setting up payouts needs; the valid request opens a Stripe account.
  "POST /api/payouts/onboarding": async () => {
    const payee = await person({ role: "contractor", firstName: "Pia", lastName: "Payee" });
    await enrolTwoFactor(t.db, payee.id);
    return { as: payee, params: {} };
  },
  "POST /api/stripe/webhook": async (p) => {
    const booking = await stay(p, (await listing(p)).id, 60, 2, "pending");
    const event = JSON.parse(paymentSucceededEvent("evt_fuzz_1", booking.id, "pi_fuzz_1", 30_000)) as unknown;
    return {
      as: null,
      params: {},
      body: event,
      bodySchema: inferSchema(event),
      sign: (payload) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      // Every refused webhook is written to System Logs: a forged sender is something admins should see.
      recordsRefusals: { audit_logs: "*" },
    };
  },
};

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** Reads that write: the first download of a document issues it, taking its number. */
const WRITING_READS = ["/api/bookings/:id/receipt.pdf"];
const isWrite = (route: RouteSummary) =>
  ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) ||
  (route.method === "GET" && WRITING_READS.includes(route.url));

async function person(fields: Parameters<typeof signedInUser>[2]): Promise<Person> {
  const { client, user, totpSecret } = await signedInUser(t.db, server.baseUrl, fields);
  const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
  if (row) originalRows.set(user.id, row);
  return { client, id: user.id, email: user.email, cookie: client.cookie ?? "", totpSecret };
}

/**
 * Puts everyone back as they were, signed in, before the next route: a generated request that another route accepted
 * may have named one of them by id (an admin's freeze or role change), and a route that failed part-way may have
 * left them changed. Without this one route's outcome would become the next route's set-up failure.
 */
async function restorePeople(): Promise<void> {
  // The sweep's wrong passwords all come from this machine's address: forgotten, so signing back in is not throttled.
  await t.db.delete(loginAttempts);
  for (const someone of Object.values(people)) {
    const original = originalRows.get(someone.id);
    if (!original) throw new Error(`no original row for person ${someone.id}`);
    const { id: _id, ...fields } = original;
    await t.db.update(users).set(fields).where(eq(users.id, someone.id));
    if ((await someone.client.get("/api/auth/user")).status === 200) continue;
    const login = await someone.client.post("/api/auth/login", { email: someone.email, password: TEST_PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // An administrator finishes with a code: the next step's, as the restored row remembers the first one as used.
    if (login.body.twoFactorRequired && someone.totpSecret) {
      const code = await totpCode(someone.totpSecret, 1);
      const second = await someone.client.post("/api/auth/two-factor", { code });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
    }
    someone.cookie = someone.client.cookie ?? "";
  }
}

beforeAll(async () => {
  image = await makeImage("png", { width: 48, height: 32 });
  for (const route of server.app.routeList) routeSummaries.set(routeKey(route), route);
  people = {
    admin: await person({ role: "admin" }),
    owner: await person({ role: "landlord", isApproved: true, firstName: "Olive", lastName: "Owner" }),
    guest: await person({ role: "guest", firstName: "Gina", lastName: "Guest" }),
    manager: await person({ role: "property_manager", firstName: "Max", lastName: "Manager" }),
    contractor: await person({ role: "contractor", firstName: "Cara", lastName: "Fixer" }),
    verifier: await person({ role: "guest", emailVerified: false, phoneVerified: false }),
    loginTarget: await person({ role: "guest", firstName: "Lou", lastName: "Login" }),
  };
  const sender = rawSender(server.baseUrl, IN_FLIGHT);
  send = sender.send;
  closeSender = sender.close;
});

afterAll(() => {
  closeSender?.();
  const rows = [...tally.entries()].map(
    ([route, n]) =>
      `${String(n.sent).padStart(5)} sent ${String(n.refused).padStart(5)} refused ${String(n.checked).padStart(5)} checked ${String(n.ms).padStart(6)} ms  ${route}`,
  );
  console.info(`bad requests per route (seed ${SEED}):\n${rows.join("\n")}`);
  console.info(`time spent: ${JSON.stringify(Object.fromEntries([...timings].map(([k, v]) => [k, Math.round(v)])))}`);
});

// ---------------------------------------------------------------- judging answers

/** Turned away: a 4xx, or a redirect to the sign-in page with an error (the OAuth callbacks answer so). */
const isRefusal = (response: RawResponse) =>
  (response.status >= 400 && response.status < 500) ||
  (response.status >= 300 && response.status < 400 && /[?&]error=/.test(response.location ?? ""));

function describeRequest(request: RawRequest, response?: RawResponse): string {
  const body =
    request.body === undefined
      ? "(none)"
      : request.body.length > 300
        ? `${request.body.toString().slice(0, 300)}… (${request.body.length} bytes)`
        : request.body.toString();
  return [
    `${request.method} ${request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path}`,
    `  what is wrong: ${request.label}`,
    `  headers: ${JSON.stringify(request.headers).slice(0, 300)}`,
    `  body: ${body}`,
    ...(response ? [`  answer: ${response.status} ${response.text.slice(0, 300)}`] : []),
    ...(response && response.status >= 500 ? [`  logged: ${loggedErrorOf(response)}`] : []),
  ].join("\n");
}

/** The error the app logged for a 5xx answer, found by the request id the answer quotes. */
function loggedErrorOf(response: RawResponse): string {
  const requestId = (response.json as { requestId?: unknown } | undefined)?.requestId;
  const line = errorLog.lines.find((l) => l.reqId === requestId);
  const err = line?.err as { type?: string; message?: string; code?: string; stack?: string } | undefined;
  if (!err) return "(nothing logged for this request)";
  return `${err.type ?? "Error"}${err.code ? ` ${err.code}` : ""}: ${err.message}\n${(err.stack ?? "").split("\n").slice(1, 6).join("\n")}`;
}

/** What is wrong with an answer, or null: never a 5xx, and every refusal says why in JSON. */
function problemWith(response: RawResponse): string | null {
  if (response.status >= 500) return `answered ${response.status}`;
  if (response.status >= 400) {
    const message = (response.json as { message?: unknown } | undefined)?.message;
    if (typeof message !== "string" || message.trim() === "") return "a refusal without a JSON message";
  }
  return null;
}

const checksums = (ignored: Ignored) => timed("checksums", () => tableChecksums(t.db, ignored));

/** Waits until the database stops changing (mail queued after an accepted request lands just after its answer). */
async function settledChecksums(ignored: Ignored) {
  let previous = await checksums(ignored);
  for (let i = 0; i < 20; i++) {
    await sleep(30);
    const next = await checksums(ignored);
    if (changedTables(previous, next).length === 0) return next;
    previous = next;
  }
  return previous;
}

const timings = new Map<string, number>();
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings.set(what, (timings.get(what) ?? 0) + performance.now() - start);
  }
}

/** Sends one batch, a few at a time, answering each request with its response. */
async function sendBatch(batch: RawRequest[], cookie: string | undefined) {
  return timed("sending", () =>
    mapLimit(batch, IN_FLIGHT, async (request) => ({ request, response: await send(request, cookie) })),
  );
}

/**
 * The requests of a refused batch that changed the database, found by sending them again one by one (each
 * checked on its own; they are refused, so sending them twice is harmless).
 */
async function culprits(batch: RawRequest[], cookie: string | undefined, ignored: Ignored) {
  const found: string[] = [];
  for (const request of batch) {
    const before = await settledChecksums(ignored);
    const response = await send(request, cookie);
    const changed = changedTables(before, await settledChecksums(ignored));
    if (changed.length && isRefusal(response))
      found.push(`${describeRequest(request, response)}\n  changed: ${changed.join(", ")}`);
  }
  return found;
}

// ---------------------------------------------------------------- the sweep

const keys = Object.keys(CASES);

describe("generated bad input on every write route", () => {
  beforeEach(restorePeople);

  it("has a case for every write route the app registers, and none for a route that is gone", () => {
    const writes = server.app.routeList.filter(isWrite).map(routeKey).sort();
    expect(keys.slice().sort()).toEqual(writes);
  });

  it.each(keys.map((key, index) => [key, index] as const))(
    "%s: never a 5xx, every refusal explained, nothing written by a refusal",
    async (key, index) => {
      const route = routeSummaries.get(key);
      if (!route) throw new Error(`${key} is not registered`);
      const prepared = await timed("records", () => (CASES[key] as Case)(people));
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const spec: RequestSpec = {
        method: route.method,
        url: route.url,
        paramsSchema: jsonSchemaOf(schema.params),
        querySchema: jsonSchemaOf(schema.querystring),
        headersSchema: jsonSchemaOf(schema.headers),
        ...prepared,
        bodySchema: prepared.bodySchema ?? jsonSchemaOf(schema.body),
      };
      const ignored: Ignored = { ...ALWAYS_IGNORED };
      for (const [table, columns] of Object.entries(prepared.recordsRefusals ?? {})) {
        const already = ignored[table];
        ignored[table] = columns === "*" || already === "*" ? "*" : [...(already ?? []), ...columns];
      }
      // A refusal System Logs record is counted in System Logs' tallies too (the same write, by trigger).
      if (ignored.audit_logs === "*") ignored.audit_log_tallies = "*";
      const cookie = prepared.as?.cookie;
      const seed = SEED + index;
      const requests = fc.sample(badRequests(spec), { seed, numRuns: RUNS });
      const counts = { sent: 0, refused: 0, accepted: 0, checked: 0, ms: 0 };
      const started = performance.now();
      tally.set(key, counts);
      const problems: string[] = [];
      const writtenByRefusals: string[] = [];

      let state = await settledChecksums(ignored);
      for (let start = 0; start < requests.length; start += BATCH) {
        const batch = requests.slice(start, start + BATCH);
        const answers = await sendBatch(batch, cookie);
        counts.sent += batch.length;
        for (const { request, response } of answers) {
          if (process.env.FUZZ_DEBUG) console.info(response.status, request.label, response.text.slice(0, 120));
          const problem = problemWith(response);
          if (problem) problems.push(`${problem}:\n${describeRequest(request, response)}`);
          if (isRefusal(response)) counts.refused += 1;
          else counts.accepted += 1;
        }
        let refusedOnly = answers.filter((a) => isRefusal(a.response)).map((a) => a.request);
        if (refusedOnly.length < batch.length) {
          // Something was accepted and may have written: check the refused ones again, on their own.
          state = await settledChecksums(ignored);
          const again = await sendBatch(refusedOnly, cookie);
          refusedOnly = again.filter((a) => isRefusal(a.response)).map((a) => a.request);
          if (refusedOnly.length < again.length) {
            state = await settledChecksums(ignored);
            continue;
          }
        }
        const after = await checksums(ignored);
        if (changedTables(state, after).length) {
          writtenByRefusals.push(...(await culprits(refusedOnly, cookie, ignored)));
          state = await settledChecksums(ignored);
        } else {
          counts.checked += refusedOnly.length;
          state = after;
        }
      }

      counts.ms = Math.round(performance.now() - started);
      if (problems.length) {
        // Let fast-check find the smallest request that still fails, from the same seed.
        const shrunk = await fc.check(
          fc.asyncProperty(badRequests(spec), async (request) => problemWith(await send(request, cookie)) === null),
          { seed, numRuns: RUNS },
        );
        const smallest = shrunk.counterexample?.[0];
        throw new Error(
          `${problems.length} of ${counts.sent} bad requests to ${key} were answered wrongly (FUZZ_SEED=${SEED}, ` +
            `route seed ${seed}).\n` +
            (smallest ? `Smallest failing request found by shrinking:\n${describeRequest(smallest)}\n\n` : "") +
            `First failures:\n${problems.slice(0, 5).join("\n\n")}`,
        );
      }
      expect(writtenByRefusals, `refused requests to ${key} changed the database (seed ${seed})`).toEqual([]);
      expect(counts.sent).toBe(RUNS);
    },
    // About 70 ms a request at the most on this kind of machine, with room to spare.
    Math.max(120_000, RUNS * 200),
  );

  it(`sent at least 10,000 bad requests in all, spread over every write route`, () => {
    const total = [...tally.values()].reduce((sum, n) => sum + n.sent, 0);
    const checked = [...tally.values()].reduce((sum, n) => sum + n.checked, 0);
    const refused = [...tally.values()].reduce((sum, n) => sum + n.refused, 0);
    console.info(`${total} bad requests; ${refused} refused, ${checked} of them checked to have written nothing`);
    expect(tally.size).toBe(keys.length);
    if (RUNS >= 180) expect(total).toBeGreaterThanOrEqual(10_000);
    // The unchanged-database check covered nearly every refusal (the rest shared a batch with an accepted request
    // and were accepted themselves when sent again).
    expect(checked).toBeGreaterThanOrEqual(refused * 0.9);
  });
});

// ---------------------------------------------------------------- the map's bounding box (public reads)

describe("bad bounding boxes on the search and its map", () => {
  const CAMDEN = "-0.1650,51.5300,-0.1250,51.5560";
  const BAD_BOXES: Array<[string, RegExp]> = [
    ["-0.1,51.6,0.1,51.5", /south must not be above north/],
    ["179.5,51,-179.5,52", /antimeridian/],
    ["-70,-10,70,80", /at most 40 degrees wide and 25 tall/],
    ["-0.1,51.5,0.1,91", /latitudes must be between -90 and 90/],
    ["-190,51.5,0.1,51.6", /longitudes must be between -180 and 180/],
    ["Infinity,51.5,0.1,51.6", /four decimal numbers/],
    ["-0.1,51.5,,51.6", /four decimal numbers/],
    ["0x1,51.5,0.1,51.6", /four decimal numbers/],
    ["", /four decimal numbers/],
  ];

  it.each(["/api/properties", "/api/properties/map"])(
    "%s: each bad box is a 400 that says why, and nothing is stored",
    async (url) => {
      const before = await settledChecksums(ALWAYS_IGNORED);
      for (const [bbox, message] of BAD_BOXES) {
        const response = await fetch(`${server.baseUrl}${url}?bbox=${encodeURIComponent(bbox)}`);
        expect(response.status, bbox).toBe(400);
        expect(((await response.json()) as { message: string }).message, bbox).toMatch(message);
      }
      expect(changedTables(before, await checksums(ALWAYS_IGNORED))).toEqual([]);
    },
  );

  it.each(["GET /api/properties", "GET /api/properties/map"])(
    "%s: generated bad queries around a Camden box are never a 5xx and every refusal says why",
    async (key) => {
      const route = routeSummaries.get(key);
      if (!route) throw new Error(`${key} is not registered`);
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const spec: RequestSpec = {
        method: route.method,
        url: route.url,
        params: {},
        query: { bbox: CAMDEN, maxPrice: "300" },
        querySchema: jsonSchemaOf(schema.querystring),
      };
      const requests = fc.sample(badRequests(spec), { seed: SEED, numRuns: 120 });
      const problems: string[] = [];
      for (const { request, response } of await sendBatch(requests, undefined)) {
        const problem = problemWith(response);
        if (problem) problems.push(`${problem}:\n${describeRequest(request, response)}`);
      }
      expect(problems.slice(0, 5)).toEqual([]);
    },
  );
});
