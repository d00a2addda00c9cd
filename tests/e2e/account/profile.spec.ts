import { readFile } from "node:fs/promises";
import { newestMessageTo, registerVerifiedGuest, signInThroughApi, uniqueEmail } from "../support/accounts";
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

      // Download my data: a file of the person's own records.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        main.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^staylondon-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile(await download.path(), "utf8"));
      expect(file.account).toMatchObject({ email: guest.email, first_name: "Harriet", last_name: "Vane" });
    });
  }

  test("a guest moves their account to a new address through its link, and the old address takes it back", async ({
    page,
    axe,
  }) => {
    const guest = await registerVerifiedGuest(page.request, "moving-guest");
    const newEmail = uniqueEmail("moved-guest");
    await page.goto("/profile");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Change email" }).click();
    const dialog = page.getByRole("dialog", { name: "Change email" });
    await dialog.getByRole("textbox", { name: "New email address" }).fill(newEmail);
    await dialog.getByLabel("Current password").fill(guest.password);
    await dialog.getByRole("button", { name: "Send link" }).click();
    await expect(dialog.getByRole("status")).toContainText(newEmail);
    await dialog.getByRole("button", { name: "Done" }).click();

    // The link to the new address: nothing changes until its button is pressed.
    const confirm = await newestMessageTo(page.request, newEmail, "email");
    const confirmUrl = new URL(linkIn(confirm, "/confirm-email"));
    await page.goto(confirmUrl.pathname + confirmUrl.search);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your new email address" })).toBeVisible();
    await axe.expectNoViolations({ label: "confirm email" });
    await page.getByRole("button", { name: "Confirm new address" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Email address changed" })).toBeVisible();
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(main.getByText(newEmail).first()).toBeVisible();

    // The old address is told, and takes the account back: every device is signed out.
    const notice = await newestMessageTo(page.request, guest.email, "email");
    expect(notice.subject).toBe("Your StayLondon email address was changed");
    const undo = new URL(linkIn(notice, "/undo-email-change"));
    await page.goto(undo.pathname + undo.search);
    await page.getByRole("button", { name: "Undo the change" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change undone" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Choose a new password" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});

/** The link of an e-mail that leads to `path`. */
function linkIn(message: { body: string }, path: string): string {
  const found = message.body.match(new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
  if (!found) throw new Error(`no ${path} link in: ${message.body}`);
  return found;
}
