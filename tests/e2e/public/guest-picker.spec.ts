import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

/** Tabs forward until the named control has focus (at most `limit` presses), as a keyboard user would. */
async function tabTo(page: Page, name: string, limit = 12) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    if (focused === name) return;
  }
  throw new Error(`${name} was not reached by Tab`);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a dog owner with a family tells the browse page who comes, by keyboard alone, at ${size.width}px`, async ({
    page,
    axe,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/properties");
    await expect(page.getByRole("heading", { name: "London Properties" })).toBeVisible();

    const picker = page.getByRole("button", { name: /^Guests 1 guest$/ });
    await picker.focus();
    await page.keyboard.press("Enter");
    await expect(picker).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByRole("group", { name: "Who is coming" });
    await expect(panel).toBeVisible();
    await axe.expectNoViolations({ label: `browse with the guest picker open (${size.width}px)` });

    await tabTo(page, "More adults");
    await page.keyboard.press("Enter");
    await tabTo(page, "More infants");
    await page.keyboard.press("Enter");
    await tabTo(page, "More pets");
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("status").filter({ hasText: "1" })).toHaveCount(2);

    // Escape closes the panel and gives focus back to the button, which sums up the party.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    const summary = page.getByRole("button", { name: "Guests 2 guests, 1 infant, 1 pet" });
    await expect(summary).toBeFocused();
    await expect(page).toHaveURL(/[?&]adults=2(&|$)/);
    await expect(page).toHaveURL(/[?&]infants=1(&|$)/);
    await expect(page).toHaveURL(/[?&]pets=1(&|$)/);
    await expect(page).not.toHaveURL(/[?&]guests=/);
    await axe.expectNoViolations({ label: `browse with a party chosen (${size.width}px)` });
  });
}

test("the price card's picker keeps adults and children within what the home sleeps", async ({ page, axe }) => {
  await page.goto("/property/1?adults=1");
  await expect(page.getByRole("heading", { level: 1, name: "Westminster Luxury Flat" })).toBeVisible();
  const picker = page.getByRole("button", { name: /^Guests 1 guest/ });
  await picker.focus();
  await page.keyboard.press("Enter");
  const more = page.getByRole("button", { name: "More children" });
  // Press until the home's capacity stops it: the button says so rather than going further.
  for (let i = 0; i < 12 && (await more.getAttribute("aria-disabled")) !== "true"; i++) await more.click();
  await expect(more).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText(/This home sleeps at most \d+ guests; infants are not counted\./)).toBeVisible();
  await axe.expectNoViolations({ label: "listing with the guest picker at capacity" });
});
