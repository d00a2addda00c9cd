import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { currentUser, DEMO_ACCOUNTS, signInThroughApi } from "./accounts";
import { isoDateFromToday } from "./dates";
import type { AxeFixture } from "./test";

/**
 * Maintenance jobs for the browser tests, made through the API as a manager would, so each test works on a job of
 * its own: the demo jobs are shared by every test of the run.
 */

export type ManagedProperty = { id: number; slug: string; title: string; assignmentId: number };
export type ApiJob = {
  id: number;
  reference: string;
  issue: string;
  description: string;
  status: string;
  displayStatus: string;
  actions: string[];
  propertyId: number;
  myOffer: { status: string } | null;
};

export async function readJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The properties manager@ manages now (the request must be signed in as manager@). */
export async function managedProperties(manager: APIRequestContext): Promise<ManagedProperty[]> {
  const properties = await readJson<ManagedProperty[]>(manager, "/api/properties/managed");
  expect(properties.length, "manager@ manages some of the demo listings").toBeGreaterThan(0);
  return properties;
}

/** contractor@'s user id, read in a request context of its own. */
export async function demoContractorId(contractor: APIRequestContext): Promise<number> {
  await signInThroughApi(contractor, DEMO_ACCOUNTS.contractor);
  const user = await currentUser(contractor);
  return Number(user?.id);
}

/** How jobs made by the tests begin their description: other tests move them on while a test reads the lists. */
export const TEST_JOB_DESCRIPTION = "Made by the browser tests:";

/** The demo data's jobs, which no test moves on. */
export function demoJobs<J extends { description: string }>(jobs: J[]): J[] {
  return jobs.filter((job) => !job.description.startsWith(TEST_JOB_DESCRIPTION));
}

/** A title nobody else in the run uses. */
export function uniqueIssue(label: string): string {
  return `${label} ${randomUUID().slice(0, 6)}`;
}

/** Reports a problem at `propertyId` as the (signed-in) manager; answers the job. */
export async function reportJob(manager: APIRequestContext, propertyId: number, title: string): Promise<ApiJob> {
  const response = await manager.post("/api/maintenance/jobs", {
    data: {
      propertyId,
      title,
      description: `${TEST_JOB_DESCRIPTION} a fault to fix on a managed property.`,
      category: "plumbing",
      isUrgent: false,
    },
  });
  expect(response.status(), `report: ${await response.text()}`).toBe(201);
  return (await response.json()) as ApiJob;
}

/** Offers the job to one contractor for a date well ahead, with no nights blocked (no stay can be in its way). */
export async function offerJob(
  manager: APIRequestContext,
  jobId: number,
  contractorId: number,
  { payment = 180, hours = 3 } = {},
): Promise<ApiJob> {
  const response = await manager.post(`/api/maintenance/jobs/${jobId}/offers`, {
    data: {
      contractorIds: [contractorId],
      scheduledDate: isoDateFromToday(20 + Math.floor(Math.random() * 200)),
      estimatedHours: hours,
      vacantNights: null,
      agreedPayment: payment,
    },
  });
  expect(response.ok(), `offer: ${await response.text()}`).toBe(true);
  return (await response.json()) as ApiJob;
}

/** The card of a job on the page, found by its reference. */
export function jobCard(page: Page, reference: string) {
  return page.locator(`article[data-job-reference="${reference}"]`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A control's accessible name when its visible label is followed by visually hidden words saying what it is for
 * ("Accept Job" + ": MJ-000042"); browsers may put a space before the hidden part.
 */
export function labelFor(label: string, what: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}\\s*: ${escapeRegExp(what)}$`);
}

/**
 * With a job's details dialog about to open (`open` clicks its View Details): axe over the dialog, then over the
 * form of each of its buttons not checked yet (their labels are added to `seen`), each closed again with Escape.
 * Nothing is sent.
 */
export async function checkJobDialogs(
  page: Page,
  axe: AxeFixture,
  job: Pick<ApiJob, "reference" | "issue">,
  open: () => Promise<void>,
  seen: Set<string>,
  label: string,
) {
  await open();
  const details = page.getByRole("dialog", { name: job.issue });
  await expect(details.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await axe.expectNoViolations({ label: `job dialog, ${label}` });
  for (const button of await details
    .getByRole("button", { name: new RegExp(`: ${escapeRegExp(job.reference)}$`) })
    .all()) {
    const name = ((await button.textContent()) ?? "").replace(`: ${job.reference}`, "").trim();
    if (seen.has(name)) continue;
    seen.add(name);
    await button.click();
    await expect(page.getByRole("dialog").or(page.getByRole("alertdialog")).last()).not.toHaveAccessibleName(job.issue);
    await axe.expectNoViolations({ label: `${name}, ${label}` });
    await page.keyboard.press("Escape");
    await expect(details).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
}
