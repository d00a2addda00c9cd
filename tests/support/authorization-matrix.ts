import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { earliestNoticeEnd } from "../../common/domain/periodic-tenancy";
import type { Database } from "../../server/db/client";
import {
  calendarExports,
  calendarFeeds,
  damageClaims,
  importedStays,
  maintenanceJobEvents,
  maintenanceJobPhotos,
  maintenanceJobs,
  maintenanceOffers,
  messageThreads,
  petRequests,
  pricingRules,
  propertyManagerAssignments,
  propertyPhotos,
  rentIncreases,
  reviews,
  savedProperties,
  supportMessages,
  supportTickets,
  tenancies,
  tenancyDeposits,
  threadMessages,
  users,
} from "../../server/db/schema";
import { createBooking, createProperty, createUser, enrolTwoFactor, totpCode } from "../factories";
import { makeImage } from "./images";
import { TEST_PASSWORD } from "./signed-in";
import { mondayIn } from "./stay-dates";

/**
 * The people and records of the authorization matrix (tests/integration/authorization-matrix.test.ts): everyone
 * who may knock on a route, each with a real session, and a world of real records that a wrongly open route
 * could really act on.
 */
export const PERSONAS = [
  "anonymous",
  "guest",
  "otherGuest",
  "unapprovedLandlord",
  "landlord",
  "otherLandlord",
  "manager",
  "contractor",
  "admin",
  "frozen",
] as const;
export type Persona = (typeof PERSONAS)[number];
export type SignedInPersona = Exclude<Persona, "anonymous">;

type UserRow = typeof users.$inferSelect;
export type People = Record<SignedInPersona, UserRow> & {
  /** A second property manager account: who a property's manager can be changed to. */
  spareManager: UserRow;
  /** An account whose password everyone may try at the sign-in form. */
  signInTarget: UserRow;
};

/** Session cookies: one each for ordinary requests, and spares for requests that end or replace a session. */
export type Sessions = { main: Record<Persona, string | null>; spare: Record<Persona, (string | null)[]> };

const PERSONA_ACCOUNTS: Record<SignedInPersona, Partial<typeof users.$inferInsert>> = {
  guest: { role: "guest", firstName: "Gina", lastName: "Guest" },
  otherGuest: { role: "guest", firstName: "Otto", lastName: "Otherguest" },
  unapprovedLandlord: { role: "landlord", firstName: "Una", lastName: "Unapproved" },
  landlord: { role: "landlord", firstName: "Olive", lastName: "Owner" },
  otherLandlord: { role: "landlord", firstName: "Lars", lastName: "Otherlandlord" },
  manager: { role: "property_manager", firstName: "Max", lastName: "Manager" },
  contractor: { role: "contractor", firstName: "Cara", lastName: "Fixer" },
  // The strongest role, so a frozen account let in anywhere would be let in to everything.
  admin: { role: "admin", firstName: "Ada", lastName: "Admin" },
  frozen: { role: "admin", firstName: "Frida", lastName: "Frozen" },
};

async function post(baseUrl: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    cookie: response.headers.get("set-cookie")?.split(";")[0],
    body: (await response.json()) as Record<string, unknown>,
  };
}

/**
 * Signs in through the real login; an account with two-factor on finishes with `secondFactor` (a code from the app or
 * a recovery code), as a person would.
 */
async function signIn(baseUrl: string, email: string, secondFactor?: () => Promise<object>): Promise<string> {
  let answer = await post(baseUrl, "/api/auth/login", { email, password: TEST_PASSWORD });
  if (answer.status === 200 && answer.body.twoFactorRequired && secondFactor && answer.cookie) {
    answer = await post(baseUrl, "/api/auth/two-factor", await secondFactor(), answer.cookie);
  }
  if (answer.status !== 200 || !answer.cookie || !answer.body.user) {
    throw new Error(`${email} could not sign in: ${JSON.stringify(answer.body)}`);
  }
  return answer.cookie;
}

/**
 * Administrators must sign in with two factors: each gets a real authenticator secret, signs in once with a code
 * from it, and asks for recovery codes (with the password) for its other sessions, since a code from the app works
 * only once.
 */
