import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import {
  type ApiJob,
  checkJobDialogs,
  demoContractorId,
  demoJobs,
  jobCard,
  labelFor,
  managedProperties,
  offerJob,
  readJson,
  reportJob,
  uniqueIssue,
} from "../support/maintenance";
import { expect, test } from "../support/test";

/**
 * The contractor dashboard with the demo data: contractor@ has offers, scheduled and finished jobs and earnings.
 * Jobs that a test acts on are its own: manager@ reports and offers them through the API (in the `request` context),
 * then contractor@ works on them in the browser.
 */

const PHONE = { width: 390, height: 844 };

type Earnings = {
  totals: { earned: number; thisMonth: number; completedJobs: number; awaitingPayment: number };
  months: { month: string; earned: number; jobs: number }[];
};

async function openDashboard(page: Page) {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.contractor);
  await page.goto("/dashboard");
  await expect(page.getByRole("main").getByText("Contractor/Service Provider", { exact: true })).toBeVisible();
}

/** A job of the test's own, offered to contractor@ by manager@ (signed in on `manager`). */
async function offeredJob(manager: APIRequestContext, contractorId: number, label: string): Promise<ApiJob> {
  await signInThroughApi(manager, DEMO_ACCOUNTS.manager);
  const [property] = await managedProperties(manager);
  if (!property) throw new Error("no managed property");
  const job = await reportJob(manager, property.id, uniqueIssue(label));
  await offerJob(manager, job.id, contractorId);
  return job;
}

