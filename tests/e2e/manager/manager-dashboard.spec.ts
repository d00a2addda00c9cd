import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import { isoDateFromToday } from "../support/dates";
import {
  type ApiJob,
  checkJobDialogs,
  demoContractorId,
  jobCard,
  labelFor,
  managedProperties,
  readJson,
  reportJob,
  TEST_JOB_DESCRIPTION,
  uniqueIssue,
} from "../support/maintenance";
import { type AxeFixture, expect, test } from "../support/test";

/**
 * The property manager dashboard with the demo data: manager@ manages some of landlord@'s listings, with jobs in
 * every status. Other tests add jobs and bookings meanwhile, so the page is compared with the API's answer of the
 * moment and each test that changes something makes a job of its own.
 */

const PHONE = { width: 390, height: 844 };

async function openDashboard(page: Page) {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.manager);
  await page.goto("/dashboard");
  await expect(page.getByRole("main").getByText("Property Manager", { exact: true })).toBeVisible();
}

/** A figure card by its label. */
const figure = (page: Page, label: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) });

/** Opens the Maintenance tab showing jobs of one displayed status. */
async function maintenanceTab(page: Page, status: string) {
  await page.getByRole("tab", { name: "Maintenance", exact: true }).click();
  await page.getByLabel("Status", { exact: true }).selectOption(status);
}

/**
 * Jobs whose dialogs between them show every button a manager can meet: one of each displayed status, one with a
 * date the contractor proposed and one completed and not paid yet. The first of each in the API's order (newest
 * first) is also the first card when the tab shows that status.
 */
function dialogSamples(jobs: ApiJob[]): ApiJob[] {
  const picked = new Map<number, ApiJob>();
  const firstWhere = (test: (job: ApiJob) => boolean) => {
    const job = jobs.find(test);
    if (job) picked.set(job.id, job);
  };
  for (const status of new Set(jobs.map((job) => job.displayStatus))) firstWhere((job) => job.displayStatus === status);
  firstWhere((job) => job.actions.includes("accept_proposed_date"));
  firstWhere((job) => job.actions.includes("mark_paid"));
  return [...picked.values()];
}

