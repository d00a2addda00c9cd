import { makeImage } from "../../support/images";
import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { type ApiJob, jobCard, readJson, uniqueIssue } from "../support/maintenance";
import { expect, test } from "../support/test";

/**
 * The manage page's Maintenance section: the landlord sees every job on their property and reports one, which opens
 * straight away in its dialog to offer to contractors.
 */

const PHONE = { width: 390, height: 844 };
type MyProperty = { id: number; slug: string; title: string };

for (const size of ["desktop", "phone"] as const) {
  test(`landlord@ sees a property's jobs and reports one from its Maintenance section (${size})`, async ({
    page,
    axe,
  }) => {
    if (size === "phone") await page.setViewportSize(PHONE);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const property = (await readJson<MyProperty[]>(page.request, "/api/properties/my-properties")).find(
      (p) => p.slug === "westminster-luxury-flat",
    );
    if (!property) throw new Error("the demo landlord owns the Westminster flat");
    const jobs = await readJson<ApiJob[]>(page.request, `/api/maintenance/jobs?propertyId=${property.id}&pageSize=10`);
    expect(jobs.length, "the demo data has jobs at the Westminster flat").toBeGreaterThan(0);

    await page.goto(`/properties/${property.id}/manage?section=maintenance`);
    await expect(page.getByRole("tab", { name: "Maintenance", selected: true })).toBeVisible();
    await expect(jobCard(page, jobs[0]?.reference ?? "")).toBeVisible();
    await axe.expectNoViolations({ label: `Maintenance section (${size})` });

    const issue = uniqueIssue("Smoke alarm chirping");
    await page.getByRole("button", { name: /^Report a problem/ }).click();
    const report = page.getByRole("dialog", { name: "Report a problem" });
    await report.getByLabel(/^What is wrong/).fill(issue);
    await report.getByLabel(/^Category/).selectOption("electrical");
    await report.getByLabel(/^Description/).fill("The hallway smoke alarm chirps every minute; its battery is low.");
    await report.getByRole("button", { name: "Send report" }).click();

    const details = page.getByRole("dialog", { name: issue });
    await expect(details.getByRole("status")).toContainText(/Problem reported as MJ-\d{6}/);
    await expect(details.getByRole("button", { name: /^Offer to contractors/ })).toBeVisible();
    await axe.expectNoViolations({ label: `new job's dialog, landlord (${size})` });

    // A photo of the problem: a file that is not an image is refused before sending; a picture is added.
    const photoInput = details.locator('input[type="file"]');
    await photoInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
    await expect(details.getByRole("alert")).toContainText("“notes.txt” is not an image");
    await photoInput.setInputFiles({
      name: "alarm.jpg",
      mimeType: "image/jpeg",
      buffer: await makeImage("jpeg", { width: 800, height: 600 }),
    });
    await expect(details.getByRole("img", { name: `${issue}, 1 of 1` })).toBeVisible();
    await expect(details.getByRole("button", { name: `Remove ${issue}, 1 of 1` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("article", { name: issue })).toBeVisible();
  });
}

type JobRow = ApiJob & { propertyName: string; status: string };

for (const size of ["desktop", "phone"] as const) {
  test(`the landlord's Maintenance page lists the jobs of all their properties, filtered by status (${size})`, async ({
    page,
    axe,
  }) => {
    if (size === "phone") await page.setViewportSize(PHONE);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    // Completed jobs: no test moves a finished job back, so these stay listed under that filter.
    const completed = await readJson<JobRow[]>(page.request, "/api/maintenance/jobs?status=completed&pageSize=100");
    expect(
      new Set(completed.map((j) => j.propertyName)).size,
      "completed jobs at several demo listings",
    ).toBeGreaterThan(1);

    await page.goto("/landlord/properties");
    await page.getByRole("link", { name: "Maintenance", exact: true }).click();
    await expect(page).toHaveURL(/\/landlord\/maintenance$/);
    await expect(page.getByRole("heading", { level: 1, name: "Maintenance" })).toBeVisible();
    await page.getByLabel("Status", { exact: true }).selectOption("completed");
    const list = page.getByRole("list", { name: "Maintenance jobs" });
    for (const job of completed.slice(0, 5)) await expect(jobCard(page, job.reference)).toBeVisible();
    await expect(list).toHaveAttribute("aria-busy", "false");
    // Every card shown is a completed job, whichever listing it is at.
    for (const card of await list.getByRole("article").all()) {
      await expect(card.getByText("Completed", { exact: true })).toBeVisible();
    }
    await axe.expectNoViolations({ label: `landlord Maintenance page (${size})` });

    const [first] = completed;
    if (!first) throw new Error("the demo landlord has completed jobs");
    await jobCard(page, first.reference)
      .getByRole("button", { name: /^View Details/ })
      .click();
    await expect(page.getByRole("dialog", { name: first.issue })).toBeVisible();
    await axe.expectNoViolations({ label: `job dialog from the Maintenance page (${size})` });
  });
}

test("a guest opening the landlord's Maintenance page is told which role it needs", async ({ page }) => {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
  await page.goto("/landlord/maintenance");
  await expect(page.getByText(/Required: Landlord\/Owner/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Maintenance jobs" })).toHaveCount(0);
});
