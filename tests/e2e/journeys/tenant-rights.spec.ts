import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { addCalendarMonths, addDays, formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import { formatPence } from "../../../common/domain/money-documents";
import { PET_ANSWER_DAYS } from "../../../common/domain/tenant-rights";
import { bookingReference } from "../../../common/schemas/bookings";
import { formatWeekdayDate } from "../../../common/utils/dates";
import { DEMO_ACCOUNTS, type Person, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { acceptStatementThroughApi } from "../support/bookings";
import type { E2eDatabase } from "../support/database";
import { listHomeOfLandlord, tenantInSecondYear } from "../support/tenancies";
import { expect, expectPhoneLayoutAccessible, test } from "../support/test";

/**
 * A tenancy's rights on its booking, as both sides use them in the browser: the tenant asks to keep a pet and the
 * landlord answers it (a request left past its 28 days is shown overdue), and the landlord serves a Section 13 rent
 * increase whose notice the tenant downloads. Set-up goes through the API and, for what only time brings about (a
 * tenancy a year old, a request a month old), the database.
 */

const RIGHTS = "Tenancy: statement, rent and pets";

// landlord@'s All Bookings lists the demo's thousand-odd stays: on a busy machine each visit takes a while.
test.slow();

/** Opens `path` and waits for the booking's tenancy rights to load, however long the whole list takes to come. */
async function openRights(page: Page, path: "/bookings" | "/landlord/bookings", bookingId: number) {
  await page.goto(path);
  const rights = rightsOn(page, bookingId);
  await expect(rights.getByRole("heading", { name: "Pets", exact: true })).toBeVisible({ timeout: 30_000 });
  return rights;
}

/** The booking's card on My Bookings or All Bookings, and its tenancy rights inside it. */
function rightsOn(page: Page, bookingId: number) {
  return page
    .locator(`article[data-booking-reference="${bookingReference(bookingId)}"]`)
    .getByRole("region", { name: RIGHTS });
}

/** The first day of a rent period (the day of the month the tenancy began) on or after `day`. */
function firstRentDayFrom(tenancyStart: string, day: string): string {
  let months = 0;
  while (addCalendarMonths(tenancyStart, months) < day) months += 1;
  return addCalendarMonths(tenancyStart, months);
}

/** A confirmed tenancy of a new tenant at one of landlord@'s listings, its statement accepted. */
async function tenancyOfNewTenant(
  database: E2eDatabase,
  guestRequest: APIRequestContext,
  label: string,
): Promise<{ tenant: Person; id: number }> {
  const tenant = await registerVerifiedGuest(guestRequest, label);
  const { id } = await database.confirmedTenancyFor(tenant.email, DEMO_ACCOUNTS.landlord);
  await acceptStatementThroughApi(guestRequest, id);
  return { tenant, id };
}

test("a tenant asks to keep a pet from My Bookings, the landlord refuses it with a reason, and the tenant reads it", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const { tenant, id } = await tenancyOfNewTenant(database, guestRequest, "pet-tenant");
  const reason = "The lease of the building forbids dogs in the flats.";

  await signInThroughApi(page.request, tenant.email, tenant.password);
  let rights = await openRights(page, "/bookings", id);
  const ask = rights.getByRole("form", { name: "Ask to keep a pet" });
  await expect(ask).toBeVisible();
  await axe.expectNoViolations({ label: "tenant's tenancy before a pet request" });
  // Too short to tell the landlord what the pet is: the shared schema says so before anything is sent.
  await ask.getByLabel(/^Describe the pet/).fill("Cat");
  await ask.getByRole("button", { name: "Send pet request" }).click();
  await expect(ask.getByText("Pet description must be at least 5 characters")).toBeVisible();
  await ask.getByLabel(/^Describe the pet/).fill("Biscuit, a house-trained four-year-old beagle");
  await ask.getByRole("button", { name: "Send pet request" }).click();
  let request = rights.getByRole("listitem").filter({ hasText: "Biscuit" });
  await expect(request.getByText("Awaiting the landlord's answer")).toBeVisible();
  const dueOn = formatWeekdayDate(addDays(londonToday(), PET_ANSWER_DAYS));
  await expect(request.getByText(`Your landlord must answer by ${dueOn}.`)).toBeVisible();
  // One request waits at a time: the form comes back once the landlord has answered.
  await expect(ask).toHaveCount(0);
  await expect(
    rights.getByText("You can ask about another pet once your landlord has answered this one."),
  ).toBeVisible();
  await axe.expectNoViolations({ label: "tenant's pet request awaiting an answer" });

  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  rights = await openRights(page, "/landlord/bookings", id);
  request = rights.getByRole("listitem").filter({ hasText: "Biscuit" });
  await expect(request.getByText("Awaiting your answer")).toBeVisible();
  await expect(request.getByText(`Answer by ${dueOn}.`)).toBeVisible();
  const answer = request.getByRole("form", { name: "Answer the pet request" });
  await answer.getByLabel(/^Your answer/).selectOption("refuse");
  // A refusal without a reason is refused before it is sent.
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(answer.getByText("A refusal needs a reason the tenant can read (at least 10 characters)")).toBeVisible();
  await axe.expectNoViolations({ label: "landlord's refusal without a reason" });
  await answer.getByLabel(/^Reason for refusing/).fill(reason);
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(request.getByText("Refused", { exact: true })).toBeVisible();
  await expect(request.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(answer).toHaveCount(0);

  await signInThroughApi(page.request, tenant.email, tenant.password);
  rights = await openRights(page, "/bookings", id);
  request = rights.getByRole("listitem").filter({ hasText: "Biscuit" });
  await expect(request.getByText("Refused", { exact: true })).toBeVisible();
  await expect(request.getByText(`Reason: ${reason}`)).toBeVisible();
  // Answered, the tenant may ask about another pet.
  await expect(rights.getByRole("form", { name: "Ask to keep a pet" })).toBeVisible();
  await axe.expectNoViolations({ label: "tenant's refused pet request" });
  await expectPhoneLayoutAccessible(page, axe, "tenant's refused pet request");
});

test("a landlord agrees to a tenant's pet request and the tenant sees it agreed", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const { tenant, id } = await tenancyOfNewTenant(database, guestRequest, "cat-tenant");
  const asked = await guestRequest.post(`/api/bookings/${id}/pet-requests`, {
    data: { description: "Miso, an indoor cat, neutered and vaccinated" },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  // On a phone, as a landlord answering from the e-mail would.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  const request = (await openRights(page, "/landlord/bookings", id)).getByRole("listitem").filter({ hasText: "Miso" });
  const answer = request.getByRole("form", { name: "Answer the pet request" });
  await expect(answer.getByLabel(/^Your answer/)).toHaveValue("approve");
  // Agreeing needs no reason, so none is asked for.
  await expect(answer.getByLabel(/^Reason for refusing/)).toHaveCount(0);
  await expectPhoneLayoutAccessible(page, axe, "landlord's pet request answer form");
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(request.getByText("Agreed", { exact: true })).toBeVisible();
  await expect(answer).toHaveCount(0);

  await signInThroughApi(page.request, tenant.email, tenant.password);
  const mine = (await openRights(page, "/bookings", id)).getByRole("listitem").filter({ hasText: "Miso" });
  await expect(mine.getByText("Agreed", { exact: true })).toBeVisible();
  await expect(mine.getByText(`Answered ${formatWeekdayDate(londonToday())}.`)).toBeVisible();
  await expectPhoneLayoutAccessible(page, axe, "tenant's agreed pet request");
});

test("a pet request left unanswered past its 28 days shows as overdue to the landlord", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const { id } = await tenancyOfNewTenant(database, guestRequest, "late-pet-tenant");
  const asked = await guestRequest.post(`/api/bookings/${id}/pet-requests`, {
    data: { description: "Pepper, a small terrier who sleeps in a crate" },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const requestId = ((await asked.json()) as { id: number }).id;
  await database.petRequestAskedDaysAgo(requestId, PET_ANSWER_DAYS + 2);
  const dueOn = addDays(londonToday(), -2);

  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  const request = (await openRights(page, "/landlord/bookings", id))
    .getByRole("listitem")
    .filter({ hasText: "Pepper" });
  await expect(request.getByText("Overdue", { exact: true })).toBeVisible();
  await expect(request.getByText(`Your answer was due by ${formatWeekdayDate(dueOn)}: answer now.`)).toBeVisible();
  await expect(request.getByRole("form", { name: "Answer the pet request" })).toBeVisible();
  await axe.expectNoViolations({ label: "landlord's overdue pet request" });
  await expectPhoneLayoutAccessible(page, axe, "landlord's overdue pet request");
});

test("a landlord serves a Section 13 rent increase, the tenant downloads its notice, and a second within 12 months is refused", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const propertyId = await listHomeOfLandlord(page.request, {
    title: "Two-bed maisonette let on a two-year tenancy",
    description: "A two-bed maisonette over two floors with a small garden and a bright kitchen at the back.",
    address: "31 Navarino Road, London E8 1AD",
    city: "Hackney",
    pricePerNight: 160,
    pricePerMonth: 2400,
    bedrooms: 2,
    maxGuests: 3,
    furnishingStatus: "unfurnished",
  });
  const { tenant, id, checkIn } = await tenantInSecondYear(database, guestRequest, propertyId, "rent-tenant");
  await acceptStatementThroughApi(guestRequest, id);
  // Served today, a new rent starts two months on at the earliest, on the day of the month the tenancy began; the
  // next one a year after that at the earliest.
  const today = londonToday();
  const startsOn = firstRentDayFrom(checkIn, addCalendarMonths(today, 2));
  const nextEarliest = firstRentDayFrom(checkIn, addDays(startsOn, 364));

  let rights = await openRights(page, "/landlord/bookings", id);
  await expect(rights.getByText(`Rent now: ${formatPence(240000)} a month.`)).toBeVisible();
  await expect(rights.getByText("No rent increase served yet.")).toBeVisible();
  await rights.getByRole("button", { name: "Propose a new rent" }).click();
  const serve = rights.getByRole("form", { name: "Serve a Section 13 rent increase" });
  await expect(serve.getByLabel(/^New rent starts/)).toHaveValue(startsOn);
  await axe.expectNoViolations({ label: "landlord's rent increase form" });
  await serve.getByLabel(/^New monthly rent/).fill("2550");
  await serve.getByRole("button", { name: "Serve rent increase notice" }).click();
  const served = rights.getByRole("listitem").filter({ hasText: "Section 13 notice" });
  await expect(
    served.getByText(`New rent ${formatPence(255000)} a month from ${formatWeekdayDate(startsOn)}`),
  ).toBeVisible();
  await expect(
    served.getByText(`Was ${formatPence(240000)}. Notice served ${formatWeekdayDate(today)}.`),
  ).toBeVisible();
  await expect(serve).toHaveCount(0);
  await axe.expectNoViolations({ label: "landlord's served rent increase" });

  // A second increase a month after the first is within 12 months of it: the server refuses and says when it can be.
  await rights.getByRole("button", { name: "Propose a new rent" }).click();
  // The form starts from the next day the law allows.
  await expect(serve.getByLabel(/^New rent starts/)).toHaveValue(nextEarliest);
  await serve.getByLabel(/^New monthly rent/).fill("2700");
  await serve.getByLabel(/^New rent starts/).fill(addCalendarMonths(startsOn, 1));
  await serve.getByRole("button", { name: "Serve rent increase notice" }).click();
  await expect(serve.getByRole("alert")).toHaveText(
    `Rent can go up only once in any 12 months: the last increase takes effect on ${formatDateGb(startsOn)}, so the next can start on ${formatDateGb(nextEarliest)} at the earliest.`,
  );
  await expect(rights.getByRole("listitem").filter({ hasText: "Section 13 notice" })).toHaveCount(1);
  await axe.expectNoViolations({ label: "landlord's refused second rent increase" });
  await expectPhoneLayoutAccessible(page, axe, "landlord's rent increase");

  await signInThroughApi(page.request, tenant.email, tenant.password);
  rights = await openRights(page, "/bookings", id);
  // The new rent has not started yet: the rent now is still the one agreed.
  await expect(rights.getByText(`Rent now: ${formatPence(240000)} a month.`)).toBeVisible();
  const notice = rights.getByRole("listitem").filter({ hasText: "Section 13 notice" });
  await expect(
    notice.getByText(`New rent ${formatPence(255000)} a month from ${formatWeekdayDate(startsOn)}`),
  ).toBeVisible();
  await axe.expectNoViolations({ label: "tenant's rent increase notice" });
  const download = page.waitForEvent("download");
  await notice.getByRole("link", { name: /Section 13 notice/ }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`staylondon-rent-notice-${id}-${startsOn}.pdf`);
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expectPhoneLayoutAccessible(page, axe, "tenant's rent increase notice");
});
