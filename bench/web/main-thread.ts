/**
 * How long a phone's main thread is blocked while a public page loads, compared between two running builds: the sum
 * over the page's main-thread tasks of their time past 50 ms (what Lighthouse's total blocking time adds up, here over
 * the whole load rather than from first paint to interactive), at a 4x slower CPU, read from Chromium's trace.
 * "Script" counts only the tasks that run the page's code, which a change to the islands moves; the rest is the
 * document's parsing, styling and layout. Runs alternate between the builds so that both meet the same load.
 *
 *   BENCH_BASE_A=http://127.0.0.1:5796 BENCH_BASE_B=http://127.0.0.1:5795 npm run bench:main-thread
 *
 * Each base is a server started with `node dist/server/server.js` from its own build (a git worktree for the older
 * one). BENCH_PAGES (default `/,/properties`), BENCH_RUNS (default 9), BENCH_LABEL_A/B name the builds. Writes
 * bench/results/web-main-thread.md. Blocking time on two shared cores varies by a factor of two between runs; only a
 * difference well outside both spreads says anything.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright";
import { fromRoot } from "../../server/lib/project-root";
import { machineState, showMachineState } from "../support/machine-state";
import { type Spread, showSpread, spreadOf } from "../support/run-stats";

const BASES = [
  { label: process.env.BENCH_LABEL_A ?? "A", base: process.env.BENCH_BASE_A },
  { label: process.env.BENCH_LABEL_B ?? "B", base: process.env.BENCH_BASE_B },
];
const PAGES = (process.env.BENCH_PAGES ?? "/,/properties").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const SCRIPT_EVENTS = new Set(["v8.evaluateModule", "FunctionCall", "TimerFire", "RunMicrotasks", "EvaluateScript"]);

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};
type Load = { blockingMs: number; scriptBlockingMs: number; longestMs: number };

const pastLong = (durations: number[]) =>
  Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - LONG_TASK_MS), 0));

/** The renderer's main thread: of the renderer threads in the trace, the busiest. */
function mainThreadTasks(events: TraceEvent[]) {
  const tasksOf = (thread: TraceEvent) =>
    events.filter((e) => e.ph === "X" && e.name === "RunTask" && e.pid === thread.pid && e.tid === thread.tid);
  const busy = (thread: TraceEvent) => tasksOf(thread).reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const [main] = events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((a, b) => busy(b) - busy(a));
  if (!main) throw new Error("the trace has no renderer main thread");
  const scriptStarts = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && SCRIPT_EVENTS.has(e.name))
    .map((e) => e.ts);
  return tasksOf(main).map((task) => ({
    ms: (task.dur ?? 0) / 1000,
    runsScript: scriptStarts.some((ts) => ts >= task.ts && ts <= task.ts + (task.dur ?? 0)),
  }));
}

async function measure(browser: import("playwright").Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline",
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    // The page marks itself ready once every island has hydrated; then a little longer for what follows. Asked from
    // here rather than with waitForFunction, whose polling script Playwright compiles in the page: at a 4x slower
    // CPU that was a 100 ms task of script counted against every build alike.
    const deadline = Date.now() + 60_000;
    while (!(await page.evaluate(() => document.documentElement.hasAttribute("data-app-ready")))) {
      if (Date.now() > deadline) throw new Error(`${url} never marked itself ready`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    const tasks = mainThreadTasks(events);
    return {
      blockingMs: pastLong(tasks.map((t) => t.ms)),
      scriptBlockingMs: pastLong(tasks.filter((t) => t.runsScript).map((t) => t.ms)),
      longestMs: Math.round(Math.max(...tasks.map((t) => t.ms))),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  if (BASES.some(({ base }) => !base)) throw new Error("Set BENCH_BASE_A and BENCH_BASE_B to two running servers");
  const before = await machineState();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const results: Record<string, Record<string, Load[]>> = {};
  try {
    for (const path of PAGES) {
      for (let run = 0; run < RUNS; run++) {
        for (const { label, base } of run % 2 === 0 ? BASES : [...BASES].reverse()) {
          const byBuild = results[path] ?? {};
          results[path] = byBuild;
          byBuild[label] = [...(byBuild[label] ?? []), await measure(browser, `${base}${path}`)];
        }
      }
    }
  } finally {
    await browser.close();
  }
  const after = await machineState();

  const spreads = (runs: Load[], key: keyof Load): Spread => spreadOf(runs.map((r) => r[key]));
  const lines = [
    "# Main-thread blocking while a public page loads (phone, 4x slower CPU)",
    "",
    `Reproduce: start two builds' servers, then \`BENCH_BASE_A=… BENCH_BASE_B=… npm run bench:main-thread\` (see bench/web/main-thread.ts). ${RUNS} runs per page and build, alternating; median (min–max), in ms.`,
    "",
    `Before: ${showMachineState(before)}. After: ${showMachineState(after)}.`,
    "",
    "| Page | Build | Blocking, whole load | Of it, tasks running script | Longest task |",
    "|---|---|---|---|---|",
  ];
  for (const path of PAGES) {
    for (const { label } of BASES) {
      const runs = results[path]?.[label] ?? [];
      lines.push(
        `| \`${path}\` | ${label} | ${showSpread(spreads(runs, "blockingMs"))} | ${showSpread(spreads(runs, "scriptBlockingMs"))} | ${showSpread(spreads(runs, "longestMs"))} |`,
      );
    }
  }
  const report = `${lines.join("\n")}\n`;
  writeFileSync(fromRoot("bench/results/web-main-thread.md"), report);
  console.log(report);
}

void main();
