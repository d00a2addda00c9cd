import type { Browser, Page } from "@playwright/test";
import { londonToday } from "../../../common/domain/calendar-dates";
import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import { isoDateFromToday } from "../support/dates";
import { type ApiJob, jobCard, labelFor, readJson, uniqueIssue } from "../support/maintenance";
import { expect, test } from "../support/test";

/**
 * A problem from report to payment, each person in their own browser: guest@ (staying now in a flat manager@
 * looks after) reports a leak; manager@ offers it to contractor@ for a date that keeps the flat empty two nights;
 * those nights show blocked on the owner's calendar and cannot be booked; contractor@ accepts, starts and completes
 * it with the final cost; the owner sees it done, the contractor's earnings rise by that cost, and it is paid.
 */

type GuestBooking = { id: number; status: string; property: { slug: string; title: string } };
type Earnings = { totals: { earned: number; completedJobs: number } };
type CalendarMonth = { nights: { date: string; state: string }[] };

const MANAGED_FLAT = "bermondsey-street-apartment";
/** After every demo stay (the demo data books up to 120 days ahead), so no stay is in the way of the work. */
const WORK_DATE = isoDateFromToday(125);
const WORK_NIGHTS = [WORK_DATE, isoDateFromToday(126)];
const FINAL_COST = 312.4;

/** The month after `month` (YYYY-MM). */
function nextMonthOf(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page.request, email);
  return page;
}

