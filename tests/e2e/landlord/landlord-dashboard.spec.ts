import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInNewLandlord, signInThroughApi } from "../support/accounts";
import { formatPounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * The landlord dashboard (spec 2 "Landlord dashboard", issue 5 item 2). Other tests book landlord@'s properties and
 * answer requests at the same time, so the page is compared with the API's answer of the moment, reloading until both
 * agree; nothing is hard-coded.
 */

type Analytics = { totalRevenue: number; monthlyRevenue: number; occupancyRate: number; totalBookings: number };
type MyProperty = {
  id: number;
  title: string;
  address: string;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  pricePerNight: string;
};
type LandlordBooking = {
  reference: string;
  propertyTitle: string;
  guestName: string;
  checkInDate: string;
  checkOutDate: string;
  guests: number;
  totalPrice: string;
  status: "pending" | "confirmed" | "completed" | "cancelled";
};

const STATUS_LABELS: Record<LandlordBooking["status"], string> = {
  pending: "Needs Approval",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

const integer = new Intl.NumberFormat("en-GB");
const percent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });
const stayDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "Fri 5 Mar 2027" for YYYY-MM-DD (en-GB). */
const dateText = (iso: string) => stayDate.format(new Date(`${iso}T00:00:00Z`)).replace(",", "");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function readJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function openAsDemoLandlord(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, James" })).toBeVisible();
  return errors;
}

const statCard = (page: Page, title: string) =>
  page.getByRole("region", { name: "Your figures" }).getByRole("link", { name: new RegExp(`^${escapeRegExp(title)}`) });

const tabs = (page: Page) => ({
  overview: page.getByRole("tab", { name: "Overview" }),
  properties: page.getByRole("tab", { name: "Properties" }),
  bookings: page.getByRole("tab", { name: "Bookings" }),
  panel: page.getByRole("tabpanel"),
});

