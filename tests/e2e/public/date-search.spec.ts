import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { fieldDate } from "../support/calendar";
import { browseCards, foundCountText, parsePounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * Date-aware search (issue 4 item 3): dates and guests on the browse page, carried to a property whose price
 * card shows the server's quote, and on to the booking wizard.
 *
 * The demo data gives the demo guest a confirmed stay at the Westminster Luxury Flat (id 1) from 19 to 24 days
 * after the day it was seeded, so a stay 20 to 23 days ahead always finds it taken. Other browser tests book
 * 200 to 600 days ahead, so they never change what these dates find.
 */
const today = londonToday();
const CHECK_IN = addDays(today, 20);
const CHECK_OUT = addDays(today, 23);
const STAY = `checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&guests=2`;
const TAKEN_TITLE = "Westminster Luxury Flat";

type Quote = {
  available: boolean;
  nights: number;
  subtotal: number;
  serviceFee: number;
  total: number;
  reasons: string[];
};

function stayFields(page: Page) {
  const filters = page.getByRole("search", { name: "Filter properties" });
  return {
    checkIn: filters.getByLabel(/^Check-in/),
    checkOut: filters.getByLabel(/^Check-out/),
    guests: filters.getByRole("button", { name: /^Guests/ }),
    clearAll: filters.getByRole("button", { name: "Clear All Filters" }),
  };
}

function priceCard(page: Page) {
  const card = page.getByRole("main").getByRole("region", { name: "Price and booking" });
  return {
    card,
    checkIn: card.getByLabel(/^Check-in/),
    checkOut: card.getByLabel(/^Check-out/),
    guests: card.getByRole("button", { name: /^Guests/ }),
    bookNow: card.getByRole("link", { name: "Book Now" }),
  };
}

async function apiTotal(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/properties?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return Number(response.headers()["x-total-count"]);
}

async function apiQuote(request: APIRequestContext, propertyId: string, query: string): Promise<Quote> {
  const response = await request.get(`/api/properties/${propertyId}/quote?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Quote;
}

/** The "N properties found" number once it equals `expected`. */
async function expectFound(page: Page, expected: number) {
  await expect(foundCountText(page)).toHaveText(new RegExp(`^\\s*${expected.toLocaleString("en-GB")} propert`));
}

/** The result list has its answer (not the previous one, dimmed, while the next is fetched). */
async function expectResultsSettled(page: Page) {
  await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("aria-busy", "false");
}

/** Records every property search the page sends, to show what reached the server. */
function recordSearches(page: Page): URL[] {
  const sent: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/properties") sent.push(url);
  });
  return sent;
}

test.describe("searching by dates", () => {
  test("a visitor who chooses dates and guests sees the URL and the count follow, and only places free for those nights", async ({
    page,
    request,
  }) => {
    const sent = recordSearches(page);
    await page.goto("/properties");
    const withoutDates = await apiTotal(request, "pageSize=1");
    await expectFound(page, withoutDates);

    const f = stayFields(page);
    await f.checkIn.fill(CHECK_IN);
    await f.checkOut.fill(CHECK_OUT);
    await f.guests.click();
    await page.getByRole("button", { name: "More adults" }).click();
    await page.keyboard.press("Escape");

    await expect(page).toHaveURL(/[?&]adults=2/);
    const url = new URL(page.url());
    expect(url.searchParams.get("checkIn")).toBe(CHECK_IN);
    expect(url.searchParams.get("checkOut")).toBe(CHECK_OUT);

    const withDates = await apiTotal(request, STAY);
    expect(withDates).toBeLessThan(withoutDates);
    await expectFound(page, withDates);
    await expect(page.getByText(/Your dates:/)).toContainText("3 nights, 2 guests");
    expect(sent.some((u) => u.searchParams.get("checkIn") === CHECK_IN && u.searchParams.get("adults") === "2")).toBe(
      true,
    );

    // The flat booked over these nights is not offered; every card links to its property with the stay.
    await expect(browseCards(page).first()).toBeVisible();
    await expect(browseCards(page).filter({ hasText: TAKEN_TITLE })).toHaveCount(0);
    const links = browseCards(page).getByRole("link", { name: /View Details & Book/ });
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(new RegExp(`^/property/\\d+\\?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&adults=2$`));
    }

    // Without the dates the flat is back.
    await f.clearAll.click();
    await expect(f.checkIn).toHaveValue("");
    await expect(f.checkOut).toHaveValue("");
    await expect(f.guests).toHaveAccessibleName("Guests 1 guest");
    await expect(page).not.toHaveURL(/checkIn|checkOut|guests/);
    await expectFound(page, withoutDates);
  });

  test("a visitor opens a property from a date search and sees the server's price for those nights, and Book Now carries them", async ({
    page,
    request,
  }) => {
    await page.goto(`/properties?${STAY}`);
    const first = browseCards(page).first();
    await first.getByRole("link", { name: /View Details & Book/ }).click();
    // The card carries the stay, with who comes as adults.
    await expect(page).toHaveURL(new RegExp(`/property/\\d+\\?${STAY.replace("guests=2", "adults=2")}$`));
    const propertyId = new URL(page.url()).pathname.split("/").pop() ?? "";

    const p = priceCard(page);
    await expect(p.checkIn).toHaveValue(fieldDate(CHECK_IN));
    await expect(p.checkOut).toHaveValue(fieldDate(CHECK_OUT));
    await expect(p.guests).toHaveAccessibleName(/^Guests 2 guests/);

    const quote = await apiQuote(request, propertyId, STAY);
    expect(quote).toMatchObject({ available: true, nights: 3 });
    await expect(p.card.getByText(/^(£[\d,.]+ × )?3 nights$/)).toBeVisible();
    // The figures: first the all-in total, then the breakdown; the last is the total.
    const total = p.card.getByRole("definition").last();
    await expect(p.card.getByRole("term").last()).toHaveText("Total");
    expect(parsePounds((await total.textContent()) ?? "")).toBe(quote.total);
    expect(parsePounds((await p.card.getByRole("definition").first().textContent()) ?? "")).toBe(quote.total);
    expect(parsePounds((await p.card.getByRole("definition").nth(1).textContent()) ?? "")).toBe(quote.subtotal);
    expect(parsePounds((await p.card.getByRole("definition").nth(2).textContent()) ?? "")).toBe(quote.serviceFee);
    // Exact: the stay's mode line above the figures mentions the service fee too.
    await expect(p.card.getByText("Service fee", { exact: true })).toBeVisible();
    await expect(p.card.getByText("Short let.", { exact: true })).toBeVisible();
    // "Best Price" only beside a higher price the listing really charged lately.
    const detail = (await (await request.get(`/api/properties/${propertyId}`)).json()) as {
      originalPricePerNight: string | null;
    };
    await expect(p.card.getByText("Best Price")).toHaveCount(detail.originalPricePerNight ? 1 : 0);
    await expect(p.card.getByText(/You won['’]t be charged yet/)).toBeVisible();

    await expect(p.bookNow).toHaveAttribute("href", `/booking/${propertyId}?${STAY.replace("guests=2", "adults=2")}`);

    // One night fewer (free, as the three were): the price card asks the server again.
    const shorter = addDays(CHECK_OUT, -1);
    await p.checkOut.fill(shorter);
    await expect(page).toHaveURL(new RegExp(`checkOut=${shorter}`));
    const shorterQuote = await apiQuote(request, propertyId, `checkIn=${CHECK_IN}&checkOut=${shorter}&guests=2`);
    expect(shorterQuote).toMatchObject({ available: true, nights: 2 });
    await expect(p.card.getByText(/^(£[\d,.]+ × )?2 nights$/)).toBeVisible();
    await expect
      .poll(async () => parsePounds((await p.card.getByRole("definition").last().textContent()) ?? ""))
      .toBe(shorterQuote.total);
    await expect(p.bookNow).toHaveAttribute(
      "href",
      `/booking/${propertyId}?checkIn=${CHECK_IN}&checkOut=${shorter}&adults=2`,
    );
  });

  test("a visitor whose dates are taken is told why and cannot book them", async ({ page }) => {
    await page.goto(`/property/1?${STAY}`);
    const p = priceCard(page);
    await expect(page.getByRole("heading", { level: 1, name: TAKEN_TITLE })).toBeVisible();
    await expect(p.card.getByText("These dates can't be booked")).toBeVisible();
    await expect(p.card.getByText("These dates are no longer available")).toBeVisible();
    await expect(p.bookNow).toHaveCount(0);
    await expect(p.card.getByRole("button", { name: "Book Now" })).toBeDisabled();
  });

  test("a visitor whose check-out is not after check-in is told so, and the dates are not searched", async ({
    page,
    request,
  }) => {
    const sent = recordSearches(page);
    await page.goto("/properties");
    const f = stayFields(page);
    await f.checkIn.fill(addDays(today, 30));
    await f.checkOut.fill(addDays(today, 28));

    await expect(page.getByText("Check-out must be after check-in.")).toBeVisible();
    await expect(f.checkOut).toHaveAttribute("aria-invalid", "true");
    await expectFound(page, await apiTotal(request, "pageSize=1"));
    // The server drew the first page of results; the browser has asked for nothing with the bad dates since.
    expect(sent.filter((u) => u.searchParams.has("checkIn") || u.searchParams.has("checkOut"))).toEqual([]);

    // Putting it right searches the dates.
    await f.checkOut.fill(addDays(today, 33));
    await expect(page.getByText("Check-out must be after check-in.")).toBeHidden();
    await expect(f.checkOut).not.toHaveAttribute("aria-invalid", "true");
    await expectFound(page, await apiTotal(request, `checkIn=${addDays(today, 30)}&checkOut=${addDays(today, 33)}`));
  });

  test("a visitor who follows a link with a past check-in is told so, and the dates are not searched", async ({
    page,
    request,
  }) => {
    const sent = recordSearches(page);
    await page.goto(`/properties?checkIn=${addDays(today, -1)}&checkOut=${addDays(today, 2)}`);
    await expect(page.getByText(/Check-in can't be in the past/)).toBeVisible();
    await expect(stayFields(page).checkIn).toHaveAttribute("aria-invalid", "true");
    // The results the server drew with the page ignore the past dates, and the browser sends none either.
    await expectFound(page, await apiTotal(request, "pageSize=1"));
    expect(sent.filter((u) => u.searchParams.has("checkIn"))).toEqual([]);
    await expect(page.getByText(/Your dates:/)).toHaveCount(0);
  });

  test("a visitor who searches from the home page with reversed dates is told at the field", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("form").filter({ has: page.getByPlaceholder("Where in London?") });
    await form.getByLabel(/^Where/).fill("Camden");
    await form.getByLabel(/^Check-in/).fill(addDays(today, 12));
    await form.getByLabel(/^Check-out/).fill(addDays(today, 10));
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(form.getByText("Check-out must be after check-in.")).toBeVisible();
    await expect(form.getByLabel(/^Check-out/)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/$/);
  });
});

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`date search accessibility on ${name}`, () => {
    test.use({ viewport, contextOptions: { reducedMotion: "reduce" } });

    test("the browse page with dates and guests has no WCAG 2.2 A/AA violations", async ({ page, axe }) => {
      await page.goto(`/properties?${STAY}`);
      await expect(page.getByText(/Your dates:/)).toBeVisible();
      await expect(browseCards(page).first()).toBeVisible();
      await expectResultsSettled(page);
      await axe.expectNoViolations({ label: `/properties with dates (${name})` });

      // And while explaining a bad pair of dates.
      await stayFields(page).checkOut.fill(addDays(CHECK_IN, -1));
      await expect(page.getByText("Check-out must be after check-in.")).toBeVisible();
      await expectResultsSettled(page);
      await axe.expectNoViolations({ label: `/properties with reversed dates (${name})` });
    });

    test("a property with a quote has no WCAG 2.2 A/AA violations", async ({ page, axe }) => {
      await page.goto(`/property/2?${STAY}`);
      // The card prices the stay once it is live, which it becomes as the visitor reaches it.
      await priceCard(page).card.scrollIntoViewIfNeeded();
      await expect(priceCard(page).card.getByText("Total")).toBeVisible();
      await axe.expectNoViolations({ label: `/property/2 with a quote (${name})` });

      await page.goto(`/property/1?${STAY}`);
      await priceCard(page).card.scrollIntoViewIfNeeded();
      await expect(priceCard(page).card.getByText("These dates can't be booked")).toBeVisible();
      await axe.expectNoViolations({ label: `/property/1 with taken dates (${name})` });
    });
  });
}
