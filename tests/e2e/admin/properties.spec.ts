import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInNewLandlord, signInThroughApi, toast } from "../support/accounts";
import { browseCards, createListingThroughApi, foundCountText } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Property Management (/admin/properties) as admin@ uses it. The run's database is shared with every other spec,
 * so each test lists properties of a landlord of its own, named with a token nobody else uses, and searches for
 * that token: the demo listings other specs rely on are never removed.
 */

const PRICE_PER_NIGHT = 180;
const PRICE_PER_MONTH = 4200;

type Listing = { id: number; slug: string; title: string };

/** What makes request contexts: the `playwright` fixture. */
type RequestMaker = { request: { newContext(options: { baseURL?: string }): Promise<APIRequestContext> } };

/**
 * A new landlord (registered, approved by admin@, phone verified) signed in on a browser context of their own; the
 * admin's side of the approval runs in a request context of its own, closed once done.
 */
async function newLandlord(browser: Browser, baseURL: string | undefined, playwright: RequestMaker) {
  const context = await browser.newContext({ baseURL });
  const admin = await playwright.request.newContext({ baseURL });
  const person = await signInNewLandlord(context.request, admin, "props-owner");
  await admin.dispose();
  return { context, person, name: `${person.firstName} ${person.lastName}` };
}

/** A listing of the landlord signed in on `request`. */
async function listProperty(request: APIRequestContext, title: string): Promise<Listing> {
  return createListingThroughApi<Listing>(request, {
    title,
    description: "A light two-bedroom flat made by the Property Management browser tests.",
    address: "8 Test Mews, London W1A 1AA",
    pricePerNight: PRICE_PER_NIGHT,
    pricePerMonth: PRICE_PER_MONTH,
    bedrooms: 2,
    maxGuests: 4,
  });
}

/** The card of a listing on the page, by its title. */
const card = (page: Page, title: string) => page.getByRole("article", { name: title });

