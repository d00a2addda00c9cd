import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInNewLandlord, signInThroughApi } from "../support/accounts";
import { formatPounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Landlord My Properties (/landlord/properties, spec 2, issue 5 item 5). Other tests book landlord@'s properties at
 * the same time, so the page is compared with GET /api/properties/my-properties of the moment, reloading until both
 * agree; nothing is hard-coded.
 */

type MyProperty = {
  id: number;
  title: string;
  city: string;
  pricePerNight: string;
  bedrooms: number;
  maxGuests: number;
  rating: string;
  reviewCount: number;
  images: string[];
  status: "active" | "inactive" | "maintenance";
  bookingCount: number;
  monthlyRevenue: number;
  occupancyRate: number;
};

const STATUS_LABELS: Record<MyProperty["status"], string> = {
  active: "Active",
  inactive: "Inactive",
  maintenance: "Under Maintenance",
};

const integer = new Intl.NumberFormat("en-GB");
const percent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/** The four figures as a landlord would work them out from the list. */
function expectedStats(properties: MyProperty[]) {
  const revenuePence = properties.reduce((sum, p) => sum + Math.round(p.monthlyRevenue * 100), 0);
  const occupancy =
    properties.length === 0
      ? 0
      : Math.round((properties.reduce((sum, p) => sum + p.occupancyRate, 0) / properties.length) * 10) / 10;
  return {
    "Total Properties": integer.format(properties.length),
    "Monthly Revenue": formatPounds(revenuePence / 100),
    "Total Bookings": integer.format(properties.reduce((sum, p) => sum + p.bookingCount, 0)),
    "Avg Occupancy": `${percent.format(occupancy)}%`,
  };
}

const stat = (page: Page, label: string) =>
  page.getByRole("region", { name: "Summary" }).getByRole("listitem").filter({ hasText: label });

async function readMyProperties(request: APIRequestContext): Promise<MyProperty[]> {
  const response = await request.get("/api/properties/my-properties");
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as MyProperty[];
}

async function openAsDemoLandlord(page: Page) {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto("/landlord/properties");
  await expect(page.getByRole("heading", { level: 1, name: "My Properties" })).toBeVisible();
}

test.describe("My Properties", () => {
  test("landlord@ sees the figures and a card for each property of the API", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await openAsDemoLandlord(page);

    await expect(async () => {
      const properties = await readMyProperties(page.request);
      await page.reload();
      expect(properties.length).toBeGreaterThan(0);
      for (const [label, value] of Object.entries(expectedStats(properties))) {
        await expect(stat(page, label)).toContainText(value, { timeout: 2_000 });
      }
      const cards = page.getByRole("region", { name: "Properties", exact: true }).getByRole("article");
      await expect(cards).toHaveCount(properties.length, { timeout: 2_000 });
      for (const [index, property] of properties.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading", { level: 3 })).toHaveText(property.title, { timeout: 2_000 });
        await expect(card.getByRole("img", { name: property.title })).toBeAttached({ timeout: 2_000 });
        if (property.images[0]) {
          await expect(card.getByRole("img")).toHaveAttribute("src", property.images[0], { timeout: 2_000 });
        }
        await expect(card.getByText(STATUS_LABELS[property.status], { exact: true })).toBeVisible({ timeout: 2_000 });
        await expect(card).toContainText(property.city, { timeout: 2_000 });
        await expect(card).toContainText(`${formatPounds(property.pricePerNight)} per night`, { timeout: 2_000 });
        await expect(card).toContainText(
          `${integer.format(property.bookingCount)} booking${property.bookingCount === 1 ? "" : "s"}`,
          { timeout: 2_000 },
        );
        await expect(card).toContainText(`up to ${property.maxGuests} guest`, { timeout: 2_000 });
        if (property.reviewCount > 0) {
          const rating = (Math.round(Number.parseFloat(property.rating) * 10 + 1e-9) / 10).toFixed(1);
          await expect(card).toContainText(`${rating} rating`, { timeout: 2_000 });
        }
        await expect(card.getByRole("link", { name: `Manage Property: ${property.title}` })).toHaveAttribute(
          "href",
          `/properties/${property.id}/manage`,
          { timeout: 2_000 },
        );
      }
    }).toPass({ timeout: 40_000 });

    await page.getByRole("button", { name: "Add New Property" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a freshly approved landlord sees zeros and 'No properties yet'", async ({ page, request }) => {
    await signInNewLandlord(page.request, request, "new-landlord");
    await page.goto("/landlord/properties");
    await expect(page.getByRole("heading", { level: 1, name: "My Properties" })).toBeVisible();
    await expect(page.getByText("No properties yet")).toBeVisible();
    for (const [label, value] of Object.entries(expectedStats([]))) {
      await expect(stat(page, label)).toContainText(value);
    }
    await expect(page.getByRole("article")).toHaveCount(0);
    // One Add New Property in the header, one in the empty state, which opens the dialog.
    await expect(page.getByRole("button", { name: "Add New Property" })).toHaveCount(2);
    await page.getByRole("button", { name: "Add New Property" }).last().click();
    await expect(page.getByRole("dialog", { name: "Add New Property" })).toBeVisible();
  });

  test("a guest is refused on /landlord/properties, on the page and by the server", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/landlord/properties");
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.getByText(/You don't have the required role to access this area/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Properties" })).toHaveCount(0);
    await expect(page.getByText("Total Properties")).toHaveCount(0);
    expect((await page.request.get("/api/properties/my-properties")).status()).toBe(403);
  });

  test("a landlord who is not approved sees 'Account Approval Pending'", async ({ page, request, database }) => {
    const landlord = await signInNewLandlord(page.request, request, "new-landlord");
    await database.revokeLandlordApproval(landlord.email);
    await page.goto("/landlord/properties");
    await expect(page.getByRole("heading", { level: 1, name: "Account Approval Pending" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Properties" })).toHaveCount(0);
    await expect(page.getByText("Total Properties")).toHaveCount(0);
    expect((await page.request.get("/api/properties/my-properties")).status()).toBe(403);
  });

  test("a signed-out visitor is asked to sign in", async ({ page }) => {
    await page.goto("/landlord/properties");
    await expect(page.getByText("You need to be logged in to access this area.")).toBeVisible();
    await expect(page.getByText("Total Properties")).toHaveCount(0);
  });
});

for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`My Properties on ${name} (${viewport.width}px)`, () => {
    test.use({ viewport, contextOptions: { reducedMotion: "reduce" } });

    test("the page has no accessibility violations and nothing spills sideways", async ({ page, axe }) => {
      await openAsDemoLandlord(page);
      await expect(
        page.getByRole("region", { name: "Properties", exact: true }).getByRole("article").first(),
      ).toBeVisible();
      await axe.expectNoViolations({ label: `/landlord/properties (${name})` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
