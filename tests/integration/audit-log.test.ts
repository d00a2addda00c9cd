import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, users } from "../../server/db/schema";
import {
  findAuditLogs,
  foldAuditLogTallies,
  pruneAuditLogs,
  recordAudit,
} from "../../server/repositories/audit-logs.repository";
import { createUser } from "../factories";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

/** The message PostgreSQL refused a statement with (drizzle wraps the error in `cause`). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const wrapped = error as { message?: string; cause?: { message?: string } };
    return String((wrapped.cause ?? wrapped).message);
  }
  throw new Error("the database accepted what it should have refused");
}

const entry = (message: string) => ({ type: "info" as const, action: "user.role_changed" as const, message });

describe("the audit log is append-only", () => {
  it("refuses to change or delete an entry, or to empty the table", async () => {
    await recordAudit(t.db, entry("kept as written"));
    const [row] = await t.db.select().from(auditLogs).where(eq(auditLogs.message, "kept as written"));
    if (!row) throw new Error("not recorded");
    const rewrite = t.db.update(auditLogs).set({ message: "rewritten" }).where(eq(auditLogs.id, row.id));
    expect(await refusal(rewrite)).toMatch(/append-only/);
    expect(await refusal(t.db.delete(auditLogs).where(eq(auditLogs.id, row.id)))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`truncate audit_logs`))).toMatch(/append-only/);
    const [still] = await t.db.select().from(auditLogs).where(eq(auditLogs.id, row.id));
    expect(still?.message).toBe("kept as written");
  });

  it("lets only the pruning job remove entries, and only those older than its cut-off", async () => {
    await recordAudit(t.db, entry("old entry"));
    await recordAudit(t.db, entry("recent entry"));
    // Ageing an entry is an update the trigger refuses; the test switches triggers off for it, as only a superuser can.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_logs set created_at = now() - interval '400 days' where message = 'old entry'`);
    });
    const removed = await pruneAuditLogs(t.db, new Date(Date.now() - 365 * 86_400_000));
    expect(removed).toBe(1);
    const messages = (await t.db.select({ m: auditLogs.message }).from(auditLogs)).map((r) => r.m);
    expect(messages).toContain("recent entry");
    expect(messages).not.toContain("old entry");
    // The permission ended with the job's transaction.
    expect(await refusal(t.db.delete(auditLogs))).toMatch(/append-only/);
  });
});

describe("System Logs' counts", () => {
  /** Each type's count as System Logs answers it (from the tallies) and as counted straight from the entries. */
  async function bothCounts() {
    const types = ["info", "error", "warning", "success"] as const;
    const tallied = [(await findAuditLogs(t.db, {}, { limit: 1, offset: 0 })).total];
    const counted = [(await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs))[0]?.n];
    for (const type of types) {
      tallied.push((await findAuditLogs(t.db, { type }, { limit: 1, offset: 0 })).total);
      counted.push(
        (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.type, type)))[0]?.n,
      );
    }
    return { tallied, counted };
  }

  it("equal the entries after single and bulk writes, a rolled-back write, pruning and folding", async () => {
    await recordAudit(t.db, entry("one"));
    await t.db.insert(auditLogs).values([
      { type: "error", action: "message.failed", message: "two" },
      { type: "error", action: "message.failed", message: "three" },
      { type: "warning", action: "auth.sign_in_failed", message: "four" },
    ]);
    await t.db
      .transaction(async (tx) => {
        await recordAudit(tx, { ...entry("never kept"), type: "success" });
        throw new Error("roll back");
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_logs set created_at = now() - interval '400 days' where message = 'two'`);
    });
    let counts = await bothCounts();
    expect(counts.tallied).toEqual(counts.counted);
    expect(counts.counted[0]).toBeGreaterThanOrEqual(4);

    expect(await pruneAuditLogs(t.db, new Date(Date.now() - 365 * 86_400_000))).toBe(1);
    counts = await bothCounts();
    expect(counts.tallied).toEqual(counts.counted);

    await foldAuditLogTallies(t.db);
    counts = await bothCounts();
    expect(counts.tallied).toEqual(counts.counted);
    // Folded: at most one row per type is left to sum.
    const rows = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log_tallies`);
    expect(rows.rows[0]?.n).toBeLessThanOrEqual(4);
  });

  it("counts a filter the tallies cannot answer from the entries themselves", async () => {
    await recordAudit(t.db, { ...entry("about Zebedee"), subject: { id: null, label: "Zebedee Quill" } });
    const found = await findAuditLogs(t.db, { type: "info", userText: "zebedee" }, { limit: 10, offset: 0 });
    expect(found.total).toBe(1);
    expect(found.rows.map((r) => r.message)).toEqual(["about Zebedee"]);
  });
});

describe("erasing a person from the audit log", () => {
  it("lets an erasure rename who an entry names, but never change what happened, to whom by id, or when", async () => {
    const ada = await createUser(t.db);
    await recordAudit(t.db, { ...entry("Ada Lovelace changed a role"), actor: { id: ada.id, label: "Ada" } });
    const [row] = await t.db.select().from(auditLogs).where(eq(auditLogs.actorLabel, "Ada"));
    if (!row) throw new Error("not recorded");
    const inErasure = (statement: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local staylondon.audit_erasure = 'on'`);
        await tx.execute(statement);
      });
    await inErasure(sql`update audit_logs set actor_label = 'Former member', message = 'Former member changed a role'
                         where id = ${row.id}`);
    for (const change of [
      sql`update audit_logs set action = 'user.frozen' where id = ${row.id}`,
      sql`update audit_logs set created_at = now() - interval '1 day' where id = ${row.id}`,
      sql`update audit_logs set subject_user_id = 1 where id = ${row.id}`,
    ]) {
      expect(await refusal(inErasure(change))).toMatch(/append-only/);
    }
    expect(await refusal(inErasure(sql`delete from audit_logs where id = ${row.id}`))).toMatch(/append-only/);
    const [after] = await t.db.select().from(auditLogs).where(eq(auditLogs.id, row.id));
    expect(after).toMatchObject({ actorLabel: "Former member", action: "user.role_changed", createdAt: row.createdAt });
  });
});

describe("last seen", () => {
  it("is stamped at sign-in and kept to within minutes by later requests", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const [signedIn] = await t.db.select({ seen: users.lastSeenAt }).from(users).where(eq(users.id, user.id));
    expect(signedIn?.seen).toBeInstanceOf(Date);

    await t.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(users.id, user.id));
    expect((await client.get("/api/auth/user")).status).toBe(200);
    const [after] = await t.db.select({ seen: users.lastSeenAt }).from(users).where(eq(users.id, user.id));
    expect(Date.now() - (after?.seen?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("is not stamped for someone who never signs in", async () => {
    const user = await createUser(t.db, { email: "never-signed-in@audit.test" });
    const [row] = await t.db.select({ seen: users.lastSeenAt }).from(users).where(eq(users.id, user.id));
    expect(row?.seen).toBeNull();
  });
});
