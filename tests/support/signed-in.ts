import { hash } from "@node-rs/argon2";
import { expect } from "vitest";
import type { users } from "../../server/db/schema";
import type { Database } from "../../server/db/client";
import { createUser } from "../factories";
import { HttpClient } from "./http-client";

export const TEST_PASSWORD = "correct horse battery staple";
let passwordHash: Promise<string> | undefined;
let counter = 0;

/**
 * Signs in a new user (a verified guest unless `fields` say otherwise) through the real login route
 * and answers a client that carries the session, with the user's row.
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
  const client = new HttpClient(baseUrl);
  const login = await client.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { client, user };
}
