import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { CALENDAR_VIEWPORTS, fieldDate } from "../support/calendar";
import { heroSearch } from "../support/hero";
import { expect, test } from "../support/test";

/**
 * The home hero's stay dates for a visitor whose browser speaks American English: written British, typed day first,
 * reachable by keyboard down to the calendar button, and the search still asks browse for ISO dates.
 */

test.use({ locale: "en-US", timezoneId: "Europe/London" });

/** "12/06/2027": a day as a British visitor types it. */
const typedBritish = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const checkIn = addDays(londonToday(), 40);
const checkOut = addDays(checkIn, 3);

test("the hero's dates read British in an American browser, take a day typed 12/06/2027, and the search lands on browse with ISO dates", async ({
  page,
}) => {
  await page.goto("/");
  const h = heroSearch(page);
  await h.where.fill("Camden");
  await h.checkIn.fill(typedBritish(checkIn));
  await h.checkIn.press("Tab");
  await expect(h.checkIn).toHaveValue(fieldDate(checkIn));
  await h.checkOut.fill(typedBritish(checkOut));
  await h.checkOut.press("Tab");
  await expect(h.checkOut).toHaveValue(fieldDate(checkOut));
  // Not what the browser's own date field would write here (mm/dd/yyyy).
  await expect(h.checkIn).not.toHaveValue(`${checkIn.slice(5, 7)}/${checkIn.slice(8)}/${checkIn.slice(0, 4)}`);
  await h.search.click();

  await expect(page).toHaveURL(/\/properties\?/);
  const query = new URL(page.url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({ city: "Camden", checkIn, checkOut });
  const stay = page.getByRole("group", { name: "Your stay" });
  await expect(stay.getByLabel(/^Check-in/)).toHaveValue(fieldDate(checkIn));
  await expect(stay.getByLabel(/^Check-out/)).toHaveValue(fieldDate(checkOut));
});

test("a day typed before the page has come to life is taken once it has, as if typed after", async ({ context }) => {
  // Hold the page's code back so the visitor types into the server's HTML, as on a slow phone. A page of its own: the
  // fixture's page waits for the app before anything is typed.
  const page = await context.newPage();
  let release = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*.js", async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  const h = heroSearch(page);
  await h.checkIn.fill(typedBritish(checkIn));
  release();
  await expect(h.checkIn).toHaveValue(fieldDate(checkIn));
  await h.where.fill("Camden");
  await h.checkOut.fill(typedBritish(checkOut));
  await h.checkOut.press("Tab");
  await h.search.click();
  await expect(page).toHaveURL(/\/properties\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ city: "Camden", checkIn, checkOut });
});

test("the hero refuses a check-out before the check-in with a message at the field, and stays on the home page", async ({
  page,
}) => {
  await page.goto("/");
  const h = heroSearch(page);
  await h.where.fill("Camden");
  await h.checkIn.fill(typedBritish(checkOut));
  await h.checkOut.fill(typedBritish(checkIn));
  await h.search.click();
  await expect(h.form.getByText("Check-out must be after check-in.")).toBeVisible();
  await expect(h.checkOut).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/$/);
});

test("Tab reaches each date's calendar button, named and with a focus ring, and Enter opens the browser's date picker", async ({
  page,
}) => {
  // The native picker draws outside the page, where no test can see it: the page's calls to open it are recorded.
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { openedPickers: string[] }).openedPickers = opened;
    HTMLInputElement.prototype.showPicker = function showPicker(this: HTMLInputElement) {
      opened.push(this.title);
    };
  });
  await page.goto("/");
  const h = heroSearch(page);
  const checkInButton = h.form.getByRole("button", { name: "Choose check-in date" });
  const checkOutButton = h.form.getByRole("button", { name: "Choose check-out date" });
  await expect(checkInButton).toBeVisible();

  await h.checkIn.focus();
  await page.keyboard.press("Tab");
  await expect(checkInButton).toBeFocused();
  expect(await checkInButton.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { openedPickers: string[] }).openedPickers))
    .toEqual(["Choose check-in date"]);

  await page.keyboard.press("Tab");
  await expect(h.checkOut).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(checkOutButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { openedPickers: string[] }).openedPickers))
    .toEqual(["Choose check-in date", "Choose check-out date"]);
});

for (const viewport of CALENDAR_VIEWPORTS) {
  test(`the hero with its British date fields has no accessibility violations, filled or refused (${viewport.name})`, async ({
    page,
    axe,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/");
    const h = heroSearch(page);
    await h.checkIn.fill(typedBritish(checkIn));
    await h.checkIn.press("Tab");
    await expect(h.checkIn).toHaveValue(fieldDate(checkIn));
    await axe.expectNoViolations({ label: `home hero, a date typed (${viewport.name})` });
    await h.search.click();
    await expect(h.checkOut).toHaveAttribute("aria-invalid", "true");
    await axe.expectNoViolations({ label: `home hero, fields missing (${viewport.name})` });
    const shot = testInfo.outputPath(`hero-dates-${viewport.name}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`hero dates (${viewport.name})`, { path: shot, contentType: "image/png" });
  });
}
