import type { Page } from "@playwright/test";
import { generate } from "otplib";
import {
  authScreen,
  createUserWithOperatorCommand,
  type Person,
  smsCodeFor,
  toast,
  uniqueEmail,
  uniquePerson,
  uniqueUkMobile,
  verificationLinkFor,
} from "../support/accounts";
import { expect, test } from "../support/test";
import { expectFeatureAccess, VERIFICATION_FEATURES } from "../support/verification";

/**
 * Onboarding end to end, the way people do it: everything through the browser, except reading the messages the app
 * "sends" (the dev outbox stands in for the mailbox and the phone).
 */

/** Create Account on /auth with a password. */
async function registerOnAuthPage(page: Page, person: Person, role: "Guest/Tenant" | "Landlord/Owner") {
  const auth = authScreen(page);
  await page.goto("/auth");
  await auth.registerTab.click();
  await (role === "Guest/Tenant" ? auth.guestRole : auth.landlordRole).click();
  await auth.firstName.fill(person.firstName);
  await auth.lastName.fill(person.lastName);
  await auth.email.fill(person.email);
  await auth.password.fill(person.password);
  await auth.createAccountButton.click();
}

/** On /phone-verification: a UK mobile, the texted code, Verify; then on to the dashboard. */
async function verifyPhoneOnPage(page: Page) {
  const phone = uniqueUkMobile();
  await expect(page.getByRole("heading", { level: 1, name: "Verify your phone number" })).toBeVisible();
  await page.getByLabel("Phone number").fill(phone.national);
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  await page.getByLabel("Verification code").fill(await smsCodeFor(page.request, phone.e164));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(toast(page, "Phone verified successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe("onboarding", () => {
  test("a guest registers, verifies their e-mail and phone, and can use every guest feature", async ({ page }) => {
    test.setTimeout(120_000);
    const guest = uniquePerson("guest");

    await registerOnAuthPage(page, guest, "Guest/Tenant");
    await expect(toast(page, "Account created!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${guest.firstName}` })).toBeVisible();
    const reminder = page.getByRole("region", { name: "Finish verifying your account" });
    await expect(reminder).toBeVisible();

    // The link in the e-mail, opened in the same browser.
    await page.goto(await verificationLinkFor(page.request, guest.email));
    await expect(page.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
    await page.getByRole("link", { name: "Continue to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The dashboard still asks for the phone; the way there is through the verification status.
    await reminder.getByRole("link", { name: "Verify now" }).click();
    await expect(page).toHaveURL(/\/verification-status$/);
    await expect(
      page.getByRole("region", { name: "Email verification" }).getByText("Verified", { exact: true }),
    ).toBeVisible();
    await page
      .getByRole("region", { name: "Phone verification" })
      .getByRole("link", { name: "Verify Phone Number" })
      .click();
    await expect(page).toHaveURL(/\/phone-verification$/);
    await verifyPhoneOnPage(page);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${guest.firstName}` })).toBeVisible();
    await expect(reminder).toHaveCount(0);

    await page.goto("/verification-status");
    await expect(
      page.getByRole("region", { name: "Phone verification" }).getByText("Verified", { exact: true }),
    ).toBeVisible();
    await expectFeatureAccess(page, {
      ...Object.fromEntries(VERIFICATION_FEATURES.map((feature) => [feature, "Available"])),
      // The one feature a guest never has: it is for landlords.
      "Post properties": "Landlords only",
    });
  });

  test("a landlord registers, verifies their e-mail, is approved by a new admin, verifies their phone and reaches the landlord dashboard", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const landlord = uniquePerson("landlord");
    const auth = authScreen(page);

    await registerOnAuthPage(page, landlord, "Landlord/Owner");
    await expect(page.getByRole("heading", { level: 1, name: "Registration complete" })).toBeVisible();
    await expect(page.getByText("Verify your email")).toBeVisible();
    await expect(page.getByText("Account review")).toBeVisible();

    await page.goto(await verificationLinkFor(page.request, landlord.email));
    await expect(page.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
    // Signed out (a landlord cannot sign in before this step): the way on is Sign In.
    await page.getByRole("link", { name: "Continue to Dashboard" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await auth.email.fill(landlord.email);
    await auth.password.fill(landlord.password);
    await auth.signInButton.click();
    await expect(page.getByRole("heading", { level: 1, name: "Application under review" })).toBeVisible();

    // The operator makes an admin with the command line (README "Scripts"), on the database the app is running on.
    const admin = { email: uniqueEmail("admin"), password: "Ledger-lantern-orchard-81", firstName: "Ada" };
    await createUserWithOperatorCommand({ ...admin, role: "admin" });

    // The admin, in a browser of their own, approves the application.
    const adminContext = await browser.newContext({ baseURL });
    try {
      const adminPage = await adminContext.newPage();
      const adminAuth = authScreen(adminPage);
      await adminPage.goto("/auth");
      await adminAuth.email.fill(admin.email);
      await adminAuth.password.fill(admin.password);
      await adminAuth.signInButton.click();
      // A new administrator is sent to set up two-factor sign-in before anything else, and does so with an app.
      await expect(toast(adminPage, "Set up two-factor sign-in")).toBeVisible();
      await expect(adminPage).toHaveURL(/\/profile#two-factor$/);
      const card = adminPage.locator("#two-factor");
      await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      const setup = adminPage.getByRole("dialog", { name: "Set up two-factor sign-in" });
      const secret = ((await setup.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
      await setup.getByRole("textbox", { name: "Code from your app" }).fill(await generate({ secret }));
      await setup.getByRole("button", { name: "Turn on" }).click();
      await adminPage
        .getByRole("dialog", { name: "Save your recovery codes" })
        .getByRole("button", { name: "I have saved them" })
        .click();
      await adminPage.goto("/dashboard");
      await adminPage
        .getByRole("main")
        .getByRole("link", { name: /Landlord Approvals/ })
        .click();
      await expect(adminPage).toHaveURL(/\/admin\/landlord-approval$/);
      const application = adminPage.getByRole("listitem", { name: `${landlord.firstName} ${landlord.lastName}` });
      await expect(application).toContainText(landlord.email);
      await application.getByRole("button", { name: /Approve/ }).click();
      await adminPage.getByRole("alertdialog").getByRole("button", { name: "Approve", exact: true }).click();
      await expect(toast(adminPage, "Landlord Approved")).toBeVisible();
      await expect(application).toHaveCount(0);
    } finally {
      await adminContext.close();
    }

    // The landlord signs in again: approved, and asked for their phone first.
    await auth.backToLogin.click();
    await auth.email.fill(landlord.email);
    await auth.password.fill(landlord.password);
    await auth.signInButton.click();
    await expect(toast(page, "Phone verification required")).toBeVisible();
    await expect(page).toHaveURL(/\/phone-verification$/);
    await verifyPhoneOnPage(page);
    await expect(page.getByRole("main").getByText("Landlord/Owner", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${landlord.firstName}` })).toBeVisible();
  });
});
