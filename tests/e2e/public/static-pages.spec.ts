import { parsePounds } from "../support/properties";
import { expect, test } from "../support/test";

const CATEGORIES = ["Entertainment", "Dining", "Art & Culture"];
const FROM_PRICE = /^\s*From\s+£\s*\d+\s*$/;

test.describe("static pages", () => {
  test("a visitor browsing Experiences sees six curated experiences priced from £60 to £150", async ({ page }) => {
    await page.goto("/experiences");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const prices = page.getByText(FROM_PRICE);
    await expect(prices).toHaveCount(6);
    for (const text of await prices.allTextContents()) {
      const amount = parsePounds(text);
      expect(amount).toBeGreaterThanOrEqual(60);
      expect(amount).toBeLessThanOrEqual(150);
    }

    // Each experience is a card with a title, a category, a description, a picture and its price.
    const cards = page.getByRole("article").filter({ has: page.getByText(FROM_PRICE) });
    await expect(cards).toHaveCount(6);
    const seen = new Set<string>();
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading")).toHaveCount(1);
      await expect(card.getByRole("img")).toHaveCount(1);
      const text = (await card.textContent()) ?? "";
      const category = CATEGORIES.find((c) => text.includes(c));
      expect(category, `card without a category: ${text}`).toBeDefined();
      seen.add(category as string);
    }
    expect([...seen].sort()).toEqual([...CATEGORIES].sort());
  });

  test("a visitor browsing Experiences sees a picture for every experience", async ({ page }) => {
    await page.goto("/experiences");
    const pictures = page.getByRole("article").getByRole("img");
    await expect(pictures).toHaveCount(6);
    const broken: string[] = [];
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      const ok = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0);
      if (!ok) broken.push(`${await picture.getAttribute("alt")}: ${await picture.getAttribute("src")}`);
    }
    expect(broken, `experience pictures that do not load:\n${broken.join("\n")}`).toEqual([]);
  });

  test("a venue owner on Experiences is invited to become a partner", async ({ page }) => {
    await page.goto("/experiences");
    // Not the Partnerships entries of the header and footer: the call to action in the page itself.
    const cta = page.getByRole("main").getByRole("link", { name: /partner/i });
    await expect(cta).toHaveAttribute("href", "/partnerships");
    await cta.click();
    await expect(page).toHaveURL(/\/partnerships$/);
  });

  test("a business reading Partnerships sees the four-step process and can apply", async ({ page }) => {
    await page.goto("/partnerships");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const steps = [
      /\bApply$/,
      /Review (&|and) Approval$/i,
      /Integration (&|and) Launch$/i,
      /Start Receiving Bookings$/i,
    ];
    const process = page
      .getByRole("list")
      .filter({ has: page.getByRole("heading", { name: steps[0] }) })
      .filter({ has: page.getByRole("heading", { name: steps[3] }) });
    await expect(process).toHaveCount(1);
    const items = process.getByRole("listitem");
    await expect(items).toHaveCount(4);
    for (const [index, step] of steps.entries()) {
      await expect(items.nth(index).getByRole("heading", { name: step })).toBeVisible();
    }

    const apply = page.getByRole("link", { name: /apply/i }).or(page.getByRole("button", { name: /apply/i }));
    await expect(apply.first()).toBeVisible();
    for (const link of await page.getByRole("link", { name: /apply/i }).all()) {
      await expect(link).toHaveAttribute("href", /.+/);
    }
  });
});