/** contractor@ acts on a job through the API (a context signed in as contractor@). */
async function contractorPost(contractor: APIRequestContext, path: string, data: unknown = {}) {
  const response = await contractor.post(path, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

test.describe("Contractor dashboard", () => {
  test("the figures and tabs show contractor@'s own offers, jobs, history and earnings", async ({ page }) => {
    // Read before the page: jobs other tests add meanwhile may show too, but every one read here must.
    await signInThroughApi(page.request, DEMO_ACCOUNTS.contractor);
    const jobs = demoJobs(await readJson<ApiJob[]>(page.request, "/api/maintenance/contractor-jobs"));
    const history = await readJson<ApiJob[]>(page.request, "/api/maintenance/history");
    const earnings = await readJson<Earnings>(page.request, "/api/contractor/earnings");
    await openDashboard(page);
    expect(jobs.length + history.length, "the demo data gives contractor@ work").toBeGreaterThan(0);

    const offers = jobs.filter((job) => job.status === "pending" && job.myOffer?.status === "open");
    const inProgress = jobs.filter((job) => job.status === "in_progress");
    const scheduled = jobs.filter((job) => job.status === "scheduled");
    for (const job of [...inProgress, ...offers]) await expect(jobCard(page, job.reference)).toBeVisible();
    for (const job of offers) {
      await expect(
        jobCard(page, job.reference).getByRole("button", { name: labelFor("Accept Job", job.reference) }),
      ).toBeVisible();
    }

    await page.getByRole("tab", { name: "Scheduled", exact: true }).click();
    for (const job of scheduled) {
      const card = jobCard(page, job.reference);
      await expect(card.getByRole("button", { name: labelFor("View Details", job.reference) })).toBeVisible();
      await expect(card.getByRole("button", { name: labelFor("Reschedule", job.reference) })).toBeVisible();
    }

    await page.getByRole("tab", { name: "Job History", exact: true }).click();
    if (history[0]) await expect(jobCard(page, history[0].reference)).toBeVisible();
    else await expect(page.getByText("No job history yet")).toBeVisible();

    await page.getByRole("tab", { name: "Earnings", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Earnings by month" })).toBeVisible();
    const table = page.getByRole("table", { name: /jobs paid and amount earned/ });
    await expect(table.getByRole("row")).toHaveCount(earnings.months.length + 2);
    // The figures are the server's (never the design's samples): another test may finish a job meanwhile, so the
    // page is read again until both agree.
    const completed = page
      .getByRole("listitem")
      .filter({ has: page.getByText("Completed", { exact: true }) })
      .locator("p.font-display");
    await expect
      .poll(async () => {
        const latest = await readJson<Earnings>(page.request, "/api/contractor/earnings");
        if ((await completed.textContent()) === String(latest.totals.completedJobs)) return true;
        await page.reload();
        await expect(completed).not.toHaveText("Loading…");
        return false;
      })
      .toBe(true);
  });

  test("a failed read says so with Retry, and the figures show no number instead of a made-up one", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.contractor);
    await page.route("**/api/maintenance/contractor-jobs", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/dashboard");
    const alert = page.getByRole("tabpanel").getByRole("alert");
    await expect(alert).toContainText("Failed to load your jobs");
    await expect(
      page.getByRole("listitem").filter({ has: page.getByText("Pending Offers", { exact: true }) }),
    ).toContainText("Not available");
    await page.unroute("**/api/maintenance/contractor-jobs");
    await page.getByRole("tabpanel").getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { name: "Offers waiting for your answer" })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test("contractor@ accepts an offered job, starts it and marks it complete with the final cost", async ({
    page,
    request,
    browser,
  }) => {
    const contractorContext = await browser.newContext();
    const contractorId = await demoContractorId(contractorContext.request);
    await contractorContext.close();
    const job = await offeredJob(request, contractorId, "Kitchen tap dripping");

    await openDashboard(page);
    const card = jobCard(page, job.reference);
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    // The address is the contractor's only once they take the job.
    await expect(card.getByText("Address", { exact: true })).toHaveCount(0);
    await card.getByRole("button", { name: labelFor("Accept Job", job.reference) }).click();
    const accept = page.getByRole("dialog", { name: "Accept this job?" });
    await accept.getByRole("button", { name: "Accept Job" }).click();
    await expect(toast(page, "Job accepted")).toBeVisible();

    await page.getByRole("tab", { name: "Scheduled", exact: true }).click();
    const scheduled = jobCard(page, job.reference);
    await expect(scheduled.getByText("Address", { exact: true })).toBeVisible();
    await scheduled.getByRole("button", { name: labelFor("View Details", job.reference) }).click();
    const details = page.getByRole("dialog", { name: job.issue });
    await details.getByRole("button", { name: labelFor("Update Status", job.reference) }).click();
    const update = page.getByRole("dialog", { name: "Update Status" });
    await update.getByRole("radio", { name: "On the way" }).check();
    await update.getByLabel("Note").fill("Leaving now, there in twenty minutes.");
    await update.getByRole("button", { name: "Update status" }).click();
    // Said in the job's dialog, which stays open on the job as it is now (its toast is behind the dialog).
    await expect(details.getByRole("status")).toContainText("Status updated");
    await expect(details.getByText("On the way", { exact: true }).first()).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: /^Active Jobs/ }).click();
    await jobCard(page, job.reference)
      .getByRole("button", { name: labelFor("Mark Complete", job.reference) })
      .click();
    const complete = page.getByRole("dialog", { name: "Mark Complete" });
    await complete.getByLabel(/^Final cost/).fill("195.555");
    await complete.getByLabel(/^What was done/).fill("Replaced the washer and the valve; no more drips.");
    await complete.getByRole("button", { name: "Mark complete" }).click();
    await expect(complete.getByText("Final cost: use at most 2 decimal places")).toBeVisible();
    await complete.getByLabel(/^Final cost/).fill("195.50");
    await complete.getByRole("button", { name: "Mark complete" }).click();
    await expect(toast(page, "Job complete")).toBeVisible();

    await page.getByRole("tab", { name: "Job History", exact: true }).click();
    const done = jobCard(page, job.reference);
    await expect(done.getByText("Completed", { exact: true })).toBeVisible();
    await expect(done.getByText(/Final cost £195\.50/)).toBeVisible();
  });

  test("contractor@ declines an offer with a reason and it leaves their list", async ({ page, request, browser }) => {
    const contractorContext = await browser.newContext();
    const contractorId = await demoContractorId(contractorContext.request);
    await contractorContext.close();
    const job = await offeredJob(request, contractorId, "Shower drain slow");

    await openDashboard(page);
    await jobCard(page, job.reference)
      .getByRole("button", { name: labelFor("Decline", job.reference) })
      .click();
    const decline = page.getByRole("alertdialog", { name: "Decline this job?" });
    await decline.getByRole("button", { name: "Decline job" }).click();
    await expect(decline.getByText(/Reason/)).toBeVisible();
    await decline.getByLabel(/Why you can't take it/).fill("Fully booked that week, sorry.");
    await decline.getByRole("button", { name: "Decline job" }).click();
    await expect(toast(page, "Job declined")).toBeVisible();
    await expect(jobCard(page, job.reference)).toHaveCount(0);
  });

  for (const size of ["desktop", "phone"] as const) {
    test(`axe finds nothing on the dashboard, its tabs and every job dialog (${size})`, async ({
      page,
      request,
      browser,
      axe,
    }) => {
      if (size === "phone") await page.setViewportSize(PHONE);
      const contractorContext = await browser.newContext();
      const contractorId = await demoContractorId(contractorContext.request);
      // An offer, a job taken (scheduled) and one under way: between them every button a contractor meets.
      const offer = await offeredJob(request, contractorId, "Radiator cold");
      const taken = await offeredJob(request, contractorId, "Window latch broken");
      const working = await offeredJob(request, contractorId, "Oven door hinge");
      await contractorPost(contractorContext.request, `/api/maintenance/jobs/${taken.id}/accept`);
      await contractorPost(contractorContext.request, `/api/maintenance/jobs/${working.id}/accept`);
      await contractorPost(contractorContext.request, `/api/maintenance/jobs/${working.id}/progress`, {
        stage: "in_progress",
      });
      await contractorContext.close();

      await openDashboard(page);
      await expect(jobCard(page, offer.reference)).toBeVisible();
      await axe.expectNoViolations({ label: `contractor dashboard (${size})` });
      for (const tab of ["Scheduled", "Job History", "Earnings"]) {
        await page.getByRole("tab", { name: tab, exact: true }).click();
        await expect(page.getByRole("tab", { name: tab, exact: true, selected: true })).toBeVisible();
        await expect(page.getByRole("tabpanel").getByRole("status")).toHaveCount(0);
        await axe.expectNoViolations({ label: `${tab} tab (${size})` });
      }

      const seen = new Set<string>();
      for (const [tab, job] of [
        ["Active Jobs", offer],
        ["Scheduled", taken],
        ["Active Jobs", working],
      ] as const) {
        await checkJobDialogs(
          page,
          axe,
          job,
          async () => {
            await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
            await jobCard(page, job.reference)
              .getByRole("button", { name: labelFor("View Details", job.reference) })
              .click();
          },
          seen,
          `${tab} (${size})`,
        );
      }
      for (const name of ["Accept Job", "Decline", "Update Status", "Mark Complete", "Reschedule"]) {
        expect(seen, `the ${name} dialog was checked`).toContain(name);
      }
    });
  }
});
