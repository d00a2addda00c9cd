import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { taxYearOf } from "../../common/domain/money-documents";
import { fromRoot } from "../../server/lib/project-root";
import { ROUTE_ENTITIES, type RouteEntity } from "../../server/routes/route-table";
import { propertyForm } from "../factories";
import {
  buildWorld,
  inParallel,
  type Outgoing,
  PERSONAS,
  type People,
  type Persona,
  type Sessions,
  type SignedInPersona,
  sendRequest,
  signInPersonas,
  snapshot,
  type World,
} from "../support/authorization-matrix";
import { TEST_PASSWORD } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Who may call every route the app registers, as one table: each route × anonymous, a guest, another guest, an
 * unapproved landlord, the landlord who owns the records, another landlord, the property's manager, the contractor
 * the job is offered to, an admin, and a frozen account. The table is checked against the app's own route list,
 * so a new route fails here until it states who may call it. Every refusal is checked for its exact status, with
 * a body that passes validation and real records behind it, and must change nothing; everyone let in must get the
 * route's own answer (never a refusal, never a 5xx).
 */
/** Switches that decide which routes exist: the dev outbox and the metrics endpoint are on here. */
const SET_UP = { devOutbox: true, metricsToken: true, clientBuilt: existsSync(fromRoot("dist/client/index.html")) };
const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  tempDataDir: "staylondon-matrix-",
  config: { METRICS_TOKEN: "matrix-metrics-token-0123456789", devOutbox: SET_UP.devOutbox },
});

// ---------------------------------------------------------------- rules

/**
 * What a persona gets from a route. ok: the route's own answer (no 401, 403 or 404: the record is theirs to see).
 * ok-blind: let in to a list of their own, in which nothing of the landlord's property appears. ok-or-404: let in,
 * though the answer may be a 404 for something that is not there for them. Or the refusal.
 */
type Outcome = "ok" | "ok-blind" | "ok-or-404" | 401 | 403 | 404;
type Rule = { says: string; outcomes: Record<Persona, Outcome> };

/** Signed in and not frozen: the personas a signed-in rule must place, each exactly once. */
const ACTIVE = PERSONAS.filter((p): p is Exclude<SignedInPersona, "frozen"> => p !== "anonymous" && p !== "frozen");
type Active = (typeof ACTIVE)[number];
const except = (...left: Active[]): Active[] => ACTIVE.filter((p) => !left.includes(p));
/** Roles with no landlord permissions at all. */
const NOT_HOSTS: Active[] = ["guest", "otherGuest", "manager", "contractor"];

function anyone(says: string, outcome: "ok" | "ok-or-404" = "ok"): Rule {
  return { says, outcomes: Object.fromEntries(PERSONAS.map((p) => [p, outcome])) as Record<Persona, Outcome> };
}

/** A rule behind sign-in: the signed out and the frozen get 401; every other persona is placed explicitly. */
function signedIn(
  says: string,
  placed: { ok?: Active[]; blind?: Active[]; okOr404?: Active[]; 403?: Active[]; 404?: Active[] },
): Rule {
  const outcomes: Partial<Record<Persona, Outcome>> = { anonymous: 401, frozen: 401 };
  const place = (personas: Active[] | undefined, outcome: Outcome) => {
    for (const persona of personas ?? []) {
      if (outcomes[persona] !== undefined) throw new Error(`"${says}" places ${persona} twice`);
      outcomes[persona] = outcome;
    }
  };
  place(placed.ok, "ok");
  place(placed.blind, "ok-blind");
  place(placed.okOr404, "ok-or-404");
  place(placed[403], 403);
  place(placed[404], 404);
  const missing = ACTIVE.filter((p) => outcomes[p] === undefined);
  if (missing.length > 0) throw new Error(`"${says}" does not say what ${missing.join(", ")} get`);
  return { says, outcomes: outcomes as Record<Persona, Outcome> };
}

const PUBLIC = anyone("anyone, signed in or not");
const THIS_MONTH = londonToday().slice(0, 7);
const THIS_TAX_YEAR = taxYearOf(londonToday());

