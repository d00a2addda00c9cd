import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Demo accounts seeded into the e2e database (server/db/seed-data/people.ts). */
export const DEMO_PASSWORD = "StayLondon-demo-2026";
export const DEMO = {
  admin: "admin@staylondon.example",
  landlord: "landlord@staylondon.example",
  pendingLandlord: "pending.landlord@staylondon.example",
  guest: "guest@staylondon.example",
  unverifiedGuest: "unverified.guest@staylondon.example",
} as const;

/** The database is shared by every test of the run: each registration gets its own address and name. */
export function uniquePerson(label: string) {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${label}.${id}@example.com`,
    password: "Quiet-harbour-lamp-2026",
    firstName: label.charAt(0).toUpperCase() + label.slice(1),
    lastName: `Tester${id}`,
  };
}
export type Person = ReturnType<typeof uniquePerson>;

/** A UK mobile number nobody else in the run uses: as typed (national), stored (E.164) and shown. */
export function uniqueUkMobile() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
  return { national: `07400 ${digits}`, e164: `+447400${digits}`, shown: `+44 7400 ${digits}` };
}

/** Signs in through the API; `page.request` shares its cookies with the page. */
export async function signIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post("/api/auth/login", { data: { email, password } });
  expect(response.ok(), `sign-in as ${email}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** Registers through the API. A guest is signed in at once; a landlord waits for e-mail verification and approval. */
export async function register(request: APIRequestContext, person: Person, role: "guest" | "landlord") {
  const response = await request.post("/api/auth/register", { data: { ...person, role } });
  expect(response.status(), `registration of ${person.email}: ${await response.text()}`).toBe(201);
}

type OutboxMessage = { id: number; channel: "email" | "sms"; to: string; subject: string | null; body: string };

async function latestMessageTo(request: APIRequestContext, to: string, channel: OutboxMessage["channel"]) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/dev/outbox");
        expect(response.ok(), "the dev outbox must be on for these tests").toBe(true);
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.find((m) => m.channel === channel && m.to === to);
        return found !== undefined;
      },
      { message: `no ${channel} to ${to} in the dev outbox` },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/**
 * The verification link from the newest e-mail to `email`, as a path on the app under test. The e-mail names the
 * server's public address, which may be another host name for the same server (localhost, 127.0.0.1).
 */
export async function verificationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const message = await latestMessageTo(request, email, "email");
  const link = message.body.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
  expect(link, `a verification link in: ${message.body}`).toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

/** The 6-digit code from the newest text to `e164`. */
export async function smsCodeFor(request: APIRequestContext, e164: string): Promise<string> {
  const message = await latestMessageTo(request, e164, "sms");
  const code = message.body.match(/\b\d{6}\b/)?.[0];
  expect(code, `a 6-digit code in: ${message.body}`).toBeTruthy();
  return code as string;
}

/** A landlord who has registered and verified their e-mail: next they wait for an admin. */
export async function registerVerifiedLandlord(request: APIRequestContext, label = "landlord") {
  const person = uniquePerson(label);
  await register(request, person, "landlord");
  const path = await verificationLinkFor(request, person.email);
  const token = new URL(path, "http://app.invalid").searchParams.get("token") ?? "";
  const verified = await request.post(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.ok(), `verify ${person.email}: ${await verified.text()}`).toBe(true);
  return person;
}

/** A toast, found in the notifications region (Radix also keeps a hidden copy for screen readers elsewhere). */
export function toast(page: Page, title: string) {
  return page.getByRole("region", { name: /notifications/i }).getByText(title, { exact: true });
}
