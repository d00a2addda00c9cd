import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { makeJpeg } from "../support/damage-photo";
import { expect, test } from "../support/test";

/**
 * After a stay, landlord@ claims for damage with a photo; the guest disputes it on their booking; admin@ upholds it in
 * part from the disputed claims list, and both sides then see what was charged (demo money: no Stripe keys here).
 */
test("a host claims for damage, the guest disputes it, and an admin upholds it in part", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const person = await registerVerifiedGuest(guestRequest, "damage-guest");
  const bookingId = await database.recentlyEndedStayFor(person.email, DEMO_ACCOUNTS.landlord);

  // The host's form: the shared schema refuses three decimal places before anything is sent.
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  await page.goto(`/landlord/bookings/${bookingId}/damage-claim`);
  await expect(page.getByRole("heading", { name: "What was damaged, and what it costs", level: 2 })).toBeVisible();
  await axe.expectNoViolations({ label: "host's claim form" });
  await page
    .getByRole("textbox", { name: /^What was damaged/ })
    .fill("The bathroom mirror was cracked and the towel rail pulled off.");
  await page.getByLabel(/^Amount/).fill("85.505");
  await page
    .getByLabel(/^Photos of the damage/)
    .setInputFiles({ name: "mirror.jpg", mimeType: "image/jpeg", buffer: await makeJpeg() });
  await page.getByRole("button", { name: "Send claim to the guest" }).click();
  await expect(page.getByText(/at most two decimal places/)).toBeVisible();
  await page.getByLabel(/^Amount/).fill("85.50");
  await page.getByRole("button", { name: "Send claim to the guest" }).click();
  await expect(page.getByRole("heading", { name: "Damage claim of £85.50" })).toBeVisible();

  // The guest disputes it, in their words.
  await signInThroughApi(page.request, person.email, person.password);
  await page.goto(`/bookings/${bookingId}/damage-claim`);
  await expect(page.getByRole("heading", { name: "Damage claim of £85.50" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Damage, 1 of 1" })).toBeVisible();
  await axe.expectNoViolations({ label: "guest's claim view" });
  await page.getByRole("button", { name: "Dispute claim" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Dispute this claim" });
  await dialog
    .getByLabel(/^Why you dispute it/)
    .fill("The towel rail was already loose when we arrived on the first day.");
  await axe.expectNoViolations({ label: "guest's dispute dialog" });
  await dialog.getByRole("button", { name: "Send dispute" }).click();
  await expect(page.getByText("Disputed: with our team")).toBeVisible();

  // The admin reads both sides and upholds £40 of it.
  await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
  await page.goto("/admin/damage-claims");
  const form = page.getByRole("form", { name: /^Decide the claim of £85\.50/ }).last();
  await expect(page.getByText("The towel rail was already loose when we arrived on the first day.")).toBeVisible();
  await axe.expectNoViolations({ label: "admin's disputed claims" });
  await form.getByLabel(/^Decision/).selectOption("part");
  await form.getByLabel(/^Amount to charge/).fill("40.00");
  await form.getByLabel(/^Reason/).fill("The mirror is new damage; the rail was loose before the stay.");
  await form.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText("£40.00 (demo money: no card was charged)").first()).toBeVisible();

  await signInThroughApi(page.request, person.email, person.password);
  await page.goto(`/bookings/${bookingId}/damage-claim`);
  await expect(page.getByText("Our team's decision: Upheld in part")).toBeVisible();
  await expect(page.getByText("£40.00 (demo money: no card was charged)")).toBeVisible();
});