/** Passkey answers to no challenge of ours, well formed enough to reach the service. */
const MATRIX_CLIENT_DATA = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "bm90LW91cnM" })).toString(
  "base64url",
);
const MATRIX_REGISTRATION = {
  id: "bWF0cml4",
  rawId: "bWF0cml4",
  type: "public-key",
  response: { clientDataJSON: MATRIX_CLIENT_DATA, attestationObject: "oA" },
  clientExtensionResults: {},
};
const MATRIX_ASSERTION = {
  id: "bWF0cml4",
  rawId: "bWF0cml4",
  type: "public-key",
  response: { clientDataJSON: MATRIX_CLIENT_DATA, authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};
const SIGNED_IN = signedIn("anyone signed in, whatever the role: their own account and figures", { ok: ACTIVE });
const VERIFIED = signedIn("anyone signed in with a verified e-mail (and phone, to book), for themselves", {
  ok: ACTIVE,
});
const OWN_STAYS = signedIn(
  "anyone signed in (a verified e-mail for the saved list), about their own stays and saved properties: only the guest's show the property",
  { ok: ["guest"], blind: except("guest") },
);
const UNSAVE = signedIn(
  "anyone signed in with a verified e-mail, on their own saved list: only the guest saved this property, so the others get the 404 of a property not on their list",
  { ok: ["guest"], okOr404: except("guest") },
);
const SELLERS = signedIn(
  "landlords (approved or not), property managers and contractors, about their own tax details; guests and admins, who are paid nothing, are refused",
  {
    ok: ["landlord", "otherLandlord", "unapprovedLandlord", "manager", "contractor"],
    403: ["guest", "otherGuest", "admin"],
  },
);
const GUEST_DOCUMENTS = signedIn(
  "the booking's guest or an admin; the landlord, like anyone else, gets the 404 of a booking that does not exist",
  { ok: ["guest", "admin"], 404: except("guest", "admin") },
);
const PAYEES = signedIn(
  "landlords (approved or not), property managers and contractors, each their own statements; guests and admins, who are paid nothing, are refused",
  {
    ok: ["landlord", "otherLandlord", "unapprovedLandlord", "manager", "contractor"],
    403: ["guest", "otherGuest", "admin"],
  },
);
const LANDLORDS_OWN = signedIn(
  "landlords (approved or not), each their own tax-year summary; every other role is refused",
  {
    ok: ["landlord", "otherLandlord", "unapprovedLandlord"],
    403: ["guest", "otherGuest", "manager", "contractor", "admin"],
  },
);
const LEVY_PAYERS = signedIn(
  "landlords (approved or not), each paying only the levy held for them (no id names another's: the others here owe nothing, a 409); every other role is refused",
  {
    ok: ["landlord", "otherLandlord", "unapprovedLandlord"],
    403: ["guest", "otherGuest", "manager", "contractor", "admin"],
  },
);
const ADMIN = signedIn("an admin; every other role is refused by the admin gate", {
  ok: ["admin"],
  403: except("admin"),
});
const ADMIN_STORED_REPORT = signedIn(
  "an admin, who gets the 404 of a stored HMRC report that is not there; every other role is refused by the admin gate",
  { okOr404: ["admin"], 403: except("admin") },
);
const HOSTS = signedIn(
  "a landlord with landlord features open (their own records) or an admin (everyone's); the landlord gate refuses the rest",
  { ok: ["landlord", "otherLandlord", "admin"], 403: ["unapprovedLandlord", ...NOT_HOSTS] },
);
const HOST_LISTS = signedIn(
  "a landlord with landlord features open (only their own properties show) or an admin (every one); the landlord gate refuses the rest",
  { ok: ["landlord", "admin"], blind: ["otherLandlord"], 403: ["unapprovedLandlord", ...NOT_HOSTS] },
);
const PROPERTY_OWNER = signedIn(
  "the property's owner with landlord features open, or an admin; another landlord gets the 404 of a property that does not exist; the landlord gate refuses the rest",
  { ok: ["landlord", "admin"], 404: ["otherLandlord"], 403: ["unapprovedLandlord", ...NOT_HOSTS] },
);
const BOOKING_PARTIES = signedIn(
  "the booking's guest, its property's landlord or an admin; anyone else gets the 404 of a booking that does not exist",
  { ok: ["guest", "landlord", "admin"], 404: except("guest", "landlord", "admin") },
);
const BOOKING_HOST = signedIn(
  "the landlord of the booking's property or an admin; another landlord gets a 404; the landlord gate refuses the rest",
  { ok: ["landlord", "admin"], 404: ["otherLandlord"], 403: ["unapprovedLandlord", ...NOT_HOSTS] },
);
const BOOKING_GUEST = signedIn("the booking's guest; anyone else gets the 404 of a booking that does not exist", {
  ok: ["guest"],
  404: except("guest"),
});
const OWN_CLAIMS = signedIn(
  "anyone signed in, about the damage claims on their own stays: only the guest has one, the others an empty list",
  { ok: ["guest"], blind: except("guest") },
);
const CLAIM_RAISER = signedIn(
  "the landlord of the stay's property with landlord features open; another landlord gets a 404; every other role (admins too) is refused by the gate",
  { ok: ["landlord"], 404: ["otherLandlord"], 403: ["unapprovedLandlord", "admin", ...NOT_HOSTS] },
);
const DEPOSIT_RECORDER = signedIn(
  "the landlord of the tenancy's home with landlord features open; another landlord gets a 404; an admin is told only the landlord records it; the landlord gate refuses the rest",
  { ok: ["landlord"], 404: ["otherLandlord"], 403: ["unapprovedLandlord", "admin", ...NOT_HOSTS] },
);
const CLAIM_GUEST = signedIn(
  "the stay's guest; its host and an admin, who read the claim, are told they cannot answer it; anyone else gets a 404",
  { ok: ["guest"], 403: ["landlord", "admin"], 404: except("guest", "landlord", "admin") },
);
const TENANCY_TENANT = signedIn(
  "the tenancy's tenant; its landlord and an admin, who read it, are told the step is the tenant's; anyone else gets a 404",
  { ok: ["guest"], 403: ["landlord", "admin"], 404: except("guest", "landlord", "admin") },
);
const TENANCY_LANDLORD = signedIn(
  "the tenancy's landlord with features open; its tenant and an admin, who read it, are told the step is the landlord's; anyone else gets a 404",
  { ok: ["landlord"], 403: ["guest", "admin"], 404: except("guest", "landlord", "admin") },
);
const REVIEW_HOST = signedIn(
  "the landlord of the reviewed property or an admin; another landlord gets a 404; the landlord gate refuses the rest",
  { ok: ["landlord", "admin"], 404: ["otherLandlord"], 403: ["unapprovedLandlord", ...NOT_HOSTS] },
);
const MANAGERS = signedIn("a property manager, about the properties assigned to them now", {
  ok: ["manager"],
  403: except("manager"),
});
const CONTRACTORS = signedIn("a contractor, about their own jobs and figures", {
  ok: ["contractor"],
  403: except("contractor"),
});
const OFFERED_CONTRACTOR = signedIn(
  "the contractor the job is offered to or taken by (a step out of turn is the lifecycle's 409); the gate refuses every other role",
  { ok: ["contractor"], 403: except("contractor") },
);
const JOB_RUNNERS_ANY = signedIn("whoever runs jobs: a landlord with features open, a property manager or an admin", {
  ok: ["landlord", "otherLandlord", "manager", "admin"],
  403: ["unapprovedLandlord", "guest", "otherGuest", "contractor"],
});
const JOB_RUNNERS = signedIn(
  "whoever runs the job: the property's owner with features open, its manager, or an admin; another landlord gets the 404 of a job that does not exist; the gate refuses roles that never run jobs",
  {
    ok: ["landlord", "manager", "admin"],
    404: ["otherLandlord"],
    403: ["unapprovedLandlord", "guest", "otherGuest", "contractor"],
  },
);
const JOB_PARTIES = signedIn(
  "the job's parties: the guest who reported it, the property's owner and manager, the contractor it is offered to, an admin; anyone else gets a 404",
  {
    ok: ["guest", "landlord", "manager", "contractor", "admin"],
    404: ["otherGuest", "unapprovedLandlord", "otherLandlord"],
  },
);
const JOB_PHOTOGRAPHERS = signedIn(
  "the guest who reported the job or whoever runs it, while it is open; the contractor's part may not (403); anyone else gets a 404",
  {
    ok: ["guest", "landlord", "manager", "admin"],
    403: ["contractor"],
    404: ["otherGuest", "unapprovedLandlord", "otherLandlord"],
  },
);
const JOB_REPORTER = signedIn(
  "the guest who reported the job, while nobody has taken it; its other parties may not (403); anyone else gets a 404",
  {
    ok: ["guest"],
    403: ["landlord", "manager", "contractor", "admin"],
    404: ["otherGuest", "unapprovedLandlord", "otherLandlord"],
  },
);
const REPORT_FROM_STAY = signedIn(
  "the guest of the stay named, from check-in until two weeks after; anyone else gets the 404 of a booking that does not exist",
  { ok: ["guest"], 404: except("guest") },
);
const REPORT_ON_PROPERTY = signedIn(
  "whoever runs the property named: its owner, its manager, an admin; anyone else gets the 404 of a property that does not exist",
  { ok: ["landlord", "manager", "admin"], 404: except("landlord", "manager", "admin") },
);
const CERTIFICATE_KEEPERS = signedIn(
  "the property's owner with features open and its current manager; another landlord gets the 404 of a property that does not exist; the gate refuses the rest (admins read only the lapsed list)",
  {
    ok: ["landlord", "manager"],
    404: ["otherLandlord"],
    403: ["unapprovedLandlord", "guest", "otherGuest", "contractor", "admin"],
  },
);
const THREAD_LISTS = signedIn("a landlord with features open or a property manager, each their own conversations", {
  ok: ["landlord", "manager"],
  blind: ["otherLandlord"],
  403: ["unapprovedLandlord", "guest", "otherGuest", "contractor", "admin"],
});
const JOB_LISTS = signedIn(
  "anyone signed in: the jobs they reported, run, manage or are offered (every job for an admin)",
  {
    ok: ["guest", "landlord", "manager", "contractor", "admin"],
    blind: ["otherGuest", "unapprovedLandlord", "otherLandlord"],
  },
);
const THREAD_SIDES = signedIn(
  "the conversation's two sides: the property's owner with features open and its manager; another landlord gets a 404; no other role talks in one",
  {
    ok: ["landlord", "manager"],
    404: ["otherLandlord"],
    403: ["unapprovedLandlord", "guest", "otherGuest", "contractor", "admin"],
  },
);
const CONVERSATION_LISTS = signedIn(
  "anyone signed in, about their own conversations: the guest who asked, the property's owner and its manager see the enquiry; nobody else does, admins included",
  { ok: ["guest", "landlord", "manager"], blind: except("guest", "landlord", "manager") },
);
const CONVERSATION_PARTIES = signedIn(
  "the conversation's parties: its guest, the property's owner and its current manager; anyone else, admins included, gets the 404 of a conversation that does not exist",
  { ok: ["guest", "landlord", "manager"], 404: except("guest", "landlord", "manager") },
);
const BOOKING_CONVERSATION = signedIn(
  "the booking's guest, its property's owner and current manager; anyone else, admins included, gets the 404 of a booking that does not exist",
  { ok: ["guest", "landlord", "manager"], 404: except("guest", "landlord", "manager") },
);
const ASKERS = signedIn(
  "anyone signed in with a verified e-mail, asking about a published listing (the owner and the manager get the 409 of asking themselves)",
  { ok: ACTIVE },
);
const METRICS_SCRAPER: Rule = {
  says: "only a scraper holding METRICS_TOKEN: no session opens it, an admin's neither",
  outcomes: Object.fromEntries(PERSONAS.map((p) => [p, 401])) as Record<Persona, Outcome>,
};

// ---------------------------------------------------------------- the table

type Case = {
  who: Rule;
  /** The request, against a world of records; a body that passes validation, so a refusal is never validation's. */
  send?: (w: World, people: People) => Outgoing;
  /** The answer may end or replace the caller's session: sent on a spare session of the persona. */
  spareSession?: true;
};
/** A route whose answer depends on what the body names states each case. */
type Entry = Case | Case[];

/** Routes that exist only in some set-ups, and whether they do in this one. */
const ONLY_WHEN: Record<string, boolean> = {
  "GET /api/dev/outbox": SET_UP.devOutbox,
  "GET /dev/outbox": !SET_UP.devOutbox,
  "GET /metrics": SET_UP.metricsToken,
  "GET /": SET_UP.clientBuilt,
  "GET /*": SET_UP.clientBuilt,
};

/**
 * The routes the server's own plumbing adds outside the route table: pages and the client's files, the API
 * reference, media and metrics. Any other route must come from a row of server/routes/route-table.ts.
 */
const PLUMBING = new Set([
  "GET /",
  "GET /*",
  "GET /api/docs",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/json",
  "GET /api/docs/yaml",
  "GET /api/docs/static/*",
  "GET /api/openapi.json",
  "GET /media/demo/*",
  "GET /media/photos/*",
  "GET /metrics",
]);

const onProperty = (w: World) => ({ params: { id: w.property.id } });
const onJob = (w: World) => ({ params: { id: w.jobId } });
const onBooking = (w: World) => ({ params: { id: w.pendingBookingId } });
const bothRequests = (who: Rule, body?: unknown): Case[] => [
  { who, send: (w) => ({ params: { id: w.pendingBookingId }, body }) },
  { who, send: (w) => ({ params: { id: w.lapsedBookingId }, body }) },
];
const REASON = { reason: "Checking who may do this" };
const nights = { from: mondayIn(30), to: addDays(mondayIn(30), 2) };
const unique = () => randomBytes(4).toString("hex");
const { amenities: _amenities, ...propertyFields } = propertyForm();

const MATRIX: Record<string, Entry> = {
  // Pages, health checks, crawlers' files, the API reference and media: public, no record behind them.
  "GET /": { who: PUBLIC },
  "GET /*": {
    who: anyone("anyone (the built client's files)", "ok-or-404"),
    send: () => ({ params: { "*": "favicon.ico" } }),
  },
  "GET /healthz": { who: PUBLIC },
  "GET /readyz": { who: PUBLIC },
  "GET /robots.txt": { who: PUBLIC },
  "GET /sitemap.xml": { who: PUBLIC },
  "GET /sitemaps/pages.xml": { who: PUBLIC },
  "GET /sitemaps/listings-:file.xml": {
    // Every listing fits in /sitemap.xml here, so there is no listings file to serve.
    who: anyone("anyone (crawlers)", "ok-or-404"),
    send: () => ({ params: { file: 1 } }),
  },
  "GET /api/docs": { who: PUBLIC },
  "GET /api/docs/static/index.html": { who: PUBLIC },
  "GET /api/docs/static/swagger-initializer.js": { who: PUBLIC },
  "GET /api/docs/json": { who: PUBLIC },
  "GET /api/docs/yaml": { who: PUBLIC },
  "GET /api/docs/static/*": { who: PUBLIC, send: () => ({ params: { "*": "swagger-ui.css" } }) },
  "GET /api/openapi.json": { who: PUBLIC },
  "GET /media/demo/*": { who: PUBLIC, send: () => ({ params: { "*": "bathroom-marble-1.webp" } }) },
  "GET /media/photos/*": {
    who: anyone("anyone: an uploaded photo's address is public, and one never uploaded is a 404", "ok-or-404"),
    send: () => ({ params: { "*": `${randomBytes(16).toString("hex")}/800.webp` } }),
  },
  "GET /metrics": { who: METRICS_SCRAPER },
  "GET /api/dev/outbox": { who: anyone("anyone, while the dev outbox is on (never in production)") },
  "GET /dev/outbox": { who: anyone("anyone: the switched-off dev outbox answers 404", "ok-or-404") },
  "GET /api/config/map": { who: PUBLIC },
  "GET /api/config/site": { who: PUBLIC },
  "GET /api/places": { who: PUBLIC, send: () => ({ query: { q: "Camden" } }) },
  "POST /api/stripe/webhook": {
    who: anyone(
      "anyone: Stripe's signature on the body is the credential, not a session (404 while Stripe is off)",
      "ok-or-404",
    ),
    send: () => ({ body: { id: "evt_matrix", type: "payment_intent.succeeded" } }),
  },

  // Signing in and out, registering, verifying.
  "POST /api/auth/register": {
    who: PUBLIC,
    spareSession: true,
    send: () => ({
      body: {
        email: `newcomer-${unique()}@matrix.test`,
        password: "Seven lanterns over Camden",
        firstName: "New",
        lastName: "Comer",
        role: "guest",
      },
    }),
  },
  "POST /api/auth/login": {
    who: PUBLIC,
    spareSession: true,
    send: (_w, people) => ({ body: { email: people.signInTarget.email, password: TEST_PASSWORD } }),
  },
  "POST /api/auth/logout": { who: PUBLIC, spareSession: true },
  "POST /api/auth/passkey/options": { who: PUBLIC },
  // Signed with no passkey we know: the same 400 for everyone, and no session changes hands.
  "POST /api/auth/passkey/verify": { who: PUBLIC, send: () => ({ body: { credential: MATRIX_ASSERTION } }) },
  // The code step belongs to a browser that has just given the right password; nobody here has, so all get 401.
  "POST /api/auth/two-factor": {
    who: {
      says: "a browser whose password sign-in waits for its code: anyone else is told the sign-in has expired",
      outcomes: Object.fromEntries(PERSONAS.map((p) => [p, 401])) as Record<Persona, Outcome>,
    },
    send: () => ({ body: { code: "123456" } }),
  },
  "GET /api/logout": { who: PUBLIC, spareSession: true },
  "GET /api/auth/user": { who: SIGNED_IN },
  "GET /api/auth/providers": { who: PUBLIC },
  "GET /api/auth/google": { who: PUBLIC },
  "GET /api/auth/google/callback": { who: PUBLIC, send: () => ({ query: { code: "c", state: "s" } }) },
  "GET /api/auth/apple": { who: PUBLIC },
  "GET /api/auth/apple/callback": { who: PUBLIC, send: () => ({ query: { code: "c", state: "s" } }) },
  "POST /api/auth/apple/callback": { who: PUBLIC, send: () => ({ body: { code: "c", state: "s" } }) },
  "POST /api/auth/complete-oauth": { who: PUBLIC, send: () => ({ body: { token: "not-a-real-token" } }) },
  "POST /api/auth/register-oauth": {
    who: PUBLIC,
    send: () => ({ body: { email: `oauth-${unique()}@matrix.test`, firstName: "O", lastName: "Auth", role: "guest" } }),
  },
  "POST /api/auth/verify-email": { who: PUBLIC, send: () => ({ query: { token: "not-a-real-token" } }) },
  "POST /api/auth/send-email-verification": {
    who: anyone("anyone: a signed-in user for their own address, the signed out for the address they name"),
    send: () => ({ body: { email: "nobody@matrix.test" } }),
  },
  "POST /api/auth/forgot-password": { who: PUBLIC, send: () => ({ body: { email: "nobody@matrix.test" } }) },
  "GET /api/auth/reset-password": { who: PUBLIC, send: () => ({ query: { token: "a".repeat(43) } }) },
  "POST /api/auth/reset-password": {
    who: PUBLIC,
    send: () => ({ body: { token: "a".repeat(43), password: "a long new passphrase" } }),
  },
  "POST /api/auth/send-phone-verification": { who: SIGNED_IN, send: () => ({ body: { phoneNumber: "07911 123456" } }) },
  "POST /api/auth/verify-phone": { who: SIGNED_IN, send: () => ({ body: { code: "123456" } }) },
  "GET /api/site/highlights": { who: PUBLIC },
  // Payouts: only one's own account (no path names anyone else's), and only for those the platform pays.
  "GET /api/payouts/account": {
    who: signedIn(
      "a payee, about their own payout account: a landlord with landlord features open, a property manager or a contractor; the payout gate refuses everyone else",
      {
        ok: ["landlord", "otherLandlord", "manager", "contractor"],
        403: ["unapprovedLandlord", "guest", "otherGuest", "admin"],
      },
    ),
  },
  "GET /api/payouts/transfers": {
    who: signedIn("a payee, about their own transfers; the payout gate refuses everyone else", {
      ok: ["landlord", "otherLandlord", "manager", "contractor"],
      403: ["unapprovedLandlord", "guest", "otherGuest", "admin"],
    }),
  },
  "GET /api/payouts/bank-payouts": {
    who: signedIn("a payee, about their own bank payouts; the payout gate refuses everyone else", {
      ok: ["landlord", "otherLandlord", "manager", "contractor"],
      403: ["unapprovedLandlord", "guest", "otherGuest", "admin"],
    }),
  },
  "POST /api/payouts/onboarding": {
    who: signedIn(
      "a payee with two-factor sign-in on, for their own account; the payees here have none (the gate asks them to turn it on) and the other roles are refused",
      { 403: ACTIVE },
    ),
  },
  "POST /api/support/tickets": {
    who: anyone("anyone: a visitor (the frozen too) with a name and an address, or a signed-in person at their own"),
    send: () => ({
      body: {
        topic: "other",
        message: "A question for the support team.",
        name: "Matrix Visitor",
        email: "visitor@matrix.test",
      },
    }),
  },
  "GET /api/support/tickets": { who: SIGNED_IN },
  "GET /api/support/tickets/:id": {
    who: signedIn("the guest who sent the request, and the support team (admins); anyone else gets the 404 of none", {
      ok: ["guest", "admin"],
      404: except("guest", "admin"),
    }),
    send: (w) => ({ params: { id: w.supportTicketId } }),
  },
  "POST /api/support/tickets/:id/messages": {
    who: signedIn("the guest who sent the request; anyone else gets the 404 of none", {
      ok: ["guest"],
      404: except("guest"),
    }),
    send: (w) => ({ params: { id: w.supportTicketId }, body: { body: "Adding a detail to my request." } }),
  },
  "PATCH /api/account/profile": { who: SIGNED_IN, send: () => ({ body: { firstName: "Matrix", lastName: "Person" } }) },
  // A wrong current password: the gate is what is tested, and nobody's password changes.
  "POST /api/account/password": {
    who: SIGNED_IN,
    send: () => ({ body: { currentPassword: "not the password", newPassword: "A-new-password-for-the-matrix-1" } }),
  },
  "GET /api/account/sessions": { who: SIGNED_IN },
  "GET /api/account/export": { who: SIGNED_IN },
  // A wrong current password, and links never sent: the gates are what is tested, and no address changes.
  "POST /api/account/email": {
    who: SIGNED_IN,
    send: () => ({ body: { newEmail: "matrix-move@matrix.test", currentPassword: "not the password" } }),
  },
  "POST /api/account/email/confirm": {
    who: anyone("anyone holding the link sent to the new address: no sign-in, the link is the proof"),
    send: () => ({ body: { token: "A".repeat(43) } }),
  },
  "POST /api/account/email/undo": {
    who: anyone("anyone holding the link sent to the old address: no sign-in, the link is the proof"),
    send: () => ({ body: { token: "A".repeat(43) } }),
  },
  "DELETE /api/account/sessions/:id": {
    who: signedIn("anyone signed in, on their own sessions only: another's (or none) is the 404 of none", {
      okOr404: ACTIVE,
    }),
    send: () => ({ params: { id: "0123456789abcdef" } }),
  },
  "POST /api/account/sessions/sign-out-others": { who: SIGNED_IN },
  "GET /api/account/email-preferences": { who: SIGNED_IN },
  "PUT /api/account/email-preferences": {
    who: SIGNED_IN,
    send: () => ({ body: { reminders: false, marketing: false } }),
  },
  "GET /api/account/closure": { who: SIGNED_IN },
  // A wrong current password: the gate is what is tested, and no account closes.
  "POST /api/account/close": {
    who: SIGNED_IN,
    send: () => ({ body: { currentPassword: "not the password", confirm: true } }),
  },
  "POST /api/email/unsubscribe": {
    who: anyone("anyone holding the signed link in an e-mail (or their mail program): the signature is the proof"),
    send: () => ({ body: { token: `1.reminders.${"A".repeat(43)}` } }),
  },
  "GET /api/email/unsubscribe": { who: PUBLIC },

  // One's own profile photo and phone number: no id in the path, so nobody can name anyone else's.
  "POST /api/account/photo": { who: SIGNED_IN, send: () => ({ photoField: "photo" }) },
  "DELETE /api/account/photo": { who: SIGNED_IN },
  "POST /api/account/photo/uploads": {
    who: SIGNED_IN,
    send: () => ({ body: { fileName: "me.jpg", contentType: "image/jpeg", size: 120_000 } }),
  },
  "POST /api/account/photo/uploads/:uploadId/complete": {
    who: signedIn(
      "anyone signed in, for an upload ticket issued to them for their own photo (any other ticket, and every ticket while photos are kept on the server's disk, is a 404)",
      { okOr404: ACTIVE },
    ),
    send: () => ({ params: { uploadId: "0123456789abcdef0123456789abcdef" } }),
  },
  "POST /api/account/phone": { who: SIGNED_IN, send: () => ({ body: { phoneNumber: "07911 123456" } }) },
  "POST /api/account/phone/verify": { who: SIGNED_IN, send: () => ({ body: { code: "123456" } }) },

  // Two-factor and passkeys: everyone's own, and open to an administrator still setting two-factor up.
  "GET /api/account/two-factor": { who: SIGNED_IN },
  "POST /api/account/two-factor/setup": { who: SIGNED_IN },
  // A code that is not the app's: the gate is what is tested, and nobody's two-factor changes.
  "POST /api/account/two-factor/confirm": { who: SIGNED_IN, send: () => ({ body: { code: "000000" } }) },
  "POST /api/account/two-factor/disable": {
    who: signedIn("anyone signed in, for their own account; an administrator may not turn it off", {
      ok: except("admin"),
      403: ["admin"],
    }),
    send: () => ({ body: { currentPassword: "not the password" } }),
  },
  "POST /api/account/two-factor/recovery-codes": {
    who: SIGNED_IN,
    send: () => ({ body: { currentPassword: "not the password" } }),
  },
  "GET /api/account/passkeys": { who: SIGNED_IN },
  "POST /api/account/passkeys/options": { who: SIGNED_IN },
  // An answer to no challenge of ours: refused by the service (400) once the gate has let the person in.
  "POST /api/account/passkeys": { who: SIGNED_IN, send: () => ({ body: { credential: MATRIX_REGISTRATION } }) },
  "PATCH /api/account/passkeys/:id": {
    who: signedIn("anyone signed in, on their own passkeys only: another's (or none) is the 404 of none", {
      okOr404: ACTIVE,
    }),
    send: () => ({ params: { id: 2_000_000_000 }, body: { name: "Matrix key" } }),
  },
  "DELETE /api/account/passkeys/:id": {
    who: signedIn("anyone signed in, on their own passkeys only: another's (or none) is the 404 of none", {
      okOr404: ACTIVE,
    }),
    send: () => ({ params: { id: 2_000_000_000 } }),
  },
  // Tax details for HMRC's report of sellers: whoever is paid through the platform (a landlord before approval too),
  // each their own; no id in the path or body, so nobody can name anyone else's.
  "GET /api/account/tax-details": { who: SELLERS },
  "PUT /api/account/tax-details": {
    who: SELLERS,
    send: () => ({
      body: {
        kind: "business",
        legalName: "Matrix Lettings Ltd",
        address: { line1: "1 Matrix Row", city: "London", postcode: "EC1A 1BB" },
        companyNumber: "01234567",
      },
    }),
  },
  // What HMRC is told about a seller: their own copy only (no id anywhere), for the same people as their tax details.
  "GET /api/account/platform-report/:year": { who: SELLERS, send: () => ({ params: { year: 2025 } }) },
  // Statements and tax-year summaries: no id in the path, so each payee reaches only their own.
  "GET /api/statements": { who: PAYEES },
  "GET /api/statements/:month": { who: PAYEES, send: () => ({ params: { month: THIS_MONTH } }) },
  "GET /api/statements/:month.pdf": { who: PAYEES, send: () => ({ params: { month: THIS_MONTH } }) },
  "GET /api/statements/:month.csv": { who: PAYEES, send: () => ({ params: { month: THIS_MONTH } }) },
  "GET /api/tax-reports": { who: LANDLORDS_OWN },
  "GET /api/tax-reports/:taxYear": { who: LANDLORDS_OWN, send: () => ({ params: { taxYear: THIS_TAX_YEAR } }) },
  "GET /api/tax-reports/:taxYear.pdf": { who: LANDLORDS_OWN, send: () => ({ params: { taxYear: THIS_TAX_YEAR } }) },
  "GET /api/levy-returns/:year": { who: LANDLORDS_OWN, send: () => ({ params: { year: "2026" } }) },
  "POST /api/levy-returns/:year/payments": {
    who: LEVY_PAYERS,
    send: () => ({ params: { year: "2026" }, body: { quarter: 3, amount: "30.00", reference: "EDN-MATRIX" } }),
  },
  "GET /api/dashboard/stats": { who: SIGNED_IN },
  "GET /api/dashboard/recent-activity": { who: OWN_STAYS },

  // Listings: the public read, and the owner's side behind the landlord gate.
  "GET /api/properties": { who: PUBLIC },
  "GET /api/properties/map": { who: PUBLIC, send: () => ({ query: { bbox: "-0.2,51.5,-0.1,51.55" } }) },
  "GET /api/properties/:id": { who: PUBLIC, send: onProperty },
  "GET /api/properties/:id/quote": {
    who: PUBLIC,
    send: (w) => ({ ...onProperty(w), query: { checkIn: mondayIn(20), checkOut: addDays(mondayIn(20), 2) } }),
  },
  "GET /api/properties/:id/availability": {
    who: PUBLIC,
    send: (w) => ({ ...onProperty(w), query: { from: `${THIS_MONTH}-01`, months: 2 } }),
  },
  "GET /api/properties/:id/reviews": { who: PUBLIC, send: onProperty },
  "GET /api/properties/:id/host-response": { who: PUBLIC, send: onProperty },
  "GET /api/properties/:id/instant-book": { who: PUBLIC, send: onProperty },
  "GET /api/properties/:id/certificate-status": { who: PUBLIC, send: onProperty },
  "GET /api/properties/:id/certificates/shared/:certificateId/document": {
    who: anyone("anyone, for a document the landlord shared (none here: a 404)", "ok-or-404"),
    send: (w) => ({ params: { id: w.property.id, certificateId: 1 } }),
  },
  "GET /api/properties/:id/certificates": { who: CERTIFICATE_KEEPERS, send: onProperty },
  "PUT /api/properties/:id/certificates/facts": {
    who: CERTIFICATE_KEEPERS,
    send: (w) => ({
      ...onProperty(w),
      body: { hasGasSupply: true, hmoLicenceApplies: false, selectiveLicenceApplies: false },
    }),
  },
  "POST /api/properties/:id/certificates": {
    who: signedIn(
      "the property's owner with features open and its current manager (a JSON body is their 400); another landlord gets the 404 of a property that does not exist; the gate refuses the rest",
      {
        okOr404: ["landlord", "manager"],
        404: ["otherLandlord"],
        403: ["unapprovedLandlord", "guest", "otherGuest", "contractor", "admin"],
      },
    ),
    send: (w) => ({ ...onProperty(w), body: { kind: "eicr" } }),
  },
  "GET /api/properties/:id/certificates/:certificateId/document": {
    who: signedIn(
      "the property's owner with features open and its current manager (no certificate here: a 404); another landlord gets the same 404; the gate refuses the rest",
      {
        okOr404: ["landlord", "manager"],
        404: ["otherLandlord"],
        403: ["unapprovedLandlord", "guest", "otherGuest", "contractor", "admin"],
      },
    ),
    send: (w) => ({ params: { id: w.property.id, certificateId: 1 } }),
  },
  "GET /api/properties/saved": { who: OWN_STAYS },
  "POST /api/properties/:id/save": { who: VERIFIED, send: onProperty },
  "DELETE /api/properties/:id/save": { who: UNSAVE, send: onProperty },
  "GET /api/properties/my-properties": { who: HOST_LISTS },
  "POST /api/properties": { who: HOSTS, send: () => ({ body: propertyForm() }) },
  "GET /api/properties/:id/manage": { who: PROPERTY_OWNER, send: onProperty },
  "PUT /api/properties/:id": { who: PROPERTY_OWNER, send: (w) => ({ ...onProperty(w), body: propertyFields }) },
  "POST /api/properties/:id/status": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { status: "inactive" } }),
  },
  "POST /api/properties/:id/photos": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { url: "https://images.example.com/matrix-added.jpg" } }),
  },
  "PUT /api/properties/:id/short-let-permission": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { permission: "Camden 2024/0412/P" } }),
  },
  "POST /api/properties/:id/photos/uploads": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { fileName: "kitchen.jpg", contentType: "image/jpeg", size: 120_000 } }),
  },
  "POST /api/properties/:id/photos/uploads/:uploadId/complete": {
    who: signedIn(
      "the property's owner or an admin, for an upload ticket issued to them (any other ticket, and every ticket while photos are kept on the server's disk, is a 404); another landlord gets the 404 of a property that does not exist; the landlord gate refuses the rest",
      { okOr404: ["landlord", "admin"], 404: ["otherLandlord"], 403: ["unapprovedLandlord", ...NOT_HOSTS] },
    ),
    send: (w) => ({ params: { id: w.property.id, uploadId: "0123456789abcdef0123456789abcdef" } }),
  },
  "PUT /api/properties/:id/photos/order": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { photoIds: [w.photoId] } }),
  },
  "PUT /api/properties/:id/photos/:photoId/main": {
    who: PROPERTY_OWNER,
    send: (w) => ({ params: { id: w.property.id, photoId: w.photoId } }),
  },
  "DELETE /api/properties/:id/photos/:photoId": {
    who: PROPERTY_OWNER,
    send: (w) => ({ params: { id: w.property.id, photoId: w.photoId } }),
  },
  "GET /api/properties/:id/calendar": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), query: { month: londonToday().slice(0, 7) } }),
  },
  "POST /api/properties/:id/blocked-nights": { who: PROPERTY_OWNER, send: (w) => ({ ...onProperty(w), body: nights }) },
  "DELETE /api/properties/:id/blocked-nights": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), query: nights }),
  },
  "GET /api/properties/:id/pricing-rules": { who: PROPERTY_OWNER, send: onProperty },
  "PUT /api/properties/:id/instant-book": {
    who: PROPERTY_OWNER,
    send: (w) => ({
      ...onProperty(w),
      body: { instantBook: true, instantBookMinStays: 1, instantBookMessageRequired: false },
    }),
  },
  "POST /api/properties/:id/pricing-rules": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { name: "Summer", fixedPrice: 210 } }),
  },
  "PUT /api/properties/:id/pricing-rules/:ruleId": {
    who: PROPERTY_OWNER,
    send: (w) => ({
      params: { id: w.property.id, ruleId: w.pricingRuleId },
      body: { name: "Winter", priceModifier: -10 },
    }),
  },
  "DELETE /api/properties/:id/pricing-rules/:ruleId": {
    who: PROPERTY_OWNER,
    send: (w) => ({ params: { id: w.property.id, ruleId: w.pricingRuleId } }),
  },
  "GET /api/properties/:id/calendar-sync": { who: PROPERTY_OWNER, send: onProperty },
  "POST /api/properties/:id/calendar-sync/export-token": { who: PROPERTY_OWNER, send: onProperty },
  // This server refuses private addresses, so the feed is refused (a 422) after the access check lets the caller in.
  "POST /api/properties/:id/calendar-feeds": {
    who: PROPERTY_OWNER,
    send: (w) => ({ ...onProperty(w), body: { url: "http://127.0.0.1:9/matrix.ics", name: "Matrix" } }),
  },
  "POST /api/properties/:id/calendar-feeds/:feedId/sync": {
    who: PROPERTY_OWNER,
    send: (w) => ({ params: { id: w.property.id, feedId: w.calendarFeedId } }),
  },
  "DELETE /api/properties/:id/calendar-feeds/:feedId": {
    who: PROPERTY_OWNER,
    send: (w) => ({ params: { id: w.property.id, feedId: w.calendarFeedId } }),
  },
  "GET /ical/:file": {
    who: anyone("anyone holding the listing's secret calendar address (an unknown one is a 404)"),
    send: (w) => ({ params: { file: `${w.calendarExportToken}.ics` } }),
  },
  "GET /api/properties/:id/manager": { who: PROPERTY_OWNER, send: onProperty },
  "PUT /api/properties/:id/manager": {
    who: PROPERTY_OWNER,
    send: (w, people) => ({ ...onProperty(w), body: { email: people.spareManager.email } }),
  },
  "DELETE /api/properties/:id/manager": { who: PROPERTY_OWNER, send: onProperty },
  "GET /api/properties/managed": { who: MANAGERS },

  // Reviews.
  "POST /api/reviews": {
    who: BOOKING_GUEST,
    send: (w) => ({
      body: {
        bookingId: w.completedBookingId,
        rating: 5,
        cleanliness: 5,
        accuracy: 5,
        communication: 5,
        location: 5,
        value: 5,
        title: "Would stay again",
        comment: "Everything was as described.",
      },
    }),
  },
  "POST /api/reviews/:id/response": {
    who: REVIEW_HOST,
    send: (w) => ({ params: { id: w.reviewId }, body: { response: "Thank you for staying with us." } }),
  },

  // Bookings and paying for them.
  "POST /api/bookings": {
    who: VERIFIED,
    send: (w) => ({
      body: {
        propertyId: w.property.id,
        checkIn: mondayIn(40),
        checkOut: addDays(mondayIn(40), 3),
        guestCount: 1,
        guestInfo: { firstName: "Gina", lastName: "Guest", email: "gina@matrix.test" },
      },
    }),
  },
  "GET /api/bookings/my-bookings": { who: OWN_STAYS },
  "GET /api/bookings/landlord-bookings": { who: HOST_LISTS },
  "GET /api/bookings/managed-properties": { who: MANAGERS },
  // Each against a live request, and against one whose hold has lapsed: releasing it is a change, so someone
  // refused must not be the one who sets it off.
  "GET /api/bookings/:id": bothRequests(BOOKING_PARTIES),
  "POST /api/bookings/:id/cancel": bothRequests(BOOKING_PARTIES, REASON),
  "POST /api/bookings/:id/accept": bothRequests(BOOKING_HOST, {}),
  "POST /api/bookings/:id/decline": bothRequests(BOOKING_HOST, REASON),
  // A guest's documents for the stay they are in (confirmed, so charged): theirs, and an admin's to help with.
  "GET /api/bookings/documents": { who: SIGNED_IN },
  "GET /api/bookings/:id/receipt.pdf": { who: GUEST_DOCUMENTS, send: (w) => ({ params: { id: w.stayBookingId } }) },
  // Not VAT-registered here: the guest and the admin get the 409 that says so, everyone else the 404.
  "GET /api/bookings/:id/vat-invoice.pdf": { who: GUEST_DOCUMENTS, send: (w) => ({ params: { id: w.stayBookingId } }) },
  // Nothing refunded yet: the guest and the admin get the 409 that says so, everyone else the 404.
  "GET /api/bookings/:id/credit-note.pdf": {
    who: GUEST_DOCUMENTS,
    send: (w) => ({ params: { id: w.stayBookingId } }),
  },
  "POST /api/create-payment-intent": [
    { who: BOOKING_GUEST, send: (w) => ({ body: { bookingId: w.pendingBookingId } }) },
    { who: BOOKING_GUEST, send: (w) => ({ body: { bookingId: w.lapsedBookingId } }) },
  ],

  // The landlord's figures.
  "GET /api/analytics/landlord": { who: HOSTS },
  "GET /api/analytics/revenue": { who: HOST_LISTS },
  "GET /api/analytics/monthly-revenue": { who: HOST_LISTS },
  "GET /api/analytics/occupancy": { who: HOST_LISTS },

  // A property's manager and their conversation with its owner.
  "GET /api/manager-threads": { who: THREAD_LISTS },
  "GET /api/manager-threads/:assignmentId": {
    who: THREAD_SIDES,
    send: (w) => ({ params: { assignmentId: w.assignmentId } }),
  },
  "POST /api/manager-threads/:assignmentId/messages": {
    who: THREAD_SIDES,
    send: (w) => ({ params: { assignmentId: w.assignmentId }, body: { body: "Checking who may write here" } }),
  },

  // Guests and hosts talking: enquiries about a listing and conversations about a stay.
  "GET /api/messages/threads": { who: CONVERSATION_LISTS },
  "GET /api/messages/unread": { who: SIGNED_IN },
  "GET /api/messages/threads/:threadId": {
    who: CONVERSATION_PARTIES,
    send: (w) => ({ params: { threadId: w.enquiryThreadId } }),
  },
  "POST /api/messages/threads/:threadId/messages": {
    who: CONVERSATION_PARTIES,
    send: (w) => ({ params: { threadId: w.enquiryThreadId }, body: { body: "Checking who may write here" } }),
  },
  "POST /api/messages/enquiries": {
    who: ASKERS,
    send: (w) => ({ body: { propertyId: w.property.id, body: "Is the flat quiet at night?" } }),
  },
  "POST /api/messages/bookings/:bookingId/thread": {
    who: BOOKING_CONVERSATION,
    send: (w) => ({ params: { bookingId: w.pendingBookingId } }),
  },

  // Maintenance.
  "GET /api/maintenance/jobs": { who: JOB_LISTS },
  "GET /api/maintenance/assigned": { who: MANAGERS },
  "GET /api/maintenance/contractor-jobs": { who: CONTRACTORS },
  "GET /api/maintenance/history": { who: CONTRACTORS },
  "GET /api/maintenance/contractors": { who: JOB_RUNNERS_ANY },
  "GET /api/contractor/earnings": { who: CONTRACTORS },
  "POST /api/maintenance/jobs": [
    {
      who: REPORT_FROM_STAY,
      send: (w) => ({
        body: {
          title: "Shower is cold",
          description: "No hot water since this morning.",
          category: "heating",
          bookingId: w.stayBookingId,
        },
      }),
    },
    {
      who: REPORT_ON_PROPERTY,
      send: (w) => ({
        body: {
          title: "Smoke alarm beeps",
          description: "The hall smoke alarm needs a battery.",
          category: "electrical",
          propertyId: w.property.id,
        },
      }),
    },
  ],
  "GET /api/maintenance/jobs/:id": { who: JOB_PARTIES, send: onJob },
  "PATCH /api/maintenance/jobs/:id": { who: JOB_RUNNERS, send: (w) => ({ ...onJob(w), body: { priority: "low" } }) },
  "POST /api/maintenance/jobs/:id/offers": {
    who: JOB_RUNNERS,
    send: (w, people) => ({
      ...onJob(w),
      body: {
        contractorIds: [people.contractor.id],
        scheduledDate: addDays(londonToday(), 8),
        estimatedHours: 2,
        vacantNights: null,
        agreedPayment: 150,
      },
    }),
  },
  "POST /api/maintenance/jobs/:id/reschedule": {
    who: JOB_RUNNERS,
    send: (w) => ({ ...onJob(w), body: { scheduledDate: addDays(londonToday(), 9), vacantNights: null } }),
  },
  "POST /api/maintenance/jobs/:id/accept-proposed-date": { who: JOB_RUNNERS, send: onJob },
  "POST /api/maintenance/jobs/:id/decline-report": { who: JOB_RUNNERS, send: (w) => ({ ...onJob(w), body: REASON }) },
  "POST /api/maintenance/jobs/:id/cancel": { who: JOB_RUNNERS, send: (w) => ({ ...onJob(w), body: REASON }) },
  "POST /api/maintenance/jobs/:id/mark-paid": { who: JOB_RUNNERS, send: onJob },
  "PUT /api/maintenance/jobs/:id/property-maintenance": {
    who: JOB_RUNNERS,
    send: (w) => ({ ...onJob(w), body: { underMaintenance: true } }),
  },
  "POST /api/maintenance/jobs/:id/accept": { who: OFFERED_CONTRACTOR, send: onJob },
  "POST /api/maintenance/jobs/:id/decline": { who: OFFERED_CONTRACTOR, send: (w) => ({ ...onJob(w), body: REASON }) },
  "POST /api/maintenance/jobs/:id/propose-date": {
    who: OFFERED_CONTRACTOR,
    send: (w) => ({ ...onJob(w), body: { proposedDate: addDays(londonToday(), 10), note: "Parts arrive then" } }),
  },
  "POST /api/maintenance/jobs/:id/progress": {
    who: OFFERED_CONTRACTOR,
    send: (w) => ({ ...onJob(w), body: { stage: "on_the_way" } }),
  },
  "POST /api/maintenance/jobs/:id/complete": {
    who: OFFERED_CONTRACTOR,
    send: (w) => ({ ...onJob(w), body: { finalCost: 140, note: "Washer replaced" } }),
  },
  "POST /api/maintenance/jobs/:id/withdraw": { who: JOB_REPORTER, send: onJob },
  "POST /api/maintenance/jobs/:id/photos": {
    who: JOB_PHOTOGRAPHERS,
    send: (w) => ({ ...onJob(w), photoField: "photo" }),
  },
  "DELETE /api/maintenance/jobs/:id/photos/:photoId": {
    who: JOB_PHOTOGRAPHERS,
    send: (w) => ({ params: { id: w.jobId, photoId: w.jobPhotoId } }),
  },

  // Running the platform.
  "GET /api/admin/stats": { who: ADMIN },
  "GET /api/admin/system-status": { who: ADMIN },
  "GET /api/admin/users": { who: ADMIN },
  "GET /api/admin/users/:id/profile": { who: ADMIN, send: (w) => ({ params: { id: w.targetUserId } }) },
  "PUT /api/admin/users/:id/role": {
    who: ADMIN,
    send: (w) => ({ params: { id: w.targetUserId }, body: { role: "landlord" } }),
  },
  "POST /api/admin/users/:id/freeze": { who: ADMIN, send: (w) => ({ params: { id: w.targetUserId }, body: REASON }) },
  "POST /api/admin/users/:id/unfreeze": { who: ADMIN, send: (w) => ({ params: { id: w.targetUserId } }) },
  "GET /api/admin/pending-landlords": { who: ADMIN },
  "GET /api/admin/approval-figures": { who: ADMIN },
  "POST /api/admin/approve-landlord/:id": { who: ADMIN, send: (w) => ({ params: { id: w.applicantId } }) },
  "GET /api/admin/properties": { who: ADMIN },
  "GET /api/admin/properties/export.csv": { who: ADMIN },
  "GET /api/admin/properties/:id/analytics": { who: ADMIN, send: onProperty },
  "POST /api/admin/properties/:id/remove": { who: ADMIN, send: (w) => ({ ...onProperty(w), body: REASON }) },
  "POST /api/admin/properties/:id/restore": { who: ADMIN, send: onProperty },
  "POST /api/admin/properties/:id/verify": {
    who: ADMIN,
    send: (w) => ({ ...onProperty(w), body: { checks: ["visited", "photos_match"] } }),
  },
  "POST /api/admin/properties/:id/withdraw-verification": {
    who: ADMIN,
    send: (w) => ({ ...onProperty(w), body: REASON }),
  },
  // Damage claims after a stay: raised by its host (the stay here has not ended: the host's answer is the 409 that
  // says so), read by both sides and admins, answered by the guest, and decided by an admin.
  "GET /api/bookings/:id/tenancy": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.tenancyBookingId } }),
  },
  "POST /api/bookings/:id/tenancy/card": {
    who: TENANCY_TENANT,
    send: (w) => ({ params: { id: w.tenancyBookingId } }),
  },
  "POST /api/bookings/:id/tenancy/notice": {
    who: TENANCY_TENANT,
    send: (w) => ({ params: { id: w.tenancyBookingId }, body: { endsOn: w.tenancyNoticeEnd } }),
  },
  "POST /api/bookings/:id/damage-claims": { who: CLAIM_RAISER, send: (w) => ({ params: { id: w.stayBookingId } }) },
  "GET /api/bookings/:id/damage-claims": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.completedBookingId } }),
  },
  "PUT /api/bookings/:id/deposit": {
    who: DEPOSIT_RECORDER,
    send: (w) => ({
      params: { id: w.tenancyBookingId },
      body: {
        amount: "4000.00",
        receivedOn: londonToday(),
        scheme: "dps",
        certificateNumber: "DPS-5550001",
        protectedOn: londonToday(),
      },
    }),
  },
  // The Right to Rent check: the landlord's statement, recorded as the deposit's protection is.
  "PUT /api/bookings/:id/right-to-rent": {
    who: DEPOSIT_RECORDER,
    send: (w) => ({ params: { id: w.tenancyBookingId }, body: { checkedOn: londonToday(), method: "idsp" } }),
  },
  "GET /api/bookings/:id/deposit/prescribed-information.pdf": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.tenancyBookingId } }),
  },
  "GET /api/damage-claims/mine": { who: OWN_CLAIMS },
  // A short let's security deposit hold: seen by the stay's two sides and admins only.
  "GET /api/bookings/:id/security-deposit": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.completedBookingId } }),
  },
  "GET /api/damage-claims/:id": { who: BOOKING_PARTIES, send: (w) => ({ params: { id: w.damageClaimId } }) },
  "POST /api/damage-claims/:id/accept": { who: CLAIM_GUEST, send: (w) => ({ params: { id: w.damageClaimId } }) },
  "POST /api/damage-claims/:id/dispute": {
    who: CLAIM_GUEST,
    send: (w) => ({ params: { id: w.damageClaimId }, body: REASON }),
  },
  "GET /api/damage-claims/:id/payment": { who: BOOKING_GUEST, send: (w) => ({ params: { id: w.damageClaimId } }) },
  "GET /api/admin/damage-claims": { who: ADMIN },
  // A tenancy's rights: read by its parties, each step taken by its own side; overdue pet requests by admins.
  "GET /api/bookings/:id/tenancy-rights": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.rightsTenancyBookingId } }),
  },
  "GET /api/bookings/:id/statement-of-terms.pdf": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.rightsTenancyBookingId } }),
  },
  // A hash of no statement: the tenant's answer is the 409 of a statement that changed.
  "POST /api/bookings/:id/statement-of-terms/accept": {
    who: TENANCY_TENANT,
    send: (w) => ({ params: { id: w.rightsTenancyBookingId }, body: { sha256: "a".repeat(64) } }),
  },
  // Within 52 weeks of the increase already served: the landlord's answer is the 422 that says so.
  "POST /api/bookings/:id/rent-increases": {
    who: TENANCY_LANDLORD,
    send: (w) => ({
      params: { id: w.rightsTenancyBookingId },
      body: { monthlyRent: "2200.00", startsOn: mondayIn(30) },
    }),
  },
  "GET /api/rent-increases/:id/notice.pdf": {
    who: BOOKING_PARTIES,
    send: (w) => ({ params: { id: w.rentIncreaseId } }),
  },
  // One request is already waiting: the tenant's answer is the 409 that says so.
  "POST /api/bookings/:id/pet-requests": {
    who: TENANCY_TENANT,
    send: (w) => ({ params: { id: w.rightsTenancyBookingId }, body: { description: "A second cat, also quiet." } }),
  },
  "POST /api/pet-requests/:id/answer": {
    who: TENANCY_LANDLORD,
    send: (w) => ({
      params: { id: w.petRequestId },
      body: { decision: "refuse", reason: "The lease of the building forbids animals." },
    }),
  },
  "GET /api/pet-requests/overdue": { who: ADMIN },
  "POST /api/admin/damage-claims/:id/decision": {
    who: ADMIN,
    send: (w) => ({ params: { id: w.damageClaimId }, body: { decision: "reject", ...REASON } }),
  },
  "GET /api/admin/bookings": { who: ADMIN },
  "GET /api/admin/bookings/stats": { who: ADMIN },
  "GET /api/admin/bookings/:id": { who: ADMIN, send: onBooking },
  // Only an admin reaches it; the stay that has begun is then refunded (or, for the request, refused as not begun).
  "POST /api/admin/bookings/:id/refund": {
    who: ADMIN,
    send: (w) => ({
      params: { id: w.stayBookingId },
      headers: { "idempotency-key": `matrix-refund-${unique()}` },
      body: { amountPence: 1, ...REASON },
    }),
  },
  "GET /api/admin/analytics": { who: ADMIN },
  // HMRC's yearly report: the export answers 409 here (no platform operator settings), which is still the route's own.
  "GET /api/admin/platform-report/:year": { who: ADMIN, send: () => ({ params: { year: 2025 } }) },
  "GET /api/admin/platform-report/:year.xml": { who: ADMIN, send: () => ({ params: { year: 2025 } }) },
  "GET /api/admin/platform-report/:year/filings": { who: ADMIN, send: () => ({ params: { year: 2025 } }) },
  "GET /api/admin/platform-report/filings/:id.xml": { who: ADMIN_STORED_REPORT, send: () => ({ params: { id: 1 } }) },
  "GET /api/admin/system-logs": { who: ADMIN },
  "GET /api/admin/support/tickets": { who: ADMIN },
  "GET /api/admin/certificates/lapsed": { who: ADMIN },
  "GET /api/admin/support/tickets/:id": { who: ADMIN, send: (w) => ({ params: { id: w.supportTicketId } }) },
  "POST /api/admin/support/tickets/:id/reply": {
    who: ADMIN,
    send: (w) => ({ params: { id: w.supportTicketId }, body: { body: "We have switched the boiler back on." } }),
  },
  "POST /api/admin/support/tickets/:id/close": { who: ADMIN, send: (w) => ({ params: { id: w.supportTicketId } }) },
};

