import type { Page } from "@playwright/test";
import { isoDateFromToday } from "../support/dates";
import { heroSearch as heroForm } from "../support/hero";
import { expect, test } from "../support/test";

const BANNER_TITLE = "Please provide all required information";
const BANNER_TEXT = "Where, Check-in, and Check-out dates are required to search for properties.";

/** The hero search form, with the banner it shows when fields are missing. */
function heroSearch(page: Page) {
  return { ...heroForm(page), bannerTitle: page.getByText(BANNER_TITLE), bannerText: page.getByText(BANNER_TEXT) };
}

test.describe("home page", () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status(), "GET / should answer the web app").toBe(200);
  });

  test("a visitor sees the hero heading and subtitle", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Perfect London Stay" })).toBeVisible();
    await expect(page.getByText(/Premium serviced accommodations across London['’]s best locations\./)).toBeVisible();
  });

  test("the search form labels its fields and marks them required", async ({ page }) => {
    const s = heroSearch(page);
    await expect(s.where).toHaveAttribute("placeholder", "Where in London?");
    await expect(s.where).toHaveAttribute("type", /^(text|search)$/);
    // British date fields: a day typed 12/06/2027, whatever the browser's language.
    await expect(s.checkIn).toHaveAttribute("placeholder", "DD/MM/YYYY");
    await expect(s.checkOut).toHaveAttribute("placeholder", "DD/MM/YYYY");
    // Required labels carry an asterisk.
    for (const name of ["Where", "Check-in", "Check-out"]) {
      await expect(s.form.locator("label").filter({ hasText: new RegExp(`^\\s*${name}\\s*\\*\\s*$`) })).toHaveCount(1);
    }
    await expect(s.bannerTitle).toBeHidden();
  });

  test("a visitor who searches without filling anything sees which fields are missing", async ({ page }) => {
    const s = heroSearch(page);
    await s.search.click();

    await expect(s.bannerTitle).toBeVisible();
    await expect(s.bannerText).toBeVisible();
    await expect(s.where).toHaveAttribute("aria-invalid", "true");
    await expect(s.checkIn).toHaveAttribute("aria-invalid", "true");
    await expect(s.checkOut).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a visitor whose location is only spaces is still told the location is missing", async ({ page }) => {
    const s = heroSearch(page);
    await s.where.fill("    ");
    await s.checkIn.fill(isoDateFromToday(14));
    await s.checkOut.fill(isoDateFromToday(17));
    await s.search.click();

    await expect(s.bannerTitle).toBeVisible();
    await expect(s.where).toHaveAttribute("aria-invalid", "true");
    await expect(s.checkIn).not.toHaveAttribute("aria-invalid", "true");
    await expect(s.checkOut).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a visitor who fills each missing field sees its error clear, and the banner goes once all are valid", async ({
    page,
  }) => {
    const s = heroSearch(page);
    await s.search.click();
    await expect(s.bannerTitle).toBeVisible();

    await s.where.fill("Camden");
    await expect(s.where).not.toHaveAttribute("aria-invalid", "true");
    // The other fields keep their own errors.
    await expect(s.checkIn).toHaveAttribute("aria-invalid", "true");
    await expect(s.checkOut).toHaveAttribute("aria-invalid", "true");

    await s.checkIn.fill(isoDateFromToday(10));
    await expect(s.checkIn).not.toHaveAttribute("aria-invalid", "true");
    await expect(s.checkOut).toHaveAttribute("aria-invalid", "true");

    await s.checkOut.fill(isoDateFromToday(12));
    await expect(s.checkOut).not.toHaveAttribute("aria-invalid", "true");
    await expect(s.bannerTitle).toBeHidden();
    await expect(s.bannerText).toBeHidden();
  });

  test("a visitor who searches with a location and dates lands on the matching properties", async ({ page }) => {
    const s = heroSearch(page);
    const checkIn = isoDateFromToday(21);
    const checkOut = isoDateFromToday(25);
    await s.where.fill("Camden");
    await s.checkIn.fill(checkIn);
    await s.checkOut.fill(checkOut);
    await s.search.click();

    await expect(page).toHaveURL(/\/properties\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/properties");
    expect(url.searchParams.get("city")).toBe("Camden");
    expect(url.searchParams.get("checkIn")).toBe(checkIn);
    expect(url.searchParams.get("checkOut")).toBe(checkOut);

    await expect(page.getByRole("heading", { name: "London Properties" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Location" })).toHaveValue("Camden");
  });

  test("a visitor sees featured property cards that link to each property's details", async ({ page }) => {
    const featured = page.getByRole("region", { name: "Featured Properties" });
    // The visible text is 'View Details'; the accessible name may add the property's title.
    const viewDetails = featured.getByRole("link", { name: /^View Details(?::|$)/ });
    await expect(viewDetails.first()).toBeVisible();
    const count = await viewDetails.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(viewDetails.nth(i)).toHaveAttribute("href", /^\/property\/\d+$/);
    }

    const href = await viewDetails.first().getAttribute("href");
    await viewDetails.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("a visitor reads the host pitch's figures, each the platform's own, and can start hosting", async ({
    page,
    request,
  }) => {
    const pitch = page.getByRole("region", { name: "Become a Host" });
    await expect(pitch).toBeVisible();
    const { hosting } = (await (await request.get("/api/site/highlights")).json()) as {
      hosting: {
        activeListings: number;
        occupancy: { percent: number } | null;
        rating: { average: number; reviews: number } | null;
      };
    };
    await expect(
      pitch.getByText(new Intl.NumberFormat("en-GB").format(hosting.activeListings), { exact: true }),
    ).toBeVisible();
    if (hosting.occupancy)
      await expect(pitch.getByText(`${hosting.occupancy.percent}%`, { exact: true })).toBeVisible();
    else await expect(pitch.getByText(/booked over the last/)).toHaveCount(0);
    if (hosting.rating) await expect(pitch.getByText(hosting.rating.average.toFixed(1), { exact: true })).toBeVisible();
    // No service the product does not offer, and no figure nobody measured.
    await expect(pitch.getByText(/concierge/i)).toHaveCount(0);
    await expect(pitch.getByText("80%", { exact: true })).toHaveCount(0);

    const startHosting = pitch.getByRole("link", { name: "Start Hosting" });
    await expect(startHosting).toHaveAttribute("href", "/auth?tab=register");

    await startHosting.click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test("a signed-out visitor can go to sign in from the navigation", async ({ page }) => {
    const signIn = page.getByRole("banner").getByRole("link", { name: "Sign In" });
    await expect(signIn).toHaveAttribute("href", "/auth");
    await signIn.click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a signed-out visitor can get started with registration from the navigation", async ({ page }) => {
    const getStarted = page.getByRole("banner").getByRole("link", { name: "Get Started" });
    await expect(getStarted).toHaveAttribute("href", "/auth?tab=register");
    await getStarted.click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });
});