async function openAsAdmin(page: Page, query = "") {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
  await page.goto(`/admin/properties${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Property Management" })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByLabel("Search properties").fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

/** Whether the public browse page, opened in a tab of its own, shows the listing's card. */
async function browseShows(page: Page, title: string): Promise<boolean> {
  const browse = await page.context().newPage();
  await browse.goto(`/properties?q=${encodeURIComponent(title)}`);
  // The page has answered once it says how many it found.
  await expect(foundCountText(browse)).toBeVisible();
  const shown = (await browseCards(browse).filter({ hasText: title }).count()) > 0;
  await browse.close();
  return shown;
}

/**
 * A new landlord's listing, titled with a token nobody else uses, found by admin@ on Property Management by
 * searching for that token.
 */
async function listingFoundByAdmin(
  fixtures: { page: Page; browser: Browser; baseURL: string | undefined; playwright: RequestMaker },
  name: string,
) {
  const { page, browser, baseURL, playwright } = fixtures;
  const owner = await newLandlord(browser, baseURL, playwright);
  const token = randomUUID().slice(0, 8);
  const title = `${name} ${token}`;
  const listing = await listProperty(owner.context.request, title);
  await openAsAdmin(page);
  await search(page, token);
  return { owner, token, title, listing, listed: card(page, title) };
}

test.describe("property management", () => {
  test("an admin finds a listing, removes it with a reason so it leaves the browse page, and restores it", async ({
    page,
    browser,
    baseURL,
    playwright,
    axe,
  }) => {
    test.setTimeout(120_000);
    const { owner, title, listing, listed } = await listingFoundByAdmin(
      { page, browser, baseURL, playwright },
      "Admin test loft",
    );
    await expect(listed).toHaveCount(1);
    await expect(page.getByText("1 property matches")).toBeVisible();
    await expect(listed).toContainText("Active");
    await expect(listed).toContainText("Westminster");
    await expect(listed).toContainText("£4,200 per month");
    await expect(listed).toContainText(owner.name);
    await expect(listed).toContainText(owner.person.email);
    await expect(listed).toContainText("0 bookings");
    await expect(listed).toContainText(/Listed \d{1,2} \w+ \d{4}/);
    await expect(listed.getByRole("link", { name: `View Details: ${title}` })).toHaveAttribute(
      "href",
      `/property/${listing.slug}`,
    );
    await expect(listed.getByRole("link", { name: `Edit: ${title}` })).toHaveAttribute(
      "href",
      `/properties/${listing.id}/manage`,
    );
    // The owner's name finds it too.
    await search(page, owner.person.lastName);
    await expect(card(page, title)).toHaveCount(1);
    await axe.expectNoViolations({ label: "property management" });
    expect(await browseShows(page, title)).toBe(true);

    // Remove, with a reason.
    await listed.getByRole("button", { name: `Remove: ${title}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: `Remove “${title}”?` })).toBeVisible();
    await dialog.getByRole("button", { name: "Remove listing" }).click();
    await expect(dialog.getByText("Please give a reason")).toBeVisible();
    await axe.expectNoViolations({ label: "remove dialog" });
    await dialog.getByLabel(/^Reason for removing/).fill("Photos show a different flat");
    await dialog.getByRole("button", { name: "Remove listing" }).click();
    await expect(toast(page, "Listing removed")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(listed).toContainText("Inactive");
    await expect(listed).toContainText(/Removed \d{1,2} \w+ \d{4} by Eleanor Whitfield/);
    await expect(listed).toContainText("Photos show a different flat");
    expect(await browseShows(page, title)).toBe(false);

    // The owner sees why on the manage page, and is not offered to list it again.
    const ownerPage = await owner.context.newPage();
    await ownerPage.goto(`/properties/${listing.id}/manage?section=status`);
    await expect(ownerPage.getByText(/Removed by StayLondon on \d{1,2} \w+ \d{4}/)).toBeVisible();
    await expect(ownerPage.getByText("Photos show a different flat")).toBeVisible();
    await expect(ownerPage.getByRole("button", { name: "Update status" })).toHaveCount(0);

    // Restore.
    await listed.getByRole("button", { name: `Restore: ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore listing" }).click();
    await expect(toast(page, "Listing restored")).toBeVisible();
    await expect(listed).toContainText("Active");
    await expect(listed).not.toContainText("Photos show a different flat");
    expect(await browseShows(page, title)).toBe(true);
    await owner.context.close();
  });

  test("an admin verifies a listing after a visit: guests see Verified and what was checked, and can withdraw it", async ({
    page,
    browser,
    baseURL,
    playwright,
    axe,
  }) => {
    test.setTimeout(120_000);
    const { owner, token, title, listing, listed } = await listingFoundByAdmin(
      { page, browser, baseURL, playwright },
      "Verified test flat",
    );
    await listed.getByRole("button", { name: `Verify: ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Verify “${title}”` });
    // The visit and the photos come ticked; untick one and the form says why it cannot be saved.
    await dialog.getByRole("checkbox", { name: /Photos and description match/ }).uncheck();
    await dialog.getByRole("button", { name: "Verify listing" }).click();
    await expect(dialog.getByText("A listing is verified only once it has been visited")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /Photos and description match/ }).check();
    await dialog.getByRole("checkbox", { name: /safety certificates seen/ }).check();
    await dialog.getByLabel("Note for the record").fill("Visited with the owner; keys with the porter.");
    await axe.expectNoViolations({ label: "verify listing dialog" });
    await dialog.getByRole("button", { name: "Verify listing" }).click();
    await expect(toast(page, "Listing verified")).toBeVisible();
    await expect(listed.getByText(/^Verified \d/)).toBeVisible();

    const guestView = await browser.newPage({ baseURL });
    await guestView.goto(`/property/${listing.slug}`);
    const verification = guestView.getByRole("region", { name: /Verified by StayLondon on/ });
    await expect(verification.getByRole("listitem")).toHaveText([
      "Visited in person by our team",
      "Photos and description match the home",
      "Gas and electrical safety certificates seen",
    ]);
    await guestView.goto(`/properties?verified=true&q=${encodeURIComponent(token)}`);
    await expect(browseCards(guestView).filter({ hasText: title })).toHaveCount(1);
    await expect(guestView.getByRole("checkbox", { name: /Verified homes only/ })).toBeChecked();

    await listed.getByRole("button", { name: `Unverify: ${title}` }).click();
    const withdraw = page.getByRole("alertdialog");
    await withdraw.getByLabel(/Reason/).fill("Second visit found a different kitchen");
    await withdraw.getByRole("button", { name: "Withdraw verification" }).click();
    await expect(toast(page, "Verification withdrawn")).toBeVisible();
    await guestView.goto(`/property/${listing.slug}`);
    await expect(guestView.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(guestView.getByRole("region", { name: /Verified by StayLondon/ })).toHaveCount(0);
    await guestView.close();
    await owner.context.close();
  });

  test("Export Data downloads a CSV of the search and status filter", async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const owner = await newLandlord(browser, baseURL, playwright);
    const token = randomUUID().slice(0, 8);
    const listedTitle = `Export listed flat ${token}`;
    const pausedTitle = `Export paused flat ${token}`;
    await listProperty(owner.context.request, listedTitle);
    const paused = await listProperty(owner.context.request, pausedTitle);
    const off = await owner.context.request.post(`/api/properties/${paused.id}/status`, {
      data: { status: "inactive" },
    });
    expect(off.ok()).toBe(true);

    await openAsAdmin(page);
    await search(page, token);
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByLabel("Status").selectOption("inactive");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, pausedTitle)).toContainText("Unlisted by its owner");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^staylondon-properties-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path())).toString("utf8").replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "id,title,city,status,price per month,price per night,owner name,owner email,bookings,listed date,removal reason,verified at",
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${paused.id},${pausedTitle},Westminster,inactive,4200\\.00,180\\.00,${owner.name},${owner.person.email},0,\\d{4}-\\d{2}-\\d{2},,$`,
        ),
      ),
    ]);
    await expect(toast(page, "1 listing exported as CSV.")).toBeVisible();
    await owner.context.close();
  });

  test("View Analytics shows the listing's real revenue and occupancy", async ({
    page,
    browser,
    baseURL,
    playwright,
    database,
    axe,
  }) => {
    test.setTimeout(120_000);
    const owner = await newLandlord(browser, baseURL, playwright);
    const title = `Analytics flat ${randomUUID().slice(0, 8)}`;
    const listing = await listProperty(owner.context.request, title);
    // A completed three-night stay (£180 a night): revenue a browser cannot bring about quickly.
    await database.completedStayFor(DEMO_ACCOUNTS.guest, listing.slug);

    await openAsAdmin(page, `?q=${encodeURIComponent(title)}`);
    await card(page, title)
      .getByRole("button", { name: `View Analytics: ${title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: title });
    const revenue = dialog.getByRole("region", { name: "Revenue" });
    await expect(revenue.getByText("Total revenue")).toBeVisible();
    await expect(revenue).toContainText("£540");
    await expect(revenue).toContainText(/Stays\s*1/);
    const weeks = dialog.getByRole("table", { name: "Occupancy in the last 8 weeks" });
    await expect(weeks.getByRole("row")).toHaveCount(9);
    await axe.expectNoViolations({ label: "listing analytics" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await owner.context.close();
  });

  test("on a phone the cards stack, nothing overflows, and the page passes axe", async ({ page, axe }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsAdmin(page);
    await expect(page.getByRole("article").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await axe.expectNoViolations({ label: "property management phone" });
  });

  test("a search that finds nothing says No Properties Found", async ({ page }) => {
    await openAsAdmin(page);
    await search(page, `nothing-${randomUUID()}`);
    await expect(page.getByText("No Properties Found")).toBeVisible();
    await page.getByRole("button", { name: "Clear the search" }).click();
    await expect(page.getByRole("article").first()).toBeVisible();
  });

  test("a landlord who opens Property Management is told it is for administrators", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/admin/properties");
    await expect(
      page.getByText(
        "You don't have the required role to access this area. Required: Administrator. Your role: Landlord/Owner",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Property Management" })).toHaveCount(0);
    await axe.expectNoViolations({ label: "property management wrong role" });
  });
});