// ---------------------------------------------------------------- the run

/** Requests in flight at once: enough to finish fast, few enough for the shared database pool. */
const CONCURRENCY = 6;
/** Spare sessions per persona: one for each public route that ends or replaces the caller's session. */
const SPARES = Object.values(MATRIX).filter((entry) => !Array.isArray(entry) && entry.spareSession).length;

type Check = {
  key: string;
  method: string;
  url: string;
  index: number;
  case: Case;
  persona: Persona;
  expected: Outcome;
};

let people: People;
let sessions: Sessions;
let world: World;
let registered: string[] = [];
/** Each registered route's entity, from the route table's row that added it (none for the plumbing). */
let entityOf = new Map<string, RouteEntity | undefined>();

const casesOf = (entry: Entry): Case[] => (Array.isArray(entry) ? entry : [entry]);

function checks(filter: (expected: Outcome) => boolean): Check[] {
  const all: Check[] = [];
  for (const key of registered) {
    const entry = MATRIX[key];
    if (!entry) continue;
    const [method = "", url = ""] = key.split(" ");
    casesOf(entry).forEach((c, index) => {
      for (const persona of PERSONAS) {
        const expected = c.who.outcomes[persona];
        if (filter(expected)) all.push({ key, method, url, index, case: c, persona, expected });
      }
    });
  }
  return all;
}

