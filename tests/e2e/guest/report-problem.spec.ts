import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import { labelFor, readJson, uniqueIssue } from "../support/maintenance";
import { expect, test } from "../support/test";

/**
 * A guest reports a problem from My Bookings during their stay (the demo data has guest@ staying now in a flat
 * manager@ looks after), and the booking's card then shows where the report stands.
 */

type GuestBooking = { id: number; reference: string; status: string; property: { title: string } };

const PHONE = { width: 390, height: 844 };

for (const size of ["desktop", "phone"] as const) {
  test(`guest@ reports a problem from their current stay and follows it on My Bookings (${size})`, async ({
    page,
    axe,
  }) => {
    if (size === "phone") await page.setViewportSize(PHONE);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/bookings");
    const bookings = await readJson<GuestBooking[]>(page.request, "/api/bookings/my-bookings");
    // The card that offers Report a problem is a confirmed or completed stay in its reporting window.
    const report = page.getByRole("button", { name: /^Report a problem\s*:/ }).first();
    await expect(report).toBeVisible();
    const card = page.getByRole("article").filter({ has: report });
    const title = (await card.getByRole("heading", { level: 3 }).first().textContent()) ?? "";
    expect(
      bookings.some((b) => b.property.title === title && (b.status === "confirmed" || b.status === "completed")),
    ).toBe(true);
    await expect(card.getByRole("button", { name: labelFor("Report a problem", title) })).toBeVisible();

    await report.click();
    const dialog = page.getByRole("dialog", { name: "Report a problem" });
    await axe.expectNoViolations({ label: `report dialog, guest (${size})` });
    const issue = uniqueIssue("Shower runs cold");
    // Scripts in text are refused in the shared schema's words before anything is sent.
    await dialog.getByLabel(/^What is wrong/).fill("<script>alert(1)</script>");
    await dialog.getByLabel(/^Description/).fill("The shower only gives cold water since this morning.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText(/Title must be plain text/)).toBeVisible();
    await dialog.getByLabel(/^What is wrong/).fill(issue);
    await dialog.getByLabel(/^Category/).selectOption("heating");
    await dialog.getByLabel("This is urgent").check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(toast(page, "Problem reported")).toBeVisible();

    const reported = card.getByRole("region", { name: "Problems you reported" }).getByRole("listitem").filter({
      hasText: issue,
    });
    await expect(reported.getByText("Urgent", { exact: true })).toBeVisible();
    await axe.expectNoViolations({ label: `My Bookings with a report (${size})` });

    // Its dialog: the guest may withdraw it while nobody has taken it, and sees nothing of what it costs.
    await reported.getByRole("button", { name: /^View Details/ }).click();
    const details = page.getByRole("dialog", { name: issue });
    await expect(details.getByRole("heading", { name: "Timeline" })).toBeVisible();
    await expect(details.getByText("Payment", { exact: true })).toHaveCount(0);
    await axe.expectNoViolations({ label: `job dialog, guest (${size})` });
    await details.getByRole("button", { name: /^Withdraw report/ }).click();
    await axe.expectNoViolations({ label: `withdraw dialog, guest (${size})` });
    await page
      .getByRole("dialog", { name: "Withdraw your report?" })
      .getByRole("button", { name: "Withdraw report" })
      .click();
    await expect(details.getByRole("status")).toContainText("Report withdrawn");
    await page.keyboard.press("Escape");
    await expect(reported.getByText("Cancelled", { exact: true })).toBeVisible();
  });
}
