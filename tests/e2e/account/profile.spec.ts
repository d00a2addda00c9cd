import { newestMessageTo, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

/** Profile runs the account: the name, the password, and the devices signed in to it. */
test.describe("profile", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`a guest renames themselves, changes their password and signs another device out (${label})`, async ({
      page,
      browser,
      baseURL,
      axe,
    }) => {
      await page.setViewportSize(viewport);
      const guest = await registerVerifiedGuest(page.request, `profile-${label}`);
      // A second device: another browser signed in to the same account.
      const laptop = await browser.newContext({
        baseURL,
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0",
      });
      await signInThroughApi(laptop.request, guest.email, guest.password);

      await page.goto("/profile");
      const main = page.getByRole("main");
      const devices = main.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
      await expect(devices).toHaveCount(2);
      await expect(devices.first()).toContainText("This device");
      await expect(devices.nth(1)).toContainText("Firefox on Mac");
      await axe.expectNoViolations({ label: `profile (${label})` });

      // The name, checked as at registration, and shown at once.
      await main.getByRole("button", { name: "Edit Profile" }).click();
      const edit = page.getByRole("dialog", { name: "Edit profile" });
      await edit.getByRole("textbox", { name: "First name" }).fill("");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit.getByText("First name is required")).toBeVisible();
      await axe.expectNoViolations({ label: `edit profile dialog (${label})` });
      await edit.getByRole("textbox", { name: "First name" }).fill("Harriet");
      await edit.getByRole("textbox", { name: "Last name" }).fill("Vane");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit).toBeHidden();
      await expect(main.getByRole("heading", { level: 1, name: "Harriet Vane" })).toBeVisible();

      // The password: the current one is checked; saving signs the other device out and says so by e-mail.
      await main.getByRole("button", { name: "Change password" }).click();
      const change = page.getByRole("dialog", { name: "Change password" });
      await axe.expectNoViolations({ label: `change password dialog (${label})` });
      await change.getByLabel("Current password").fill("not my password");
      await change.getByLabel("New password").fill("Battersea-power-station-9");
      await change.getByRole("button", { name: "Save password" }).click();
      await expect(change.getByText("Your current password is not right. Please try again.")).toBeVisible();
      await change.getByLabel("Current password").fill(guest.password);
      await change.getByRole("button", { name: "Save password" }).click();
      await expect(change).toBeHidden();
      await expect(devices).toHaveCount(1);
      expect((await laptop.request.get("/api/auth/user")).status()).toBe(401);
      const notice = await newestMessageTo(page.request, guest.email, "email");
      expect(notice.subject).toBe("Your StayLondon password was changed");

      // Another device again, signed out from the list.
      await signInThroughApi(laptop.request, guest.email, "Battersea-power-station-9");
      await page.reload();
      await expect(devices).toHaveCount(2);
      await devices
        .nth(1)
        .getByRole("button", { name: /^Sign out/ })
        .click();
      await expect(devices).toHaveCount(1);
      await expect(main.getByText("You are not signed in anywhere else.")).toBeVisible();
      expect((await laptop.request.get("/api/auth/user")).status()).toBe(401);
      await laptop.close();
    });
  }
});
