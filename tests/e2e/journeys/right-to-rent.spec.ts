import { addDays, formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import { bookingReference } from "../../../common/schemas/bookings";
import { formatWeekdayDate } from "../../../common/utils/dates";
import { listHomeOfLandlord, tenantInSecondYear } from "../support/tenancies";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * The landlord's Right to Rent duty on a tenancy that began a year ago with no check recorded: landlord@ sees it
 * overdue, records the check (the server refuses a day in the future and the page says why), and the duty then shows
 * as done on that day, marked late because the tenancy had already started.
 */
test("a landlord records a late Right to Rent check and the overdue duty shows as done", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const propertyId = await listHomeOfLandlord(page.request, {
    title: "One-bed flat let by the month near the canal",
    description: "A one-bed flat on the second floor with a view of the canal and a bright open-plan kitchen.",
    address: "12 Wharf Road, London N1 7RW",
    city: "Islington",
    pricePerNight: 140,
    pricePerMonth: 2100,
  });
  const { id, checkIn } = await tenantInSecondYear(database, guestRequest, propertyId, "rtr-tenant");
  const today = londonToday();

  await page.goto("/landlord/bookings");
  const duties = page
    .locator(`article[data-booking-reference="${bookingReference(id)}"]`)
    .getByRole("region", { name: "Your duties for this tenancy" });
  const duty = duties.getByRole("listitem").filter({ hasText: "Right to Rent" });
  await expect(duty.getByText("Check the Right to Rent")).toBeVisible();
  await expect(duty.getByText("Overdue", { exact: true })).toBeVisible();
  await expect(duty.getByText(/The tenancy has started and no Right to Rent check is recorded/)).toBeVisible();

  await duty.getByRole("button", { name: "Record the check" }).click();
  const form = duty.getByRole("form", { name: "Record the Right to Rent check" });
  await expect(form.getByLabel(/^Day of the check/)).toHaveValue(today);
  await form.getByRole("button", { name: "Save the check" }).click();
  // The shared schema asks for the way before anything is sent.
  await expect(form.getByText("Choose how you checked: documents, online or an IDSP")).toBeVisible();
  await form.getByLabel(/^How you checked/).selectOption({ label: "Home Office online check (share code)" });
  await form.getByLabel(/^Day of the check/).fill(addDays(today, 1));
  await axe.expectNoViolations({ label: "landlord's Right to Rent form" });
  await form.getByRole("button", { name: "Save the check" }).click();
  await expect(form.getByRole("alert")).toHaveText("The day of the Right to Rent check cannot be in the future");

  await form.getByLabel(/^Day of the check/).fill(today);
  await form.getByRole("button", { name: "Save the check" }).click();
  await expect(form).toHaveCount(0);
  await expect(duty.getByText("Right to Rent checked")).toBeVisible();
  await expect(duty.getByText("Done", { exact: true })).toBeVisible();
  await expect(duty.locator(`time[datetime="${today}"]`)).toHaveText(formatWeekdayDate(today));
  await expect(
    duty.getByText(
      `Home Office online check (share code). Late: the check was made after the tenancy started on ${formatDateGb(checkIn)}. Keep your copy of what you checked.`,
    ),
  ).toBeVisible();
  await expect(duty.getByText("Overdue", { exact: true })).toHaveCount(0);
  await expect(duty.getByRole("button", { name: "Correct the check" })).toBeVisible();
  await axe.expectNoViolations({ label: "landlord's bookings with the Right to Rent checked" });
  await expectPhoneLayoutAccessible(page, axe, "landlord's bookings with the Right to Rent checked");
});
