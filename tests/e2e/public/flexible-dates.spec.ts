import { londonToday } from "../../../common/domain/calendar-dates";
import { formatWindow } from "../../../common/domain/flex-kinds";
import { browseCards } from "../support/properties";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * Flexible dates: from the home hero, "a week in June" of next year, to results whose cards show each listing's first
 * free week and link to the listing with those dates. The demo listings are mostly free that far ahead; what each
 * card must show is read from the API, not assumed.
 */
const nextYear = Number(londonToday().slice(0, 4)) + 1;
const JUNE = `${nextYear}-06`;
const JUNE_CHIP = `Jun ${nextYear}`;

type Card = { id: number; title: string; window?: { checkIn: string; checkOut: string } };

test("a guest searches the home hero for a week in June and each result shows and links its first free week", async ({
  page,
  axe,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const hero = page.getByRole("form", { name: "Search properties" });
  await hero.getByLabel(/^Where/).fill("London");

  // The keyboard reaches the choice: Tab onto "Flexible" and press it with Space.
  const flexible = hero.getByRole("button", { name: "Flexible", exact: true });
  await flexible.focus();
  await page.keyboard.press("Space");
  await expect(flexible).toHaveAttribute("aria-pressed", "true");
  await expect(hero.getByLabel(/^Check-in/)).toHaveCount(0);

  // Nothing chosen yet: the months say so, and nothing is searched.
  await hero.getByRole("button", { name: "Search", exact: true }).click();
  await expect(hero.getByText("Choose at least one month.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await hero.getByRole("button", { name: "A week", exact: true }).click();
  await hero.getByRole("button", { name: JUNE_CHIP }).click();
  await expect(hero.getByRole("button", { name: JUNE_CHIP })).toHaveAttribute("aria-pressed", "true");
  await expect(hero.getByText("Choose at least one month.")).toHaveCount(0);
  await axe.expectNoViolations({ label: "home, flexible dates open" });
  await expectPhoneLayoutAccessible(page, axe, "home, flexible dates open");
  await page.setViewportSize({ width: 1280, height: 800 });

  await hero.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/properties\\?city=London&flex=week&months=${JUNE}$`));

  const answer = await request.get(`/api/properties?city=London&flex=week&months=${JUNE}&pageSize=24`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const expected = (await answer.json()) as Card[];
  expect(expected.length).toBeGreaterThan(0);
  const first = expected[0] as Card;
  expect(first.window?.checkIn.startsWith(JUNE)).toBe(true);

  const card = browseCards(page).filter({ hasText: first.title }).first();
  const window = first.window as { checkIn: string; checkOut: string };
  await expect(card).toContainText(formatWindow(window.checkIn, window.checkOut));
  await expect(card).toContainText("7 nights");
  // The browse page keeps the choice: "Flexible" pressed, "A week" and June chosen.
  const filters = page.getByRole("search", { name: "Filter properties" });
  await expect(filters.getByRole("button", { name: "Flexible", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(filters.getByRole("button", { name: "A week", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(filters.getByRole("button", { name: JUNE_CHIP })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("aria-busy", "false");
  await axe.expectNoViolations({ label: "browse, a week in June" });
  await expectPhoneLayoutAccessible(page, axe, "browse, a week in June");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The card leads to the listing with its window filled in.
  await card.getByRole("link", { name: /View Details & Book/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/property/${first.id}\\?checkIn=${window.checkIn}&checkOut=${window.checkOut}`),
  );
});

test("a bad flexible search in the address gets a 400 that says what to fix", async ({ request }) => {
  const response = await request.get(`/api/properties?flex=week&months=${JUNE}&checkIn=${JUNE}-03&checkOut=${JUNE}-06`);
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { message: string }).message).toMatch(/cannot be combined with checkIn/);
});
