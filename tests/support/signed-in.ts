import { hash } from "@node-rs/argon2";
import { expect } from "vitest";
import type { Database } from "../../server/db/client";
import type { users } from "../../server/db/schema";
import { createUser, enrolTwoFactor, totpCode } from "../factories";
import { HttpClient } from "./http-client";

export const TEST_PASSWORD = "correct horse battery staple";
let passwordHash: Promise<string> | undefined;
let counter = 0;

/**
 * Signs in a new user (a verified guest unless `fields` say otherwise) through the real login route
 * and answers a client that carries the session, with the user's row. An administrator must sign in with two
 * factors: unless `fields` say how their two-factor stands, one is enrolled with a real secret (`totpSecret`) and
 * the sign-in finished with a code from it.
 */
export async function signedInUser(db: Database, baseUrl: string, fields: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hash(TEST_PASSWORD);
  const user = await createUser(db, {
    email: `person-${process.pid}-${++counter}@signed-in.test`,
    passwordHash: await passwordHash,
    emailVerified: true,
    phoneVerified: true,
    ...fields,
  });
  const totpSecret =
    user.role === "admin" && !("totpEnabledAt" in fields) ? await enrolTwoFactor(db, user.id) : undefined;
  const client = new HttpClient(baseUrl);
  const login = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  if (login.body.twoFactorRequired && totpSecret) {
    const second = await client.post("/api/auth/two-factor", { code: await totpCode(totpSecret) });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
  }
  return { client, user, totpSecret };
}

/**
 * Signs `user` in on `client` with their password, as the login form does. An administrator must sign in with two
 * factors, so one is given a real authenticator secret first and the sign-in finished with a code from it.
 */
export async function passwordSignIn(
  db: Database,
  client: HttpClient,
  user: { id: number; email: string; role: string },
  password = TEST_PASSWORD,
) {
  const secret = user.role === "admin" ? await enrolTwoFactor(db, user.id) : undefined;
  const login = await client.post("/api/auth/login", { email: user.email, password });
  if (!secret || !login.body.twoFactorRequired) return login;
  return client.post("/api/auth/two-factor", { code: await totpCode(secret) });
}
