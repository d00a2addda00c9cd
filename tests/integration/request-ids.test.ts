import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../server/app";
import { loadConfig } from "../../server/config/env";
import { redactUrl } from "../../server/lib/request-ids";
import { logCapture } from "../support/log-capture";
import { setUpTestDatabase } from "../support/test-context";

/**
 * Every answer names its request (X-Request-Id), every log line carries it, a 500 quotes it, and a logged URL
 * holds no token or code. A proxy's id is taken only from a trusted proxy and only when it looks like one.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const t = setUpTestDatabase();

type Running = { app: App; baseUrl: string; logLines: Array<Record<string, unknown>> };

async function start(trustProxy: boolean): Promise<Running> {
  const { stream, lines: logLines } = logCapture();
  const app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: "info" }), TRUST_PROXY: trustProxy },
    db: t.db,
    logger: { level: "info", stream },
  });
  // A route that fails as an unexpected fault would, to see what a 500 tells the user.
  app.get("/api/test-only/fault", async () => {
    throw new Error("the database went away");
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, logLines };
}

describe("request ids behind no trusted proxy", () => {
  let server: Running;
  beforeAll(async () => {
    server = await start(false);
  });
  afterAll(async () => {
    await server.app.close();
  });

  it("gives every answer its own UUID, and ignores one the client sends", async () => {
    const first = await fetch(`${server.baseUrl}/healthz`);
    const second = await fetch(`${server.baseUrl}/api/no-such-endpoint`, {
      headers: { "x-request-id": "chosen-by-the-client-1234" },
    });
    const [a, b] = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it("quotes the id in a 500's body and in the log lines of that request", async () => {
    const response = await fetch(`${server.baseUrl}/api/test-only/fault`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; requestId: string };
    expect(body.requestId).toBe(response.headers.get("x-request-id"));
    expect(body.message).not.toContain("database");
    const lines = server.logLines.filter((line) => line.reqId === body.requestId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "unhandled error", "request completed"]),
    );
  });

  it("logs an e-mail verification link and an OAuth callback without their secrets", async () => {
    await fetch(`${server.baseUrl}/api/auth/verify-email?token=s3cret-verification-token`);
    await fetch(`${server.baseUrl}/api/auth/google/callback?code=one-time-code-42&state=csrf-state-99&scope=email`);
    const logged = JSON.stringify(server.logLines);
    for (const secret of ["s3cret-verification-token", "one-time-code-42", "csrf-state-99"]) {
      expect(logged).not.toContain(secret);
    }
    const urls = server.logLines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain("/api/auth/verify-email?token=redacted");
    expect(urls).toContain("/api/auth/google/callback?code=redacted&state=redacted&scope=email");
  });
});

describe("request ids behind a trusted proxy", () => {
  let server: Running;
  beforeAll(async () => {
    server = await start(true);
  });
  afterAll(async () => {
    await server.app.close();
  });

  it("keeps the proxy's id, so a request can be followed from the proxy's log into ours", async () => {
    const id = "7d3f1c2a-proxy-trace-01";
    const response = await fetch(`${server.baseUrl}/api/no-such-endpoint`, { headers: { "x-request-id": id } });
    expect(response.headers.get("x-request-id")).toBe(id);
    expect(server.logLines.some((line) => line.reqId === id)).toBe(true);
  });

  it.each([
    ["too long", "a".repeat(129)],
    // Letters no generated id (hexadecimal) can contain, so the log is searched for the forgery alone.
    ["too short", "xyz"],
    ["with spaces", "id with spaces here"],
    ["with a quote", 'abc123"}{"level":60'],
    ["with a slash", "../../etc/passwd"],
  ])("replaces an id %s with its own", async (_what, forged) => {
    const response = await fetch(`${server.baseUrl}/api/no-such-endpoint`, { headers: { "x-request-id": forged } });
    expect(response.status).toBe(404);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    expect(server.logLines.some((line) => line.reqId === id)).toBe(true);
    expect(JSON.stringify(server.logLines)).not.toContain(forged);
  });
});

describe("redacting a URL for the log", () => {
  it.each([
    ["/api/properties?city=Camden", "/api/properties?city=Camden"],
    ["/api/auth/verify-email?token=abc", "/api/auth/verify-email?token=redacted"],
    ["/x?password=p&apiKey=k&sessionId=s&q=1", "/x?password=redacted&apiKey=redacted&sessionId=redacted&q=1"],
    ["/x?code=1&code=2", "/x?code=redacted"],
    ["/no-query", "/no-query"],
  ])("%s is logged as %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
