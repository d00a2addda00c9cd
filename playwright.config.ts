import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Real-browser tests against the BUILT app (`npm run build` runs before Playwright; this config never builds).
 *
 * - Browser: Debian's Chromium at /usr/bin/chromium (`node scripts/ensure-chromium.mjs` installs it).
 *   Playwright never downloads browsers here; never run `npx playwright install`.
 * - Server: `node dist/server/server.js` on a fixed port with a fresh data directory per run, so the embedded
 *   PostgreSQL starts empty and the demo data is seeded on first start.
 */

/** Fixed by default; E2E_PORT lets two checkouts run their suites side by side. */
const PORT = Number(process.env.E2E_PORT ?? 5399);
/**
 * The app is reached by host name, as a real site is: WebAuthn takes the site's host name as its relying party and
 * refuses an IP address, so no browser could make or use a passkey on 127.0.0.1.
 */
const HOST = "localhost";
const BASE_URL = `http://${HOST}:${PORT}`;
/** The stand-in for Google is another site: it stays on the loopback address. */
const OIDC_HOST = "127.0.0.1";
const CHROMIUM = "/usr/bin/chromium";

/**
 * One data directory per run. Playwright evaluates this file in the runner and again in every worker; the workers
 * inherit the runner's environment, so only the runner creates (and later removes) the directory.
 */
const DATA_DIR_ENV = "STAYLONDON_E2E_DATA_DIR";
if (!process.env[DATA_DIR_ENV]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "staylondon-e2e-"));
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to reach this directory.
  fs.chmodSync(dir, 0o755);
  process.env[DATA_DIR_ENV] = dir;
  process.on("exit", () => {
    // The web server (and its PostgreSQL) has been shut down by now; failures to clean up only leave a temp dir.
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* leave it to the OS temp cleaner */
    }
  });
}
const DATA_DIR = process.env[DATA_DIR_ENV] as string;

/** The test OpenID Connect provider that stands in for Google; its client secret is made per run, like DATA_DIR. */
const OIDC_PORT = PORT - 1;
const OIDC_ISSUER = `http://${OIDC_HOST}:${OIDC_PORT}`;
const OIDC_CLIENT_ID = "staylondon-e2e";
const OIDC_SECRET_ENV = "STAYLONDON_E2E_OIDC_SECRET";
process.env[OIDC_SECRET_ENV] ??= crypto.randomBytes(24).toString("base64url");
const OIDC_CLIENT_SECRET = process.env[OIDC_SECRET_ENV] as string;

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous limits: the machine has 2 cores that the browser, the server and PostgreSQL share.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "playwright-report" }],
    // Read by scripts/test.mjs for the suite's closing summary line.
    ["json", { outputFile: "test-reports/playwright.json" }],
  ],
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    locale: "en-GB",
    timezoneId: "Europe/London",
    screenshot: "only-on-failure",
    // Traces cost about a third of the run time here; use `npx playwright test --trace on` to debug.
    trace: "off",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: "node dist/server/server.js",
      url: `${BASE_URL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      // Let the server stop its embedded PostgreSQL instead of leaving an orphaned postmaster behind.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(PORT),
        HOST,
        DATA_DIR,
        LOG_LEVEL: "warn",
        // Every test browses from this one address: the limits stay on, a hundred times higher.
        RATE_LIMIT_FACTOR: "100",
        // Links in e-mails (verification, approval) must open on the origin the browser's cookies belong to.
        PUBLIC_URL: BASE_URL,
        // "Google" is the local test provider below (tests/e2e/auth/oauth.spec.ts).
        GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
        GOOGLE_ISSUER: OIDC_ISSUER,
        // The calendar sync test serves other sites' feeds from a local server (never on a public site).
        ICAL_ALLOW_PRIVATE_HOSTS: "true",
        // Who runs the site, as the footer and the legal pages show it (tests/e2e/public/legal-pages.spec.ts).
        COMPANY_NAME: "StayLondon Test Ltd",
        COMPANY_NUMBER: "01234567",
        COMPANY_ADDRESS: "1 Test Street, London EC1A 1AA",
        SUPPORT_EMAIL: "help@staylondon-e2e.test",
      },
    },
    {
      // A real OpenID Connect provider standing in for Google (tests/support/oidc-provider.ts).
      command: "npx tsx tests/support/oidc-provider-server.ts",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        OIDC_PORT: String(OIDC_PORT),
        OIDC_APP_URL: BASE_URL,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
      },
    },
  ],
});
