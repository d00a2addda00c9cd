// `npm test`: the whole suite, in the order that fails fastest: types, lint, the dependency audit, unit + API tests on
// embedded PostgreSQL, then a production build, its public pages' JavaScript weighed, and the build
// driven by Playwright in Debian's Chromium.
// Ends with one summary line "N passed, N failed" over every test run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Not under test-results/: Playwright empties that folder when it starts.
const reports = path.join(root, "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  ["Chromium for browser tests", "node", ["scripts/ensure-chromium.mjs"]],
  ["Type check", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
  ["Lint and import boundaries", "npm", ["run", "--silent", "lint"]],
  ["Dependency audit (high and critical advisories)", "npx", ["tsx", "scripts/audit-dependencies.ts"]],
  [
    "Unit and API tests (Vitest)",
    "npx",
    [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reports}/vitest.json`,
      // The slowest set-up and tear-down hooks, so a close that has started to wait shows before it times out.
      "--reporter=./tests/setup/slow-hooks-reporter.ts",
    ],
  ],
  ["Production build", "npm", ["run", "--silent", "build"]],
  ["First-load JavaScript of the public pages", "npx", ["tsx", "scripts/check-page-weight.ts"]],
  [
    "Browser tests (Playwright)",
    "npx",
    ["playwright", "test"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
  ],
];

let failedStep = null;
for (const [title, command, args, env] of steps) {
  process.stdout.write(`\n▶ ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  process.stdout.write(
    `  ${title}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (result.status !== 0) {
    failedStep = title;
    break;
  }
}

function counts(file, read) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  return read(JSON.parse(readFileSync(file, "utf8")));
}
const vitest = counts(`${reports}/vitest.json`, (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: r.numFailedTests ?? 0,
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
}));
const playwright = counts(`${reports}/playwright.json`, (r) => ({
  passed: r.stats?.expected ?? 0,
  failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
  skipped: r.stats?.skipped ?? 0,
}));

process.stdout.write(`\nVitest: ${vitest.passed} passed, ${vitest.failed} failed, ${vitest.skipped} skipped\n`);
process.stdout.write(
  `Playwright: ${playwright.passed} passed, ${playwright.failed} failed, ${playwright.skipped} skipped\n`,
);
if (failedStep) process.stdout.write(`Stopped at: ${failedStep}\n`);
const failed = vitest.failed + playwright.failed + (failedStep && vitest.failed + playwright.failed === 0 ? 1 : 0);
process.stdout.write(`total: ${vitest.passed + playwright.passed} passed, ${failed} failed\n`);
process.exit(failedStep ? 1 : 0);
