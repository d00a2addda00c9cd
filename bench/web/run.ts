/**
 * Lighthouse on the production build, as a phone (simulated slow 4G, 4x slower CPU) and as a desktop,
 * for the public pages: BENCH_RUNS runs each (default 3), medians. Needs `npm run build` first; starts
 * `node dist/server/server.js` on a fresh embedded database with the demo data, and drives Debian's
 * Chromium (/usr/bin/chromium). `npm run bench:web`
 * Writes bench/results/web.json and bench/results/web.md.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fromRoot } from "../../server/lib/project-root";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 5690);
const PAGES = (
  process.env.BENCH_PAGES ?? "/,/properties,/property/westminster-luxury-flat,/experiences,/partnerships"
).split(",");
const FORM_FACTORS = ["mobile", "desktop"] as const;
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

async function audit(url: string, formFactor: (typeof FORM_FACTORS)[number]): Promise<Run> {
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
    return {
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

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART); such a run is repeated, not counted. */
async function auditWithRetry(url: string, formFactor: (typeof FORM_FACTORS)[number]): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, formFactor);
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

// Lighthouse's simulated timings scale with the CPU time it observes: a busy machine inflates them.
const loadAtStart = os.loadavg()[0]?.toFixed(2);
const stop = await startServer();
const results: Array<{ page: string; formFactor: string; runs: Run[]; median: Run }> = [];
try {
  // One warm-up load, so the first measured run does not pay for the server's first render.
  for (const page of PAGES) await fetch(`http://127.0.0.1:${PORT}${page}`);
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`http://127.0.0.1:${PORT}${page}`, formFactor));
      const keys = Object.keys(runs[0] as Run) as Array<keyof Run>;
      const summary = Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Run;
      results.push({ page, formFactor, runs, median: summary });
      console.log(formFactor.padEnd(8), page.padEnd(40), JSON.stringify(summary));
    }
  }
} finally {
  stop();
}

const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model}, Node ${process.version}`;
const when = new Date().toISOString();
writeFileSync(
  fromRoot("bench/results/web.json"),
  `${JSON.stringify({ when, machine, runs: RUNS, results }, null, 2)}\n`,
);
const rows = results.map(
  ({ page, formFactor, median: m }) =>
    `| \`${page}\` | ${formFactor} | ${m.performance} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${m.fcpMs} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${m.scriptKb} |`,
);
writeFileSync(
  fromRoot("bench/results/web.md"),
  [
    "# Public pages in Lighthouse 12.2.3",
    "",
    `${when} · ${machine} · Chromium (/usr/bin/chromium) · production build, demo data · median of ${RUNS} runs · load average ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(2)} at the end`,
    "Mobile: Lighthouse's default (simulated slow 4G, 4x CPU slowdown, 412x823). Desktop: its desktop preset.",
    "",
    "| page | form | performance | LCP ms | TBT ms | CLS | FCP ms | accessibility | best practices | SEO | script KB |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n"),
);
