import type { Locator, Page, Response } from "@playwright/test";
import type {
  TMonthlyRevenueAnalytics,
  TOccupancyAnalytics,
  TRevenueAnalytics,
} from "../../../common/schemas/analytics";
import { DEMO_ACCOUNTS, signInNewLandlord, signInThroughApi } from "../support/accounts";
import { formatPounds } from "../support/properties";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * The landlord analytics pages (spec 2 §2, issue 5 item 8): Revenue Analytics, Monthly Revenue Analysis and Occupancy
 * Analytics show the server's figures, never figures of their own. The expected values are read from the API's answer
 * in the test, not written down here.
 *
 * The other landlord tests accept bookings for landlord@ while these run, so the figures a page is compared with are
 * the ones that page itself received (its own GET, caught with waitForResponse), read here as JSON.
 */

const integer = (value: number) => new Intl.NumberFormat("en-GB").format(value);
const percent = (value: number) => `${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }).format(value)}%`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens `path` and answers the JSON of the page's own GET of `api`. */
async function openWithAnswer<T>(page: Page, path: string, api: string): Promise<T> {
  const answer = page.waitForResponse(
    (response: Response) => new URL(response.url()).pathname === api && response.request().method() === "GET",
  );
  await page.goto(path);
  const response = await answer;
  expect(response.status(), `${api}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** One figure card of the summary row, by its label. */
function figure(page: Page, label: string): Locator {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
}

test.describe("landlord analytics", () => {
  test("Revenue Analytics shows the server's figures and transactions, and links to payouts and tax reports", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const revenue = await openWithAnswer<TRevenueAnalytics>(page, "/landlord/revenue", "/api/analytics/revenue");
    await expect(page.getByRole("heading", { level: 1, name: "Revenue Analytics" })).toBeVisible();
    await expect(
      page.getByText(
        "Revenue is what your stays earned you after the guest's service fee and any refunds, in the month of check-in.",
      ),
    ).toBeVisible();
    // The seeded data gives landlord@ revenue; without it this test would check nothing but zeros.
    expect(revenue.totalTransactions).toBeGreaterThan(0);

    await expect(figure(page, "Total Revenue")).toContainText(formatPounds(revenue.totalRevenue));
    await expect(figure(page, "This Month")).toContainText(formatPounds(revenue.monthlyRevenue));
    if (revenue.growth !== null) {
      const sign = revenue.growth > 0 ? "+" : revenue.growth < 0 ? "\u2212" : "";
      const digits = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        Math.abs(revenue.growth),
      );
      await expect(figure(page, "This Month")).toContainText(`${sign}${digits}%`);
    }
    await expect(figure(page, "Daily Average")).toContainText(formatPounds(revenue.dailyAverage));
    await expect(figure(page, "Total Transactions")).toContainText(integer(revenue.totalTransactions));

    const rows = page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
    await expect(rows).toHaveCount(revenue.transactions.length);
    for (const [index, transaction] of revenue.transactions.slice(0, 3).entries()) {
      const row = rows.nth(index);
      await expect(row).toContainText(transaction.propertyTitle);
      await expect(row).toContainText(`Property #${transaction.propertyId}`);
      await expect(row).toContainText(`${integer(transaction.nights)} night`);
      await expect(row).toContainText(formatPounds(transaction.amount));
      // en-GB date of check-in, e.g. "Fri 19 Mar 2027".
      const date = new Intl.DateTimeFormat("en-GB", {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      })
        .format(new Date(`${transaction.date}T00:00:00Z`))
        .replace(",", "");
      await expect(row).toContainText(date);
      // Spec 2: a confirmed booking displays as 'Completed'.
      if (transaction.status === "confirmed" || transaction.status === "completed") {
        await expect(row.getByText("Completed", { exact: true })).toBeVisible();
      }
      if (transaction.nights > 0) {
        await expect(row).toContainText(
          `${formatPounds(Math.round((transaction.amount / transaction.nights) * 100) / 100)} per night`,
        );
      }
    }
    const listedPence = revenue.transactions.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
    await expect(page.getByTestId("transactions-total")).toHaveText(formatPounds(listedPence / 100));

    // The 8-month chart has a text alternative with one row per month.
    const chartTable = page.getByRole("table", { name: "Revenue by month, last 8 months" });
    await expect(chartTable.getByRole("row")).toHaveCount(9);

    await expect(page.getByRole("link", { name: "Monthly Reports" })).toHaveAttribute(
      "href",
      "/landlord/revenue/monthly",
    );
    await expect(page.getByRole("link", { name: "Payout Settings" })).toHaveAttribute("href", "/account/payouts");
    await expect(page.getByRole("link", { name: "Tax Reports" })).toHaveAttribute("href", "/account/tax-reports");

    await axe.expectNoViolations({ label: "/landlord/revenue" });
    await expectPhoneLayoutAccessible(page, axe, "/landlord/revenue");

    await page.getByRole("link", { name: "Monthly Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Monthly Revenue Analysis" })).toBeVisible();
  });

  test("Monthly Revenue Analysis shows this month, the 8-month trend with growth badges and property shares", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const monthly = await openWithAnswer<TMonthlyRevenueAnalytics>(
      page,
      "/landlord/revenue/monthly",
      "/api/analytics/monthly-revenue",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Monthly Revenue Analysis" })).toBeVisible();
    expect(monthly.monthlyBreakdown).toHaveLength(8);

    const current = monthly.currentMonth;
    await expect(figure(page, "Revenue")).toContainText(formatPounds(current.revenue));
    await expect(figure(page, "Bookings")).toContainText(integer(current.bookings));
    await expect(figure(page, "Average per Booking")).toContainText(formatPounds(current.averagePerBooking));
    await expect(figure(page, "Daily Average")).toContainText(formatPounds(current.dailyAverage));
    await expect(figure(page, "Growth")).toContainText(current.growth === null ? "New" : /%/);

    await expect(page.getByRole("table", { name: "Revenue by month, last 8 months" }).getByRole("row")).toHaveCount(9);
    const months = page.getByRole("list", { name: "Months, newest first" }).getByRole("listitem");
    await expect(months).toHaveCount(8);
    for (const month of monthly.monthlyBreakdown) {
      const row = page.locator(`[data-month="${month.month}"]`);
      await expect(row).toContainText(formatPounds(month.revenue));
      await expect(row).toContainText(`${integer(month.bookings)} booking`);
      await expect(row).toContainText(`${formatPounds(month.averagePerBooking)} per booking`);
      // Spec 2: green above 0, red otherwise; no previous month is neutral.
      const tone = month.growth === null ? "none" : month.growth > 0 ? "up" : "down";
      await expect(row.locator("[data-growth-tone]")).toHaveAttribute("data-growth-tone", tone);
    }

    // Property performance is the last (8th) month's list.
    const last = monthly.monthlyBreakdown[7];
    if (!last) throw new Error("no 8th month");
    const performance = page.getByRole("region", { name: "Property performance" });
    if (last.properties.length === 0) {
      await expect(performance.getByText("No revenue this month yet")).toBeVisible();
    } else {
      await expect(performance.getByRole("list", { name: "Properties" }).getByRole("listitem")).toHaveCount(
        last.properties.length,
      );
      const top = [...last.properties].sort((a, b) => b.revenue - a.revenue)[0];
      if (top) {
        const item = performance.locator(`[data-property-id="${top.id}"]`);
        await expect(item).toContainText(top.name);
        await expect(item).toContainText(formatPounds(top.revenue));
        await expect(item).toContainText(percent(Math.round((top.revenue / last.revenue) * 1000) / 10));
      }
    }
    await expect(page.getByRole("heading", { name: "Performance insights" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recommended actions" })).toBeVisible();

    await axe.expectNoViolations({ label: "/landlord/revenue/monthly" });
    await expectPhoneLayoutAccessible(page, axe, "/landlord/revenue/monthly");
  });

  test("Occupancy Analytics shows each property's rate, band and trend, and offers Optimize only under 80", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const occupancy = await openWithAnswer<TOccupancyAnalytics>(
      page,
      "/landlord/occupancy",
      "/api/analytics/occupancy",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Occupancy Analytics" })).toBeVisible();
    await expect(
      page.getByText(
        "Occupancy is booked nights over nights available; nights you block or that are booked on another site are not counted as available.",
      ),
    ).toBeVisible();

    await expect(figure(page, "Overall Rate")).toContainText(percent(occupancy.overallRate));
    await expect(figure(page, "This Month")).toContainText(percent(occupancy.monthlyRate));
    await expect(figure(page, "Average Stay")).toContainText(
      `${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }).format(occupancy.avgStayDuration)} day`,
    );
    await expect(figure(page, "Nights Booked")).toContainText(
      `${integer(occupancy.bookedNights)} / ${integer(occupancy.totalNights)}`,
    );

    // landlord@ has a property under maintenance in the seeded data (islington-cozy-apartment).
    expect(occupancy.properties.some((p) => p.status === "maintenance")).toBe(true);
    const cards = page.getByRole("article").filter({ has: page.getByRole("link", { name: /^View Details/ }) });
    await expect(cards).toHaveCount(occupancy.properties.length);
    let optimizable: string | null = null;
    for (const property of occupancy.properties) {
      const card = page.locator(`article[data-property-id="${property.id}"]`);
      await expect(card.getByRole("heading", { name: property.name })).toBeVisible();
      await expect(card).toContainText(percent(property.occupancyRate));
      await expect(card).toContainText(`${integer(property.bookedNights)} / ${integer(property.totalNights)}`);
      const band =
        property.status === "maintenance"
          ? "Under Maintenance"
          : property.occupancyRate >= 90
            ? "Excellent"
            : property.occupancyRate >= 80
              ? "Good"
              : property.occupancyRate >= 70
                ? "Average"
                : "Needs Attention";
      await expect(card.locator("[data-band]")).toHaveText(band);
      await expect(card.getByRole("link", { name: /^View Details/ })).toHaveAttribute(
        "href",
        `/properties/${property.id}`,
      );
      // The 8-week trend: a chart with one row per week in its text alternative.
      await expect(card.getByRole("table").getByRole("row")).toHaveCount(9);
      const offersOptimize = property.occupancyRate < 80 && property.status !== "maintenance";
      await expect(card.getByRole("button", { name: /^Optimize/ })).toHaveCount(offersOptimize ? 1 : 0);
      if (offersOptimize) optimizable ??= property.name;
    }

    const weeks = page.getByRole("list", { name: "Weeks, newest first" }).getByRole("listitem");
    await expect(weeks).toHaveCount(occupancy.weeklyBreakdown.length);
    for (const week of occupancy.weeklyBreakdown) {
      const row = page.locator(`[data-week="${week.week}"]`);
      await expect(row).toContainText(/^w\/c \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
      await expect(row).toContainText(`${integer(week.booked)} / ${integer(week.nights)} nights`);
      await expect(row).toContainText(percent(week.rate));
    }
    await expect(page.getByRole("heading", { name: "Optimisation tips" })).toBeVisible();
    await axe.expectNoViolations({ label: "/landlord/occupancy" });

    if (optimizable) {
      const card = page.locator("article").filter({ has: page.getByRole("heading", { name: optimizable }) });
      await card.getByRole("button", { name: /^Optimize/ }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog.getByRole("heading", { name: new RegExp(escapeRegExp(optimizable)) })).toBeVisible();
      await expect(dialog.getByRole("listitem")).not.toHaveCount(0);
      await axe.expectNoViolations({ label: "optimize tips" });
      await dialog.getByRole("button", { name: "Got it" }).click();
      await expect(dialog).toHaveCount(0);
    }

    await expectPhoneLayoutAccessible(page, axe, "/landlord/occupancy");
  });

  test("a guest is refused on all three pages, and by the server", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    for (const [path, api, title] of [
      ["/landlord/revenue", "/api/analytics/revenue", "Revenue Analytics"],
      ["/landlord/revenue/monthly", "/api/analytics/monthly-revenue", "Monthly Revenue Analysis"],
      ["/landlord/occupancy", "/api/analytics/occupancy", "Occupancy Analytics"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(page.getByText(/You don't have the required role to access this area/)).toBeVisible();
      await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
      expect((await page.request.get(api)).status(), api).toBe(403);
    }
  });

  test("a newly approved landlord without bookings sees zeros and empty states, never NaN", async ({
    page,
    request,
    axe,
  }) => {
    await signInNewLandlord(page.request, request, "analytics-landlord");

    // Here nobody else changes the figures: the API answer read beforehand is what the page must show.
    const revenueAnswer = await page.request.get("/api/analytics/revenue");
    expect(revenueAnswer.status()).toBe(200);
    const revenue = (await revenueAnswer.json()) as TRevenueAnalytics;
    expect(revenue).toMatchObject({ totalRevenue: 0, monthlyRevenue: 0, totalTransactions: 0, transactions: [] });

    await page.goto("/landlord/revenue");
    await expect(page.getByRole("heading", { level: 1, name: "Revenue Analytics" })).toBeVisible();
    await expect(figure(page, "Total Revenue")).toContainText(formatPounds(revenue.totalRevenue));
    await expect(figure(page, "This Month")).toContainText("£0");
    await expect(figure(page, "Daily Average")).toContainText("£0");
    await expect(figure(page, "Total Transactions")).toContainText("0");
    await expect(page.getByText("No revenue yet")).toBeVisible();
    await expect(page.getByRole("table", { name: "Revenue by month, last 8 months" })).toBeAttached();
    await expect(page.locator("body")).not.toContainText("NaN");

    const monthlyAnswer = await page.request.get("/api/analytics/monthly-revenue");
    expect(monthlyAnswer.status()).toBe(200);
    const monthly = (await monthlyAnswer.json()) as TMonthlyRevenueAnalytics;
    await page.goto("/landlord/revenue/monthly");
    await expect(page.getByRole("heading", { level: 1, name: "Monthly Revenue Analysis" })).toBeVisible();
    await expect(figure(page, "Revenue")).toContainText(formatPounds(monthly.currentMonth.revenue));
    await expect(figure(page, "Average per Booking")).toContainText("£0");
    await expect(page.getByText("No revenue this month yet")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("NaN");
    await axe.expectNoViolations({ label: "/landlord/revenue/monthly (no bookings)" });

    const occupancyAnswer = await page.request.get("/api/analytics/occupancy");
    expect(occupancyAnswer.status()).toBe(200);
    const occupancy = (await occupancyAnswer.json()) as TOccupancyAnalytics;
    expect(occupancy.properties).toEqual([]);
    await page.goto("/landlord/occupancy");
    await expect(page.getByRole("heading", { level: 1, name: "Occupancy Analytics" })).toBeVisible();
    await expect(figure(page, "Overall Rate")).toContainText(percent(occupancy.overallRate));
    await expect(figure(page, "Nights Booked")).toContainText("0 / 0");
    await expect(page.getByText("No properties to measure yet")).toBeVisible();
    await expect(page.getByRole("list", { name: "Weeks, newest first" }).getByRole("listitem")).toHaveCount(8);
    await expect(page.locator("body")).not.toContainText("NaN");
    await axe.expectNoViolations({ label: "/landlord/occupancy (no bookings)" });
    await expectPhoneLayoutAccessible(page, axe, "/landlord/occupancy (no bookings)");
  });
});
