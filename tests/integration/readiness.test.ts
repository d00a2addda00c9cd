import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../support/test-context";

/**
 * /readyz is what a load balancer asks before sending an instance traffic. Each way an instance can be unfit
 * turns it to 503 with a message that says which, while /healthz (alive) stays 200 so nothing restarts it.
 */

const { t, server } = setUpTestApp();

async function readiness() {
  const response = await fetch(`${server.baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as { checks: object; message?: string } };
}

const alive = async () => (await fetch(`${server.baseUrl}/healthz`)).status;

describe("readiness", () => {
  it("is ready with its database up and migrated and its change feed listening", async () => {
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "up", migrations: "applied", changeFeed: "listening" } },
    });
  });

  it("turns traffic away when the database lacks the newest migration this build expects", async () => {
    const newest = await t.db.$client.query<{ id: number; hash: string; created_at: string }>(
      "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at",
    );
    try {
      const { status, body } = await readiness();
      expect(status).toBe(503);
      expect(body.checks).toMatchObject({ database: "up", migrations: "behind" });
      expect(body.message).toBe("The database is missing migrations this build needs");
      expect(await alive()).toBe(200);
    } finally {
      const row = newest.rows[0];
      if (row) {
        await t.db.$client.query(
          "insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)",
          [row.id, row.hash, row.created_at],
        );
      }
    }
    expect((await readiness()).status).toBe(200);
  });

  it("turns traffic away while the database's change notifications are lost, as cached searches could go stale", async () => {
    await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen listings_changed%'`);
    await expect.poll(async () => (await readiness()).status, { timeout: 5_000 }).toBe(503);
    expect((await readiness()).body).toMatchObject({
      checks: { database: "up", migrations: "applied", changeFeed: "lost" },
      message: "The database's change notifications are not being received",
    });
    // The feed reconnects by itself, and the instance is ready again.
    await expect.poll(async () => (await readiness()).status, { timeout: 15_000 }).toBe(200);
  });

  it("turns traffic away while the instance is shutting down", async () => {
    server.app.lifecycle.draining = true;
    try {
      const { status, body } = await readiness();
      expect(status).toBe(503);
      expect(body.message).toBe("The instance is shutting down");
      expect(await alive()).toBe(200);
    } finally {
      server.app.lifecycle.draining = false;
    }
  });
});