/** axe over the page with a dialog open, then Escape closes that dialog (and only that one). */
async function checkDialog(page: Page, axe: AxeFixture, name: string | RegExp, label: string) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await axe.expectNoViolations({ label });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test.describe("Property manager dashboard", () => {
  test("the figures and the tabs show the manager's own properties, bookings and jobs", async ({ page }) => {
    await openDashboard(page);
    const properties = await managedProperties(page.request);

    await expect(
      figure(page, "Managed Properties").getByText(String(properties.length), { exact: true }),
    ).toBeVisible();
    const list = page.getByRole("list", { name: "Managed Properties" });
    for (const property of properties) {
      const card = list.getByRole("article", { name: property.title, exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByText(/^(Active|Inactive)$/)).toBeVisible();
    }

    await page.getByRole("tab", { name: "Bookings", exact: true }).click();
    const bookings = await readJson<{ reference: string }[]>(page.request, "/api/bookings/managed-properties?when=all");
    await page.getByRole("button", { name: "All", exact: true }).click();
    expect(bookings.length, "the demo data books the managed listings").toBeGreaterThan(0);
    await expect(page.getByText(bookings[0]?.reference ?? "", { exact: true })).toBeVisible();

    await maintenanceTab(page, "all");
    const jobs = await readJson<ApiJob[]>(page.request, "/api/maintenance/assigned");
    expect(jobs.length, "the demo data has jobs on the managed listings").toBeGreaterThan(0);
    await expect(jobCard(page, jobs[0]?.reference ?? "")).toBeVisible();
    // Narrowed to high priority, only high-priority cards remain.
    await page.getByLabel("Priority", { exact: true }).selectOption("high");
    const high = await readJson<ApiJob[]>(page.request, "/api/maintenance/assigned?priority=high");
    if (high.length > 0) await expect(jobCard(page, high[0]?.reference ?? "")).toBeVisible();
    await expect(page.getByRole("list", { name: "Maintenance jobs" }).getByText(/^(Medium|Low) priority$/)).toHaveCount(
      0,
    );
  });

  test("the manager opens a stay's conversation with its guest from Bookings and writes to them", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("tab", { name: "Bookings", exact: true }).click();
    const link = page.getByRole("link", { name: /^Message guest .* about SL-\d{6}$/ }).first();
    await expect(link).toBeVisible();
    const label = (await link.getAttribute("aria-label")) ?? "";
    await link.click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    const note = `The heating engineer comes on Tuesday at 10am (${Math.random().toString(36).slice(2, 8)}).`;
    await page.getByLabel(/^Reply to /).fill(note);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const sent = page.getByRole("list", { name: "Messages" }).getByText(note);
    await expect(sent).toBeVisible();
    // The guest's name on the card is the one the conversation is with.
    const guest = /^Message guest (.*) about /.exec(label)?.[1] ?? "";
    await expect(page.getByLabel(`Reply to ${guest}`)).toBeVisible();
  });

  test("a failed read says so with Retry, and the figures show no number instead of a made-up one", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.manager);
    await page.route("**/api/properties/managed", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/dashboard");
    await expect(page.getByRole("alert")).toContainText("Failed to load property data");
    await expect(figure(page, "Average Occupancy")).toContainText("Not available");
    await page.unroute("**/api/properties/managed");
    await page.getByRole("button", { name: "Retry" }).click();
    const [property] = await managedProperties(page.request);
    await expect(page.getByRole("article", { name: property?.title ?? "", exact: true })).toBeVisible();
    await expect(figure(page, "Average Occupancy")).not.toContainText("Not available");
  });

  test("View Details lists a property's jobs and Contact Owner opens its thread", async ({ page }) => {
    await openDashboard(page);
    const [property] = await managedProperties(page.request);
    if (!property) throw new Error("no managed property");
    const card = page.getByRole("article", { name: property.title, exact: true });

    await card.getByRole("button", { name: labelFor("View Details", property.title) }).click();
    const dialog = page.getByRole("dialog", { name: property.title });
    await expect(dialog.getByRole("heading", { name: "Maintenance jobs" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: labelFor("View the listing", property.title) })).toHaveAttribute(
      "href",
      `/properties/${property.slug}`,
    );
    const jobs = await readJson<ApiJob[]>(page.request, `/api/maintenance/assigned?propertyId=${property.id}`);
    if (jobs.length > 0) await expect(dialog.locator(`[data-job-reference="${jobs[0]?.reference}"]`)).toBeVisible();
    else await expect(dialog.getByText("No jobs at this property")).toBeVisible();
    await page.keyboard.press("Escape");

    await card.getByRole("button", { name: /^Contact Owner/ }).click();
    await expect(page.getByRole("tab", { name: /^Communication/, selected: true })).toBeVisible();
    await expect(page.getByRole("tabpanel").getByText(property.title).first()).toBeVisible();
  });

  test("reading the owner's new message brings the Communication count down at once", async ({ page, browser }) => {
    await openDashboard(page);
    const [property] = await managedProperties(page.request);
    if (!property) throw new Error("no managed property");
    // The owner writes, so the thread has a message the manager has not read (whatever other tests read meanwhile).
    const owner = await browser.newContext();
    await signInThroughApi(owner.request, DEMO_ACCOUNTS.landlord);
    const sent = await owner.request.post(`/api/manager-threads/${property.assignmentId}/messages`, {
      data: { body: "Could you check the hallway light on your next visit?" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await owner.close();
    await page.reload();

    const communication = page.getByRole("tab", { name: /^Communication/ });
    const shownCount = async () =>
      Number(/(\d+) unread messages/.exec((await communication.textContent()) ?? "")?.[1] ?? 0);
    const serverCount = async () =>
      (await readJson<{ unreadMessages: number }[]>(page.request, "/api/properties/managed")).reduce(
        (sum, p) => sum + p.unreadMessages,
        0,
      );
    await expect.poll(shownCount).toBeGreaterThan(0);

    // Opening the thread marks it read; the tab counts again while the manager is still reading.
    await page
      .getByRole("article", { name: property.title, exact: true })
      .getByRole("button", { name: /^Contact Owner/ })
      .click();
    // The thread list previews the same words, so look inside the opened thread (at the newest, if a retry wrote twice).
    await expect(
      page
        .getByRole("list", { name: "Messages" })
        .getByText("Could you check the hallway light on your next visit?")
        .last(),
    ).toBeVisible();
    await expect.poll(async () => (await shownCount()) === (await serverCount())).toBe(true);
  });

  test("the manager schedules maintenance: reports a problem, then offers it to contractor@", async ({
    page,
    request,
  }) => {
    const contractorId = await demoContractorId(request);
    await openDashboard(page);
    const choices = await readJson<{ id: number; name: string }[]>(page.request, "/api/maintenance/contractors");
    const contractor = choices.find((c) => c.id === contractorId);
    expect(contractor, "contractor@ is among the contractors to offer to").toBeDefined();
    const [property] = await managedProperties(page.request);
    if (!property || !contractor) throw new Error("no managed property or contractor");
    const issue = uniqueIssue("Bathroom extractor fan rattling");

    await page
      .getByRole("article", { name: property.title, exact: true })
      .getByRole("button", { name: labelFor("Schedule Maintenance", property.title) })
      .click();
    const report = page.getByRole("dialog", { name: "Report a problem" });
    await report.getByLabel(/^What is wrong/).fill(issue);
    await report.getByLabel(/^Category/).selectOption("electrical");
    await report.getByLabel(/^Description/).fill("The fan rattles loudly when switched on; guests have mentioned it.");
    await report.getByRole("button", { name: "Send report" }).click();
    // Straight on to the offer, which names the job just reported.
    const offer = page.getByRole("dialog", { name: "Offer to contractors" });
    await expect(offer).toHaveAccessibleDescription(new RegExp(`^Reported as MJ-\\d{6}\\. MJ-\\d{6} · ${issue}`));
    // The shared schema refuses what the server would, before anything is sent.
    await offer.getByRole("button", { name: "Send offer" }).click();
    await expect(offer.getByText("Choose at least one contractor")).toBeVisible();
    await offer.getByRole("checkbox", { name: new RegExp(contractor.name) }).check();
    await offer.getByLabel(/^Date/).fill(isoDateFromToday(30));
    await offer.getByLabel(/^Estimated hours/).fill("2");
    await offer.getByLabel(/^Payment/).fill("-5");
    await offer.getByRole("button", { name: "Send offer" }).click();
    await expect(offer.getByText("Payment cannot be negative")).toBeVisible();
    await offer.getByLabel(/^Payment/).fill("135.50");
    await offer.getByRole("button", { name: "Send offer" }).click();
    await expect(toast(page, "Job offered")).toBeVisible();
    await expect(offer).toBeHidden();

    const offered = await readJson<ApiJob[]>(request, "/api/maintenance/contractor-jobs");
    expect(offered.find((job) => job.issue === issue)?.myOffer?.status).toBe("open");
  });

  test("an offer that needs the flat empty over a confirmed stay is refused in the form, naming the next free nights", async ({
    page,
    request,
  }) => {
    const contractorId = await demoContractorId(request);
    await openDashboard(page);
    type Booking = { propertyId: number; checkIn: string; status: string };
    const bookings = await readJson<Booking[]>(
      page.request,
      "/api/bookings/managed-properties?status=confirmed&when=upcoming&pageSize=100",
    );
    const stay = bookings.find((b) => b.checkIn > isoDateFromToday(0));
    if (!stay) throw new Error("the demo data has a confirmed stay ahead at a managed flat");
    const job = await reportJob(page.request, stay.propertyId, uniqueIssue("Repaint the bedroom"));
    const contractors = await readJson<{ id: number; name: string }[]>(page.request, "/api/maintenance/contractors");
    const contractor = contractors.find((c) => c.id === contractorId);

    await maintenanceTab(page, "pending");
    await jobCard(page, job.reference)
      .getByRole("button", { name: labelFor("Offer to contractors", job.reference) })
      .click();
    const offer = page.getByRole("dialog", { name: "Offer to contractors" });
    await offer.getByRole("checkbox", { name: new RegExp(contractor?.name ?? "") }).check();
    await offer.getByLabel(/^Date/).fill(stay.checkIn);
    await offer.getByLabel(/^Estimated hours/).fill("6");
    await offer.getByLabel("The property must be empty during the work").check();
    await offer.getByLabel(/^Nights empty/).fill("2");
    await offer.getByLabel(/^Payment/).fill("300");
    await offer.getByRole("button", { name: "Send offer" }).click();
    await expect(offer.getByRole("alert")).toContainText(
      /A confirmed stay holds .+\. The next free 2 nights start on \d{1,2} \w+ \d{4}\./,
    );
    // Nothing was sent on: the job still waits for an offer.
    const after = await readJson<ApiJob & { offers: unknown[] }>(page.request, `/api/maintenance/jobs/${job.id}`);
    expect(after.offers).toEqual([]);
  });

  for (const size of ["desktop", "phone"] as const) {
    test(`axe finds nothing on the dashboard and every job dialog (${size})`, async ({ page, axe }) => {
      // Ten axe passes over a full dashboard: more than a minute when the machine is busy.
      test.slow();
      if (size === "phone") await page.setViewportSize(PHONE);
      await openDashboard(page);
      const [property] = await managedProperties(page.request);
      if (!property) throw new Error("no managed property");
      await expect(page.getByRole("article", { name: property.title, exact: true })).toBeVisible();
      await axe.expectNoViolations({ label: `manager dashboard (${size})` });

      const card = page.getByRole("article", { name: property.title, exact: true });
      await card.getByRole("button", { name: labelFor("View Details", property.title) }).click();
      await expect(
        page.getByRole("dialog", { name: property.title }).getByRole("heading", { name: "Maintenance jobs" }),
      ).toBeVisible();
      await checkDialog(page, axe, property.title, `managed property dialog (${size})`);
      await card.getByRole("button", { name: labelFor("Schedule Maintenance", property.title) }).click();
      await checkDialog(page, axe, "Report a problem", `report dialog (${size})`);

      for (const tab of ["Bookings", "Maintenance"]) {
        await page.getByRole("tab", { name: tab, exact: true }).click();
        await expect(page.getByRole("heading", { level: 2, name: tab, exact: true })).toBeVisible();
        await axe.expectNoViolations({ label: `${tab} tab (${size})` });
      }

      // A fresh urgent job offers every step of a job nobody has taken; the demo data has the later ones.
      const fresh = await page.request.post("/api/maintenance/jobs", {
        data: {
          propertyId: property.id,
          title: uniqueIssue("Front door lock jammed"),
          description: `${TEST_JOB_DESCRIPTION} the lock sticks and the door cannot be locked.`,
          category: "locks_and_security",
          isUrgent: true,
        },
      });
      expect(fresh.status(), await fresh.text()).toBe(201);
      const demo = await readJson<ApiJob[]>(page.request, "/api/maintenance/assigned?pageSize=100");
      const chosen = dialogSamples([(await fresh.json()) as ApiJob, ...demo]);

      const seen = new Set<string>();
      for (const job of chosen) {
        await checkJobDialogs(
          page,
          axe,
          job,
          async () => {
            await maintenanceTab(page, job.displayStatus);
            await jobCard(page, job.reference)
              .getByRole("button", { name: labelFor("View Details", job.reference) })
              .click();
          },
          seen,
          `${job.displayStatus} (${size})`,
        );
      }
      for (const name of ["Triage", "Offer to contractors", "Reschedule", "Decline report", "Cancel job"]) {
        expect(seen, `the ${name} dialog was checked`).toContain(name);
      }
    });
  }

  test("a job the manager reports shows on the Maintenance tab as pending", async ({ page }) => {
    await openDashboard(page);
    const [property] = await managedProperties(page.request);
    if (!property) throw new Error("no managed property");
    const job = await reportJob(page.request, property.id, uniqueIssue("Hallway light flickering"));
    await maintenanceTab(page, "pending");
    await expect(jobCard(page, job.reference)).toBeVisible();
    await expect(jobCard(page, job.reference).getByText("Pending", { exact: true })).toBeVisible();
  });
});
