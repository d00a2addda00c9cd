import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TAuditLogEntry } from "../../common/schemas/audit-logs";
import { auditLogs } from "../../server/db/schema";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

type NewEntry = typeof auditLogs.$inferInsert;

/**
 * A fixed log, oldest first. Ada is an admin, Lena a landlord, Bob a guest whose name holds LIKE wildcards.
 * `summerMidnight` was written at 00:30 in London on 15 June (23:30 UTC on the 14th, in British Summer Time).
 */
const ADA = { id: 900_001, label: "Ada Admin <ada@staylondon.test>" };
const LENA = { id: 900_002, label: "Lena Landlord <lena@example.com>" };
const BOB = { id: 900_003, label: "Bob 100%_Real <bob@example.com>" };
const FIXED: Record<string, NewEntry> = {
  jobFailed: {
    type: "error",
    action: "job.failed",
    message: "Background job booking-lifecycle failed: connection refused",
    targetType: "job",
    targetId: "booking-lifecycle",
    createdAt: new Date("2026-03-01T10:00:00Z"),
  },
  summerMidnight: {
    type: "warning",
    action: "auth.sign_in_failed",
    message: "Sign-in refused: no account has this e-mail address",
    subjectLabel: "mallory@example.com",
    details: { reason: "unknown_email", ip: "203.0.113.9" },
    createdAt: new Date("2026-06-14T23:30:00Z"),
  },
  approved: {
    type: "success",
    action: "landlord.approved",
    message: "Approved landlord Lena Landlord",
    actorId: ADA.id,
    actorLabel: ADA.label,
    subjectUserId: LENA.id,
    subjectLabel: LENA.label,
    targetType: "user",
    targetId: String(LENA.id),
    requestId: "5f0c8a56-3b1e-4d59-9b8e-2f1f3c7c9a10",
    createdAt: new Date("2026-06-15T10:00:00Z"),
  },
  pruned: {
    type: "info",
    action: "audit.pruned",
    message: "Removed 12 entries older than 365 days",
    targetType: "job",
    targetId: "audit-log-prune",
    details: { removed: 12, retentionDays: 365 },
    createdAt: new Date("2026-06-16T09:00:00Z"),
  },
  frozen: {
    type: "warning",
    action: "user.frozen",
    message: "Froze the account of Bob",
    actorId: ADA.id,
    actorLabel: ADA.label,
    subjectUserId: BOB.id,
    subjectLabel: BOB.label,
    createdAt: new Date("2026-07-01T12:00:00Z"),
  },
  messageFailed: {
    type: "error",
    action: "message.failed",
    message: 'An e-mail could not be sent: "Your stay is confirmed" to b***@example.com',
    subjectLabel: "b***@example.com",
    targetType: "message",
    targetId: "0d6f2a9e-8f55-4d1b-a1c4-7c9e0b1d2e3f",
    createdAt: new Date("2026-07-02T08:15:00Z"),
  },
};
type Name = keyof typeof FIXED;
const ids = {} as Record<Name, number>;
let admin: HttpClient;

beforeAll(async () => {
  for (const [name, entry] of Object.entries(FIXED)) {
    const [row] = await t.db.insert(auditLogs).values(entry).returning({ id: auditLogs.id });
    if (!row) throw new Error(`${name} not written`);
    ids[name as Name] = row.id;
  }
  admin = (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
});

async function list(query: string, client = admin) {
  const response = await client.get(`/api/admin/system-logs${query ? `?${query}` : ""}`);
  const entries = (Array.isArray(response.body) ? response.body : []) as TAuditLogEntry[];
  return { ...response, entries, total: Number(response.headers.get("x-total-count")) };
}

/** The fixed entries a query answers, by name, in the order answered. */
async function namesFor(query: string): Promise<Name[]> {
  const { status, body, entries, total } = await list(query);
  expect(status, JSON.stringify(body)).toBe(200);
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name as Name]));
  const names = entries.map((entry) => byId.get(entry.id) ?? (`unexpected ${entry.id}` as Name));
  expect(total).toBe(names.length);
  return names;
}

async function entryCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLogs);
  return row?.n ?? 0;
}

