import { type APIRequestContext, test as base, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { type AxeOptions, type AxeViolation, analyzeAccessibility, formatViolations } from "./axe";
import { type E2eDatabase, openE2eDatabase } from "./database";
import { expectStylesCoverClassesSeen, watchClasses } from "./page-styles";

export type AxeFixture = {
  /** The WCAG 2.2 A/AA violations on the page as it is now. */
  analyze(options?: AxeOptions): Promise<AxeViolation[]>;
  /** Fails the test with a readable list of violations (rule id, impact, help, target nodes) when there are any. */
  expectNoViolations(options?: AxeOptions & { label?: string }): Promise<void>;
};

export const test = base.extend<
  {
    axe: AxeFixture;
    /** An API client of its own at the app, signed in as no one, for a guest the test registers; disposed after. */
    guestRequest: APIRequestContext;
  },
  {
    /**
     * The run's database, only for states no browser can reach quickly and operations with no UI yet
     * (support/database.ts). Opened on first use in a worker, closed when the worker ends.
     */
    database: E2eDatabase;
  }
>({
  database: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const database = await openE2eDatabase();
      await use(database);
      await database.close();
    },
    { scope: "worker" },
  ],
  // A page the server drew is on screen before its code has loaded; people wait for a button to work, and
  // tests wait for the app to mark the page as taken over before they press anything.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      await page.addInitScript(watchClasses);
      for (const method of ["goto", "reload"] as const) {
        const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
        (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          const response = await navigate(...args);
          await waitForApp(page);
          return response;
        };
      }
    }
    await use(page);
    await expectStylesCoverClassesSeen(page);
  },
  guestRequest: async ({ playwright, baseURL }, use) => {
    const guestRequest = await playwright.request.newContext({ baseURL });
    await use(guestRequest);
    await guestRequest.dispose();
  },
  axe: async ({ page }, use, testInfo) => {
    await use({
      analyze: (options) => analyzeAccessibility(page, options),
      async expectNoViolations(options = {}) {
        const label = options.label ?? new URL(page.url()).pathname;
        const violations = await analyzeAccessibility(page, options);
        const report = formatViolations(violations, label);
        if (violations.length > 0) {
          await testInfo.attach(`axe-${label.replace(/[^a-z0-9]+/gi, "_")}.json`, {
            body: JSON.stringify(violations, null, 2),
            contentType: "application/json",
          });
        }
        // The summary (not the raw objects) is compared so that a failure prints the readable list.
        expect(
          violations.map((v) => `${v.id} (${v.impact ?? "unknown"}): ${v.help}`),
          report,
        ).toEqual([]);
      },
    });
  },
});

/** Waits until the app has taken over a page the server drew (other pages and documents pass at once). */
export async function waitForApp(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById("server-state") || document.documentElement.hasAttribute("data-app-ready"),
  );
}

/** The page at phone width: no sideways scrolling, and axe finds nothing. */
export async function expectPhoneLayoutAccessible(page: Page, axe: AxeFixture, label: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth, `${label} is ${widths.scrollWidth}px wide on a 390px screen`).toBeLessThanOrEqual(390);
  await axe.expectNoViolations({ label: `${label} (phone)` });
}

/**
 * A screen as people meet it on a laptop (1280 wide) and on a phone (390 wide): axe finds nothing at either width,
 * the phone never scrolls sideways, and a picture of each (the whole page, or only `part` of a long one) is attached
 * to the test for a person to look at. The page is left at laptop width.
 */
export async function expectScreenAccessible(
  page: Page,
  axe: AxeFixture,
  testInfo: TestInfo,
  label: string,
  part?: Locator,
) {
  const attach = async (width: string) => {
    const shot = testInfo.outputPath(`${label.replace(/\W+/g, "-")}-${width}.png`);
    // The sticky header would sit over a part pictured alone, or halfway down a whole page pictured scrolled.
    const style = "header.sticky { visibility: hidden }";
    if (part) await part.screenshot({ path: shot, style });
    else await page.screenshot({ path: shot, fullPage: true, style });
    await testInfo.attach(`${label} (${width})`, { path: shot, contentType: "image/png" });
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  await axe.expectNoViolations({ label });
  await attach("1280");
  await expectPhoneLayoutAccessible(page, axe, label);
  await attach("390");
  await page.setViewportSize({ width: 1280, height: 800 });
}

export { expect };
