import { expect, test } from "../support/test";

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

    // Three photos of the property.
    const photos = main.getByRole("img", { name: /Westminster Luxury Flat/i });
    await expect(photos).toHaveCount(3);

    // Rating and number of reviews, and the borough.
    await expect(main.getByText(/\b[1-5]\.\d\b/).first()).toBeVisible();
    await expect(main.getByText(/\(?\d+\s+reviews?\)?/i).first()).toBeVisible();
    await expect(main.getByText("Westminster", { exact: true }).first()).toBeVisible();

    // Fact tiles.
    await expect(
      main
        .getByText(/^\s*\d+\s*Guests?\s*$/i)
        .or(main.getByText(/^Guests$/i))
        .first(),
    ).toBeVisible();
    await expect(
      main
        .getByText(/^\s*\d+\s*Bedrooms?\s*$/i)
        .or(main.getByText(/^Bedrooms$/i))
        .first(),
    ).toBeVisible();
    await expect(
      main
        .getByText(/^\s*\d+\s*Bathrooms?\s*$/i)
        .or(main.getByText(/^Bathrooms$/i))
        .first(),
    ).toBeVisible();

    // Amenities.
    await expect(main.getByRole("heading", { name: /amenities/i })).toBeVisible();

    // Price card.
    await expect(main.getByText("Best Price")).toBeVisible();
    const bookNow = main.getByRole("link", { name: "Book Now" });
    await expect(bookNow).toHaveAttribute("href", "/booking/1");
    await expect(main.getByText(/You won['’]t be charged yet/)).toBeVisible();
  });

  test("a visitor cannot book a property under maintenance and is offered other properties", async ({ page }) => {
    await page.goto("/property/islington-cozy-apartment");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: /Islington/i })).toBeVisible();
    await expect(main.getByText("Under Maintenance").first()).toBeVisible();
    await expect(main.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    await expect(page.locator('a[href^="/booking/"]')).toHaveCount(0);
    await expect(main.locator('a[href="/properties"]').first()).toBeVisible();
  });

  for (const path of ["/property/999999", "/property/no-such-place"]) {
    test(`a visitor who opens an unknown property (${path}) is told it was not found`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Property Not Found" })).toBeVisible();
      await expect(page.locator('a[href="/properties"]').first()).toBeVisible();
      await expect(page.locator('a[href="/dashboard"]').first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    });
  }

  test("a visitor can save and unsave a property", async ({ page }) => {
    await page.goto("/property/1");
    const save = page.getByRole("button", { name: /save/i });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(save).toHaveAttribute("aria-pressed", "true");
    await save.click();
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
    await page.getByRole("button", { name: /share/i }).click();

    await expect
      .poll(async () => {
        if (dialogMessage) return dialogMessage;
        const toast = page.getByText(/copied/i).first();
        return (await toast.isVisible()) ? ((await toast.textContent()) ?? "") : "";
      })
      .toMatch(/cop(y|ied)|link|clipboard/i);

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
  });
});