const labelOf = (check: Check) =>
  Array.isArray(MATRIX[check.key]) ? `${check.key} (case ${check.index + 1})` : check.key;

/** Whether an answer shows the landlord's property of `w` (by its title or its address on the site). */
const shows = (w: World, text: string) => text.includes(w.property.title) || text.includes(w.property.slug);

/** The problem with an answer, or null when it is what the rule says. */
function judge(check: Check, answer: { status: number; text: string }): string | null {
  const { status } = answer;
  if (check.expected === "ok-blind" && shows(world, answer.text)) {
    return `${labelOf(check)} as ${check.persona}: shows the landlord's property, which is not theirs (${check.case.who.says})`;
  }
  const fine =
    typeof check.expected === "number"
      ? status === check.expected
      : status < 500 && status !== 401 && status !== 403 && (check.expected === "ok-or-404" || status !== 404);
  if (fine) return null;
  const label = labelOf(check);
  const wanted = typeof check.expected === "number" ? String(check.expected) : `not a refusal (${check.expected})`;
  return `${label} as ${check.persona}: expected ${wanted} (${check.case.who.says}), got ${status} ${answer.text.slice(0, 200)}`;
}

/**
 * Which refused requests changed `tables`: replayed one at a time against a fresh world, each between two
 * fingerprints of those tables. Only run once something changed, to name what did.
 */
