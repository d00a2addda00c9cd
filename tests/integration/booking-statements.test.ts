import pg from "pg";
import { describe, expect, it } from "vitest";
import { createProperty } from "../factories";
import { requestStay } from "../support/book-stay";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Most of a booking's cost is the statements it sends PostgreSQL, one round trip each, so their number is watched
 * here: every statement of every connection, the pool's reads and the transaction's own.
 */
const { t, server } = setUpTestApp();

/** The SQL sent while `run` runs, but for the outbox workers' look for letters to send (they run on their own). */
async function sentDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    seen.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  const workers = (text: string) => /outgoing_messages/.test(text) && !/^\s*insert/i.test(text);
  return seen.filter((text) => !workers(text)).map((text) => text.replace(/\s+/g, " ").trim().slice(0, 100));
}

describe("statements per booking", () => {
  it("a guest's request for a London short let sends 12, the session's read included", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { maxGuests: 4 });
    const statements = await sentDuring(() => requestStay(client, property.id, mondayIn(5), 3));
    expect(statements, statements.join("\n")).toHaveLength(12);
  });
});
