import { makeImage } from "../../support/images";
import { registerVerifiedGuest, smsCodeFor, uniqueUkMobile } from "../support/accounts";
import { expect, test } from "../support/test";

/** Profile: one's own photo, seen wherever the avatar is, and a new phone number confirmed by a texted code. */
test.describe("profile photo and phone", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`a guest adds a profile photo and moves to a new phone number through the texted code (${label})`, async ({
      page,
      axe,
    }) => {
      await page.setViewportSize(viewport);
      // No phone yet: a verified one would have had a code texted within the minute, and codes are one a minute.
      // Keeping a verified number through a change is proven in the API tests.
      await registerVerifiedGuest(page.request, `photo-phone-${label}`);
      await page.goto("/profile");
      const main = page.getByRole("main");
      const headerAvatar = main.locator("img").first();
      await expect(headerAvatar).toHaveCount(0);

      // The photo: chosen from the device, sent, and shown at once in Profile and in the site's header.
      await main.getByRole("button", { name: "Add a profile photo" }).click();
      const photo = page.getByRole("dialog", { name: "Profile photo" });
      await axe.expectNoViolations({ label: `profile photo dialog (${label})` });
      await photo.locator('input[type="file"]').setInputFiles({
        name: "me.jpg",
        mimeType: "image/jpeg",
        buffer: await makeImage("jpeg", { width: 900, height: 600 }),
      });
      await expect(photo).toBeHidden();
      await expect(main.locator("img").first()).toHaveAttribute("src", /^\/media\/photos\/[0-9a-f]{32}\/480\.webp$/);
      const src = (await main.locator("img").first().getAttribute("src")) ?? "";
      await expect(page.getByRole("banner").locator(`img[src="${src}"]`).first()).toBeAttached();

      // A file that is not a photo is refused with the server's reason, and the photo stays.
      await main.getByRole("button", { name: "Change profile photo" }).click();
      await photo.locator('input[type="file"]').setInputFiles({
        name: "notes.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("these are not the pixels you are looking for"),
      });
      await expect(photo.getByText(/not an image we can use/)).toBeVisible();
      await photo.getByRole("button", { name: "Close" }).click();
      await expect(main.locator("img").first()).toHaveAttribute("src", src);

      // The phone: a code to the number; the account takes it only when the code comes back.
      const next = uniqueUkMobile();
      await main.getByRole("button", { name: "Add phone" }).click();
      const phone = page.getByRole("dialog", { name: "Add a phone number" });
      await axe.expectNoViolations({ label: `change phone dialog (${label})` });
      await phone.getByRole("textbox", { name: "New mobile number" }).fill("020 7946 0000");
      await phone.getByRole("button", { name: "Text me a code" }).click();
      await expect(phone.getByText(/looks like a landline/)).toBeVisible();
      await phone.getByRole("textbox", { name: "New mobile number" }).fill(next.national);
      await phone.getByRole("button", { name: "Text me a code" }).click();
      const codeBox = phone.getByRole("textbox", { name: "Verification code" });
      await expect(codeBox).toBeVisible();
      await expect(codeBox).toHaveAttribute("autocomplete", "one-time-code");
      await axe.expectNoViolations({ label: `phone code step (${label})` });
      const meanwhile = (await (await page.request.get("/api/auth/user")).json()) as {
        user: { phoneNumber: string | null; phoneVerified: boolean };
      };
      expect(meanwhile.user).toMatchObject({ phoneNumber: null, phoneVerified: false });

      const code = await smsCodeFor(page.request, next.e164);
      await codeBox.fill(code === "000000" ? "111111" : "000000");
      await phone.getByRole("button", { name: "Confirm" }).click();
      await expect(phone.getByText("That code is not right. 4 tries left.")).toBeVisible();
      await codeBox.fill(code);
      await phone.getByRole("button", { name: "Confirm" }).click();
      await expect(phone).toBeHidden();
      await expect(main.getByText(next.e164)).toBeVisible();
      await expect(main.getByRole("button", { name: "Change phone" })).toBeVisible();
      // Once verified, the badge beside the number says so.
      await expect(main.getByText("Not added")).toHaveCount(0);
    });
  }
});
