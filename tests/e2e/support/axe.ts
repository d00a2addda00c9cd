import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/**
 * Accessibility checks with axe-core, injected straight from node_modules (no @axe-core/playwright: its engines
 * require Node 22). Only the WCAG 2.0, 2.1 and 2.2 A and AA rules run, so the result is a conformance check, not best
 * practice.
 */

const require = createRequire(import.meta.url);
export const AXE_SCRIPT_PATH = require.resolve("axe-core/axe.min.js");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

export type AxeOptions = {
  /** CSS selectors to check instead of the whole document. */
  include?: string[];
  /** CSS selectors to leave out (third-party widgets, for example). Every use should say why. */
  exclude?: string[];
  /** Rule ids to switch off. Every use should say why. */
  disableRules?: string[];
};

/** The parts of an axe result the tests read. */
export type AxeNode = { target: unknown[]; failureSummary?: string; html: string };
export type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
};

let axeSource: string | undefined;

async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (present) return;
  try {
    await page.addScriptTag({ path: AXE_SCRIPT_PATH });
  } catch {
    // A strict Content-Security-Policy may refuse the inline <script>; fall through to evaluate below.
  }
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) {
    // Evaluation through the DevTools protocol is not subject to the page's CSP.
    axeSource ??= readFileSync(AXE_SCRIPT_PATH, "utf8");
    await page.evaluate(axeSource);
  }
}

/**
 * Waits until every finite animation and transition on the page has finished. A toast fading in is half
 * transparent for 240 ms, and axe would measure its text colour mid-fade; users read it at rest. Endless ones
 * (the progress bar, skeleton pulses) never finish, so they are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === "number" && Number.isFinite(end);
    });
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    // A paused animation never finishes; axe then runs anyway after a second rather than hanging the test.
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/** Runs axe on the current page, once it is at rest, and returns the WCAG 2.2 A/AA violations. */
export async function analyzeAccessibility(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  await settleAnimations(page);
  await injectAxe(page);
  // axe places a sticky element where it is drawn now, so once the page is scrolled it counts the header as covering
  // whatever lies beneath it (a known limit of its target-size rule): the page is measured from its top, then put
  // back as it was.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo(0, 0);
    return at;
  });
  try {
    return await runAxe(page, options);
  } finally {
    await page.evaluate(({ x, y }) => window.scrollTo(x, y), scrolled);
  }
}

function runAxe(page: Page, options: AxeOptions): Promise<AxeViolation[]> {
  return page.evaluate(
    async ({ tags, include, exclude, disableRules }) => {
      type AxeRunner = {
        run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>;
      };
      const axe = (window as unknown as { axe: AxeRunner }).axe;
      const context: Record<string, string[][]> = {};
      if (include.length > 0) context.include = include.map((s) => [s]);
      if (exclude.length > 0) context.exclude = exclude.map((s) => [s]);
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      const result = await axe.run(Object.keys(context).length > 0 ? context : document, {
        runOnly: { type: "tag", values: tags },
        rules,
        resultTypes: ["violations"],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html })),
      }));
    },
    {
      tags: [...WCAG_TAGS],
      include: options.include ?? [],
      exclude: options.exclude ?? [],
      disableRules: options.disableRules ?? [],
    },
  );
}

/** A readable list: one block per rule with its impact, help text and the offending nodes. */
export function formatViolations(violations: AxeViolation[], pageLabel: string): string {
  if (violations.length === 0) return `${pageLabel}: no accessibility violations`;
  const blocks = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 10)
      .map((n) => {
        const summary = (n.failureSummary ?? "").split("\n").slice(1, 3).join(" ").trim();
        return `    - ${JSON.stringify(n.target)}${summary ? `  (${summary})` : ""}`;
      })
      .join("\n");
    const more = v.nodes.length > 10 ? `\n    ... and ${v.nodes.length - 10} more` : "";
    return `  [${v.impact ?? "unknown"}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
  });
  return `${pageLabel}: ${violations.length} accessibility violation(s)\n${blocks.join("\n")}`;
}
