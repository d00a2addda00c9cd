import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fromRoot } from "../../server/lib/project-root";
import { createTestDatabase } from "../support/database";
import { exited, startServerProcess } from "../support/server-process";

/**
 * `npm start`'s process as a user runs it: embedded PostgreSQL under DATA_DIR, started with the app,
 * stopped with it, and recovered after the app was killed outright.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), "staylondon-lifecycle-"));
chmodSync(dataDir, 0o755);
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, "SIGINT");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startApp(env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; port: number }> {
  const started = await startServerProcess({ DATA_DIR: dataDir, ...env });
  running.push(started.child);
  return started;
}

function postmasterPid(): number | null {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  if (!existsSync(file)) return null;
  return Number.parseInt(readFileSync(file, "utf8").split("\n")[0] ?? "", 10) || null;
}

/** Running, and not a zombie waiting for a parent that was killed to reap it. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function healthy(port: number): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`);
  return response.json();
}

const READY = { status: "ready", checks: { database: "up", migrations: "applied", changeFeed: "listening" } };

describe("the app and its embedded database live and die together", { timeout: 120_000 }, () => {
  it("starts PostgreSQL under DATA_DIR and stops it on SIGTERM", async () => {
    const { child, port } = await startApp();
    expect(await healthy(port)).toEqual(READY);
    const pid = postmasterPid();
    expect(pid).not.toBeNull();
    expect(alive(pid as number)).toBe(true);

    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    await expect.poll(() => alive(pid as number), { timeout: 10_000 }).toBe(false);
  });

  it("on SIGTERM turns /readyz away while still serving, then finishes a request in flight before it exits", async () => {
    const { child, port } = await startApp({ SHUTDOWN_DRAIN_SECONDS: "1" });
    const pid = postmasterPid() as number;
    // A sign-in whose body is still arriving when the stop comes, as on a slow phone.
    const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
    let answered: { status: number; text: string } | undefined;
    let request: http.ClientRequest | undefined;
    const inFlight = new Promise<void>((resolve, reject) => {
      request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/auth/login",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => {
            answered = { status: response.statusCode ?? 0, text };
            resolve();
          });
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, 10));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    child.kill("SIGTERM");
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status, { timeout: 5_000 })
      .toBe(503);
    const draining = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { message: string };
    expect(draining.message).toContain("shutting down");
    // Still served during the drain.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // Past the drain the app stops listening; the request that was already in flight is still answered.
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => "listening",
            () => "closed",
          ),
        { timeout: 5_000 },
      )
      .toBe("closed");
    request?.end(body.slice(10));
    await inFlight;
    expect(answered?.status).toBe(401);
    expect(await exited(child)).toBe(0);
    await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
  });

  it("lets a command such as db:migrate use the running app's database without stopping it", async () => {
    const { child, port } = await startApp();
    const serverPid = postmasterPid() as number;
    const cli = spawn(process.execPath, ["--import", "tsx", fromRoot("server/db/cli/migrate.ts")], {
      cwd: fromRoot(),
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    cli.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    expect(await exited(cli), output).toBe(0);
    expect(output).toContain("Migrations applied.");
    expect(alive(serverPid)).toBe(true);
    expect(await healthy(port)).toEqual(READY);

    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    await expect.poll(() => alive(serverPid), { timeout: 10_000 }).toBe(false);
  });

  it("recovers when a killed app left its PostgreSQL running", async () => {
    const first = await startApp();
    const orphan = postmasterPid() as number;
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(alive(orphan)).toBe(true);

    const second = await startApp();
    expect(await healthy(second.port)).toEqual(READY);
    expect(alive(orphan)).toBe(false);
    const fresh = postmasterPid() as number;
    expect(fresh).not.toBe(orphan);

    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
    await expect.poll(() => alive(fresh), { timeout: 10_000 }).toBe(false);
  });

  it("runs on any PostgreSQL named by DATABASE_URL: migrates it, seeds nothing, starts no server of its own", async () => {
    const external = await createTestDatabase({ fromTemplate: false });
    const otherDataDir = mkdtempSync(path.join(os.tmpdir(), "staylondon-external-"));
    try {
      const { child, port } = await startApp({ DATABASE_URL: external.url, DATA_DIR: otherDataDir });
      expect(await healthy(port)).toEqual(READY);
      const listings = await fetch(`http://127.0.0.1:${port}/api/properties`);
      expect(listings.headers.get("x-total-count")).toBe("0");
      expect(existsSync(path.join(otherDataDir, "postgres"))).toBe(false);
      const applied = await external.db.$client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(applied.rows[0].n).toBeGreaterThanOrEqual(5);
      child.kill("SIGTERM");
      expect(await exited(child)).toBe(0);
    } finally {
      await external.drop();
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });
});
