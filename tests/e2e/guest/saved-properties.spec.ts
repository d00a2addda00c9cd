import type { APIRequestContext, Page } from "@playwright/test";
import { register, registerVerifiedGuest, toast, uniquePerson } from "../support/accounts";
import { browseCards, parseNightlyPrice } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Saved properties (issue 4 item 9). Each test registers a guest of its own: the demo guest is shared with other
 * tests running in parallel, and a saved list is per user.
 */

/** A new guest, signed in on this page; with `verified`, their e-mail is verified through the link they were sent. */
async function newGuest(request: APIRequestContext, { verified }: { verified: boolean }) {
  if (verified) return registerVerifiedGuest(request, "saver");
  const person = uniquePerson("saver");
  await register(request, person, "guest");
  return person;
}

/** The figure under a stat card's label ("Total Saved", "Average Price", "Price Range"). */
const stat = (page: Page, label: string) =>
  page
    .getByRole("main")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: label }) })
    .getByRole("definition");

const enGbDate = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date(iso));

test.describe("saved properties", () => {
  test("a verified guest hearts a property, finds it on Saved Properties with its figures, and removes it", async ({
    page,
    axe,
    database,
  }) => {
    const guest = await newGuest(page.request, { verified: true });

    await page.goto("/properties");
    const card = browseCards(page).first();
    await expect(card).toBeVisible();
    const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
    const nightly = parseNightlyPrice((await card.textContent()) ?? "");
    const heart = card.getByRole("button", { name: `Save ${title} to favourites` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(toast(page, "Property saved")).toBeVisible();

    // Kept by the server: still saved after a reload, and on the detail page.
    await page.reload();
    await expect(
      browseCards(page)
        .first()
        .getByRole("button", { name: `Save ${title} to favourites` }),
    ).toHaveAttribute("aria-pressed", "true");
    const saved = (await (await page.request.get("/api/properties/saved")).json()) as {
      createdAt: string;
      property: { id: number; title: string };
    }[];
    expect(saved.map((i) => i.property.title)).toEqual([title]);
    const [item] = saved;
    if (!item) throw new Error("no saved item");
    await page.goto(`/property/${item.property.id}`);
    await expect(page.getByRole("main").getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await page.goto("/saved-properties");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Saved Properties" })).toBeVisible();
    const nav = main.getByRole("navigation", { name: "Your account" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(nav.getByRole("link", { name: "Browse Properties" })).toHaveAttribute("href", "/properties");
    await expect(nav.getByRole("link", { name: `Profile: ${guest.firstName}` })).toHaveAttribute("href", "/profile");
    await expect(nav.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");

    const decimals = Number.isInteger(nightly) ? 0 : 2;
    const price = `£${nightly.toLocaleString("en-GB", { minimumFractionDigits: decimals, maximumFractionDigits: 2 })}`;
    await expect(stat(page, "Total Saved")).toHaveText("1");
    await expect(stat(page, "Average Price")).toHaveText(
      `£${Math.round(nightly).toLocaleString("en-GB")} per night incl. fees`,
    );
    await expect(stat(page, "Price Range")).toHaveText(`${price} – ${price} per night incl. fees`);

    const savedCard = main.getByRole("article", { name: title });
    await expect(savedCard).toContainText(`Saved on ${enGbDate(item.createdAt)}`);
    await expect(savedCard).toContainText(`${price} per night`);
    await expect(savedCard.getByRole("link", { name: `View Details & Book: ${title}` })).toHaveAttribute(
      "href",
      `/property/${item.property.id}`,
    );
    await axe.expectNoViolations({ label: "/saved-properties with an item" });

    // The removal waits on a row lock until released, so its pending state can be seen for certain.
    const hold = await database.holdSavedProperties(guest.email);
    try {
      await savedCard.getByRole("button", { name: `Remove ${title} from saved properties` }).click();
      await expect(savedCard.getByRole("button", { name: "Removing..." })).toBeDisabled();
    } finally {
      await hold.release();
    }
    await expect(toast(page, "Property removed")).toBeVisible();
    await expect(main.getByRole("heading", { name: "No saved properties yet" })).toBeVisible();
    await expect(main.getByRole("article")).toHaveCount(0);
    await expect(stat(page, "Total Saved")).toHaveText("0");
    await expect(main.getByRole("link", { name: "Browse Properties" }).last()).toHaveAttribute("href", "/properties");
    await axe.expectNoViolations({ label: "/saved-properties, empty" });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(main.getByRole("heading", { name: "No saved properties yet" })).toBeVisible();
    await axe.expectNoViolations({ label: "/saved-properties, empty, phone" });

    // Gone on the server too: the heart is empty again.
    await page.goto("/properties");
    await expect(
      browseCards(page)
        .first()
        .getByRole("button", { name: `Save ${title} to favourites` }),
    ).toHaveAttribute("aria-pressed", "false");
  });

  test("a signed-out visitor who hearts a property is asked to sign in, and Saved Properties asks them to", async ({
    page,
  }) => {
    await page.goto("/properties");
    const card = browseCards(page).first();
    const heart = card.getByRole("button", { name: /^Save .+ to favourites$/ });
    // A click that lands before the page has come to life does nothing; the visitor clicks again.
    await expect(async () => {
      await heart.click();
      await expect(toast(page, "Sign in to save properties")).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await page
      .getByRole("region", { name: /notifications/i })
      .getByRole("link", { name: "Sign in" })
      .click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto("/saved-properties");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Sign in to see your saved properties" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Fsaved-properties",
    );
    await expect(main.getByText("Loading your saved properties...")).toHaveCount(0);
  });

  test("a guest whose e-mail is not verified is told to verify it before saving", async ({ page, axe }) => {
    await newGuest(page.request, { verified: false });

    await page.goto("/properties");
    const heart = browseCards(page)
      .first()
      .getByRole("button", { name: /^Save .+ to favourites$/ });
    await expect(async () => {
      await heart.click();
      await expect(toast(page, "Verify your email first")).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    expect((await page.request.get("/api/properties/saved")).status()).toBe(403);

    await page.goto("/saved-properties");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Verify your email first" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Verify your email" })).toHaveAttribute("href", "/verification-status");
    await axe.expectNoViolations({ label: "/saved-properties, e-mail not verified" });
  });

  test("a verified guest with a list sees each saved property once, newest first", async ({ page }) => {
    await newGuest(page.request, { verified: true });
    await page.goto("/properties");
    const cards = browseCards(page);
    await expect(cards.nth(1)).toBeVisible();
    const titles: string[] = [];
    for (const index of [0, 1]) {
      const card = cards.nth(index);
      const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
      titles.push(title);
      const heart = card.getByRole("button", { name: `Save ${title} to favourites` });
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
    }

    await page.goto("/saved-properties");
    const articles = page.getByRole("main").getByRole("article");
    await expect(articles).toHaveCount(2);
    await expect(articles.getByRole("heading")).toHaveText([...titles].reverse());
    await expect(stat(page, "Total Saved")).toHaveText("2");
  });
});
