import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "../../../server/db/seed-data/people";
import { projectRoot } from "../../../server/lib/project-root";
import { SoftwareAuthenticator } from "../../support/software-authenticator";

/**
 * Accounts for the browser tests: the seeded demo accounts, new people, signing in, registering, the messages the
 * app "sends" (read from the dev outbox) and the parts of /auth the tests use.
 */

/** The demo accounts seeded into every run's fresh database (README "Demo accounts"), all with DEMO_PASSWORD. */
export { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD };

/** A password the server's policy accepts (long enough, not a common one). */
export const NEW_PASSWORD = "Kew-gardens-by-bicycle-42";

/** Every test of a run shares one database, so each registration needs an address of its own. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${randomUUID().slice(0, 8)}@e2e.staylondon.example`;
}

/** Someone new to register: their own address, a last name nobody else in the run has, and a valid password. */
export function uniquePerson(label: string) {
  const id = randomUUID().slice(0, 8);
  return {
    email: uniqueEmail(label),
    password: NEW_PASSWORD,
    firstName: label.charAt(0).toUpperCase() + label.slice(1).replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
    lastName: `Tester${id}`,
  };
}
export type Person = ReturnType<typeof uniquePerson>;

/**
 * A UK mobile number nobody else in the run uses: as typed (national), stored (E.164) and shown. 07400 is a real
 * mobile range; Ofcom's drama range 07700 900xxx is not a valid number to libphonenumber.
 */
export function uniqueUkMobile() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return { national: `07400 ${digits}`, e164: `+447400${digits}`, shown: `+44 7400 ${digits}` };
}

/** Signs in through the API. `page.request` shares its cookies with the page, so the page is signed in too. */
export async function signInThroughApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  if (email === DEMO_ACCOUNTS.admin && password === DEMO_PASSWORD) return signInDemoAdmin(request);
  const response = await request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
  return response;
}

/** The site as the server knows it (PUBLIC_URL, as playwright.config.ts sets it): a passkey answers for it. */
const SITE = `http://localhost:${process.env.E2E_PORT ?? 5399}`;
/** This worker's passkey for the demo admin, made at its first sign-in. */
let demoAdminPasskey: SoftwareAuthenticator | undefined;

/**
 * The demo administrator must sign in with two factors. A code from the app works once, and tests side by side sign
 * the admin in often, so each worker signs in once with a code (from the published demo key, as an app would) and
 * adds a passkey of its own (a software authenticator) that signs it in from then on, as a person with a passkey
 * would.
 */
async function signInDemoAdmin(request: APIRequestContext) {
  if (demoAdminPasskey) {
    const options = await (await request.post("/api/auth/passkey/options")).json();
    const response = await request.post("/api/auth/passkey/verify", {
      data: { credential: demoAdminPasskey.get(options, { origin: SITE }) },
    });
    expect(response.status(), `passkey sign-in of the demo admin: ${await response.text()}`).toBe(200);
    return response;
  }
  const response = await signInWithDemoCode(request);
  const device = new SoftwareAuthenticator();
  const options = await (await request.post("/api/account/passkeys/options")).json();
  const added = await request.post("/api/account/passkeys", {
    data: { credential: device.create(options, SITE), name: "Browser tests' passkey" },
  });
  expect(added.status(), `the demo admin's passkey: ${await added.text()}`).toBe(201);
  demoAdminPasskey = device;
  return response;
}

/**
 * Password, then a code computed from the demo key. When this step's code and the next one's (apps' clocks may run
 * ahead, so it is accepted) have both been used by other workers, wait for a fresh step and sign in again.
 */
async function signInWithDemoCode(request: APIRequestContext) {
  for (let round = 0; round < 6; round++) {
    const login = await request.post("/api/auth/login", {
      data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
    });
    expect(login.status(), `sign-in of the demo admin: ${await login.text()}`).toBe(200);
    if (!(await login.json()).twoFactorRequired) return login;
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [0, 30]) {
      const code = await generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch: now + ahead });
      const second = await request.post("/api/auth/two-factor", { data: { code } });
      if (second.status() === 200) return second;
      expect(await second.text(), "the two-factor step").toMatch(/already been used/);
    }
    await new Promise((resolve) => setTimeout(resolve, (30 - (now % 30)) * 1000 + 200));
  }
  throw new Error("no unused two-factor code for the demo admin within three minutes");
}