test.describe("landlord dashboard", () => {
  test("landlord@ sees the welcome, the account buttons and the four figures of the API, each leading to its page", async ({
    page,
  }) => {
    const errors = await openAsDemoLandlord(page);
    const main = page.getByRole("main");
    await expect(main.getByText("Landlord/Owner", { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute("href", "/profile");
    await expect(main.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");
    await expect(main.getByRole("button", { name: "Add Property", exact: true })).toBeVisible();

    await expect(async () => {
      const analytics = await readJson<Analytics>(page.request, "/api/analytics/landlord");
      const properties = await readJson<MyProperty[]>(page.request, "/api/properties/my-properties");
      await page.reload();
      const cards = [
        { title: "Total Properties", value: integer.format(properties.length), href: "/landlord/properties" },
        { title: "Total Revenue (£)", value: formatPounds(analytics.totalRevenue), href: "/landlord/revenue" },
        {
          title: "Monthly Revenue (£)",
          value: formatPounds(analytics.monthlyRevenue),
          href: "/landlord/revenue/monthly",
        },
        {
          title: "Occupancy Rate (%)",
          value: `${percent.format(analytics.occupancyRate)}%`,
          href: "/landlord/occupancy",
        },
      ];
      for (const card of cards) {
        const link = statCard(page, card.title);
        await expect(link).toHaveAttribute("href", card.href, { timeout: 2_000 });
        await expect(link).toHaveAccessibleName(
          new RegExp(`^${escapeRegExp(card.title)}\\s*${escapeRegExp(card.value)}\\s`),
          {
            timeout: 2_000,
          },
        );
      }
      expect(properties.length).toBeGreaterThan(0);
    }).toPass({ timeout: 40_000 });

    // The first card leads to My Properties, which shows the same count.
    await statCard(page, "Total Properties").click();
    await expect(page).toHaveURL(/\/landlord\/properties$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Properties" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the Overview lists the latest 3 bookings and Quick Actions that lead somewhere real", async ({ page }) => {
    await openAsDemoLandlord(page);
    const t = tabs(page);
    await expect(t.overview).toHaveAttribute("aria-selected", "true");

    await expect(async () => {
      const bookings = await readJson<LandlordBooking[]>(page.request, "/api/bookings/landlord-bookings");
      await page.reload();
      const recent = page.getByRole("region", { name: "Recent Bookings" }).getByRole("listitem");
      expect(bookings.length).toBeGreaterThan(2);
      await expect(recent).toHaveCount(3, { timeout: 2_000 });
      for (const [index, booking] of bookings.slice(0, 3).entries()) {
        const row = recent.nth(index);
        await expect(row).toContainText(booking.propertyTitle, { timeout: 2_000 });
        await expect(row.getByText(STATUS_LABELS[booking.status], { exact: true })).toBeVisible({ timeout: 2_000 });
        await expect(row).toContainText(formatPounds(booking.totalPrice), { timeout: 2_000 });
        await expect(row.locator(`[data-status="${booking.status}"]`)).toHaveCount(1, { timeout: 2_000 });
      }
    }).toPass({ timeout: 40_000 });

    const actions = page.getByRole("region", { name: "Quick Actions" });
    await expect(actions.getByRole("button", { name: /^Add New Property/ })).toBeVisible();
    await expect(actions.getByRole("link", { name: /^View All Bookings/ })).toHaveAttribute(
      "href",
      "/landlord/bookings",
    );
    await expect(actions.getByRole("link", { name: /^Property Settings/ })).toHaveAttribute(
      "href",
      "/landlord/properties",
    );
    await expect(actions.getByRole("link", { name: /^Analytics Report/ })).toHaveAttribute("href", "/landlord/revenue");

    // Add Property (header) and Add New Property (Quick Actions) open the Add New Property dialog.
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    await page.getByRole("main").getByRole("button", { name: "Add Property", exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await actions.getByRole("button", { name: /^Add New Property/ }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    await actions.getByRole("link", { name: /^View All Bookings/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All Bookings" })).toBeVisible();
  });

  test("the tabs work with the keyboard and show the properties and bookings of the API", async ({ page }) => {
    await openAsDemoLandlord(page);
    const t = tabs(page);
    await t.overview.focus();
    await page.keyboard.press("ArrowRight");
    await expect(t.properties).toBeFocused();
    await expect(t.properties).toHaveAttribute("aria-selected", "true");
    await expect(t.panel).toHaveAccessibleName("Properties");

    const properties = await readJson<MyProperty[]>(page.request, "/api/properties/my-properties");
    const articles = t.panel.getByRole("article");
    await expect(articles).toHaveCount(properties.length);
    for (const [index, property] of properties.entries()) {
      const card = articles.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(property.title);
      await expect(card).toContainText(property.address);
      for (const [term, value] of [
        ["Bedrooms", integer.format(property.bedrooms)],
        ["Bathrooms", integer.format(property.bathrooms)],
        ["Max guests", integer.format(property.maxGuests)],
        ["Per night", formatPounds(property.pricePerNight)],
      ]) {
        await expect(card.getByRole("definition").filter({ hasText: value }).first()).toBeVisible();
        await expect(card.getByRole("term").filter({ hasText: term as string })).toBeVisible();
      }
      await expect(card.getByRole("link", { name: `Manage Property: ${property.title}` })).toHaveAttribute(
        "href",
        `/properties/${property.id}/manage`,
      );
    }

    await page.keyboard.press("ArrowRight");
    await expect(t.bookings).toBeFocused();
    await expect(t.bookings).toHaveAttribute("aria-selected", "true");
    await expect(t.panel).toHaveAccessibleName("Bookings");
    await expect(async () => {
      const bookings = await readJson<LandlordBooking[]>(page.request, "/api/bookings/landlord-bookings");
      // The tab reads its list when opened; a reload shows the list of this moment.
      await page.reload();
      await tabs(page).bookings.click();
      const rows = tabs(page).panel.getByRole("article");
      await expect(rows).toHaveCount(Math.min(10, bookings.length), { timeout: 2_000 });
      for (const [index, booking] of bookings.slice(0, 10).entries()) {
        const row = rows.nth(index);
        await expect(row.getByRole("heading")).toHaveText(booking.propertyTitle, { timeout: 2_000 });
        await expect(row).toContainText(booking.guestName, { timeout: 2_000 });
        await expect(row).toContainText(dateText(booking.checkInDate), { timeout: 2_000 });
        await expect(row).toContainText(dateText(booking.checkOutDate), { timeout: 2_000 });
        await expect(row).toContainText(STATUS_LABELS[booking.status], { timeout: 2_000 });
        await expect(row).toContainText(formatPounds(booking.totalPrice), { timeout: 2_000 });
        await expect(row.getByRole("definition").nth(2)).toHaveText(integer.format(booking.guests), {
          timeout: 2_000,
        });
      }
    }).toPass({ timeout: 40_000 });

    // Home goes back to the first tab; Tab then moves into its panel.
    await tabs(page).bookings.focus();
    await page.keyboard.press("Home");
    await expect(tabs(page).overview).toBeFocused();
    await expect(tabs(page).overview).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(tabs(page).panel).toBeFocused();
  });

  test("a freshly approved landlord sees zeros and the empty states", async ({ page, request }) => {
    await signInNewLandlord(page.request, request, "fresh-landlord");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, FreshLandlord" })).toBeVisible();

    for (const [title, value] of [
      ["Total Properties", "0"],
      ["Total Revenue (£)", "£0"],
      ["Monthly Revenue (£)", "£0"],
      ["Occupancy Rate (%)", "0%"],
    ]) {
      await expect(statCard(page, title as string)).toHaveAccessibleName(
        new RegExp(`^${escapeRegExp(title as string)}\\s*${escapeRegExp(value as string)}\\s`),
      );
    }
    const t = tabs(page);
    await expect(page.getByRole("region", { name: "Recent Bookings" }).getByText("No bookings yet")).toBeVisible();
    await t.properties.click();
    await expect(t.panel.getByRole("heading", { name: "No properties yet" })).toBeVisible();
    await expect(t.panel.getByRole("button", { name: "Add New Property" })).toBeVisible();
    await t.properties.click();
    await t.panel.getByRole("button", { name: "Add New Property" }).click();
    await expect(page.getByRole("dialog", { name: "Add New Property" })).toBeVisible();
    await page.keyboard.press("Escape");
    await t.bookings.click();
    await expect(t.panel.getByRole("heading", { name: "No bookings yet" })).toBeVisible();
  });

  test("a landlord whose approval was taken back sees 'Account Approval Pending', not the figures", async ({
    page,
    request,
    database,
  }) => {
    const landlord = await signInNewLandlord(page.request, request, "fresh-landlord");
    await database.revokeLandlordApproval(landlord.email);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Account Approval Pending" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByText("Total Revenue (£)")).toHaveCount(0);
    // The server refuses the figures too.
    expect((await page.request.get("/api/analytics/landlord")).status()).toBe(403);
  });
});

for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`landlord dashboard on ${name} (${viewport.width}px)`, () => {
    test.use({ viewport, contextOptions: { reducedMotion: "reduce" } });

    test("each tab has no accessibility violations and nothing spills sideways", async ({ page, axe }) => {
      await openAsDemoLandlord(page);
      const t = tabs(page);
      const recent = page.getByRole("region", { name: "Recent Bookings" }).getByRole("listitem");
      await expect(recent.first()).toBeVisible();
      await expect(statCard(page, "Occupancy Rate (%)")).toHaveAccessibleName(/\d%/);
      await axe.expectNoViolations({ label: `dashboard overview (${name})` });

      await t.properties.click();
      await expect(t.panel.getByRole("article").first()).toBeVisible();
      await axe.expectNoViolations({ label: `dashboard properties (${name})` });

      await t.bookings.click();
      await expect(t.panel.getByRole("article").first()).toBeVisible();
      await axe.expectNoViolations({ label: `dashboard bookings (${name})` });

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
