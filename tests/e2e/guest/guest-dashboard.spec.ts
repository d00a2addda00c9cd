import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * The guest dashboard (issue 4 item 10, spec 1 §2): figures, featured properties, recent activity and the
 * search panel with the UK location autocomplete, the budget slider and the map. The tests run offline, so
 * the map shows no tiles; the page must work all the same.
 */

type Stats = { totalProperties: number; userBookingsCount: number; savedPropertiesCount: number };
type Activity = { id: string; type: string; status: string; propertyTitle: string }[];

const integer = new Intl.NumberFormat("en-GB");
const STATUS_TEXT: Record<string, string> = {
  pending: "Payment Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

const panel = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

async function openDashboard(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();
  return errors;
}

test.describe("guest dashboard", () => {
  test("the verified demo guest sees their figures, 3 featured properties and their recent activity", async ({
    page,
  }) => {
    const errors = await openDashboard(page);
    const main = page.getByRole("main");
    await expect(main.getByText("Guest/Tenant Account")).toBeVisible();
    await expect(main.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute("href", "/profile");
    await expect(main.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");

    // Other tests book and save as the demo guest at the same time: compare with the API's answer of the moment,
    // reloading until the page and the API agree.
    await expect(async () => {
      const stats = (await (await page.request.get("/api/dashboard/stats")).json()) as Stats;
      const activity = (await (await page.request.get("/api/dashboard/recent-activity")).json()) as Activity;
      const featured = (await (await page.request.get("/api/properties?pageSize=3")).json()) as {
        id: number;
        title: string;
      }[];
      await page.reload();

      const cards = [
        { name: "Available Properties", value: stats.totalProperties, action: "Across London", href: "/properties" },
        { name: "Your Bookings", value: stats.userBookingsCount, action: "View All Bookings", href: "/bookings" },
        {
          name: "Saved Properties",
          value: stats.savedPropertiesCount,
          action: "View Saved",
          href: "/saved-properties",
        },
      ];
      for (const card of cards) {
        const link = main.getByRole("link", { name: new RegExp(`^${card.name}`) });
        await expect(link).toHaveAttribute("href", card.href, { timeout: 2_000 });
        await expect(link).toHaveAccessibleName(
          new RegExp(`^${card.name}\\s*${integer.format(card.value)}\\s*${card.action}$`),
          { timeout: 2_000 },
        );
      }
      expect(stats.userBookingsCount).toBeGreaterThan(0);

      const featuredItems = panel(page, "Featured properties").getByRole("listitem");
      await expect(featuredItems).toHaveCount(3, { timeout: 2_000 });
      for (const [index, property] of featured.entries()) {
        const item = featuredItems.nth(index);
        await expect(item.getByRole("heading")).toHaveText(property.title, { timeout: 2_000 });
        await expect(item.getByText(/£[\d,]+(\.\d\d)? per night/)).toBeVisible({ timeout: 2_000 });
        await expect(item.getByRole("link", { name: `View Details: ${property.title}` })).toHaveAttribute(
          "href",
          `/property/${property.id}`,
        );
      }

      const activityItems = panel(page, "Recent activity").getByRole("listitem");
      expect(activity.length).toBeGreaterThan(0);
      await expect(activityItems).toHaveCount(Math.min(5, activity.length), { timeout: 2_000 });
      for (const [index, item] of activity.slice(0, 5).entries()) {
        const row = activityItems.nth(index);
        await expect(row.getByRole("link")).toHaveText(item.propertyTitle, { timeout: 2_000 });
        const status = item.type === "saved" ? "Saved" : (STATUS_TEXT[item.status] ?? "Booking Created");
        await expect(row.getByText(status, { exact: true })).toBeVisible({ timeout: 2_000 });
      }
    }).toPass({ timeout: 40_000 });

    expect(errors).toEqual([]);
  });

  test("a signed-in guest reaches the listings from the header and from Available Properties", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse Properties" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Available Properties/ }).click();
    await expect(page).toHaveURL(/\/properties$/);
  });

  test("the guest picks Camden with the keyboard, sets a budget and searches", async ({ page }) => {
    const errors = await openDashboard(page);

    // The map opens on London even without tiles (no internet in the tests).
    const map = page.getByRole("region", { name: "Map centred on London" });
    await expect(map).toBeVisible();
    await expect(map.getByRole("button", { name: "Zoom in" })).toBeVisible();

    const location = page.getByRole("combobox", { name: "Location" });
    await location.click();
    await location.pressSequentially("Cam");
    const camden = page.getByRole("option", { name: "Camden, London", exact: true });
    await expect(camden).toBeVisible();
    await expect(location).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("listbox", { name: "Location suggestions" }).getByRole("option")).not.toHaveCount(0);

    // Down the list until Camden is highlighted, then Enter picks it.
    for (let i = 0; i < 8 && (await camden.getAttribute("aria-selected")) !== "true"; i++) {
      await location.press("ArrowDown");
    }
    await expect(camden).toHaveAttribute("aria-selected", "true");
    await expect(location).toHaveAttribute("aria-activedescendant", (await camden.getAttribute("id")) ?? "");
    await location.press("Enter");
    await expect(location).toHaveValue("Camden");
    await expect(location).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("region", { name: "Map centred on Camden, London" })).toBeVisible();
    await expect(page.getByText("Showing Camden, London")).toBeVisible();

    const price = page.getByRole("slider", { name: "Max price per night" });
    await expect(price).toHaveValue("500");
    await price.focus();
    for (let i = 0; i < 5; i++) await price.press("ArrowLeft");
    await expect(price).toHaveValue("450");
    await expect(page.getByRole("main").getByText("£450", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/properties\?city=Camden&maxPrice=450$/);
    await expect(page.getByRole("heading", { name: "London Properties" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("Escape closes the suggestions, a popular area moves the map, and with no price limit no maxPrice is sent", async ({
    page,
  }) => {
    await openDashboard(page);
    const location = page.getByRole("combobox", { name: "Location" });
    await location.click();
    await location.pressSequentially("Shored");
    await expect(page.getByRole("option", { name: "Shoreditch, London", exact: true })).toBeVisible();
    await location.press("Escape");
    await expect(location).toHaveAttribute("aria-expanded", "false");
    await expect(location).toHaveValue("Shored");

    // A popular area fills the box and moves the map.
    await page.getByRole("list", { name: "Popular areas" }).getByRole("button", { name: "Kensington" }).click();
    await expect(location).toHaveValue("Kensington");
    await expect(page.getByRole("region", { name: "Map centred on Kensington, London" })).toBeVisible();

    const price = page.getByRole("slider", { name: "Max price per night" });
    await price.focus();
    await price.press("End");
    await expect(price).toHaveValue("1000");
    await expect(page.getByRole("main").getByText("£1000+", { exact: true })).toBeVisible();
    await location.fill("Manchester");
    await location.press("Enter");
    await expect(page).toHaveURL(/\/properties\?city=Manchester$/);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`has no accessibility violations at ${viewport.width} px wide`, async ({ page, axe }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openDashboard(page);
      await expect(panel(page, "Featured properties").getByRole("listitem")).toHaveCount(3);
      await expect(panel(page, "Recent activity").getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
      await axe.expectNoViolations();

      // Open suggestions are checked too.
      const location = page.getByRole("combobox", { name: "Location" });
      await location.click();
      await location.pressSequentially("Ken");
      await expect(page.getByRole("option").first()).toBeVisible();
      await location.press("ArrowDown");
      await axe.expectNoViolations({ label: "dashboard with suggestions open" });
    });
  }
});
