import {
  newestMessageTo,
  register,
  toast,
  uniquePerson,
  verificationLinkFor,
  verificationLinkIn,
} from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("email verification", () => {
  test("a new landlord follows the link in the verification email and sees their email verified, once", async ({
    page,
    request,
    axe,
  }) => {
    const landlord = uniquePerson("landlord");
    await register(request, landlord, "landlord");
    const link = await verificationLinkFor(request, landlord.email);

    // The token works once, so the page must post it exactly once.
    const verifyCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/verify-email")) verifyCalls.push(`${r.method()} ${r.url()}`);
    });

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
    // Signed out (a landlord cannot sign in before this step): the way on is through sign-in.
    await expect(page.getByRole("link", { name: "Continue to Dashboard" })).toHaveAttribute("href", "/auth");
    await axe.expectNoViolations({ label: "verify-email success" });
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]).toMatch(/^POST .*\/api\/auth\/verify-email\?token=/);

    // The same link again: the token has been used.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Verification Failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact?topic=account");
    await axe.expectNoViolations({ label: "verify-email error" });
  });

  test("a visitor with a made-up token sees the error state", async ({ page }) => {
    await page.goto("/verify-email?token=not-a-real-token-at-all");
    await expect(page.getByRole("heading", { level: 1, name: "Verification Failed" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Error", { exact: true })).toBeVisible();
  });

  test("a visitor without a token is told that no verification token was provided", async ({ page }) => {
    await page.goto("/verify-email");
    await expect(page.getByRole("heading", { level: 1, name: "Verification Failed" })).toBeVisible();
    await expect(page.getByText("No verification token provided")).toBeVisible();
  });

  test("a signed-in guest verifies their email and continues to the dashboard", async ({ page }) => {
    const guest = uniquePerson("guest");
    await register(page.request, guest, "guest");
    const link = await verificationLinkFor(page.request, guest.email);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue to Dashboard" })).toHaveAttribute("href", "/dashboard");

    // The signed-in user was read again: the status page now shows the email as verified.
    await page.goto("/verification-status");
    await expect(
      page.getByRole("region", { name: "Email verification" }).getByText("Verified", { exact: true }),
    ).toBeVisible();
  });

  test("a visitor whose link has expired asks for a new one by typing their address, and the new link works", async ({
    page,
    request,
    database,
    axe,
  }) => {
    const landlord = uniquePerson("landlord");
    await register(request, landlord, "landlord");
    const first = await newestMessageTo(request, landlord.email, "email");
    // Links expire after 24 hours, which a test cannot wait for: the link is made a day old in the database.
    await database.ageEmailVerificationLink(landlord.email);

    await page.goto(verificationLinkIn(first));
    await expect(page.getByRole("heading", { level: 1, name: "Verification Link Expired" })).toBeVisible();
    await expect(page.getByText("This verification link has expired. Please ask for a new one.")).toBeVisible();
    await axe.expectNoViolations({ label: "verify-email expired" });

    // The server answers alike whether or not an account has the address, so that nobody can probe for accounts.
    const stranger = uniquePerson("stranger");
    await page.getByLabel("Email address").fill(stranger.email);
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(toast(page, "Email verification sent")).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toContainText(stranger.email);

    // The landlord's own address: a new link arrives.
    await page.getByLabel("Email address").fill(landlord.email);
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(landlord.email);
    const resent = await newestMessageTo(request, landlord.email, "email", first);
    expect(verificationLinkIn(resent)).not.toBe(verificationLinkIn(first));

    // Asking again at once gets the same answer as for any address (a "please wait" would show the account
    // exists), but nothing is sent: a new link would retire the last one, which still works below.
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/auth/send-email-verification")),
      page.getByRole("button", { name: "Resend Verification Email" }).click(),
    ]);
    expect(again.status()).toBe(200);
    await expect(page.getByRole("main").getByRole("status")).toContainText(landlord.email);

    await page.goto(verificationLinkIn(resent));
    await expect(page.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
  });

  test("a new landlord who lost the e-mail asks for another at /resend-verification and verifies with it", async ({
    page,
    request,
    axe,
    database,
  }) => {
    const landlord = uniquePerson("resend-landlord");
    await register(request, landlord, "landlord");
    const first = await newestMessageTo(request, landlord.email, "email");
    // Past the minute the server waits between two links to one address.
    await database.ageEmailVerificationLink(landlord.email);

    await page.goto("/resend-verification");
    await expect(page.getByRole("heading", { level: 1, name: "Resend verification email" })).toBeVisible();
    await axe.expectNoViolations({ label: "resend verification" });
    await page.getByLabel("Email address").fill(landlord.email);
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(landlord.email);
    const resent = await newestMessageTo(request, landlord.email, "email", first);
    await page.goto(verificationLinkIn(resent));
    await expect(page.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
  });
});
