import type { Browser, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { analyzeAccessibility, formatViolations } from "../support/axe";
import { expect, test, waitForApp } from "../support/test";

/**
 * Messages between a guest and a host: a question from the listing page, the host's answer from the inbox, the
 * guest's badge and the answer; the inbox, a conversation and the contact dialog pass axe at desktop and phone
 * widths, and are photographed for a person to look at.
 */

/** A listing of landlord@ (James), run with manager@: either of them may answer. */
const LISTING = "westminster-luxury-flat";
/** Another of James's listings, given answered enquiries so its host figures show. */
const FIGURES_LISTING = "camden-modern-studio";
const SCREENS = "test-results/messages-screens";

async function signedInPage(browser: Browser, email?: string): Promise<{ page: Page; name?: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (email) {
    await signInThroughApi(page.request, email);
    return { page };
  }
  const person = await registerVerifiedGuest(page.request, "asker");
  return { page, name: `${person.firstName} ${person.lastName.charAt(0)}.` };
}

/** Goes to `path` and waits until the app has taken the page over (a drawn page's buttons work from then). */
async function go(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

/** Fails with a readable list when axe finds WCAG 2.2 A/AA violations on the page as it is. */
async function expectAccessible(page: Page, label: string) {
  const violations = await analyzeAccessibility(page);
  expect(violations, formatViolations(violations, label)).toEqual([]);
}

const messagesLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Messages/ });

async function askFromListing(page: Page, slug: string, question: string) {
  await go(page, `/property/${slug}`);
  await page.getByRole("button", { name: "Contact host" }).click();
  const dialog = page.getByRole("dialog", { name: /^Contact / });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Your message").fill(question);
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("dialog", { name: "Message sent" })).toBeVisible();
}

