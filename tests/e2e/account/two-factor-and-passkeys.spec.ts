import { generate } from "otplib";
import { authScreen, registerVerifiedGuest, signInThroughForm } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * Signing in safely: a passkey made in Profile with Chromium's virtual authenticator, then used to sign in with no
 * e-mail address; two-factor set up in Profile and asked for after the password, with codes computed here as an
 * authenticator app would. Each new card, dialog and the code step is checked with axe at desktop and phone widths.
 */
const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

for (const [label, viewport] of VIEWPORTS) {
  test(`a guest adds a passkey in Profile and signs in with it (${label})`, async ({ page, axe }) => {
    await page.setViewportSize(viewport);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const guest = await registerVerifiedGuest(page.request, `passkey-${label}`);
    await page.goto("/profile");
    const card = page.locator("#passkeys");
    await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
    await card.getByRole("button", { name: "Add a passkey" }).click();
    const passkeys = card.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
    await expect(passkeys).toHaveCount(1);
    await expect(passkeys.first()).toContainText("Passkey on Chrome");
    await expect(passkeys.first()).toContainText("not used yet");
    await axe.expectNoViolations({ label: `passkeys card (${label})` });

    await card.getByRole("button", { name: /^Rename / }).click();
    const rename = page.getByRole("dialog", { name: "Rename passkey" });
    await axe.expectNoViolations({ label: `rename passkey dialog (${label})` });
    await rename.getByRole("textbox", { name: "Name" }).fill("My test phone");
    await rename.getByRole("button", { name: "Save name" }).click();
    await expect(rename).toBeHidden();
    await expect(passkeys.first()).toContainText("My test phone");

    // Signed out, the passkey alone signs back in.
    await page.request.post("/api/auth/logout");
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await (await page.request.get("/api/auth/user")).json();
    expect(me.user.email).toBe(guest.email);

    await page.goto("/profile");
    await expect(passkeys.first()).not.toContainText("not used yet");
    await card.getByRole("button", { name: "Remove My test phone" }).click();
    await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  });

  test(`a guest turns on two-factor in Profile and signs in with a code (${label})`, async ({ page, axe }) => {
    await page.setViewportSize(viewport);
    const guest = await registerVerifiedGuest(page.request, `totp-${label}`);
    await page.goto("/profile");
    const card = page.locator("#two-factor");
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await axe.expectNoViolations({ label: `two-factor card (${label})` });

    await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const setup = page.getByRole("dialog", { name: "Set up two-factor sign-in" });
    await expect(setup.getByRole("img", { name: /QR code/ })).toBeVisible();
    await axe.expectNoViolations({ label: `two-factor setup dialog (${label})` });
    const secret = ((await setup.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
    const codeField = setup.getByRole("textbox", { name: "Code from your app" });
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await codeField.fill("000000");
    await setup.getByRole("button", { name: "Turn on" }).click();
    await expect(setup.getByText(/That code is not right/)).toBeVisible();
    await codeField.fill(await generate({ secret }));
    await setup.getByRole("button", { name: "Turn on" }).click();
    const saved = page.getByRole("dialog", { name: "Save your recovery codes" });
    await expect(saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await axe.expectNoViolations({ label: `recovery codes dialog (${label})` });
    await saved.getByRole("button", { name: "I have saved them" }).click();
    await expect(card.getByText("10 recovery codes left.", { exact: false })).toBeVisible();

    await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await axe.expectNoViolations({ label: `turn off two-factor dialog (${label})` });
    await page.keyboard.press("Escape");

    // Signed out, the password is followed by the code step.
    await page.request.post("/api/auth/logout");
    await signInThroughForm(page, guest.email, guest.password);
    const step = page.getByRole("form", { name: "Two-factor sign-in" });
    await expect(step).toBeVisible();
    await axe.expectNoViolations({ label: `two-factor code step (${label})` });
    const code = step.getByRole("textbox", { name: "Authentication code" });
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    // The set-up's code is spent; the next step's is what an app a little ahead would show.
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await step.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(authScreen(page).signInButton).toBeHidden();
  });
}
