import { signInNewLandlord, toast } from "../support/accounts";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * A landlord gives the tax details HMRC's yearly report needs: a wrong National Insurance number is explained under
 * its field, the corrected one is saved, and only its last three characters are shown back. The page passes axe at
 * desktop and phone widths.
 */
test.describe("tax details", () => {
  test("a landlord corrects a bad NI number, saves, and sees it masked", async ({ page, request, axe }) => {
    const landlord = await signInNewLandlord(page.request, request, "tax-details");
    await page.setViewportSize({ width: 1280, height: 900 });
    // Revenue Analytics points a landlord to the page; the account menu leads there.
    await page.goto("/landlord/revenue");
    await expect(page.getByRole("link", { name: "Your tax details" })).toHaveAttribute("href", "/account/tax-details");
    await page.getByRole("banner").getByRole("button", { name: landlord.firstName }).click();
    await page.getByRole("menuitem", { name: "Tax details" }).click();

    await expect(page).toHaveURL(/\/account\/tax-details$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tax details" })).toBeVisible();
    await expect(page.getByText("UK law requires us to collect these details before your first payout")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Individual/ })).toBeChecked();

    await page.getByLabel("Full legal name").fill("Ada Lovelace");
    await page.getByLabel("Date of birth").fill("1985-12-10");
    await page.getByLabel("Address line 1").fill("12 St James's Square");
    await page.getByLabel("Town or city").fill("London");
    await page.getByLabel("Postcode").fill("sw1y 4jh");
    const nino = page.getByLabel("National Insurance number");
    await nino.fill("QQ 12 34 56 C");
    await page.getByRole("button", { name: "Save tax details" }).click();

    await expect(nino).toHaveAttribute("aria-invalid", "true");
    const describedBy = await nino.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/never starts with Q/);
    await axe.expectNoViolations({ label: "/account/tax-details with an error" });

    await nino.fill("jg 10 37 59 a");
    await page.getByRole("button", { name: "Save tax details" }).click();
    await expect(toast(page, "Tax details saved")).toBeVisible();
    await expect(page.getByText("Saved: ••••••59A")).toBeVisible();
    await expect(nino).toHaveValue("");
    await expect(page.getByText(/^Complete\. Last changed/)).toBeVisible();
    await expect(page.getByText("JG103759A")).toHaveCount(0);

    await page.screenshot({ path: "/tmp/tax-details-desktop.png", fullPage: true });
    await axe.expectNoViolations({ label: "/account/tax-details" });
    await expectPhoneLayoutAccessible(page, axe, "/account/tax-details");
    await page.screenshot({ path: "/tmp/tax-details-phone.png", fullPage: true });
    // On a phone the page is reached from the account block of the menu.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Tax details" }),
    ).toHaveAttribute("href", "/account/tax-details");
  });
});