/** Signs in on the /auth form, as a visitor does. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const auth = authScreen(page);
  await page.goto("/auth");
  await auth.email.fill(email);
  await auth.password.fill(password);
  await auth.signInButton.click();
}

/** Registers through the API. A guest is signed in at once; a landlord waits for e-mail verification and approval. */
/**
 * Sets up two-factor sign-in for the account `request` is signed in as, as Profile would with an authenticator app: an
 * administrator must have it before any admin page opens, and a payee before setting up payouts. `origin` names
 * another app than the run's own.
 */
export async function enrolTwoFactorThroughApi(request: APIRequestContext, origin = ""): Promise<string> {
  const setup = await request.post(`${origin}/api/account/two-factor/setup`);
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await request.post(`${origin}/api/account/two-factor/confirm`, {
    data: { code: await generate({ secret }) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return secret;
}

export async function register(request: APIRequestContext, person: Person, role: "guest" | "landlord") {
  const response = await request.post("/api/auth/register", { data: { ...person, role } });
  expect(response.status(), `registration of ${person.email}: ${await response.text()}`).toBe(201);
}

/** The signed-in user of this request context (the page's, for `page.request`), or null when signed out. */
export async function currentUser(request: APIRequestContext): Promise<Record<string, unknown> | null> {
  const response = await request.get("/api/auth/user");
  return response.ok() ? ((await response.json()) as { user: Record<string, unknown> }).user : null;
}

export type OutboxMessage = {
  id: number;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
};

/**
 * The newest message of `channel` to `to` in the dev outbox (GET /api/dev/outbox, newest first), waiting for it to
 * arrive; with `newerThan`, only one sent after that message counts.
 */
export async function newestMessageTo(
  request: APIRequestContext,
  to: string,
  channel: OutboxMessage["channel"],
  newerThan?: OutboxMessage,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/dev/outbox");
        expect(response.ok(), "the dev outbox must be on for these tests").toBe(true);
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.find((m) => m.channel === channel && m.to === to && m.id > (newerThan?.id ?? 0));
        return found !== undefined;
      },
      { message: `no ${newerThan ? "new " : ""}${channel} to ${to} in the dev outbox` },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/**
 * The verification link of an e-mail, as a path on the app under test. The e-mail names the server's public
 * address, which may be another host name for the same server (localhost, 127.0.0.1).
 */
export function verificationLinkIn(message: OutboxMessage): string {
  const link = message.body.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0] ?? "";
  expect(link, `a verification link in: ${message.body}`).toMatch(/\/verify-email\?token=[\w-]{20,}$/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The verification link from the newest e-mail to `email`. */
export async function verificationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  return verificationLinkIn(await newestMessageTo(request, email, "email"));
}

/** The 6-digit code from the newest text to `e164`. */
export async function smsCodeFor(request: APIRequestContext, e164: string): Promise<string> {
  const message = await newestMessageTo(request, e164, "sms");
  const code = message.body.match(/\b\d{6}\b/)?.[0] ?? "";
  expect(code, `a 6-digit code in: ${message.body}`).toMatch(/^\d{6}$/);
  return code;
}

/** Opens the newest verification link sent to `email`, as its owner would. */
export async function verifyEmailThroughLink(request: APIRequestContext, email: string): Promise<void> {
  const path = await verificationLinkFor(request, email);
  const token = new URL(path, "http://app.invalid").searchParams.get("token") ?? "";
  const verified = await request.post(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.ok(), `verify ${email}: ${await verified.text()}`).toBe(true);
}

/** Verifies a new UK mobile for the user signed in on `request`, with the code from the text message. */
export async function verifyPhoneThroughSms(request: APIRequestContext): Promise<void> {
  const mobile = uniqueUkMobile();
  const sent = await request.post("/api/auth/send-phone-verification", { data: { phoneNumber: mobile.e164 } });
  expect(sent.ok(), `send code: ${await sent.text()}`).toBe(true);
  const code = await smsCodeFor(request, mobile.e164);
  const checked = await request.post("/api/auth/verify-phone", { data: { code } });
  expect(checked.ok(), `verify phone: ${await checked.text()}`).toBe(true);
}

/** A new guest, signed in on `request`, with a verified e-mail and (with `phone`) a verified mobile. */
export async function registerVerifiedGuest(request: APIRequestContext, label: string, { phone = false } = {}) {
  const person = uniquePerson(label);
  await register(request, person, "guest");
  await verifyEmailThroughLink(request, person.email);
  if (phone) await verifyPhoneThroughSms(request);
  return person;
}

/** A landlord who has registered and verified their e-mail through the link: next they wait for an admin. */
export async function registerVerifiedLandlord(request: APIRequestContext, label = "landlord") {
  const person = uniquePerson(label);
  await register(request, person, "landlord");
  await verifyEmailThroughLink(request, person.email);
  return person;
}

/**
 * admin@ approves the landlord with this e-mail through the admin API. `admin` must be a request context of its own
 * (the `request` fixture, say, not `page.request`): it is signed in as admin@.
 */
export async function approveLandlord(admin: APIRequestContext, email: string): Promise<void> {
  await signInThroughApi(admin, DEMO_ACCOUNTS.admin);
  const pending = await admin.get("/api/admin/pending-landlords");
  expect(pending.ok(), `pending landlords: ${await pending.text()}`).toBe(true);
  const applicant = ((await pending.json()) as { id: number; email: string }[]).find((l) => l.email === email);
  expect(applicant, `${email} among the pending landlords`).toBeDefined();
  const approved = await admin.post(`/api/admin/approve-landlord/${applicant?.id}`);
  expect(approved.ok(), `approval of ${email}: ${await approved.text()}`).toBe(true);
}

/**
 * A landlord of the test's own, so that the demo landlords' figures in other tests stay as they are: registered and
 * e-mail verified on `admin` (a request context of its own), approved there by admin@, then signed in on `request`
 * (`page.request` signs the page in too) with a verified phone unless told not to.
 */
export async function signInNewLandlord(
  request: APIRequestContext,
  admin: APIRequestContext,
  label: string,
  { phone = true } = {},
) {
  const landlord = await registerVerifiedLandlord(admin, label);
  await approveLandlord(admin, landlord.email);
  await signInThroughApi(request, landlord.email, landlord.password);
  if (phone) await verifyPhoneThroughSms(request);
  return landlord;
}

const execFileAsync = promisify(execFile);

/**
 * Runs the operator command `npm run user:create` (README "Scripts") against this run's embedded database (or the one
 * in `dataDir`, another app's), which the running app owns: the command shares that PostgreSQL server rather than
 * starting one. Answers the new user's id.
 */
export async function createUserWithOperatorCommand(user: {
  email: string;
  password: string;
  role: string;
  firstName: string;
  dataDir?: string;
}): Promise<number> {
  const dataDir = user.dataDir ?? process.env.STAYLONDON_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error("STAYLONDON_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts");
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const { stdout } = await execFileAsync(
    "npm",
    [
      "run",
      "--silent",
      "user:create",
      "--",
      "--email",
      user.email,
      "--password",
      user.password,
      "--role",
      user.role,
      "--first-name",
      user.firstName,
    ],
    { cwd: projectRoot, env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, timeout: 60_000 },
  );
  const id = Number(/Created user (\d+)/.exec(stdout)?.[1]);
  expect(id, `user:create printed: ${stdout}`).toBeGreaterThan(0);
  return id;
}

/** The parts of /auth the tests use, by role and label as a visitor finds them. */
export function authScreen(page: Page) {
  const panel = page.getByRole("tabpanel");
  return {
    signInTab: page.getByRole("tab", { name: "Sign In" }),
    registerTab: page.getByRole("tab", { name: "Create Account" }),
    // Labels of required fields end with an asterisk.
    email: panel.getByLabel(/^Email/),
    password: panel.getByLabel(/^Password/),
    firstName: panel.getByLabel(/^First name/),
    lastName: panel.getByLabel(/^Last name/),
    guestRole: panel.getByRole("radio", { name: "Guest/Tenant" }),
    landlordRole: panel.getByRole("radio", { name: "Landlord/Owner" }),
    signInButton: panel.getByRole("button", { name: "Sign In", exact: true }),
    createAccountButton: panel.getByRole("button", { name: "Create Account", exact: true }),
    googleButton: panel.getByRole("button", { name: "Continue with Google" }),
    appleButton: panel.getByRole("button", { name: "Continue with Apple" }),
    backToLogin: page.getByRole("button", { name: "Back to Login" }),
  };
}

/**
 * A toast, found in the notifications region (Radix also keeps a hidden copy for screen readers elsewhere). A string
 * is a whole title or description; a regular expression may match part of one.
 */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: /notifications/i }).getByText(text, { exact: typeof text === "string" });
}
