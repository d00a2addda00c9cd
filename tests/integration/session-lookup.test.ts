import { describe, expect, it } from "vitest";
import { createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Most requests come from visitors who are not signed in, and a session is a database read: a request without the
 * session cookie must never look one up. Every statement the app sends through its pool is seen here.
 */
const { t, server } = setUpTestApp();

/** The SQL the app sends while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const pool = t.db.$client;
  const seen: string[] = [];
  const query = pool.query;
  pool.query = ((...args: Parameters<typeof query>) => {
    const [first] = args;
    seen.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return (query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof query;
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return seen;
}

const readsSessions = (statements: string[]) => statements.filter((text) => /\bfrom "sessions"/i.test(text));

describe("session lookup", () => {
  it("a request without the session cookie never reads the sessions table, on an API route, a page or a refusal", async () => {
    const property = await createProperty(t.db);
    const paths = [
      "/healthz",
      "/api/auth/user",
      "/api/bookings",
      "/api/properties",
      `/api/properties/${property.id}`,
      `/property/${property.id}`,
      "/",
    ];
    const statements = await statementsDuring(async () => {
      for (const path of paths) {
        const response = await fetch(`${server.baseUrl}${path}`);
        await response.arrayBuffer();
        expect(response.status, path).toBeLessThan(500);
      }
    });
    // The page and the listing were read: the watch saw the app's statements.
    expect(statements.length).toBeGreaterThan(0);
    expect(readsSessions(statements)).toEqual([]);
  });

  it("a signed-in request reads its session once, with its user", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const statements = await statementsDuring(async () => {
      expect((await client.get("/api/auth/user")).status).toBe(200);
    });
    expect(readsSessions(statements)).toHaveLength(1);
  });
});
