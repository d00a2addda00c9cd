import { DEMO_ACCOUNTS, register, signInThroughApi, toast, uniquePerson } from "../support/accounts";
import { expect, test } from "../support/test";
import { expectFeatureAccess } from "../support/verification";

test.describe("verification status", () => {
  test("an unverified guest sees what is locked until they verify, and asks for the email", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.unverifiedGuest);
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
    await expectFeatureAccess(page, {
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
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/verification-status");
    await expect(
      page.getByRole("region", { name: "Email verification" }).getByText("Verified", { exact: true }),
    ).toBeVisible();
    await expectFeatureAccess(page, {
      "Save favourites": "Available",
      "Book properties": "Available",
      "Post properties": "Landlords only",
    });
  });

  test("a verified landlord may post properties", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/verification-status");
    await expectFeatureAccess(page, { "Post properties": "Available", "Book properties": "Available" });
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
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Fverification-status",
    );
    await axe.expectNoViolations({ label: "verification-status signed out" });
  });
});