async function culprits(refusals: Check[], tables: string[]): Promise<string[]> {
  let fresh = await buildWorld(t.db, people);
  const found: string[] = [];
  for (const check of refusals) {
    const before = await snapshot(t.db, tables);
    const outgoing = check.case.send?.(fresh, people) ?? {};
    await sendRequest(server.baseUrl, check.method, check.url, outgoing, sessions.main[check.persona]);
    const after = await snapshot(t.db, tables);
    const changed = tables.filter((table) => before[table] !== after[table]);
    if (changed.length === 0) continue;
    found.push(`${labelOf(check)} as ${check.persona} (refused) changed ${changed.join(", ")}`);
    // What it changed may be what the next request would have changed: they get untouched records.
    fresh = await buildWorld(t.db, people);
  }
  return found.length > 0 ? found : [`refused requests changed ${tables.join(", ")}, but none did on its own`];
}

const spareTaken: Partial<Record<Persona, number>> = {};
function spareCookie(persona: Persona): string | null {
  if (persona === "anonymous") return null;
  const index = spareTaken[persona] ?? 0;
  spareTaken[persona] = index + 1;
  const cookie = sessions.spare[persona][index];
  if (!cookie) throw new Error(`no spare session left for ${persona}`);
  return cookie;
}

beforeAll(async () => {
  registered = server.app.routeList.map((route) => `${route.method} ${route.url}`);
  entityOf = new Map(server.app.routeList.map((route) => [`${route.method} ${route.url}`, route.entity]));
  ({ people, sessions } = await signInPersonas(t.db, server.baseUrl, SPARES));
  world = await buildWorld(t.db, people);
});

