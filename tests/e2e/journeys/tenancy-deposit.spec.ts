import { bookingReference } from "../../../common/schemas/bookings";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * A tenancy's deposit: landlord@ sees it due by its 30th day, records the scheme and certificate (the shared schema
 * refuses a certificate of the wrong shape before anything is sent), and the tenant sees it protected on My Bookings
 * with the prescribed information to download.
 */
test("a landlord records a tenancy deposit's protection and the tenant sees it protected", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const tenant = await registerVerifiedGuest(guestRequest, "deposit-tenant");
  const { id } = await database.confirmedTenancyFor(tenant.email, DEMO_ACCOUNTS.landlord);
  const cardOf = () => page.locator(`article[data-booking-reference="${bookingReference(id)}"]`);

  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto("/landlord/bookings");
  const card = cardOf();
  await expect(card.getByText("Protection due")).toBeVisible();
  await card.getByRole("button", { name: "Record protection" }).click();
  const form = card.getByRole("form", { name: "Record the deposit's protection" });
  await form.getByLabel(/^Protection scheme/).selectOption("dps");
  await form.getByLabel(/^Certificate number/).fill("12");
  await axe.expectNoViolations({ label: "landlord's deposit protection form" });
  await form.getByRole("button", { name: "Save protection" }).click();
  await expect(form.getByText(/6 to 30 letters and digits/)).toBeVisible();
  await form.getByLabel(/^Certificate number/).fill("DPS-7788123");
  await form.getByRole("button", { name: "Save protection" }).click();
  await expect(card.getByText("Protected", { exact: true })).toBeVisible();
  await expect(card.getByText(/Protected with Deposit Protection Service \(DPS\)/)).toBeVisible();
  await expect(card.getByRole("link", { name: "Prescribed information (PDF)" })).toBeVisible();
  await axe.expectNoViolations({ label: "landlord's bookings with a protected deposit" });

  await signInThroughApi(page.request, tenant.email, tenant.password);
  await page.goto("/bookings");
  const mine = cardOf();
  await expect(mine.getByText("Protected", { exact: true })).toBeVisible();
  await expect(mine.getByText("DPS-7788123")).toBeVisible();
  const pdf = await page.request.get(`/api/bookings/${id}/deposit/prescribed-information.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await axe.expectNoViolations({ label: "tenant's bookings with a protected deposit" });
});
