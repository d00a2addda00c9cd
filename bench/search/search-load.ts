/**
 * What the search benchmarks (run.ts, bbox.ts, flexible.ts) share: their load (32 connections, BENCH_ROUNDS rounds of
 * BENCH_SECONDS), one autocannon run over a list of searches, a raw GET as the bytes came, the machine's description
 * and its state (load average and Lighthouse's benchmark index) before and after.
 */
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type LoadOutcome, loadOutcome } from "../support/load-outcome";
import { type MachineState, machineState, showMachineState } from "../support/machine-state";
import { type RunningServer, startProductionServer } from "../support/production-server";

export const CONNECTIONS = 32;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const WARM_UP_S = 3;
/**
 * The listings a scenario generates: `full`, or BENCH_LISTINGS to check a script quickly (its results then describe
 * too little data to keep: restore bench/results after such a run).
 */
export const listingsOr = (full: number) => Number(process.env.BENCH_LISTINGS ?? full);
/** What Chrome and Firefox send. */
export const BROWSER_ENCODING = "gzip, deflate, br, zstd";

/** Cores, memory, CPU model and Node version. */
export const machine = () =>
  `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;

/**
 * One autocannon run: each connection goes through `paths` in turn. Fixed requests, which autocannon builds once:
 * rewriting each one as it is sent (setupRequest) made it, not the bare server, the limit. Also gives how many
 * requests were answered.
 */
export async function hitCounting(
  port: number,
  paths: string[],
  seconds: number,
  encoding?: string,
  connections = CONNECTIONS,
): Promise<{ outcome: LoadOutcome; total: number }> {
  const headers = encoding ? { "accept-encoding": encoding } : {};
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: "GET" as const, path: p, headers })),
  });
  return { outcome: loadOutcome(result), total: result.requests.total };
}

/** hitCounting's figures alone. */
export const hit = async (...args: Parameters<typeof hitCounting>): Promise<LoadOutcome> =>
  (await hitCounting(...args)).outcome;

export type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** One GET as the bytes came (still compressed), without the headers Node writes itself; a non-200 throws. */
export function getRaw(port: number, pathname: string, encoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port, path: pathname, headers: encoding ? { "accept-encoding": encoding } : {} },
        (r) => {
          const parts: Buffer[] = [];
          r.on("data", (part: Buffer) => parts.push(part));
          r.on("end", () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(r.headers)) {
              if (value === undefined || ["date", "connection", "keep-alive", "transfer-encoding"].includes(name))
                continue;
              headers[name] = Array.isArray(value) ? value.join(", ") : value;
            }
            if (r.statusCode !== 200) reject(new Error(`${pathname} answered ${r.statusCode}`));
            resolve({ status: r.statusCode ?? 0, headers, body: Buffer.concat(parts) });
          });
        },
      )
      .on("error", reject);
  });
}

/** Starts the production build on `databaseUrl` with its data and log under `dir`, named `name`. */
export const startApp = (dir: string, databaseUrl: string, name: string, extra: NodeJS.ProcessEnv = {}) =>
  startProductionServer(
    { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, name), ...extra },
    path.join(dir, `${name}.log`),
  );

export type { MachineState, RunningServer };

/** The machine's state before and after a benchmark, as its report records them. */
export type MachineStates = { before: MachineState; after: MachineState };

/** The report's line on the machine: what it is, and how busy and fast it was before and after. */
export const machineLines = (states: MachineStates) => [
  `${machine()}`,
  `Before: ${showMachineState(states.before)}. After: ${showMachineState(states.after)}.`,
  "(Load average: 1/5/15 min. Benchmark index: Lighthouse's CPU test, higher is faster; a busy machine scores lower.)",
];

export { machineState };
