import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createDatabase, type Database } from "../../server/db/client";
import { type EmbeddedServer, ensureDatabase, startEmbeddedPostgres } from "../../server/db/embedded";
import { migrateDatabase } from "../../server/db/migrate";
import { users } from "../../server/db/schema";
import { ServerKeys } from "../../server/lib/server-keys";

/**
 * A throw-away PostgreSQL for one benchmark, in a folder of its own under the system's temporary folder (`prefix`
 * names it). The caller stops the server and removes `dir` when done.
 */
export async function startBenchPostgres(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // mkdtemp makes 0700 folders; as root, PostgreSQL runs as the postgres user, which must enter it.
  chmodSync(dir, 0o755);
  const pgServer = await startEmbeddedPostgres({ clusterDir: path.join(dir, "postgres"), ephemeral: true });
  return { dir, pgServer };
}

/** The database `name` on that server, created if missing and migrated to today's schema. */
export async function migratedDatabase(pgServer: EmbeddedServer, name = "bench") {
  await ensureDatabase(pgServer.urlFor("postgres"), name);
  const url = pgServer.urlFor(name);
  const db = createDatabase(url);
  await migrateDatabase(db);
  return { url, db };
}

/**
 * An administrator may only sign in with two factors: gives the user a real authenticator secret, sealed as the app
 * seals it, and answers the secret for signInCookie.
 */
export async function enrolTwoFactor(db: Database, userId: number): Promise<string> {
  const { generateSecret } = await import("otplib");
  const secret = generateSecret();
  const sealed = await new ServerKeys(db, process.env.SERVER_KEY).seal("two-factor-secrets", secret);
  await db.update(users).set({ totpSecret: sealed, totpEnabledAt: new Date() }).where(eq(users.id, userId));
  return secret;
}

/**
 * Signs in through the API as a browser would (with the authenticator's code when `totpSecret` is given), and returns
 * the session cookie to send with each request.
 */
export async function signInCookie(
  base: string,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!totpSecret) return cookie;
  const { generate } = await import("otplib");
  const second = await fetch(`${base}/api/auth/two-factor`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ code: await generate({ secret: totpSecret }) }),
  });
  if (!second.ok) throw new Error(`the second factor answered ${second.status}: ${await second.text()}`);
  return (second.headers.get("set-cookie") ?? cookie).split(";")[0] ?? "";
}

/**
 * The status of a seeded stay from its dates, as `x` (check_in, nights, status) beside a statement's `d` (check_in,
 * nights) and `s.h` (a hash of the stay): past stays completed (one in ten cancelled), current ones confirmed, future
 * ones confirmed, pending or cancelled.
 */
export const stayStatusByDate = sql`cross join lateral (
      select d.check_in, d.nights,
        case
          when d.check_in + d.nights <= current_date then (case when s.h % 10 = 0 then 'cancelled' else 'completed' end)
          when d.check_in <= current_date then 'confirmed'
          else (array['confirmed', 'confirmed', 'pending', 'cancelled'])[1 + s.h % 4]
        end as status
    ) x`;
