/**
 * How busy and how fast the machine was around a benchmark, so figures from a shared machine can be read and compared
 * with a quiet one: the load average (1/5/15 min) and Lighthouse's benchmark index (its own short CPU test, about
 * 1,000 or more on a fast laptop, lower when the machine is slow or busy), taken before and after the load.
 * `npx tsx bench/support/machine-state.ts` prints one reading.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export type MachineState = {
  /** The 1, 5 and 15 minute load averages. */
  loadAverage: [number, number, number];
  /** Lighthouse's environment.benchmarkIndex; null when Chromium could not run (the reason is in `note`). */
  benchmarkIndex: number | null;
  note?: string;
  cores: number;
};

/** Lighthouse's benchmark index, from a run of one cheap audit against a tiny page served here. */
async function benchmarkIndex(): Promise<number> {
  const page = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end('<!doctype html><html lang="en"><title>Machine state</title><p>Measuring.</p></html>');
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const { port } = page.address() as AddressInfo;
    const result = await lighthouse(`http://127.0.0.1:${port}/`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyAudits: ["viewport"],
    });
    const index = result?.lhr.environment.benchmarkIndex;
    if (typeof index !== "number") throw new Error("Lighthouse gave no benchmark index");
    return Math.round(index);
  } finally {
    await chrome.kill();
    page.close();
  }
}

export async function machineState(): Promise<MachineState> {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const state: MachineState = { loadAverage: [one, five, fifteen], benchmarkIndex: null, cores: os.cpus().length };
  try {
    state.benchmarkIndex = await benchmarkIndex();
  } catch (error) {
    state.note = `no benchmark index: ${error instanceof Error ? error.message : String(error)}`;
  }
  return state;
}

/** "load 3.10 / 2.80 / 2.50, benchmark index 812", for a report's line. */
export function showMachineState(state: MachineState): string {
  const index =
    state.benchmarkIndex === null ? `no benchmark index (${state.note})` : `benchmark index ${state.benchmarkIndex}`;
  return `load ${state.loadAverage.map((n) => n.toFixed(2)).join(" / ")}, ${index}`;
}

if (process.argv[1]?.endsWith("machine-state.ts")) {
  console.log(showMachineState(await machineState()));
}
