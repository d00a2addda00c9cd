/**
 * Lighthouse on the production build, as a phone (simulated slow 4G, 4x slower CPU) and as a desktop,
 * for the public pages: BENCH_RUNS runs each (default 5), medians. Needs `npm run build` first; starts
 * `node dist/server/server.js` on a fresh embedded database with the demo data, and drives Debian's
 * Chromium (/usr/bin/chromium). `npm run bench:web`
 *
 * Lighthouse's simulated timings scale with the CPU time it observes, so a busy machine makes a page look slow: the
 * same build scored 100 and 84 on the same day. Each run therefore waits (up to BENCH_QUIET_WAIT_S, default 120 s)
 * for the 1-minute load average to fall under SETTLED_LOAD, records the load and Lighthouse's own benchmark index,
 * and the report says which figures came only from quiet runs (under QUIET_LOAD from start to end): only those may
 * be quoted.
 * Writes bench/results/web.json and bench/results/web.md.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fromRoot } from "../../server/lib/project-root";
import { type MachineState, machineState, showMachineState } from "../support/machine-state";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** A figure is quoted only from runs that started and ended with the 1-minute load average under this. */
const QUIET_LOAD = 1.5;
/** A Lighthouse run itself lifts the 1-minute average by half a point or more on two cores: start well below. */
const SETTLED_LOAD = Number(process.env.BENCH_SETTLED_LOAD ?? 1.0);
const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT_S ?? 120);
/** What a phone should see on every public page (the mobile rows are held to these). */
const PHONE_TARGETS = { performance: 98, tbtMs: 100, lcpMs: 1200, scriptKb: 90 };
const PORT = Number(process.env.BENCH_PORT ?? 5690);
const PAGES = (
  process.env.BENCH_PAGES ?? "/,/properties,/property/westminster-luxury-flat,/experiences,/partnerships"
).split(",");
const ALL_FORM_FACTORS = ["mobile", "desktop"] as const;
/** BENCH_FORM_FACTORS=mobile measures the phone alone, which the targets are about, in half the time. */
const FORM_FACTORS = ALL_FORM_FACTORS.filter((form) =>
  (process.env.BENCH_FORM_FACTORS ?? ALL_FORM_FACTORS.join(",")).split(",").includes(form),
);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptKb: number;
  totalKb: number;
  /** Where the main thread's time went, as Lighthouse's main-thread breakdown groups it (ms). */
  scriptEvaluationMs: number;
  styleLayoutMs: number;
  parseHtmlCssMs: number;
  renderingMs: number;
  otherMs: number;
  /** The longest main-thread task Lighthouse found (ms). */
  longestTaskMs: number;
  /** Lighthouse's benchmark index during this run (its CPU test; lower when the machine is slow or busy). */
  benchmarkIndex: number;
  loadAtStart: number;
  loadAtEnd: number;
};

async function startServer(): Promise<() => void> {
  if (!existsSync(fromRoot("dist/ssr/entry-server.js"))) throw new Error("Run `npm run build` first");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "staylondon-bench-web-"));
  const child = spawn(process.execPath, [fromRoot("dist/server/server.js")], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return () => {
    child.kill("SIGTERM");
    child.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  };
}

async function audit(url: string, formFactor: (typeof ALL_FORM_FACTORS)[number]): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const resources = (
      audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
    )?.items;
    const transfer = (type: string) =>
      (resources?.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
    const groups = (
      audits["mainthread-work-breakdown"]?.details as { items?: Array<{ group: string; duration: number }> }
    )?.items;
    const group = (name: string) => Math.round(groups?.find((item) => item.group === name)?.duration ?? 0);
    const longTasks = (audits["long-tasks"]?.details as { items?: Array<{ duration: number }> })?.items ?? [];
    return {
      scriptEvaluationMs: group("scriptEvaluation"),
      styleLayoutMs: group("styleLayout"),
      parseHtmlCssMs: group("parseHTML"),
      renderingMs: group("paintCompositeRender"),
      otherMs: group("other"),
      longestTaskMs: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      loadAtStart: 0,
      loadAtEnd: 0,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(value("largest-contentful-paint")),
      fcpMs: Math.round(value("first-contentful-paint")),
      tbtMs: Math.round(value("total-blocking-time")),
      cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
      speedIndexMs: Math.round(value("speed-index")),
      scriptKb: Math.round(transfer("script") * 10) / 10,
      totalKb: Math.round(transfer("total") * 10) / 10,
    };
  } finally {
    await chrome.kill();
  }
}

const loadNow = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

/** Waits for the machine to be quiet, up to QUIET_WAIT_S; a run that starts busy is still made, and marked. */
async function settle(): Promise<void> {
  const until = Date.now() + QUIET_WAIT_S * 1000;
  while (loadNow() >= SETTLED_LOAD && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5000));
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART); such a run is repeated, not counted. */
async function auditWithRetry(url: string, formFactor: (typeof ALL_FORM_FACTORS)[number]): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      await settle();
      const loadAtStart = loadNow();
      const run = await audit(url, formFactor);
      return { ...run, loadAtStart, loadAtEnd: loadNow() };
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`retrying ${formFactor} ${url}: ${(error as Error).message}`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const quiet = (run: Run) => run.loadAtStart < QUIET_LOAD && run.loadAtEnd < QUIET_LOAD;

/** Which code was measured: the commit, and whether the app's sources differed from it when the run began. */
function measuredSource(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const changed = execFileSync("git", ["status", "--porcelain", "--", "client", "server", "common"], {
      encoding: "utf8",
    }).trim();
    return changed ? `build of ${commit} with local changes` : `build of ${commit}`;
  } catch {
    return "build of an unknown commit";
  }
}
const source = measuredSource();

