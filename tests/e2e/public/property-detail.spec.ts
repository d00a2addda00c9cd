import type { Locator } from "@playwright/test";
import { toast } from "../support/accounts";
import { expect, test } from "../support/test";

/** Every <img> in the locator has finished loading a real picture (not a broken-image icon). */
async function expectImagesLoaded(images: Locator) {
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: `image ${await image.getAttribute("src")} should load`,
      })
      .toBe(true);
  }
}

test.describe("property detail", () => {
  for (const path of ["/property/1", "/properties/1"]) {
    test(`a visitor who opens ${path} sees the Westminster Luxury Flat`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Westminster Luxury Flat" })).toBeVisible();
      await expect(page.getByText("Property Not Found")).toHaveCount(0);
    });
  }

  test("a visitor who follows a slug link sees that property", async ({ page }) => {
    await page.goto("/property/camden-modern-studio");
    await expect(page.getByRole("heading", { level: 1, name: "Camden Modern Studio" })).toBeVisible();
  });

  test("a visitor sees the photos, rating, facts, amenities and the price card of a property", async ({ page }) => {
    await page.goto("/property/1");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Westminster Luxury Flat" })).toBeVisible();

    // Three photos of the property, all of which load.
    const photos = main.getByRole("img");
    await expect(photos).toHaveCount(3);
    await expectImagesLoaded(photos);

    // Rating (out of 5) with the number of reviews, and the borough.
    await expect(main.getByText(/^Rated [1-5]\.\d out of 5$/)).toBeVisible();
    await expect(main.getByText(/^\(\d[\d,]* reviews?\)$/)).toBeVisible();
    await expect(main.getByText("Westminster", { exact: true }).first()).toBeVisible();

    // Fact tiles for guests, bedrooms and bathrooms, each with a number.
    const facts = main.getByRole("list", { name: "Key facts" });
    for (const fact of ["Guests", "Bedrooms", "Bathrooms"]) {
      const tile = facts.getByRole("listitem").filter({ hasText: fact });
      await expect(tile).toHaveCount(1);
      await expect(tile).toContainText(/\d/);
    }

    // Amenities.
    const amenities = main.getByRole("region", { name: "Amenities" });
    await expect(amenities).toBeVisible();
    expect(await amenities.getByRole("listitem").count()).toBeGreaterThan(0);

    // Price card.
    const priceCard = main.getByRole("region", { name: "Price and booking" });
    // The demo Westminster flat was reduced from £520 ten days ago: that price is shown struck through, with Best Price,
    // all-in like today's (£520 and the 10% service fee).
    await expect(priceCard.getByText("Best Price")).toBeVisible();
    await expect(priceCard.locator("s")).toHaveText("£572");
    await expect(priceCard.getByText(/£[\d,.]+ per night incl\. fees/)).toBeVisible();
    const bookNow = priceCard.getByRole("link", { name: "Book Now" });
    // No dates chosen yet: the wizard opens with the one adult the card starts from.
    await expect(bookNow).toHaveAttribute("href", "/booking/1?adults=1");
    await expect(priceCard.getByText(/You won['’]t be charged yet/)).toBeVisible();
  });

  test("a visitor cannot book a property under maintenance and is offered other properties", async ({ page }) => {
    await page.goto("/property/islington-cozy-apartment");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: /Islington/i })).toBeVisible();
    await expect(main.getByText("Under Maintenance").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    await expect(page.locator('a[href^="/booking/"]')).toHaveCount(0);

    // Instead of booking, the price card sends the visitor to other properties.
    const priceCard = main.getByRole("region", { name: "Price and booking" });
    await expect(priceCard.getByText("Under Maintenance")).toBeVisible();
    const elsewhere = priceCard.getByRole("link");
    await expect(elsewhere).toHaveCount(1);
    await expect(elsewhere).toHaveAttribute("href", "/properties");
    await elsewhere.click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("heading", { name: "London Properties" })).toBeVisible();
  });

  for (const path of ["/property/999999", "/property/no-such-place"]) {
    test(`a visitor who opens an unknown property (${path}) is told it was not found`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: "Property Not Found" })).toBeVisible();
      await expect(main.locator('a[href="/properties"]')).toHaveCount(1);
      await expect(main.locator('a[href="/dashboard"]')).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    });
  }

  // Saving for signed-in guests: tests/e2e/guest/saved-properties.spec.ts.
  test("a signed-out visitor who presses Save is asked to sign in, and nothing is saved", async ({ page }) => {
    await page.goto("/property/1");
    const save = page.getByRole("main").getByRole("button", { name: /^Saved?$/ });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(toast(page, "Sign in to save properties")).toBeVisible();
    await expect(save).toHaveAttribute("aria-pressed", "false");
  });

  test("a visitor who shares a property copies its link and sees a confirmation", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/property/1");
    await expect(page.getByRole("heading", { level: 1, name: "Westminster Luxury Flat" })).toBeVisible();

    // The confirmation may be a browser alert or an on-page message (toast).
    let dialogMessage = "";
    page.on("dialog", async (dialog) => {
      dialogMessage = dialog.message();
      await dialog.accept();
    });
    await page.getByRole("main").getByRole("button", { name: "Share" }).click();

    await expect
      .poll(async () => {
        if (dialogMessage) return dialogMessage;
        const confirmation = page.getByText(/(link )?copied/i).first();
        return (await confirmation.isVisible()) ? ((await confirmation.textContent()) ?? "") : "";
      })
      .toMatch(/copied/i);

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
  });
});
