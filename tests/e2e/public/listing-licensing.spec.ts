import { expect, test } from "../support/test";

test.describe("what the law asks a listing to show", () => {
  test("an Edinburgh listing shows its short-let licence, maximum occupancy and EPC rating, and the levy", async ({
    page,
    axe,
  }) => {
    await page.goto("/property/edinburgh-new-town-georgian-flat");
    const section = page.getByRole("region", { name: "Licence and local rules" });
    await expect(section).toBeVisible();
    await expect(section.getByRole("term").filter({ hasText: "Short-term let licence" })).toBeVisible();
    await expect(section.getByText("EH-00001-F")).toBeVisible();
    await expect(section.getByText("4 guests")).toBeVisible();
    await expect(section.getByRole("definition").filter({ hasText: /^D$/ })).toBeVisible();
    await expect(section.getByText(/City of Edinburgh: A visitor levy of 5%/)).toBeVisible();
    await axe.expectNoViolations({ label: "listing licensing edinburgh" });
  });

  test("a Cardiff listing shows its Welsh registration number, and a London one shows no licence section", async ({
    page,
    axe,
  }) => {
    await page.goto("/property/cardiff-bay-waterside-apartment");
    const section = page.getByRole("region", { name: "Licence and local rules" });
    await expect(section.getByText("DEMO-WA-000001")).toBeVisible();
    await expect(section.getByText("Short-term let licence")).toHaveCount(0);
    await axe.expectNoViolations({ label: "listing licensing cardiff" });

    await page.goto("/property/camden-modern-studio");
    await expect(page.getByRole("heading", { level: 1, name: "Camden Modern Studio" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Licence and local rules" })).toHaveCount(0);
  });
});
