#!/usr/bin/env node
// Makes sure Debian's Chromium is present for the Playwright end-to-end tests.
// Playwright never downloads a browser in this project: playwright.config.ts drives /usr/bin/chromium.
//
//   node scripts/ensure-chromium.mjs
//
// - /usr/bin/chromium exists          -> exit 0
// - missing and running as root       -> apt-get update && apt-get install -y chromium (output streamed)
// - missing and not root              -> print what to install and exit 1
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

if (existsSync(CHROMIUM)) {
  process.exit(0);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

if (!isRoot) {
  console.error(
    [
      `Chromium was not found at ${CHROMIUM}; the end-to-end tests drive Debian's Chromium.`,
      "Install the Debian package `chromium` (it provides the binary /usr/bin/chromium):",
      "",
      "  sudo apt-get install -y chromium",
      "",
      "Do not run `npx playwright install`: the tests do not use Playwright's downloaded browsers.",
    ].join("\n"),
  );
  process.exit(1);
}

/** Runs a command with its output streamed to this terminal; exits on failure. */
function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`${command} ${args.join(" ")} failed with exit code ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}

console.log(`Chromium was not found at ${CHROMIUM}; installing the Debian package chromium.`);
run("apt-get", ["update"]);
run("apt-get", ["install", "-y", "chromium"]);

if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
console.log(`Chromium installed at ${CHROMIUM}.`);
