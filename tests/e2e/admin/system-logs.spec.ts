import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_ACCOUNTS, type Person, register, signInThroughApi, uniqueEmail, uniquePerson } from "../support/accounts";
import { expect, test } from "../support/test";

/** A sign-in with an address nobody registered: the server refuses it and System Logs records it. */
async function failSignIn(request: APIRequestContext): Promise<string> {
  const address = uniqueEmail("nobody");
  const response = await request.post("/api/auth/login", {
    data: { email: address, password: "not-anyones-password-77" },
  });
  expect(response.status()).toBe(401);
  return address;
}

/** A new guest, in a browser of their own, mistypes their password once: a refusal about a known account. */
async function failSignInOfNewGuest(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
): Promise<Person> {
  const guest = uniquePerson("forgetful-guest");
  const guestBrowser = await playwright.request.newContext({ baseURL });
  await register(guestBrowser, guest, "guest");
  await guestBrowser.post("/api/auth/logout");
  const refused = await guestBrowser.post("/api/auth/login", {
    data: { email: guest.email, password: "Not-my-password-11" },
  });
  expect(refused.status()).toBe(401);
  await guestBrowser.dispose();
  return guest;
}

const entries = (page: Page) => page.getByRole("list", { name: "Entries" }).getByRole("listitem");

/** The page must never be wider than the screen (a phone's layout viewport grows with what overflows it). */
async function expectNoSidewaysScroll(page: Page) {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(screenWidth);
}

test.describe("System Logs", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("an admin finds a refused sign-in by its address and narrows the log by type", async ({
    page,
    request,
    axe,
  }) => {
    const address = await failSignIn(request);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/system-logs");
    await expect(page.getByRole("heading", { level: 1, name: "System Logs" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "System Logs" }),
    ).toHaveAttribute("aria-current", "page");

    await page.getByLabel("User").fill(address);
    await expect(page).toHaveURL(/[?&]q=/);
    const entry = entries(page).filter({ hasText: "Sign-in refused: no account has this e-mail address" });
    await expect(entry).toHaveCount(1);
    await expect(entries(page)).toHaveCount(1);
    await expect(entry).toContainText(address);
    await expect(entry.getByText("Warning", { exact: true })).toBeVisible();
    await expect(entry.getByRole("time")).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/);
    await expect(entry).toContainText(/Request\s*[0-9a-f-]{36}/);
    await expect(page.getByText("1 entry, newest first")).toBeVisible();

    await entry.getByText("Details").click();
    await expect(entry).toContainText(/Reason\s*unknown_email/);
    await expect(entry).toContainText("IP address");
    await axe.expectNoViolations({ label: "system logs desktop" });
    await page.screenshot({ path: "/tmp/admin-logs-desktop-search.png", fullPage: true });

    // The refusal is a warning: the Error filter leaves nothing of it, the Warning filter brings it back.
    await page.getByLabel("Type").selectOption("error");
    await expect(page).toHaveURL(/[?&]type=error/);
    await expect(page.getByText("No entries match the filters")).toBeVisible();
    await expect(entries(page)).toHaveCount(0);
    await page.getByLabel("Type").selectOption("warning");
    await expect(entry).toHaveCount(1);

    // Clearing the filters shows the whole log again, the refusal among the newest.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByLabel("User")).toHaveValue("");
    await expect(page).toHaveURL(/\/admin\/system-logs$/);
    await expect(entries(page).filter({ hasText: address })).toHaveCount(1);
    await page.screenshot({ path: "/tmp/admin-logs-desktop.png", fullPage: true });
  });

  test("an admin who picks dates with no entries is told nothing matches", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/system-logs");
    await page.getByLabel("From", { exact: true }).fill("2001-01-01");
    await page.getByLabel("To", { exact: true }).fill("2001-01-31");
    await expect(page).toHaveURL(/from=2001-01-01/);
    await expect(page).toHaveURL(/to=2001-01-31/);
    await expect(page.getByText("No entries match the filters")).toBeVisible();
    await expect(page.getByText("0 entries, newest first")).toBeVisible();
    await axe.expectNoViolations({ label: "system logs no match" });

    // Dates out of order are explained at once, and nothing is asked of the server.
    await page.getByLabel("From", { exact: true }).fill("2001-02-15");
    await expect(page.getByRole("alert")).toHaveText("The From date must be on or before the To date.");
    await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Choose dates in order")).toBeVisible();
    await axe.expectNoViolations({ label: "system logs dates out of order" });
  });

  test("an admin opening a log with nothing in it yet is told logging is ready", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    // A brand-new platform's answer: no entries at all (the shared test server has some by now).
    await page.route("**/api/admin/system-logs*", (route) =>
      route.fulfill({ status: 200, headers: { "X-Total-Count": "0" }, contentType: "application/json", body: "[]" }),
    );
    await page.goto("/admin/system-logs");
    await expect(page.getByText("System logging is ready...", { exact: true })).toBeVisible();
    await expect(page.getByText("No entries match the filters")).toHaveCount(0);
  });

  test("an admin follows one account's entries and goes back to everyone's", async ({ page, playwright, baseURL }) => {
    const guest = await failSignInOfNewGuest(playwright, baseURL);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto(`/admin/system-logs?q=${encodeURIComponent(guest.email)}`);
    const entry = entries(page).filter({ hasText: "Sign-in refused: wrong password" });
    const profile = entry.getByRole("link", { name: new RegExp(guest.email.replace(/[.+]/g, "\\$&")) });
    await expect(profile).toHaveAttribute("href", /^\/admin\/users\/\d+\/profile$/);
    const userId = (await profile.getAttribute("href"))?.match(/\d+/)?.[0];

    await page.goto(`/admin/system-logs?userId=${userId}`);
    await expect(page.getByText(`Only entries by or about user #${userId}.`)).toBeVisible();
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Sign-in refused: wrong password");
    await page.getByRole("button", { name: "Show everyone" }).click();
    await expect(page).not.toHaveURL(/userId=/);
    await expect(page.getByText(/Only entries by or about user/)).toHaveCount(0);
  });

  test("a guest who opens System Logs is told it is for administrators", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/admin/system-logs");
    await expect(
      page.getByText(
        "You don't have the required role to access this area. Required: Administrator. Your role: Guest/Tenant",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "System Logs" })).toHaveCount(0);
  });
});

test.describe("System Logs on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("entries are cards that fit the screen, and the page passes axe", async ({ page, playwright, baseURL, axe }) => {
    const guest = await failSignInOfNewGuest(playwright, baseURL);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/system-logs");
    await expect(entries(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await axe.expectNoViolations({ label: "system logs phone" });
    await page.screenshot({ path: "/tmp/admin-logs-phone.png", fullPage: true });

    // A long name and address wrap inside the card.
    await page.goto(`/admin/system-logs?q=${encodeURIComponent(guest.email)}`);
    const entry = entries(page).filter({ hasText: "Sign-in refused: wrong password" });
    await expect(entry).toHaveCount(1);
    await entry.getByText("Details").click();
    await expect(entry).toContainText("wrong_password");
    await expectNoSidewaysScroll(page);
    await axe.expectNoViolations({ label: "system logs phone details" });
    await page.screenshot({ path: "/tmp/admin-logs-phone-details.png", fullPage: true });
  });
});
