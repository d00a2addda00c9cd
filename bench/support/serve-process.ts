import { type ChildProcess, spawn } from "node:child_process";
import { fromRoot } from "../../server/lib/project-root";

/**
 * Starts bench/search/serve.ts (the real app) in its own process, so
 * the load generator and the server do not share an event loop. Resolves with its port once it listens.
 */
export function startBenchServer(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROFILE_DIR: a V8 CPU profile of the app, as the production server's benchmarks write one.
    const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
    const profiling = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
    const child = spawn(
      process.execPath,
      [...profiling, "--import", "tsx", fromRoot("bench/search/serve.ts"), ...args],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.on("exit", (code) => reject(new Error(`server exited early (${code})`)));
  });
}