test("a leak reported by a guest is scheduled, blocks the calendar, is fixed, and is paid", async ({ browser }) => {
  test.slow();
  const guest = await signedInPage(browser, DEMO_ACCOUNTS.guest);
  const manager = await signedInPage(browser, DEMO_ACCOUNTS.manager);
  const contractor = await signedInPage(browser, DEMO_ACCOUNTS.contractor);
  const landlord = await signedInPage(browser, DEMO_ACCOUNTS.landlord);

  // The guest reports the leak from the stay they are in now.
  const stays = await readJson<GuestBooking[]>(guest.request, "/api/bookings/my-bookings");
  const stay = stays.find((b) => b.property.slug === MANAGED_FLAT && b.status === "confirmed");
  if (!stay) throw new Error("the demo data has guest@ staying in the Bermondsey flat now");
  const issue = uniqueIssue("Leak under the kitchen sink");
  await guest.goto("/bookings");
  await guest.getByRole("button", { name: labelFor("Report a problem", stay.property.title) }).click();
  const report = guest.getByRole("dialog", { name: "Report a problem" });
  await report.getByLabel(/^What is wrong/).fill(issue);
  await report.getByLabel(/^Category/).selectOption("plumbing");
  await report.getByLabel(/^Description/).fill("Water is pooling under the sink whenever the tap runs.");
  await report.getByLabel("This is urgent").check();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(toast(guest, "Problem reported")).toBeVisible();
  const reports = await readJson<ApiJob[]>(guest.request, "/api/maintenance/jobs?pageSize=100");
  const job = reports.find((j) => j.issue === issue);
  if (!job) throw new Error("the guest's report is listed for them");

  // The manager finds it on their Maintenance tab, urgent, and offers it to contractor@ with two nights empty.
  await manager.goto("/dashboard");
  await manager.getByRole("tab", { name: "Maintenance", exact: true }).click();
  const managerCard = jobCard(manager, job.reference);
  await expect(managerCard.getByText("Urgent", { exact: true })).toBeVisible();
  await managerCard.getByRole("button", { name: labelFor("View Details", job.reference) }).click();
  const managerDetails = manager.getByRole("dialog", { name: issue });
  await managerDetails.getByRole("button", { name: labelFor("Offer to contractors", job.reference) }).click();
  const offer = manager.getByRole("dialog", { name: "Offer to contractors" });
  await offer.getByRole("checkbox", { name: /Ryan Doyle/ }).check();
  await offer.getByLabel(/^Date/).fill(WORK_DATE);
  await offer.getByLabel(/^Estimated hours/).fill("5");
  await offer.getByLabel("The property must be empty during the work").check();
  await offer.getByLabel(/^Nights empty, from the date/).fill("2");
  await offer.getByLabel(/^Payment/).fill("280");
  await offer.getByRole("button", { name: "Send offer" }).click();
  await expect(managerDetails.getByRole("status")).toContainText("Job offered");

  // The owner's calendar shows the two nights blocked, and a guest cannot book them.
  const month = WORK_DATE.slice(0, 7);
  const calendar = await readJson<CalendarMonth>(
    landlord.request,
    `/api/properties/${MANAGED_FLAT}/calendar?month=${month}`,
  );
  for (const night of WORK_NIGHTS.filter((n) => n.startsWith(month))) {
    expect(calendar.nights.find((n) => n.date === night)?.state).toBe("blocked");
  }
  const property = await readJson<{ id: number }>(landlord.request, `/api/properties/${MANAGED_FLAT}`);
  await landlord.goto(`/properties/${property.id}/manage?section=calendar`);
  // The calendar opens on this month; step to the work's month one loaded month at a time.
  const night = (date: string) => landlord.locator(`button[data-date="${date}"]`);
  let shown = londonToday().slice(0, 7);
  await expect(night(londonToday())).toBeVisible();
  while (shown < month) {
    shown = nextMonthOf(shown);
    await landlord.getByRole("button", { name: /^Next month/ }).click();
    await expect(night(`${shown}-01`)).toBeVisible();
  }
  const workNight = night(WORK_DATE);
  await expect(workNight).toHaveAccessibleName(/blocked/i);
  const booking = await guest.request.post("/api/bookings", {
    data: {
      propertyId: property.id,
      checkIn: WORK_DATE,
      checkOut: isoDateFromToday(127),
      guestCount: 1,
      guestInfo: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
    },
  });
  expect(booking.status(), await booking.text()).toBe(409);

  // contractor@ accepts the offer, starts and completes the work with its final cost.
  const before = await readJson<Earnings>(contractor.request, "/api/contractor/earnings");
  await contractor.goto("/dashboard");
  await jobCard(contractor, job.reference)
    .getByRole("button", { name: labelFor("Accept Job", job.reference) })
    .click();
  await contractor
    .getByRole("dialog", { name: "Accept this job?" })
    .getByRole("button", { name: "Accept Job" })
    .click();
  await expect(toast(contractor, "Job accepted")).toBeVisible();
  await contractor.getByRole("tab", { name: "Scheduled", exact: true }).click();
  await jobCard(contractor, job.reference)
    .getByRole("button", { name: labelFor("View Details", job.reference) })
    .click();
  const work = contractor.getByRole("dialog", { name: issue });
  await work.getByRole("button", { name: labelFor("Update Status", job.reference) }).click();
  const update = contractor.getByRole("dialog", { name: "Update Status" });
  await update.getByRole("radio", { name: "In progress" }).check();
  await update.getByRole("button", { name: "Update status" }).click();
  await expect(work.getByRole("status")).toContainText("Status updated");
  await work.getByRole("button", { name: labelFor("Mark Complete", job.reference) }).click();
  const complete = contractor.getByRole("dialog", { name: "Mark Complete" });
  await complete.getByLabel(/^Final cost/).fill(String(FINAL_COST));
  await complete.getByLabel(/^What was done/).fill("Replaced the perished trap seal and tested under full flow.");
  await complete.getByRole("button", { name: "Mark complete" }).click();
  await expect(work.getByRole("status")).toContainText("Job complete");

  // Completed work counts at once, but earns nothing until the owner pays (other tests may finish and pay jobs of
  // their own meanwhile, never fewer).
  const completed = await readJson<Earnings>(contractor.request, "/api/contractor/earnings");
  expect(completed.totals.completedJobs).toBeGreaterThan(before.totals.completedJobs);
  await contractor.keyboard.press("Escape");
  await contractor.getByRole("tab", { name: "Job History", exact: true }).click();
  await expect(jobCard(contractor, job.reference).getByText(/Final cost £312\.40/)).toBeVisible();

  // The owner sees it done on the flat's Maintenance section and marks the payment made.
  await landlord.goto(`/properties/${property.id}/manage?section=maintenance`);
  const ownerCard = jobCard(landlord, job.reference);
  await expect(ownerCard.getByText("Completed", { exact: true })).toBeVisible();
  await ownerCard.getByRole("button", { name: labelFor("View Details", job.reference) }).click();
  const ownerDetails = landlord.getByRole("dialog", { name: issue });
  await ownerDetails.getByRole("button", { name: labelFor("Mark paid", job.reference) }).click();
  await landlord
    .getByRole("dialog", { name: "Mark the payment made?" })
    .getByRole("button", { name: "Mark paid", exact: true })
    .click();
  await expect(ownerDetails.getByRole("status")).toContainText("Marked paid");
  const paid = await readJson<ApiJob & { paidAt: string | null }>(landlord.request, `/api/maintenance/jobs/${job.id}`);
  expect(paid.paidAt).not.toBeNull();
  // Now the ledger holds the payment, and the contractor's earnings rise by it.
  const after = await readJson<Earnings>(contractor.request, "/api/contractor/earnings");
  expect(after.totals.earned - completed.totals.earned).toBeGreaterThanOrEqual(FINAL_COST - 0.001);
});
