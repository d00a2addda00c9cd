import { parsePounds } from "../support/properties";
import { expect, test } from "../support/test";

const CATEGORIES = ["Entertainment", "Dining", "Art & Culture"];

test.describe("static pages", () => {
  test("a visitor browsing Experiences sees six curated experiences priced from £60 to £150", async ({ page }) => {
    await page.goto("/experiences");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const prices = page.getByText(/^\s*From\s+£\s*\d+\s*$/);
    await expect(prices).toHaveCount(6);
    for (const text of await prices.allInnerTexts()) {
      const amount = parsePounds(text);
      expect(amount).toBeGreaterThanOrEqual(60);
      expect(amount).toBeLessThanOrEqual(150);
    }

    // Each experience is a card with a heading, a category, a description, an image and its price.
    const cards = page.getByRole("article").filter({ has: page.getByText(/^\s*From\s+£\s*\d+\s*$/) });
    await expect(cards).toHaveCount(6);
    const seen = new Set<string>();
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading")).toBeVisible();
      await expect(card.getByRole("img")).toHaveCount(1);
      const text = await card.innerText();
      const category = CATEGORIES.find((c) => text.includes(c));
      expect(category, `card without a category: ${text}`).toBeDefined();
      seen.add(category as string);
    }
    expect([...seen].sort()).toEqual([...CATEGORIES].sort());

    // A call to action for partners.
    await expect(page.locator('a[href="/partnerships"]').filter({ visible: true }).last()).toBeVisible();
  });

  test("a business reading Partnerships sees the four-step process and can apply", async ({ page }) => {
    await page.goto("/partnerships");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const steps = [
      /^\s*Apply\b/i,
      /Review\s*(&|and)\s*Approval/i,
      /Integration\s*(&|and)\s*Launch/i,
      /Start Receiving Bookings/i,
    ];
    for (const step of steps) {
      await expect(page.getByRole("heading", { name: step }).first()).toBeVisible();
    }

    const apply = page.getByRole("button", { name: /apply/i }).or(page.getByRole("link", { name: /apply/i }));
    await expect(apply.first()).toBeVisible();
    expect(await apply.count()).toBeGreaterThanOrEqual(1);
  });
});
