import { readFile } from "node:fs/promises";
import type { Page, Response } from "@playwright/test";
import type { TPlatformAnalytics } from "../../../common/schemas/platform-analytics";
import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import { formatPounds } from "../support/properties";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * The admin's Analytics page: the figures are the server's (each test reads the answer the page itself received),
 * the period buttons really change them, and Export Report downloads exactly what is on screen. The figures'
 * arithmetic is checked against hand-computed values in tests/integration/platform-analytics-api.test.ts.
 */

const integer = (value: number) => new Intl.NumberFormat("en-GB").format(value);
const oneDecimal = (value: number) =>
  new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

const isAnalyticsAnswer = (period: string) => (response: Response) => {
  const url = new URL(response.url());
  return (
    url.pathname === "/api/admin/analytics" &&
    (url.searchParams.get("period") ?? "1m") === period &&
    response.request().method() === "GET"
  );
};

async function answerOf(response: Response): Promise<TPlatformAnalytics> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TPlatformAnalytics;
}

/** Opens the page at `path` and answers the JSON of its own GET for `period`. */
async function open(page: Page, path: string, period: string): Promise<TPlatformAnalytics> {
  const answer = page.waitForResponse(isAnalyticsAnswer(period));
  await page.goto(path);
  return answerOf(await answer);
}

/** Presses a period button and answers the JSON the page received for it. */
async function choose(page: Page, name: string, period: string): Promise<TPlatformAnalytics> {
  const answer = page.waitForResponse(isAnalyticsAnswer(period));
  await page.getByRole("group", { name: "Period" }).getByRole("button", { name, exact: true }).click();
  return answerOf(await answer);
}

const summaryCard = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Summary" })
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });

/** The labels an amount made of many stays carries when some of it is demo money or not yet collected. */
const badgesOf = (settlement: { expected: number; demo: number }) =>
  `${settlement.demo > 0 ? "Demo" : ""}${settlement.expected > 0 ? "Expected" : ""}`;

/** The rows of a chart's data table: [bucket label, figure as shown]. */
async function chartRows(page: Page, caption: RegExp): Promise<string[][]> {
  const rows = page.getByRole("table", { name: caption }).locator("tbody tr");
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
}

/** The page shows `report`: the buckets (count and labels), the summary, the cities and the roles. */
async function expectPageShows(page: Page, report: TPlatformAnalytics) {
  await expect(page.getByRole("table", { name: /^Sign-ups by/ }).locator("tbody tr")).toHaveCount(
    report.buckets.length,
  );
  expect(await chartRows(page, /^Sign-ups by/)).toEqual(report.buckets.map((b) => [b.label, integer(b.signUps)]));
  expect(await chartRows(page, /^Revenue by/)).toEqual(report.buckets.map((b) => [b.label, formatPounds(b.revenue)]));

  await expect(summaryCard(page, "Sign-ups")).toContainText(integer(report.totals.signUps));
  await expect(summaryCard(page, "Revenue")).toContainText(formatPounds(report.totals.revenue));
  await expect(summaryCard(page, "Bookings")).toContainText(integer(report.totals.bookings));
  await expect(summaryCard(page, "Platform fees")).toContainText(
    `${formatPounds(report.totals.platformFees)}${badgesOf(report.totals.platformFeeSettlement)}`,
  );
  // The revenue says how much of it is demo money and how much is only expected, as the ledger records it.
  const { demo, expected } = report.totals.settlement;
  const note = page.getByTestId("settlement-note");
  if (demo > 0) await expect(note).toContainText(`Demo money: ${formatPounds(demo)} is not real`);
  if (expected > 0) await expect(note).toContainText(`${formatPounds(expected)} is expected, not yet collected`);
  if (demo === 0 && expected === 0) await expect(note).toHaveCount(0);
  const growth = report.totals.revenueGrowth;
  if (growth !== null) {
    const sign = growth > 0 ? "+" : growth < 0 ? "\u2212" : "";
    await expect(summaryCard(page, "Revenue")).toContainText(`${sign}${oneDecimal(Math.abs(growth))}%`);
  }

  const cities = page.getByRole("table", { name: "Top cities by revenue" }).locator("tbody tr");
  await expect(cities).toHaveCount(report.topCities.length);
  for (const [index, city] of report.topCities.entries()) {
    await expect(cities.nth(index)).toHaveText(
      new RegExp(
        `^${index + 1}\\s*${city.city}\\s*${integer(city.bookings)}\\s*${badgesOf(city.settlement)}${formatPounds(city.revenue)}$`,
      ),
    );
  }

  const roles = page.getByRole("list", { name: "Role distribution" }).getByRole("listitem");
  await expect(roles).toHaveCount(5);
  for (const [index, role] of report.roles.entries()) {
    await expect(roles.nth(index)).toContainText(`${role.label}${integer(role.count)} · ${oneDecimal(role.percent)}%`);
  }
}

