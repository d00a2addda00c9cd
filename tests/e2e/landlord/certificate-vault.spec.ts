import { randomUUID } from "node:crypto";
import { addCalendarMonths, addDays, formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { CERTIFICATE_PDF as PDF } from "../support/certificates";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

test("a landlord uploads a gas safety certificate and sees its state and expiry, also on the listing", async ({
  page,
  axe,
}) => {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  const property = await createListingThroughApi<{ id: number; title: string }>(page.request, {
    title: `Vault test ${randomUUID().slice(0, 6)}`,
    description: "A flat made by the certificate vault browser test.",
    pricePerNight: 120,
  });
  await page.goto(`/properties/${property.id}/certificates`);
  await expect(page.getByRole("heading", { level: 1, name: property.title })).toBeVisible();
  const gas = page.getByTestId("certificate-gas_safety");
  await expect(gas).toContainText("Not uploaded");
  // Until the landlord says whether there is gas, the vault cannot claim a gas certificate is not needed.
  await expect(gas).toContainText("Needed if the home has gas: say below");
  await expect(gas).not.toContainText("Not needed for this let");

  await page.getByLabel("Has a gas supply").selectOption("yes");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(gas).not.toContainText("Not needed for this let");
  await expect(gas).not.toContainText("Needed if the home has gas");

  const issued = addDays(londonToday(), -30);
  await page.getByRole("combobox", { name: "Certificate", exact: true }).selectOption("gas_safety");
  await page.getByLabel("Inspection date").fill(issued);
  await page.locator("#certificate-file").setInputFiles({ name: "cp12.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Upload certificate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Gas safety certificate uploaded." })).toBeVisible();
  await expect(gas).toContainText("Valid");
  await expect(gas).toContainText(`Expires ${formatDateGb(addCalendarMonths(issued, 12))}`);
  await axe.expectNoViolations({ label: "certificate vault" });

  // A file that is neither a PDF nor a picture is refused with the server's words.
  await page.getByLabel("Inspection date").fill(issued);
  await page
    .locator("#certificate-file")
    .setInputFiles({ name: "cp12.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  await page.getByRole("button", { name: "Upload certificate" }).click();
  await expect(page.getByRole("alert")).toContainText("is neither a PDF nor a picture we can read");

  await page.goto(`/properties/${property.id}`);
  const section = page.getByRole("region", { name: "Safety certificates" });
  await expect(section).toContainText("Gas safety certificate");
  await expect(section).toContainText(`Expires ${formatDateGb(addCalendarMonths(issued, 12))}`);
});
