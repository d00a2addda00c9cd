import { signInNewLandlord } from "../support/accounts";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * A host whose Edinburgh stay in August 2026 carried £30 of visitor levy pays that quarter to the council from the
 * levy held for them: the return shows it levied, then paid and owing nothing, labelled demo money (no Stripe keys
 * here), and refuses a payment above what is owed before it is sent.
 */
test("a host pays a quarter's held visitor levy to the council and the return shows it paid", async ({
  page,
  axe,
  database,
  request,
}) => {
  // Signing up, approval and phone verification come first: as long as the other journeys that do the same.
  test.setTimeout(120_000);
  const host = await signInNewLandlord(page.request, request, "levy-host");
  await database.leviedStayFor(host.email);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/account/levy-returns");
  await expect(page.getByRole("heading", { level: 1, name: "Visitor Levy Returns" })).toBeVisible();
  await page.getByLabel("Year").selectOption("2026");

  const row = page.getByTestId("levy-quarter-2026-Q3");
  await expect(row.getByRole("cell")).toHaveText(["1", "3", "£30.00", "£0.00", "£30.00"]);
  await expect(page.getByText("Demo money", { exact: true })).toBeVisible();
  await axe.expectNoViolations({ label: "/account/levy-returns before paying" });

  const form = page.getByRole("region", { name: "Pay a quarter's levy to the council" });
  await expect(form.getByLabel(/^Quarter/)).toHaveValue("3");
  await expect(form.getByLabel(/^Amount/)).toHaveValue("30.00");
  // The shared schema refuses three decimal places before anything is sent; the server refuses more than is owed.
  await form.getByLabel(/^Amount/).fill("30.001");
  await form.getByLabel(/^Reference/).fill("EDN-VL-2026-Q3-42");
  await form.getByRole("button", { name: "Pay to the council" }).click();
  await expect(
    form.getByText("Give the amount in pounds with at most two decimal places, such as 125.50"),
  ).toBeVisible();
  await form.getByLabel(/^Amount/).fill("31.00");
  await form.getByRole("button", { name: "Pay to the council" }).click();
  await expect(form.getByRole("alert")).toHaveText(/£31.00 is more than the £30.00 of levy owed for 2026-Q3/);
  await expect(row.getByRole("cell")).toHaveText(["1", "3", "£30.00", "£0.00", "£30.00"]);

  await form.getByLabel(/^Amount/).fill("30.00");
  await form.getByRole("button", { name: "Pay to the council" }).click();
  await expect(row.getByRole("cell")).toHaveText(["1", "3", "£30.00", "£30.00", "£0.00"]);
  const payment = page.getByTestId("levy-payment-2026-Q3");
  await expect(payment).toContainText("reference EDN-VL-2026-Q3-42");
  await expect(payment.getByText("Demo", { exact: true })).toBeVisible();
  // Nothing is left to pay this year, so the form is gone.
  await expect(page.getByRole("region", { name: "Pay a quarter's levy to the council" })).toHaveCount(0);
  await axe.expectNoViolations({ label: "/account/levy-returns after paying" });
  await expectPhoneLayoutAccessible(page, axe, "/account/levy-returns");
});