test.describe("messages between a guest and a host", () => {
  test("a guest asks from the listing page, the host answers from the inbox, and the guest sees the badge and the reply", async ({
    browser,
  }) => {
    const guest = await signedInPage(browser);
    const host = await signedInPage(browser, DEMO_ACCOUNTS.landlord);
    const question = `Is the flat quiet at night? (ref ${Math.random().toString(36).slice(2, 8)})`;

    await askFromListing(guest.page, LISTING, question);
    await guest.page.getByRole("link", { name: "View conversation" }).click();
    await expect(guest.page).toHaveURL(/\/messages\/\d+$/);
    await expect(guest.page.getByRole("list", { name: "Messages" }).getByText(question)).toBeVisible();
    const threadUrl = guest.page.url();

    // The host sees a badge, finds the conversation in the inbox and answers.
    await go(host.page, "/dashboard");
    await expect(messagesLink(host.page)).toHaveAccessibleName(/^Messages, \d+ unread$/);
    await messagesLink(host.page).click();
    await expect(host.page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await host.page
      .getByRole("list", { name: "Conversations" })
      .getByRole("link", { name: new RegExp(guest.name ?? "") })
      .first()
      .click();
    await expect(host.page.getByRole("list", { name: "Messages" }).getByText(question)).toBeVisible();
    await host.page.getByLabel(/^Reply to /).fill("Very quiet: the bedrooms face the courtyard.");
    await host.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(
      host.page.getByRole("list", { name: "Messages" }).getByText("Very quiet: the bedrooms face the courtyard."),
    ).toBeVisible();

    // The guest's header counts the answer; opening the conversation reads it and clears the badge.
    await go(guest.page, "/properties");
    await expect(messagesLink(guest.page)).toHaveAccessibleName("Messages, 1 unread");
    await messagesLink(guest.page).click();
    await guest.page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
    await expect(guest.page).toHaveURL(threadUrl);
    await expect(
      guest.page.getByRole("list", { name: "Messages" }).getByText("Very quiet: the bedrooms face the courtyard."),
    ).toBeVisible();
    await expect(messagesLink(guest.page)).toHaveAccessibleName("Messages");

    await guest.page.context().close();
    await host.page.context().close();
  });

  test("a guest opens a stay's own conversation with the host from My Bookings", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/bookings");
    const first = page.getByRole("link", { name: /^Message host about / }).first();
    const about = ((await first.getAttribute("aria-label")) ?? "").replace("Message host about ", "");
    await first.click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    const conversation = page.getByRole("region", { name: /\S/ }).filter({ has: page.getByLabel(/^Reply to /) });
    await expect(conversation.getByRole("link", { name: about })).toBeVisible();
    await expect(conversation.getByText(/^Stay \d{1,2} \w{3} – \d{1,2} \w{3} · /)).toBeVisible();
  });

  test("a host opens a stay's conversation from All Bookings and writes to the guest first", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/landlord/bookings");
    const card = page
      .locator("article")
      .filter({ has: page.getByRole("link", { name: /^Message guest / }) })
      .first();
    const reference = (await card.getAttribute("data-booking-reference")) ?? "";
    expect(reference).toMatch(/^SL-\d{6}$/);
    await card.getByRole("link", { name: new RegExp(`^Message guest .* about ${reference}$`) }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    const note = `Your keys are in the lockbox by the door (${Math.random().toString(36).slice(2, 8)}).`;
    await page.getByLabel(/^Reply to /).fill(note);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("list", { name: "Messages" }).getByText(note)).toBeVisible();
  });

  for (const width of [1280, 390] as const) {
    const label = width === 1280 ? "desktop" : "phone";
    test(`the contact dialog, the inbox and a conversation pass axe on a ${label} (${width} px)`, async ({
      browser,
      database,
    }) => {
      await database.answeredEnquiries(FIGURES_LISTING, 4, 40);
      const guest = await signedInPage(browser);
      const page = guest.page;
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });

      await go(page, `/property/${FIGURES_LISTING}`);
      const hostSection = page.getByRole("region", { name: "Your host" });
      await expect(hostSection.getByText("Response rate:")).toBeVisible();
      await expect(hostSection.getByText("within an hour")).toBeVisible();
      await hostSection.scrollIntoViewIfNeeded();
      await expectAccessible(page, `listing (${label})`);
      await hostSection.screenshot({ path: `${SCREENS}/listing-contact-${label}.png` });

      await page.getByRole("button", { name: "Contact host" }).click();
      const dialog = page.getByRole("dialog", { name: /^Contact / });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, `contact dialog (${label})`);
      await dialog.getByRole("button", { name: "Send message" }).click();
      await expect(dialog.getByText("Message is required")).toBeVisible();
      await dialog.getByLabel("Your message").fill("Hello! Could we check in at 11:00? My number is 07700 900123.");
      await page.screenshot({ path: `${SCREENS}/contact-dialog-${label}.png` });
      await dialog.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("dialog", { name: "Message sent" })).toBeVisible();
      await expectAccessible(page, `contact dialog, sent (${label})`);
      await page.getByRole("link", { name: "View conversation" }).click();

      await expect(page.getByRole("list", { name: "Messages" })).toBeVisible();
      await expectAccessible(page, `conversation (${label})`);
      await page.screenshot({ path: `${SCREENS}/thread-${label}.png`, fullPage: true });

      await go(page, "/messages");
      await expect(page.getByRole("list", { name: "Conversations" })).toBeVisible();
      await expectAccessible(page, `inbox (${label})`);
      await page.screenshot({ path: `${SCREENS}/inbox-${label}.png`, fullPage: true });

      // The host's inbox has many conversations: what a busy host sees.
      const host = await signedInPage(browser, DEMO_ACCOUNTS.landlord);
      await host.page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await go(host.page, "/messages");
      await expect(host.page.getByRole("list", { name: "Conversations" })).toBeVisible();
      await expectAccessible(host.page, `host inbox (${label})`);
      await host.page.screenshot({ path: `${SCREENS}/host-inbox-${label}.png`, fullPage: true });
      await host.page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
      await expect(host.page.getByRole("list", { name: "Messages" })).toBeVisible();
      await expectAccessible(host.page, `host conversation (${label})`);
      await host.page.screenshot({ path: `${SCREENS}/host-thread-${label}.png`, fullPage: true });

      await page.context().close();
      await host.page.context().close();
    });
  }
});
