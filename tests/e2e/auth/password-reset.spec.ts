import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { newestMessageTo, register, uniquePerson } from "../support/accounts";
import { expect, test } from "../support/test";

/** The reset link from the newest e-mail to `email`, as a path on this site. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const message = await newestMessageTo(request, email, "email");
  const link = message.body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0] ?? "";
  expect(link, `a reset link in: ${message.body}`).toMatch(/\/reset-password\?token=[\w-]{43}$/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test.describe("a forgotten password", () => {
  test("a guest asks for a link from the sign-in page, follows it from the e-mail and is signed in with the new password", async ({
    page,
    axe,
    baseURL,
  }) => {
    const guest = uniquePerson("forgetful");
    // Registered in another browser, so this one starts signed out, as someone who forgot would.
    const elsewhere = await playwrightRequest.newContext({ baseURL });
    await register(elsewhere, guest, "guest");

    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Email" }).fill(guest.email);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    // The address typed on the sign-in page comes along.
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(guest.email);
    await axe.expectNoViolations({ label: "forgot password" });
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`If ${guest.email} has a StayLondon account`);
    await axe.expectNoViolations({ label: "forgot password sent" });

    const link = await resetLinkFor(page.request, guest.email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await axe.expectNoViolations({ label: "reset password" });
    const fresh = "Primrose-hill-at-dawn-7";
    await page.getByRole("textbox", { name: "New password", exact: true }).fill(fresh);
    await page.getByRole("textbox", { name: "Repeat the new password" }).fill("Primrose-hill-at-noon-7");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("The two passwords differ")).toBeVisible();
    await page.getByRole("textbox", { name: "Repeat the new password" }).fill(fresh);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The other browser's session ended with the old password.
    expect((await elsewhere.get("/api/auth/user")).status()).toBe(401);
    await elsewhere.dispose();

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Send me a new link" })).toHaveAttribute("href", "/forgot-password");
    await axe.expectNoViolations({ label: "reset link used" });
  });

  test("an unknown address gets the same answer, and a made-up link says it cannot be used", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByRole("textbox", { name: "Email" }).fill("nobody.at.all@e2e.staylondon.example");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If nobody.at.all@e2e.staylondon.example has a StayLondon");
    await page.goto(`/reset-password?token=${"x".repeat(43)}`);
    await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
  });
});
