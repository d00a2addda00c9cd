import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

/** Profile's e-mail choices, closing an account (and being told why not, when it cannot close), and /unsubscribe. */
test.describe("e-mail choices and closing an account", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`a guest chooses stay reminders, then closes their account and is signed out (${label})`, async ({
      page,
      axe,
    }) => {
      await page.setViewportSize(viewport);
      const guest = await registerVerifiedGuest(page.request, `closing-${label}`);
      await page.goto("/profile");
      const main = page.getByRole("main");

      const reminders = main.getByRole("checkbox", { name: /Stay reminders/ });
      await expect(reminders).not.toBeChecked();
      await expect(main.getByText("You have not chosen any yet.")).toBeVisible();
      await reminders.check();
      await main.getByRole("button", { name: "Save email choices" }).click();
      await expect(page.getByText("Email choices saved").first()).toBeVisible();
      await page.reload();
      await expect(main.getByRole("checkbox", { name: /Stay reminders/ })).toBeChecked();
      await expect(main.getByRole("checkbox", { name: /News and offers/ })).not.toBeChecked();
      await expect(main.getByText(/^Last changed /)).toBeVisible();
      await axe.expectNoViolations({ label: `profile with e-mail choices (${label})` });

      await main.getByRole("button", { name: "Close my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Close your account" });
      await expect(dialog.getByRole("checkbox", { name: /cannot be undone/ })).toBeVisible();
      await dialog.getByLabel("Current password").fill(guest.password);
      await dialog.getByRole("button", { name: "Close my account" }).click();
      await expect(dialog.getByText("Please confirm that you want to close your account")).toBeVisible();
      await axe.expectNoViolations({ label: `close account dialog (${label})` });
      await dialog.getByRole("checkbox", { name: /cannot be undone/ }).check();
      await dialog.getByRole("button", { name: "Close my account" }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("Account closed").first()).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      const again = await page.request.post("/api/auth/login", {
        data: { email: guest.email, password: guest.password },
      });
      expect(again.status()).toBe(401);
    });
  }

  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`a guest with a stay booked is told every reason the account cannot close yet (${label})`, async ({
      page,
      axe,
    }) => {
      await page.setViewportSize(viewport);
      await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
      await page.goto("/profile");
      await page.getByRole("main").getByRole("button", { name: "Close my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Close your account" });
      await expect(dialog.getByText("Your account cannot be closed yet:")).toBeVisible();
      await expect(dialog.getByRole("listitem").first()).toContainText(/booked/);
      await expect(dialog.getByRole("button", { name: "Close my account" })).toHaveCount(0);
      await axe.expectNoViolations({ label: `close account dialog, refused (${label})` });
    });

    test(`an unsubscribe link acts only on the button, and a link that is not ours says so (${label})`, async ({
      page,
      axe,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/unsubscribe");
      await expect(page.getByRole("heading", { name: "This link is not complete" })).toBeVisible();

      await page.goto(`/unsubscribe?token=1.reminders.${"A".repeat(43)}`);
      await expect(page.getByRole("heading", { name: "Stop stay reminders?" })).toBeVisible();
      await axe.expectNoViolations({ label: `unsubscribe page (${label})` });
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("alert")).toHaveText("This unsubscribe link is not valid.");
    });
  }
});
