import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fromRoot } from "../../server/lib/project-root";

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `server/server.ts` as `npm start` runs it, in its own process on a free port; resolves once it
 * prints its ready line. The caller kills it (SIGTERM for a clean stop).
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  /** `readyWithinMs`: how long a slow start may take before it counts as failed (45 s unless said). */
  options: { port?: number; readyWithinMs?: number } = {},
): Promise<{ child: ChildProcess; port: number }> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", fromRoot("server/server.ts")], {
    cwd: fromRoot(),
    env: {
      ...process.env,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const within = options.readyWithinMs ?? 45_000;
    const timer = setTimeout(() => reject(new Error(`no ready line within ${within / 1000} s:\n${output}`)), within);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("StayLondon is ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
  return { child, port };
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    // A process killed by a signal has no exit code, only a signalCode: it has exited all the same.
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}