async function twoFactorFor(db: Database, baseUrl: string, userId: number, email: string) {
  const secret = await enrolTwoFactor(db, userId);
  const main = await signIn(baseUrl, email, async () => ({ code: await totpCode(secret) }));
  const codes = await post(baseUrl, "/api/account/two-factor/recovery-codes", { currentPassword: TEST_PASSWORD }, main);
  const recoveryCodes = [...((codes.body.recoveryCodes as string[] | undefined) ?? [])];
  return {
    main,
    next: async () => {
      const recoveryCode = recoveryCodes.shift();
      if (!recoveryCode) throw new Error(`${email} has no recovery codes left for another session`);
      return { recoveryCode };
    },
  };
}

/**
 * Every persona's account, signed in through the real login (`spares` extra sessions each). The unapproved landlord
 * and the frozen account cannot sign in: they sign in while they still could, and lose their standing afterwards,
 * as a withdrawn approval or a freeze leaves a session behind.
 */
export async function signInPersonas(
  db: Database,
  baseUrl: string,
  spares: number,
): Promise<{ people: People; sessions: Sessions }> {
  // Hashed at argon2's lightest settings (the hash carries them, so sign-in checks it the same way): some fifty
  // sign-ins at the production cost would take most of the file's time.
  const passwordHash = await hash(TEST_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const tag = randomBytes(3).toString("hex");
  const account = (name: string, fields: Partial<typeof users.$inferInsert>) =>
    createUser(db, {
      email: `${name.toLowerCase()}-${tag}@matrix.test`,
      passwordHash,
      emailVerified: true,
      phoneVerified: true,
      isApproved: true,
      ...fields,
    });
  const people = {} as People;
  for (const persona of Object.keys(PERSONA_ACCOUNTS) as SignedInPersona[]) {
    people[persona] = await account(persona, PERSONA_ACCOUNTS[persona]);
  }
  people.spareManager = await account("spareManager", {
    role: "property_manager",
    firstName: "Sam",
    lastName: "Spare",
  });
  people.signInTarget = await account("signInTarget", { role: "guest", firstName: "Tess", lastName: "Target" });

  const sessions: Sessions = {
    main: { anonymous: null } as Sessions["main"],
    spare: { anonymous: Array.from({ length: spares }, () => null) } as Sessions["spare"],
  };
  const personas = Object.keys(PERSONA_ACCOUNTS) as SignedInPersona[];
  for (const persona of personas) sessions.spare[persona] = [];
  const secondFactors: Partial<Record<SignedInPersona, () => Promise<object>>> = {};
  for (const persona of personas.filter((p) => PERSONA_ACCOUNTS[p].role === "admin")) {
    const { main, next } = await twoFactorFor(db, baseUrl, people[persona].id, people[persona].email);
    sessions.main[persona] = main;
    secondFactors[persona] = next;
  }
  await inParallel(
    personas.flatMap((persona) =>
      Array.from({ length: spares + 1 }, (_, i) => ({ persona, main: i === 0 })).filter(
        ({ persona, main }) => !(main && sessions.main[persona]),
      ),
    ),
    8,
    async ({ persona, main }) => {
      const cookie = await signIn(baseUrl, people[persona].email, secondFactors[persona]);
      if (main) sessions.main[persona] = cookie;
      else sessions.spare[persona].push(cookie);
    },
  );
  await db.update(users).set({ isApproved: false }).where(eq(users.id, people.unapprovedLandlord.id));
  await db.update(users).set({ isFrozen: true, frozenAt: new Date() }).where(eq(users.id, people.frozen.id));
  return { people, sessions };
}

/** The records a route can name, all belonging to the landlord's property and the guest's stays. */
export type World = {
  property: { id: number; slug: string; title: string };
  photoId: number;
  pricingRuleId: number;
  assignmentId: number;
  /** The guest's enquiry about the property, with a question in it (the manager is a party too). */
  enquiryThreadId: number;
  /** A request the landlord has not answered yet, weeks ahead. */
  pendingBookingId: number;
  /** A request whose hold has lapsed and is still to be released: whoever touches it first releases it. */
  lapsedBookingId: number;
  /** The guest is staying now: a problem can be reported from it. */
  stayBookingId: number;
  /** A finished stay not reviewed yet. */
  completedBookingId: number;
  /** The guest's review of another finished stay, not answered yet. */
  reviewId: number;
  /** Reported by the guest from their stay, urgent, offered to the contractor. */
  jobId: number;
  jobPhotoId: number;
  /** A calendar the listing imports, with one stay, and the secret token of the listing's own feed. */
  calendarFeedId: number;
  calendarExportToken: string;
  /** An account for the admin's user routes. */
  targetUserId: number;
  /** A landlord waiting for approval. */
  applicantId: number;
  /** The guest's request to the support team, about their stay. */
  supportTicketId: number;
  /** The landlord's damage claim on the guest's finished stay, waiting for the guest's answer. */
  damageClaimId: number;
  /** The guest's periodic tenancy of another of the landlord's homes: agreed, begun ten days ago, no notice yet, its
   * deposit protected. */
  tenancyBookingId: number;
  /** The last day a notice given today may name for that tenancy. */
  tenancyNoticeEnd: string;
  /** The guest's tenancy of the landlord's property, agreed and begun over a year ago, with a served rent increase. */
  rightsTenancyBookingId: number;
  rentIncreaseId: number;
  /** The guest's pet request on that tenancy, waiting for the landlord's answer. */
  petRequestId: number;
};

/**
 * A fresh world: the landlord's property (one photo, a pricing rule, the manager assigned with a message in their
 * thread, the guest's enquiry about it), the guest's pending request and one whose hold has lapsed, current stay and finished stays (one reviewed), the property saved by the
 * guest, a job the guest reported, offered to the contractor, with a photo; and two accounts for admins to act on.
 */
export async function buildWorld(db: Database, people: People): Promise<World> {
  const { landlord, guest, manager, contractor } = people;
  const today = londonToday();
  const property = await createProperty(db, {
    ownerId: landlord.id,
    photos: ["https://images.example.com/matrix-front.jpg"],
  });
  const [photo] = await db
    .select({ id: propertyPhotos.id })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, property.id));
  const [rule] = await db
    .insert(pricingRules)
    .values({ propertyId: property.id, name: "Weekends", daysOfWeek: [5, 6], priceModifier: "15" })
    .returning({ id: pricingRules.id });
  const [assignment] = await db
    .insert(propertyManagerAssignments)
    .values({ propertyId: property.id, managerId: manager.id, assignedBy: landlord.id })
    .returning({ id: propertyManagerAssignments.id });
  if (!photo || !rule || !assignment) throw new Error("world not built");
  const [managerConversation] = await db
    .insert(messageThreads)
    .values({ kind: "owner_manager", propertyId: property.id, assignmentId: assignment.id })
    .returning({ id: messageThreads.id });
  if (!managerConversation) throw new Error("world not built");
  await db.insert(threadMessages).values({
    threadId: managerConversation.id,
    authorId: landlord.id,
    authorSide: "host",
    body: "Keys are with the concierge.",
  });

  const stay = (checkIn: string, nights: number, fields: Partial<Parameters<typeof createBooking>[1]>) =>
    createBooking(db, {
      ...fields,
      propertyId: property.id,
      guestId: guest.id,
      checkIn,
      checkOut: addDays(checkIn, nights),
    });
  const pending = await stay(mondayIn(10), 2, { status: "pending", holdExpiresAt: new Date(Date.now() + 86_400_000) });
  const lapsed = await stay(mondayIn(12), 2, { status: "pending", holdExpiresAt: new Date(Date.now() - 60_000) });
  const current = await stay(addDays(today, -1), 4, { status: "confirmed" });
  const completed = await stay(addDays(today, -30), 2, { status: "completed" });
  const reviewed = await stay(addDays(today, -20), 2, { status: "completed" });
  const [review] = await db
    .insert(reviews)
    .values({
      propertyId: property.id,
      bookingId: reviewed.id,
      guestId: guest.id,
      rating: 4,
      title: "Lovely flat",
      comment: "Quiet, clean and close to the park.",
    })
    .returning({ id: reviews.id });
  await db.insert(savedProperties).values({ userId: guest.id, propertyId: property.id });

  const [enquiry] = await db
    .insert(messageThreads)
    .values({ propertyId: property.id, guestId: guest.id })
    .returning({ id: messageThreads.id });
  if (!enquiry) throw new Error("world not built");
  await db
    .insert(threadMessages)
    .values({ threadId: enquiry.id, authorId: guest.id, authorSide: "guest", body: "Is there a lift?" });

  const [job] = await db
    .insert(maintenanceJobs)
    .values({
      propertyId: property.id,
      reportedBy: guest.id,
      bookingId: current.id,
      title: "Kitchen tap is leaking",
      description: "Water drips from the kitchen tap all night and pools under the sink.",
      category: "plumbing",
      priority: "high",
      isUrgent: true,
      scheduledDate: addDays(today, 7),
      estimatedHours: 3,
      agreedPayment: "180.00",
    })
    .returning({ id: maintenanceJobs.id });
  if (!review || !job) throw new Error("world not built");
  await db.insert(maintenanceJobEvents).values({ jobId: job.id, actorId: guest.id, transition: "report" });
  await db.insert(maintenanceOffers).values({ jobId: job.id, contractorId: contractor.id, offeredBy: landlord.id });
  const [jobPhoto] = await db
    .insert(maintenanceJobPhotos)
    .values({ jobId: job.id, photoKey: randomBytes(16).toString("hex"), uploadedBy: guest.id })
    .returning({ id: maintenanceJobPhotos.id });
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ propertyId: property.id, name: "Other site", url: "http://127.0.0.1:9/other-site.ics" })
    .returning({ id: calendarFeeds.id });
  if (!feed) throw new Error("world not built");
  await db
    .insert(importedStays)
    .values({ feedId: feed.id, propertyId: property.id, uid: "matrix", startsOn: mondayIn(20), endsOn: mondayIn(21) });
  const calendarExportToken = randomBytes(32).toString("base64url");
  await db.insert(calendarExports).values({
    propertyId: property.id,
    token: calendarExportToken,
    tokenSha256: createHash("sha256").update(calendarExportToken).digest("hex"),
  });
  const [ticket] = await db
    .insert(supportTickets)
    .values({
      requesterId: guest.id,
      requesterName: "Matrix Guest",
      requesterEmail: guest.email,
      topic: "booking",
      bookingId: current.id,
    })
    .returning({ id: supportTickets.id });
  if (!ticket) throw new Error("world not built");
  await db
    .insert(supportMessages)
    .values({ ticketId: ticket.id, authorId: guest.id, fromTeam: false, body: "The hot water is off." });
  const target = await createUser(db, { role: "guest", emailVerified: true });
  const applicant = await createUser(db, { role: "landlord", isApproved: false, emailVerified: true });
  if (!jobPhoto) throw new Error("world not built");
  const [claim] = await db
    .insert(damageClaims)
    .values({
      bookingId: completed.id,
      raisedBy: landlord.id,
      description: "A cracked mirror in the hall.",
      amountPence: 5000,
    })
    .returning({ id: damageClaims.id });
  if (!claim) throw new Error("world not built");
  const home = await createProperty(db, { ownerId: landlord.id, pricePerMonth: "3600.00" });
  const tenancyStart = addDays(today, -10);
  const tenancyBooking = await createBooking(db, {
    propertyId: home.id,
    guestId: guest.id,
    checkIn: tenancyStart,
    checkOut: addDays(today, 760),
    status: "confirmed",
    stayMode: "tenancy",
    depositAmount: "4000.00",
    confirmedAt: new Date(),
  });
  await db.insert(tenancyDeposits).values({
    bookingId: tenancyBooking.id,
    amountPence: 400_000,
    receivedOn: tenancyStart,
    scheme: "dps",
    certificateNumber: "DPS-5550001",
    protectedOn: tenancyStart,
    recordedBy: landlord.id,
    recordedAt: new Date(),
  });
  await db.insert(tenancies).values({
    bookingId: tenancyBooking.id,
    startsOn: tenancyStart,
    monthlyRentPence: 360_000,
    demo: true,
    agreedAt: new Date(),
  });

  // A tenancy on a second listing of the landlord's (its nights would cross the short stays above).
  const rightsHome = await createProperty(db, { ownerId: landlord.id, pricePerMonth: "2000.00" });
  const tenancy = await createBooking(db, {
    propertyId: rightsHome.id,
    guestId: guest.id,
    checkIn: addDays(today, -400),
    checkOut: addDays(today, 330),
    status: "confirmed",
    stayMode: "tenancy",
    totalPrice: "48000.00",
  });
  const [increase] = await db
    .insert(rentIncreases)
    .values({
      bookingId: tenancy.id,
      proposedBy: landlord.id,
      previousMonthlyRentPence: 200_000,
      monthlyRentPence: 210_000,
      startsOn: addDays(today, 90),
      servedOn: addDays(today, -10),
      noticePdf: Buffer.from("%PDF-1.3 matrix notice"),
      noticeSha256: "0".repeat(64),
    })
    .returning({ id: rentIncreases.id });
  const [pet] = await db
    .insert(petRequests)
    .values({
      bookingId: tenancy.id,
      askedBy: guest.id,
      description: "A quiet old cat.",
      askedOn: addDays(today, -3),
      answerDueOn: addDays(today, 25),
    })
    .returning({ id: petRequests.id });
  if (!increase || !pet) throw new Error("world not built");

  return {
    rightsTenancyBookingId: tenancy.id,
    rentIncreaseId: increase.id,
    petRequestId: pet.id,
    property: { id: property.id, slug: property.slug, title: property.title },
    photoId: photo.id,
    pricingRuleId: rule.id,
    assignmentId: assignment.id,
    enquiryThreadId: enquiry.id,
    pendingBookingId: pending.id,
    lapsedBookingId: lapsed.id,
    stayBookingId: current.id,
    completedBookingId: completed.id,
    reviewId: review.id,
    jobId: job.id,
    jobPhotoId: jobPhoto.id,
    calendarFeedId: feed.id,
    calendarExportToken,
    targetUserId: target.id,
    applicantId: applicant.id,
    supportTicketId: ticket.id,
    damageClaimId: claim.id,
    tenancyBookingId: tenancyBooking.id,
    tenancyNoticeEnd: earliestNoticeEnd(tenancyStart, today),
  };
}

