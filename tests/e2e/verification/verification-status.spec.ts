import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { DEMO, register, signIn, toast, uniquePerson } from "./accounts";

/** Checks the "Your access" column of the feature access table, feature by feature. */
async function expectAccess(page: Page, expected: Record<string, string>) {
  const table = page.getByRole("table", { name: "Feature access by verification" });
  for (const [feature, access] of Object.entries(expected)) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: feature, exact: true }) });
    await expect(row.getByRole("cell").last(), feature).toHaveText(access);
  }
}

test.describe("verification status", () => {
  test("an unverified guest sees what is locked until they verify, and asks for the email", async ({ page, axe }) => {
    await signIn(page.request, DEMO.unverifiedGuest);
    await page.goto("/verification-status");
    await expect(page.getByRole("heading", { level: 1, name: "Verification Status" })).toBeVisible();

    const emailCard = page.getByRole("region", { name: "Email verification" });
    const phoneCard = page.getByRole("region", { name: "Phone verification" });
    await expect(emailCard.getByText("Not verified")).toBeVisible();
    await expect(phoneCard.getByText("Not verified")).toBeVisible();
    await expect(phoneCard.getByRole("link", { name: "Verify Phone Number" })).toHaveAttribute(
      "href",
      "/phone-verification",
    );

    await expect(page.getByRole("table", { name: "Feature access by verification" }).locator("tbody tr")).toHaveCount(
      7,
    );
    await expectAccess(page, {
      "Browse properties": "Available",
      "Create an account": "Available",
      "Save favourites": "Verify your email",
      "Leave reviews": "Verify your email",
      "Contact support": "Verify your email",
      "Book properties": "Verify your email and phone",
      "Post properties": "Landlords only",
    });
    await axe.expectNoViolations({ label: "verification-status unverified" });

    await emailCard.getByRole("button", { name: "Send Verification Email" }).click();
    await expect(toast(page, "Email verification sent")).toBeVisible();
  });

  test("a fully verified guest has access to every guest feature", async ({ page }) => {
    await signIn(page.request, DEMO.guest);
    await page.goto("/verification-status");
    await expect(
      page.getByRole("region", { name: "Email verification" }).getByText("Verified", { exact: true }),
    ).toBeVisible();
    await expectAccess(page, {
      "Save favourites": "Available",
      "Book properties": "Available",
      "Post properties": "Landlords only",
    });
  });

  test("a verified landlord may post properties", async ({ page }) => {
    await signIn(page.request, DEMO.landlord);
    await page.goto("/verification-status");
    await expectAccess(page, { "Post properties": "Available", "Book properties": "Available" });
  });

  test("a guest who asks again within a minute is told to wait", async ({ page }) => {
    // Registration has just sent the first e-mail.
    await register(page.request, uniquePerson("guest"), "guest");
    await page.goto("/verification-status");
    await page
      .getByRole("region", { name: "Email verification" })
      .getByRole("button", { name: "Send Verification Email" })
      .click();
    await expect(toast(page, "Failed to send verification")).toBeVisible();
  });

  test("a signed-out visitor is told that authentication is required", async ({ page, axe }) => {
    await page.goto("/verification-status");
    await expect(page.getByRole("heading", { level: 1, name: "Authentication Required" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await axe.expectNoViolations({ label: "verification-status signed out" });
  });
});