const before: MachineState = await machineState();
const stop = await startServer();
const results: Array<{ page: string; formFactor: string; runs: Run[]; median: Run; allQuiet: boolean }> = [];
try {
  // One warm-up load, so the first measured run does not pay for the server's first render.
  for (const page of PAGES) await fetch(`http://127.0.0.1:${PORT}${page}`);
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`http://127.0.0.1:${PORT}${page}`, formFactor));
      const keys = Object.keys(runs[0] as Run) as Array<keyof Run>;
      const summary = Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Run;
      const allQuiet = runs.every(quiet);
      results.push({ page, formFactor, runs, median: summary, allQuiet });
      console.log(formFactor.padEnd(8), page.padEnd(40), allQuiet ? "quiet" : "BUSY", JSON.stringify(summary));
    }
  }
} finally {
  stop();
}

const after: MachineState = await machineState();
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model}, Node ${process.version}`;
const when = new Date().toISOString();
writeFileSync(
  fromRoot("bench/results/web.json"),
  `${JSON.stringify({ when, source, machine, runs: RUNS, quietLoad: QUIET_LOAD, machineState: { before, after }, phoneTargets: PHONE_TARGETS, results }, null, 2)}\n`,
);

const spread = (runs: Run[], key: keyof Run) => {
  const values = runs.map((run) => run[key]);
  return `${Math.min(...values)}–${Math.max(...values)}`;
};
const rows = results.map(
  ({ page, formFactor, median: m, runs, allQuiet }) =>
    `| \`${page}\` | ${formFactor} | ${m.performance} (${spread(runs, "performance")}) | ${m.lcpMs} | ${m.tbtMs} (${spread(runs, "tbtMs")}) | ${m.cls} | ${m.fcpMs} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${m.scriptKb} | ${spread(runs, "benchmarkIndex")} | ${spread(runs, "loadAtStart")} | ${spread(runs, "loadAtEnd")} | ${allQuiet ? "yes" : "**no**"} |`,
);
const breakdownRows = results.map(
  ({ page, formFactor, median: m, runs }) =>
    `| \`${page}\` | ${formFactor} | ${m.scriptEvaluationMs} (${spread(runs, "scriptEvaluationMs")}) | ${m.styleLayoutMs} (${spread(runs, "styleLayoutMs")}) | ${m.parseHtmlCssMs} (${spread(runs, "parseHtmlCssMs")}) | ${m.renderingMs} (${spread(runs, "renderingMs")}) | ${m.otherMs} (${spread(runs, "otherMs")}) | ${m.longestTaskMs} (${spread(runs, "longestTaskMs")}) |`,
);
const verdict = (met: boolean) => (met ? "met" : "MISSED");
const phoneLines = results
  .filter((r) => r.formFactor === "mobile")
  .map(({ page, median: m, allQuiet }) => {
    const checks = [
      `performance ${m.performance} (≥ ${PHONE_TARGETS.performance}: ${verdict(m.performance >= PHONE_TARGETS.performance)})`,
      `TBT ${m.tbtMs} ms (≤ ${PHONE_TARGETS.tbtMs}: ${verdict(m.tbtMs <= PHONE_TARGETS.tbtMs)})`,
      `LCP ${m.lcpMs} ms (≤ ${PHONE_TARGETS.lcpMs}: ${verdict(m.lcpMs <= PHONE_TARGETS.lcpMs)})`,
      `script ${m.scriptKb} KB (≤ ${PHONE_TARGETS.scriptKb}: ${verdict(m.scriptKb <= PHONE_TARGETS.scriptKb)})`,
    ];
    return `- \`${page}\`${allQuiet ? "" : " (not quotable: a run was busy)"}: ${checks.join(", ")}`;
  });
writeFileSync(
  fromRoot("bench/results/web.md"),
  [
    "# Public pages in Lighthouse 12.2.3",
    "",
    `${when} · ${machine} · Chromium (/usr/bin/chromium) · production ${source}, demo data · median of ${RUNS} runs`,
    `Before: ${showMachineState(before)}. After: ${showMachineState(after)}.`,
    "(Load average: 1/5/15 min. Benchmark index: Lighthouse's CPU test, higher is faster; a busy machine scores lower.)",
    "Mobile: Lighthouse's default (simulated slow 4G, 4x CPU slowdown, 412x823). Desktop: its desktop preset.",
    `Each run waits up to ${QUIET_WAIT_S} s for the 1-minute load average to fall under ${SETTLED_LOAD}. A row is quotable only`,
    `when every one of its runs started and ended under ${QUIET_LOAD}; brackets give the spread over the runs.`,
    "",
    "| page | form | performance | LCP ms | TBT ms | CLS | FCP ms | accessibility | best practices | SEO | script KB | benchmark index | load at start | load at end | quotable |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "Where the main thread's time went (Lighthouse's main-thread breakdown, ms, median and spread; its longest task):",
    "",
    "| page | form | script evaluation | style & layout | parsing HTML & CSS | rendering | other | longest task |",
    "|---|---|---|---|---|---|---|---|",
    ...breakdownRows,
    "",
    "Phone targets (medians):",
    "",
    ...phoneLines,
    "",
    "Reproduce: `npm run build && npm run bench:web` on a machine left alone (about 25 minutes for five runs;",
    "BENCH_RUNS, BENCH_PAGES, BENCH_FORM_FACTORS, BENCH_QUIET_WAIT_S and BENCH_SETTLED_LOAD change the runs, the pages, the forms, the wait and the load it waits for).",
    "",
  ].join("\n"),
);