/** RFC 4180 fields of one CSV line (quotes doubled inside quoted fields). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** The CSV's blocks (separated by blank lines), each a list of rows of fields, header first. */
function csvBlocks(text: string): string[][][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n\r\n")
    .map((block) =>
      block
        .split("\r\n")
        .filter((line) => line !== "")
        .map(csvFields),
    );
}

test.describe("admin analytics", () => {
  test("an admin switches periods: the buckets, their labels and the figures follow, and so does the address", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    const month = await open(page, "/admin/analytics", "1m");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("button", { name: "1 Month", exact: true })).toHaveAttribute("aria-pressed", "true");
    // The seeded stays give the platform revenue; without it this test would compare nothing but zeros.
    expect(month.totals.bookings).toBeGreaterThan(0);
    // The demo data's stays were accepted without card payments: the page must say their money is demo money.
    expect(month.totals.settlement.demo).toBeGreaterThan(0);
    expect(month.buckets).toHaveLength(30);
    await expectPageShows(page, month);

    const quarter = await choose(page, "3 Months", "3m");
    await expect(page).toHaveURL(/\/admin\/analytics\?period=3m$/);
    await expect(page.getByRole("button", { name: "3 Months", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "1 Month", exact: true })).toHaveAttribute("aria-pressed", "false");
    expect(quarter.buckets).toHaveLength(13);
    expect(quarter.buckets[0]?.label).toMatch(/^w\/c /);
    await expectPageShows(page, quarter);

    const year = await choose(page, "1 Year", "1y");
    await expect(page).toHaveURL(/\?period=1y$/);
    expect(year.buckets).toHaveLength(12);
    await expectPageShows(page, year);

    // The choice survives a reload, from the address alone.
    const reloaded = page.waitForResponse(isAnalyticsAnswer("1y"));
    await page.reload();
    await answerOf(await reloaded);
    await expect(page.getByRole("button", { name: "1 Year", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("table", { name: /^Revenue by month/ }).locator("tbody tr")).toHaveCount(12);
  });

  test("Export Report downloads a CSV of exactly the figures shown for the chosen period", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await open(page, "/admin/analytics", "1m");
    const report = await choose(page, "6 Months", "6m");
    await expectPageShows(page, report);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Report" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^staylondon-analytics-6m-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(toast(page, "Report exported")).toBeVisible();
    const [meta, summary, buckets, cities, roles] = csvBlocks(await readFile(await file.path(), "utf8"));

    expect(meta).toEqual([
      ["Report", "StayLondon platform analytics"],
      ["Period", "6 Months"],
      ["From", report.from],
      ["To", report.to],
      ["Exported on", expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
    ]);
    // Each row, read back as the page writes it, is what the page shows.
    await expect(summaryCard(page, "Sign-ups")).toContainText(integer(Number(summary?.[1]?.[1])));
    await expect(summaryCard(page, "Revenue")).toContainText(formatPounds(Number(summary?.[2]?.[1])));
    await expect(summaryCard(page, "Revenue")).toContainText(
      `${formatPounds(Number(summary?.[2]?.[2]))} in the previous`,
    );
    await expect(summaryCard(page, "Bookings")).toContainText(integer(Number(summary?.[3]?.[1])));
    expect(summary?.[0]).toEqual([
      "Figure",
      "This period",
      "Previous period",
      "Growth (%)",
      "Collected (£)",
      "Expected (£)",
      "Demo (£)",
    ]);
    expect(summary?.[4]?.slice(0, 2)).toEqual(["Platform fees (£)", String(report.totals.platformFees)]);
    // The revenue's split adds up to it.
    const [collected, expected, demo] = (summary?.[2]?.slice(4) ?? []).map(Number);
    expect(Math.round(((collected ?? 0) + (expected ?? 0) + (demo ?? 0)) * 100)).toBe(
      Math.round(Number(summary?.[2]?.[1]) * 100),
    );

    expect(buckets?.[0]).toEqual([
      "Period",
      "From",
      "To",
      "Sign-ups",
      "Revenue (£)",
      "Bookings",
      "Collected (£)",
      "Expected (£)",
      "Demo (£)",
    ]);
    const bucketRows = buckets?.slice(1) ?? [];
    expect(bucketRows).toHaveLength(6);
    expect(await chartRows(page, /^Sign-ups by month/)).toEqual(
      bucketRows.map(([label, , , signUps]) => [label, integer(Number(signUps))]),
    );
    expect(await chartRows(page, /^Revenue by month/)).toEqual(
      bucketRows.map(([label, , , , revenue]) => [label, formatPounds(Number(revenue))]),
    );

    const cityRows = page.getByRole("table", { name: "Top cities by revenue" }).locator("tbody tr");
    const shownCities = await cityRows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")),
    );
    expect(shownCities).toEqual(
      (cities?.slice(1) ?? []).map(([rank, city, bookings, revenue, , expected, demo]) => [
        rank,
        city,
        integer(Number(bookings)),
        `${badgesOf({ expected: Number(expected), demo: Number(demo) })}${formatPounds(Number(revenue))}`,
      ]),
    );

    const shownRoles = page.getByRole("list", { name: "Role distribution" }).getByRole("listitem");
    const roleRows = roles?.slice(1) ?? [];
    expect(roleRows.at(-1)?.[0]).toBe("All accounts");
    await expect(page.getByRole("region", { name: "Role distribution" })).toContainText(
      `All ${integer(Number(roleRows.at(-1)?.[1]))} accounts today`,
    );
    for (const [index, [label, count, percent]] of roleRows.slice(0, -1).entries()) {
      await expect(shownRoles.nth(index)).toContainText(
        `${label}${integer(Number(count))} · ${oneDecimal(Number(percent))}%`,
      );
    }
  });

  test("the page reads well and passes axe at desktop and phone sizes, with cards for cities on a phone", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    const report = await open(page, "/admin/analytics?period=3m", "3m");
    await expect(page.getByRole("heading", { name: "Top cities" })).toBeVisible();
    await axe.expectNoViolations({ label: "/admin/analytics" });

    await expectPhoneLayoutAccessible(page, axe, "/admin/analytics");
    await expect(page.getByRole("table", { name: "Top cities by revenue" })).toBeHidden();
    const cards = page.getByRole("list", { name: "Top cities by revenue" }).getByRole("listitem");
    await expect(cards).toHaveCount(report.topCities.length);
    const first = report.topCities[0];
    if (first) await expect(cards.first()).toContainText(`${first.city}${integer(first.bookings)} booking`);

    // The period buttons work from the keyboard.
    await page.getByRole("button", { name: "3 Months", exact: true }).focus();
    const answer = page.waitForResponse(isAnalyticsAnswer("6m"));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await answerOf(await answer);
    await expect(page.getByRole("button", { name: "6 Months", exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("a failed load says so and Retry loads the figures", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    let dropped = false;
    await page.route(/\/api\/admin\/analytics\?period=1m$/, async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort("connectionfailed");
    });
    await page.goto("/admin/analytics?period=1m");
    await expect(page.getByRole("alert")).toContainText("Failed to load the analytics");
    await expect(page.getByRole("button", { name: "Export Report" })).toBeDisabled();
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { name: "User growth" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Export Report" })).toBeEnabled();
  });
});

test.describe("who sees the platform's figures", () => {
  for (const [who, email, role] of [
    ["a landlord, who has analytics of their own,", DEMO_ACCOUNTS.landlord, "Landlord/Owner"],
    ["a guest", DEMO_ACCOUNTS.guest, "Guest/Tenant"],
  ] as const) {
    test(`${who} is told the page is for administrators, and no figures are asked for`, async ({ page }) => {
      await signInThroughApi(page.request, email);
      const asked: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/admin/analytics") asked.push(request.url());
      });
      await page.goto("/admin/analytics");
      await expect(
        page.getByText(
          `You don't have the required role to access this area. Required: Administrator. Your role: ${role}`,
          { exact: true },
        ),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Analytics" })).toHaveCount(0);
      expect(asked).toEqual([]);
      // The server refuses them too.
      expect((await page.request.get("/api/admin/analytics")).status()).toBe(403);
    });
  }

  test("a signed-out visitor is asked to log in", async ({ page, axe }) => {
    await page.goto("/admin/analytics?period=6m");
    await expect(page.getByText("You need to be logged in to access this area.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Fadmin%2Fanalytics%3Fperiod%3D6m",
    );
    await axe.expectNoViolations({ label: "/admin/analytics signed out" });
  });
});