describe("the authorization matrix", () => {
  it("states who may call every registered route, and names no route that is not registered", () => {
    const unstated = registered.filter((key) => !MATRIX[key]);
    expect(
      unstated.map(
        (key) =>
          `${key} is registered but nobody has stated who may call it: add it to the table in tests/integration/authorization-matrix.test.ts with its rule`,
      ),
    ).toEqual([]);
    const absent = Object.keys(MATRIX).filter((key) => (ONLY_WHEN[key] ?? true) && !registered.includes(key));
    expect(absent.map((key) => `${key} is in the matrix but the app registers no such route`)).toEqual([]);
    const unexpected = Object.keys(ONLY_WHEN).filter((key) => !ONLY_WHEN[key] && registered.includes(key));
    expect(unexpected.map((key) => `${key} is registered in a set-up where it should not be`)).toEqual([]);
  });

  it("takes every registered route from a row of the route table, bar the server's own plumbing", () => {
    const outside = registered.filter((key) => entityOf.get(key) === undefined && !PLUMBING.has(key));
    expect(
      outside.map(
        (key) => `${key} is registered outside the route table: add its plugin to server/routes/route-table.ts`,
      ),
    ).toEqual([]);
    const claimed = registered.filter((key) => entityOf.get(key) !== undefined && PLUMBING.has(key));
    expect(claimed.map((key) => `${key} is listed as plumbing but comes from the route table`)).toEqual([]);
    const empty = ROUTE_ENTITIES.filter((entity) => !registered.some((key) => entityOf.get(key) === entity));
    expect(empty.map((entity) => `the route table's ${entity} rows register no route`)).toEqual([]);
  });

  it("states who may call every route of each entity", () => {
    const coverage = [...ROUTE_ENTITIES, undefined].map((entity) => {
      const routes = registered.filter((key) => entityOf.get(key) === entity);
      const stated = routes.filter((key) => MATRIX[key]);
      const requests = stated.reduce((sum, key) => sum + casesOf(MATRIX[key] as Entry).length * PERSONAS.length, 0);
      return {
        entity: entity ?? "(plumbing)",
        routes: routes.length,
        stated: stated.length,
        requests,
        routesOf: routes,
      };
    });
    console.info(
      `Authorization matrix coverage by entity:\n${coverage
        .map((c) => `  ${c.entity.padEnd(14)} ${c.stated}/${c.routes} routes stated, ${c.requests} requests`)
        .join("\n")}`,
    );
    const gaps = coverage.flatMap((c) =>
      c.routesOf.filter((key) => !MATRIX[key]).map((key) => `${c.entity}: ${key} has no row in the matrix`),
    );
    expect(gaps).toEqual([]);
  });

  it("keeps the sessions of the unapproved landlord and the frozen account, so their refusals are the rules'", async () => {
    for (const persona of ["unapprovedLandlord", "frozen"] as const) {
      const result = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from sessions where (sess->>'userId')::int = ${people[persona].id}`,
      );
      expect(result.rows[0]?.n, persona).toBe(1 + SPARES);
    }
  });

  // Generous limits: hundreds of requests, and CI machines may be busy (about 15 s on a quiet one).
  it("refuses everyone the table refuses, with the status it states, and changes nothing", {
    timeout: 240_000,
  }, async () => {
    const refusals = checks((expected) => typeof expected === "number");
    expect(refusals.length).toBeGreaterThan(500);
    const before = await snapshot(t.db);
    const problems: string[] = [];
    await inParallel(refusals, CONCURRENCY, async (check) => {
      const outgoing = check.case.send?.(world, people) ?? {};
      const answer = await sendRequest(server.baseUrl, check.method, check.url, outgoing, sessions.main[check.persona]);
      const problem = judge(check, answer);
      if (problem) problems.push(problem);
    });
    expect(problems.sort()).toEqual([]);
    const after = await snapshot(t.db);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed.length === 0 ? [] : await culprits(refusals, changed), "changed by refused requests").toEqual([]);
  });

  it("lets in everyone the table lets in: the route's own answer, never a refusal or a 5xx", {
    timeout: 240_000,
  }, async () => {
    const admitted = checks((expected) => typeof expected !== "number");
    const problems: string[] = [];
    // Lists someone must not see the property in: it must show in them for someone, or that proves nothing.
    const unseen = new Set(admitted.filter((c) => c.expected === "ok-blind").map(labelOf));
    const run = async (check: Check) => {
      // A write behind sign-in gets a world of its own, so no persona's change can turn another's answer; the
      // public writes (signing in, webhooks) act on no record of it.
      const own =
        check.method !== "GET" && check.case.who.outcomes.anonymous === 401 ? await buildWorld(t.db, people) : world;
      const outgoing = check.case.send?.(own, people) ?? {};
      const cookie = check.case.spareSession ? spareCookie(check.persona) : sessions.main[check.persona];
      const answer = await sendRequest(server.baseUrl, check.method, check.url, outgoing, cookie);
      const problem = judge(check, answer);
      if (problem) problems.push(problem);
      if (own === world && check.expected === "ok" && shows(world, answer.text)) unseen.delete(labelOf(check));
    };
    // The reads first, while the lists hold only this world's records (the writes' worlds would page them out).
    await inParallel(
      admitted.filter((check) => check.method === "GET"),
      CONCURRENCY,
      run,
    );
    await inParallel(
      admitted.filter((check) => check.method !== "GET"),
      CONCURRENCY,
      run,
    );
    expect(problems.sort()).toEqual([]);
    expect([...unseen].map((label) => `${label} shows the property to nobody, so hiding it proves nothing`)).toEqual(
      [],
    );
  });
});
