import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fromRoot } from "../../server/lib/project-root";

/** Bundles the server as `npm run build` does (dist/server/server.js); the client bundle is not needed. */
export function buildServerBundle(): void {
  const built = spawnSync(process.execPath, [fromRoot("scripts/build-server.mjs")], {
    cwd: fromRoot(),
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("the server bundle did not build");
}

let nextPort = Number(process.env.BENCH_PORT_BASE ?? 0);

/** BENCH_PORT_BASE, BENCH_PORT_BASE + 1, … when set (a machine with a port range to keep to), else any free port. */
export function benchPort(): Promise<number> {
  if (nextPort > 0) return Promise.resolve(nextPort++);
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = { port: number; child: ChildProcess; stop: () => Promise<void> };

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

/**
 * The production build (`node dist/server/server.js`, as `npm start` runs it after building) on the
 * given database, with the production log level unless `env` says otherwise. Its log goes to `logFile`,
 * as it would go to a log collector. Resolves once /healthz answers.
 */
export async function startProductionServer(
  env: NodeJS.ProcessEnv & { DATABASE_URL: string; DATA_DIR: string },
  logFile: string,
): Promise<RunningServer> {
  const port = await benchPort();
  const log = openSync(logFile, "a");
  // BENCH_CPU_PROFILE_DIR=/some/dir: each app writes a V8 CPU profile there when it stops (open it in Chrome's
  // DevTools, Performance panel), to see where a request's time goes under the benchmark's own load.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profiling = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const child = spawn(process.execPath, [...profiling, fromRoot("dist/server/server.js")], {
    cwd: fromRoot(),
    // The load comes from one address: limits a million times higher are still counted, never reached.
    env: {
      ...process.env,
      SEED_DEMO_DATA: "false",
      RATE_LIMIT_FACTOR: "1000000",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the app exited before it was ready: see ${logFile}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { port, child, stop: stopper(child) };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app was not ready within 60 s: see ${logFile}`);
    }
    await sleep(200);
  }
}

/** bench/support/bare-server.ts on recorded answers, in its own process. */
export async function startBareServer(answersFile: string): Promise<RunningServer> {
  const port = await benchPort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fromRoot("bench/support/bare-server.ts"), answersFile, String(port)],
    { cwd: fromRoot(), stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited early (${code})`)));
  });
  return { port, child, stop: stopper(child) };
}