describe("GET /api/admin/system-logs", () => {
  it("lists every entry newest first, as spec 2's shape plus actor, target and request id", async () => {
    expect(await namesFor("")).toEqual([
      "messageFailed",
      "frozen",
      "pruned",
      "approved",
      "summerMidnight",
      "jobFailed",
    ]);
    const { entries, headers } = await list("");
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(entries.find((e) => e.id === ids.approved)).toEqual({
      id: ids.approved,
      type: "success",
      action: "landlord.approved",
      user: ADA.label,
      message: "Approved landlord Lena Landlord",
      timestamp: "2026-06-15T10:00:00.000Z",
      actor: ADA,
      subject: LENA,
      target: { type: "user", id: String(LENA.id) },
      requestId: "5f0c8a56-3b1e-4d59-9b8e-2f1f3c7c9a10",
      details: {},
    });
    // Nobody acted and no account is named: the address tried is the entry's user; a job's entry is the system's.
    expect(entries.find((e) => e.id === ids.summerMidnight)).toMatchObject({
      user: "mallory@example.com",
      subject: null,
    });
    expect(entries.find((e) => e.id === ids.jobFailed)).toMatchObject({ user: "System", actor: null, subject: null });
  });

  it("filters by type", async () => {
    expect(await namesFor("type=warning")).toEqual(["frozen", "summerMidnight"]);
    expect(await namesFor("type=error")).toEqual(["messageFailed", "jobFailed"]);
    expect(await namesFor("type=success")).toEqual(["approved"]);
    expect(await namesFor("type=info")).toEqual(["pruned"]);
  });

  it("finds the text an admin types in the name or address of whoever acted or was acted upon, in any case", async () => {
    expect(await namesFor("user=lena")).toEqual(["approved"]);
    expect(await namesFor("user=ADA%20ADMIN")).toEqual(["frozen", "approved"]);
    expect(await namesFor("user=example.com")).toEqual(["messageFailed", "frozen", "approved", "summerMidnight"]);
    expect(await namesFor(`user=${encodeURIComponent("  mallory@ ")}`)).toEqual(["summerMidnight"]);
    expect(await namesFor("user=nobody-like-this")).toEqual([]);
  });

  it("matches a typed % or _ literally, never as a wildcard", async () => {
    expect(await namesFor(`user=${encodeURIComponent("100%_")}`)).toEqual(["frozen"]);
    expect(await namesFor(`user=${encodeURIComponent("%")}`)).toEqual(["frozen"]);
    expect(await namesFor("user=_")).toEqual(["frozen"]);
    expect(await namesFor(`user=${encodeURIComponent("a%n")}`)).toEqual([]);
  });

  it("never matches across the two names of one entry", async () => {
    expect(await namesFor(`user=${encodeURIComponent("staylondon.test> Lena")}`)).toEqual([]);
    expect(await namesFor(`user=${encodeURIComponent("staylondon.test>Lena")}`)).toEqual([]);
  });

  it("filters by one account, whether it acted or was acted upon", async () => {
    expect(await namesFor(`userId=${ADA.id}`)).toEqual(["frozen", "approved"]);
    expect(await namesFor(`userId=${LENA.id}`)).toEqual(["approved"]);
    expect(await namesFor("userId=123456789")).toEqual([]);
  });

  it("filters by London dates, both days included, across British Summer Time", async () => {
    expect(await namesFor("from=2026-06-15&to=2026-06-15")).toEqual(["approved", "summerMidnight"]);
    expect(await namesFor("to=2026-06-14")).toEqual(["jobFailed"]);
    expect(await namesFor("from=2026-06-16")).toEqual(["messageFailed", "frozen", "pruned"]);
    expect(await namesFor("from=2026-03-01&to=2026-03-01")).toEqual(["jobFailed"]);
    expect(await namesFor("from=2025-01-01&to=2025-12-31")).toEqual([]);
  });

  it("combines filters", async () => {
    expect(await namesFor(`type=warning&user=ada&from=2026-07-01&to=2026-07-01`)).toEqual(["frozen"]);
    expect(await namesFor(`type=error&userId=${ADA.id}`)).toEqual([]);
  });

  it("pages newest first and counts every match", async () => {
    const second = await list("pageSize=2&page=2");
    expect(second.entries.map((e) => e.id)).toEqual([ids.pruned, ids.approved]);
    expect(second.total).toBe(6);
    const last = await list("pageSize=4&page=2");
    expect(last.entries.map((e) => e.id)).toEqual([ids.summerMidnight, ids.jobFailed]);
    const past = await list("pageSize=4&page=3");
    expect(past.status).toBe(200);
    expect(past.entries).toEqual([]);
    expect(past.total).toBe(6);
  });

  it.each([
    ["type=critical", /type must be one of error, warning, success, info/],
    ["from=2026-02-30", /from must be a real date/],
    ["to=2026-6-1", /to must be a real date/],
    ["from=yesterday", /from must be a real date/],
    ["from=2026-07-01&to=2026-06-01", /from must be on or before to/],
    ["page=0", /Page must be 1 or more/],
    ["page=1001", /Page must be at most 1000/],
    ["page=1.5", /Page must be a whole number/],
    ["pageSize=101", /Page size must be at most 100/],
    ["pageSize=abc", /Page size must be a number/],
    ["userId=-3", /userId must be a number written in digits/],
    ["userId=0", /userId must be positive/],
    ["userId=0x1", /userId must be a number written in digits/],
    ["userId=99999999999", /userId is too large/],
    ["userId=1%20or%201%3D1", /userId must be a number/],
    [`user=${"a".repeat(101)}`, /at most 100 characters/],
    ["colour=red", /Unknown query parameter: colour/],
  ])("refuses %s with a 400 that says what is wrong, changing nothing", async (query, message) => {
    const before = await entryCount();
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(String(response.body.message)).toMatch(message);
    expect(await entryCount()).toBe(before);
  });

  it("treats SQL-looking and formula text as text to look for", async () => {
    const before = await entryCount();
    for (const text of ["' or 1=1 --", "'; drop table audit_logs; --", '=HYPERLINK("x")', "\\"]) {
      expect(await namesFor(`user=${encodeURIComponent(text)}`), text).toEqual([]);
    }
    expect(await entryCount()).toBe(before);
  });
});

describe("who may read System Logs", () => {
  it("refuses a signed-out visitor with the gate's text", async () => {
    const response = await list("", new HttpClient(server.baseUrl));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("You need to be logged in to access this area.");
  });

  it.each([
    ["guest", "Guest/Tenant"],
    ["landlord", "Landlord/Owner"],
    ["property_manager", "Property Manager"],
    ["contractor", "Contractor/Service Provider"],
  ] as const)("refuses a %s, before reading any filter", async (role, label) => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role });
    for (const query of ["", "type=critical"]) {
      const response = await list(query, client);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(
        `You don't have the required role to access this area. Required: Administrator. Your role: ${label}`,
      );
      expect(response.headers.get("x-total-count")).toBeNull();
    }
  });
});
