import type { Page } from "@playwright/test";
import { browseCards, foundCountText, parseNightlyPrice, readFoundCount } from "../support/properties";
import { expect, test } from "../support/test";

function filters(page: Page) {
  return {
    search: page.getByRole("searchbox", { name: "Search" }),
    location: page.getByRole("textbox", { name: "Location" }),
    slider: page.getByRole("slider"),
    clearAll: page.getByRole("button", { name: "Clear All Filters" }),
  };
}

/** Waits until the list shows `expected` properties (or fewer / more, through the predicate). */
async function expectCount(page: Page, predicate: (n: number) => boolean, message: string) {
  await expect
    .poll(
      async () => {
        const text =
          (await foundCountText(page)
            .textContent({ timeout: 1000 })
            .catch(() => null)) ?? "";
        const n = Number(text.replace(/[^\d]/g, ""));
        return text && predicate(n) ? "ok" : text || "(no count shown)";
      },
      { message },
    )
    .toBe("ok");
}

test.describe("browse properties", () => {
  test("a visitor sees London Properties with a count and the price slider at its maximum", async ({ page }) => {
    await page.goto("/properties");
    await expect(page.getByRole("heading", { name: "London Properties" })).toBeVisible();
    const total = await readFoundCount(page);
    // The demo data holds the four sample properties and 60+ others.
    expect(total).toBeGreaterThan(4);
    await expect(browseCards(page).first()).toBeVisible();
    await expect(page.getByText("£1000+", { exact: true })).toBeVisible();
    const { slider } = filters(page);
    await expect(slider).toHaveValue("1000");
    await expect(slider).toHaveAttribute("min", "0");
    await expect(slider).toHaveAttribute("max", "1000");
  });

  test("a visitor who types a location sees fewer properties, all in that place", async ({ page }) => {
    await page.goto("/properties");
    const total = await readFoundCount(page);
    const f = filters(page);

    await f.location.fill("camden");
    await expectCount(page, (n) => n > 0 && n < total, `count should drop below ${total} and stay above 0`);

    const cards = browseCards(page);
    await expect(cards.first()).toBeVisible();
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/camden/i);
  });

  test("a visitor who opens a link with city and maxPrice sees the filters filled and only matching properties", async ({
    page,
    request,
  }) => {
    await page.goto("/properties?city=Westminster&maxPrice=300");
    const f = filters(page);
    await expect(f.location).toHaveValue("Westminster");
    await expect(f.slider).toHaveValue("300");
    await expect(page.getByText("£300", { exact: true })).toBeVisible();

    // The page shows as many properties as the API finds for the same filters.
    const api = await request.get("/api/properties?city=Westminster&maxPrice=300");
    expect(api.ok()).toBe(true);
    const expected = Number(api.headers()["x-total-count"] ?? (await api.json()).length);
    await expectCount(page, (n) => n === expected, `count should be ${expected}`);
    if (expected === 0) await expect(page.getByText("No properties found")).toBeVisible();

    const cards = browseCards(page);
    await expect(cards).toHaveCount(Math.min(expected, 24));
    for (const text of await cards.allInnerTexts()) {
      expect(text).toMatch(/westminster/i);
      expect(parseNightlyPrice(text)).toBeLessThanOrEqual(300);
    }
  });

  test("a visitor who follows a link with a wider budget sees only properties in that place at or below it", async ({
    page,
  }) => {
    await page.goto("/properties?city=Westminster&maxPrice=500");
    await expect(filters(page).location).toHaveValue("Westminster");
    await expect(page.getByText("£500", { exact: true })).toBeVisible();

    const cards = browseCards(page);
    await expect(cards.first()).toBeVisible();
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toMatch(/westminster/i);
      expect(parseNightlyPrice(text)).toBeLessThanOrEqual(500);
    }
    // Other tests add Westminster properties while this one runs, so the count may pass one page (24 cards).
    expect(texts.length).toBe(Math.min(await readFoundCount(page), 24));
  });

  test("a visitor who searches for words in a title finds that property", async ({ page }) => {
    await page.goto("/properties");
    const total = await readFoundCount(page);
    const f = filters(page);

    await f.search.fill("Modern Studio");
    await expectCount(page, (n) => n > 0 && n < total, `count should drop below ${total}`);
    const cards = browseCards(page);
    await expect(cards.filter({ hasText: "Camden Modern Studio" })).toHaveCount(1);
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/modern studio/i);
  });

  test("a visitor whose search matches nothing is told no properties were found", async ({ page }) => {
    await page.goto("/properties");
    await readFoundCount(page);
    await filters(page).search.fill("zqxj no such listing");
    await expect(page.getByText("No properties found")).toBeVisible();
    await expect(browseCards(page)).toHaveCount(0);
  });

  test("a visitor who clears all filters gets the full list and the £1000+ slider back", async ({ page }) => {
    await page.goto("/properties");
    const total = await readFoundCount(page);
    const f = filters(page);

    await f.location.fill("camden");
    await f.slider.focus();
    await page.keyboard.press("PageDown");
    await expect(page.getByText("£900", { exact: true })).toBeVisible();
    await expectCount(page, (n) => n < total, `count should drop below ${total}`);

    await f.clearAll.click();
    await expect(f.location).toHaveValue("");
    await expect(f.search).toHaveValue("");
    await expect(page.getByText("£1000+", { exact: true })).toBeVisible();
    await expect(f.slider).toHaveValue("1000");
    await expectCount(page, (n) => n === total, `count should be back to ${total}`);
  });

  test("a keyboard user moves the price slider and the list follows", async ({ page }) => {
    await page.goto("/properties");
    const total = await readFoundCount(page);
    const { slider } = filters(page);

    await slider.focus();
    await expect(slider).toBeFocused();

    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveValue("990");
    await expect(page.getByText("£990", { exact: true })).toBeVisible();
    await expect(page.getByText("£1000+", { exact: true })).toBeHidden();

    await page.keyboard.press("PageDown");
    await expect(slider).toHaveValue("890");
    await expect(page.getByText("£890", { exact: true })).toBeVisible();

    await page.keyboard.press("Home");
    await expect(slider).toHaveValue("0");
    await expect(page.getByText("£0", { exact: true })).toBeVisible();
    // Nothing costs £0 a night.
    await expect(page.getByText("No properties found")).toBeVisible();
    await expect(browseCards(page)).toHaveCount(0);

    await page.keyboard.press("End");
    await expect(slider).toHaveValue("1000");
    await expectCount(page, (n) => n === total, `count should be back to ${total}`);
  });
});
