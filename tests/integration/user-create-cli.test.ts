import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import { setUpTestDatabase } from "../support/test-context";

const t = setUpTestDatabase();

function userCreate(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", fromRoot("server/db/cli/user-create.ts"), ...args], {
    cwd: fromRoot(),
    env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("npm run user:create", () => {
  it("creates a verified, approved user of any role and prints its id", async () => {
    const run = userCreate(
      "--email",
      "First.Admin@Example.com",
      "--password",
      "a long admin passphrase",
      "--role",
      "admin",
      "--first-name",
      "Grace",
    );
    expect(run.code, run.err).toBe(0);
    const id = Number(/Created user (\d+)/.exec(run.out)?.[1]);
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({
      email: "first.admin@example.com",
      role: "admin",
      firstName: "Grace",
      emailVerified: true,
      phoneVerified: true,
      isApproved: true,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("updates the role and password of an existing user", async () => {
    userCreate("--email", "ops@example.com", "--password", "first passphrase here", "--role", "guest");
    const [before] = await t.db.select().from(users).where(eq(users.email, "ops@example.com"));
    const run = userCreate(
      "--email",
      "OPS@example.com",
      "--password",
      "second passphrase here",
      "--role",
      "contractor",
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`Updated user ${before?.id}`);
    const [after] = await t.db.select().from(users).where(eq(users.email, "ops@example.com"));
    expect(after?.role).toBe("contractor");
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
  });

  it.each([
    [["--email", "x@example.com", "--password", "a long passphrase", "--role", "emperor"], /--role must be one of/],
    [["--email", "nope", "--password", "a long passphrase", "--role", "admin"], /--email must be a valid/],
    [["--email", "y@example.com", "--password", "password1", "--role", "admin"], /most common/],
    [["--email", "z@example.com", "--role", "admin"], /--password is required/],
  ])("refuses %o and changes nothing", async (args, message) => {
    const run = userCreate(...args);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, args[1] ?? "")),
    ).toEqual([]);
  });
});