/** What one request of the matrix sends: path parameters, query, and a JSON body or one photo as multipart. */
export type Outgoing = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Multipart with one real image in this field. */
  photoField?: string;
  /** Request headers the route requires (an Idempotency-Key). */
  headers?: Record<string, string>;
};

let photoBytes: Promise<Buffer> | undefined;

/** The route's url with its parameters filled in; a parameter left unnamed is the table's mistake. */
export function pathOf(url: string, outgoing: Outgoing): string {
  const params = outgoing.params ?? {};
  const path = url.replace(/:([A-Za-z]+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`${url}: no value for ${whole}`);
    return encodeURIComponent(String(value)).replace(/%2F/g, "/");
  });
  const query = new URLSearchParams(
    Object.entries(outgoing.query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/** One request as a browser-less client sends it, with `cookie` as its session. Only the status and text are kept. */
export async function sendRequest(
  baseUrl: string,
  method: string,
  url: string,
  outgoing: Outgoing,
  cookie: string | null,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { ...outgoing.headers, ...(cookie ? { cookie } : {}) };
  let body: string | FormData | undefined;
  if (outgoing.photoField) {
    photoBytes ??= makeImage("jpeg", { width: 64, height: 48 });
    const form = new FormData();
    form.append(outgoing.photoField, new Blob([new Uint8Array(await photoBytes)], { type: "image/jpeg" }), "leak.jpg");
    body = form;
  } else if (outgoing.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(outgoing.body);
  }
  const response = await fetch(`${baseUrl}${pathOf(url, outgoing)}`, { method, headers, body, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

/**
 * Every table's rows, as one fingerprint each, to compare before and after requests that must change nothing.
 * Left out: sessions (every signed-in request may slide its expiry) and a user's last-seen time (marked on
 * reading a session), which change for whoever merely knocks.
 */
export async function snapshot(db: Database, only?: readonly string[]): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
    order by table_name`);
  const state: Record<string, string> = {};
  for (const { name } of tables.rows.filter((table) => !only || only.includes(table.name))) {
    const result = await db.execute<{ rows: string; digest: string }>(
      sql.raw(`select count(*)::text as rows,
        coalesce(md5(string_agg((to_jsonb(t) - 'last_seen_at')::text, '|' order by (to_jsonb(t) - 'last_seen_at')::text)), '') as digest
        from "${name}" t`),
    );
    const row = result.rows[0];
    state[name] = `${row?.rows} rows ${row?.digest}`;
  }
  return state;
}

/** Runs `task` over `items`, at most `limit` at a time, in order of start. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
