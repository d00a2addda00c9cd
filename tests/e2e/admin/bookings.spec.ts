import type { APIRequestContext, Page } from "@playwright/test";
import { bookingReference } from "../../../common/entities/booking";
import { DEMO_ACCOUNTS, type Person, registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { requestFreeStay } from "../support/bookings";
import { expect, test } from "../support/test";

/**
 * Booking Oversight (/admin/bookings): admin@ finds bookings, reads one whole and takes action on requests. Card
 * payments are off in the browser tests, so a guest's booking stays a request until someone answers it.
 *
 * The run's database is shared and seeded with demo bookings: every guest here is new, with a last name nobody
 * else has, so a search by it finds exactly their bookings. Their stays are 300 to 700 days ahead at a random
 * offset, checked free with the server's quote first, at demo listings other tests do not answer requests for.
 */

const LISTINGS = ["pimlico-stucco-apartment", "covent-garden-loft", "bloomsbury-georgian-apartment"];
const ADMIN_NAME = "Eleanor Whitfield";

type Booked = { id: number; reference: string };

/** A free two-night stay for two requested by the guest signed in on `guest`, at one of the listings above. */
const requestStay = (guest: APIRequestContext, person: Person): Promise<Booked> =>
  requestFreeStay(guest, person, LISTINGS, 2);

/** A new verified guest with two requests waiting for an answer. */
async function guestWithTwoRequests(guest: APIRequestContext, label: string) {
  const person = await registerVerifiedGuest(guest, label, { phone: true });
  const first = await requestStay(guest, person);
  const second = await requestStay(guest, person);
  return { person, first, second };
}

/** A new guest's two requests, searched for by admin@ on a desktop by the guest's surname, and the first's card. */
async function firstRequestFoundByAdmin(page: Page, guest: APIRequestContext, label: string) {
  const requests = await guestWithTwoRequests(guest, label);
  await page.setViewportSize(DESKTOP);
  await searchAsAdmin(page, requests.person.lastName);
  return { ...requests, card: bookingCard(page, requests.first.reference) };
}

const bookingCard = (page: Page, reference: string) => page.getByRole("article").filter({ hasText: reference });

/** The desktop size the admin pages are checked at. */
const DESKTOP = { width: 1280, height: 800 };

/** admin@ opens Booking Oversight and searches for `text`. */
async function searchAsAdmin(page: Page, text: string) {
  await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { level: 1, name: "Booking Oversight" })).toBeVisible();
  await page.getByLabel("Search bookings").fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

test.describe("Booking Oversight", () => {
  test("an admin finds a guest's requests by name, confirms one and cancels the other with a reason; the guest sees both", async ({
    page,
    baseURL,
    browser,
    axe,
    guestRequest: guest,
  }) => {
    const { person, first, second } = await guestWithTwoRequests(guest, "oversight-guest");
    const fullName = `${person.firstName} ${person.lastName}`;

    await page.setViewportSize(DESKTOP);
    await searchAsAdmin(page, person.lastName);
    for (const label of ["Total Bookings", "Revenue", "Pending", "Confirmed"]) {
      await expect(page.getByRole("listitem").filter({ hasText: label }).first()).toBeVisible();
    }
    await expect(page.getByRole("listitem").filter({ hasText: "Revenue" })).toContainText(
      "Confirmed and completed bookings",
    );
    // Exactly this guest's two requests, newest first.
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByText("2 bookings match")).toBeVisible();
    await expect(page.getByRole("article").first()).toContainText(second.reference);
    const toConfirm = bookingCard(page, first.reference);
    await expect(toConfirm.getByRole("heading", { name: fullName })).toBeVisible();
    await expect(toConfirm).toContainText(person.email);
    await expect(toConfirm).toContainText("2 guests");
    await expect(toConfirm).toContainText("2 nights");
    await expect(toConfirm.getByText("Needs Approval", { exact: true })).toBeVisible();
    await expect(toConfirm.getByText(/^Amount$/i)).toBeVisible();
    await axe.expectNoViolations({ label: "booking oversight" });

    // Confirm, after the Take Action dialog asks.
    await toConfirm.getByRole("button", { name: /^Take Action/ }).click();
    const decision = page.getByRole("alertdialog", { name: `Take action on ${first.reference}` });
    await expect(decision).toContainText(fullName);
    await axe.expectNoViolations({ label: "take action dialog" });
    await decision.getByRole("button", { name: "Confirm booking" }).click();
    await expect(toast(page, "Booking confirmed")).toBeVisible();
    await expect(toConfirm.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(toConfirm.getByRole("button", { name: /^Take Action/ })).toHaveCount(0);

    // Cancel the other: a reason is required.
    const toCancel = bookingCard(page, second.reference);
    await toCancel.getByRole("button", { name: /^Take Action/ }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /^Cancel request/ })
      .click();
    const reasonDialog = page.getByRole("alertdialog", { name: `Cancel request ${second.reference}?` });
    await reasonDialog.getByRole("button", { name: "Cancel request" }).click();
    await expect(reasonDialog.getByText(/Please give a reason/)).toBeVisible();
    await axe.expectNoViolations({ label: "cancel with a reason" });
    await reasonDialog.getByLabel(/^Reason/).fill("The guest asked us to cancel by phone");
    await reasonDialog.getByRole("button", { name: "Cancel request" }).click();
    await expect(toast(page, "Booking cancelled")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(toCancel.getByText("Cancelled", { exact: true })).toBeVisible();

    // The status filter narrows the same search.
    await page.getByLabel("Status").selectOption("cancelled");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article")).toContainText(second.reference);

    // The guest, in a browser of their own, sees both answers in My Bookings.
    const guestContext = await browser.newContext({ baseURL });
    const guestPage = await guestContext.newPage();
    await signInThroughApi(guestPage.request, person.email, person.password);
    await guestPage.goto("/bookings");
    const confirmedCard = guestPage.getByRole("article").filter({ hasText: first.reference });
    await expect(confirmedCard.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(confirmedCard).toContainText("Your stay is confirmed.");
    const cancelledCard = guestPage.getByRole("article").filter({ hasText: second.reference });
    await expect(cancelledCard.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(cancelledCard).toContainText("Cancelled by StayLondon");
    await guestContext.close();
  });

  test("View Details shows the whole booking with the history of its status changes", async ({
    page,
    axe,
    guestRequest: guest,
  }) => {
    const { person, first, card } = await firstRequestFoundByAdmin(page, guest, "history-guest");

    // Confirmed from the list, then cancelled from View Details with a full refund.
    await card.getByRole("button", { name: /^Take Action/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm booking" }).click();
    await expect(toast(page, "Booking confirmed")).toBeVisible();

    await card.getByRole("button", { name: /^View Details/ }).click();
    const details = page.getByRole("dialog", { name: `Booking ${first.reference}` });
    await expect(details.getByText("Confirmed", { exact: true }).first()).toBeVisible();
    await expect(details.getByText("Guest account")).toBeVisible();
    await expect(details).toContainText(person.email);
    await expect(details.getByRole("link", { name: /View Profile/ }).first()).toHaveAttribute(
      "href",
      /^\/admin\/users\/\d+\/profile$/,
    );
    const history = details.getByRole("list", { name: "Status history" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").nth(0)).toContainText("Booking made");
    await expect(history.getByRole("listitem").nth(1)).toContainText("Request confirmed");
    await expect(history.getByRole("listitem").nth(1)).toContainText(`by ${ADMIN_NAME} (administrator)`);
    await axe.expectNoViolations({ label: "booking details" });

    await details.getByRole("button", { name: /^Cancel stay/ }).click();
    const reasonDialog = page.getByRole("alertdialog", { name: `Cancel stay ${first.reference}?` });
    await expect(reasonDialog).toContainText("full refund");
    await reasonDialog.getByLabel(/^Reason/).fill("The property failed its safety check");
    await reasonDialog.getByRole("button", { name: "Cancel and refund in full" }).click();
    await expect(toast(page, "Booking cancelled")).toBeVisible();
    // Done, the details close; opened again, they show the booking as it now is.
    await expect(details).toHaveCount(0);
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: /^View Details/ }).click();
    await expect(history.getByRole("listitem")).toHaveCount(3);
    const cancelled = history.getByRole("listitem").nth(2);
    await expect(cancelled).toContainText("Stay cancelled");
    await expect(cancelled).toContainText("The property failed its safety check");
    await expect(cancelled).toContainText("Refund");
    await expect(details).toContainText("Cancelled by an administrator");
    await expect(details.getByRole("button", { name: /^Cancel stay/ })).toHaveCount(0);
    await details.getByRole("button", { name: "Close" }).click();
    await expect(details).toHaveCount(0);
  });

  test("View Details says when the booking could not be read, loads it on Retry, and says when it is gone", async ({
    page,
    guestRequest: guest,
  }) => {
    const { first, card } = await firstRequestFoundByAdmin(page, guest, "details-failure-guest");
    const details = page.getByRole("dialog", { name: `Booking ${first.reference}` });
    const detailsRead = (url: URL) => /^\/api\/admin\/bookings\/\d+$/.test(url.pathname);

    // The read fails once: the dialog says so, and Retry reads it again.
    let failures = 1;
    await page.route(detailsRead, (route) => (failures-- > 0 ? route.abort() : route.fallback()));
    await card.getByRole("button", { name: /^View Details/ }).click();
    await expect(details.getByRole("alert")).toContainText("Failed to load this booking");
    await details.getByRole("button", { name: "Retry" }).click();
    await expect(details.getByRole("list", { name: "Status history" })).toBeVisible();
    await details.getByRole("button", { name: "Close" }).click();
    await page.unroute(detailsRead);

    // Gone meanwhile (a 404): said plainly, with nothing to retry.
    await page.route(detailsRead, (route) =>
      route.fulfill({ status: 404, contentType: "application/json", body: '{"message":"Booking not found"}' }),
    );
    await card.getByRole("button", { name: /^View Details/ }).click();
    await expect(details.getByRole("alert")).toHaveText("This booking no longer exists.");
    await expect(details.getByRole("button", { name: "Retry" })).toHaveCount(0);
  });

  test("on a phone the bookings are cards that fit the screen, and pass axe", async ({
    page,
    axe,
    guestRequest: guest,
  }) => {
    const { person, first } = await guestWithTwoRequests(guest, "phone-guest");
    await page.setViewportSize({ width: 390, height: 844 });
    await searchAsAdmin(page, person.lastName);
    await expect(page.getByRole("article")).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await axe.expectNoViolations({ label: "booking oversight on a phone" });

    await bookingCard(page, first.reference)
      .getByRole("button", { name: /^View Details/ })
      .click();
    const details = page.getByRole("dialog", { name: `Booking ${first.reference}` });
    await expect(details.getByRole("list", { name: "Status history" })).toBeVisible();
    await axe.expectNoViolations({ label: "booking details on a phone" });
  });

  test("a search that finds nothing says so and can be cleared", async ({ page }) => {
    await searchAsAdmin(page, `nobody-${Date.now()}`);
    await expect(page.getByText("No bookings match")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page.getByRole("article").first()).toBeVisible();
  });

  test("a landlord who opens Booking Oversight is told it is for administrators", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/admin/bookings");
    await expect(
      page.getByText(
        "You don't have the required role to access this area. Required: Administrator. Your role: Landlord/Owner",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booking Oversight" })).toHaveCount(0);
    await axe.expectNoViolations({ label: "booking oversight refused" });
  });
});

test.describe("Refunding a stay that has begun or ended", () => {
  test("an admin refunds part of a completed stay from View Details, within what is still refundable", async ({
    page,
    axe,
    database,
    guestRequest: guest,
  }) => {
    const person = await registerVerifiedGuest(guest, "refund-guest");
    const bookingId = await database.completedStayFor(person.email, "covent-garden-loft");
    const reference = bookingReference(bookingId);
    await page.setViewportSize(DESKTOP);
    await searchAsAdmin(page, person.lastName);
    const card = bookingCard(page, reference);
    await card.getByRole("button", { name: /^View Details/ }).click();
    const details = page.getByRole("dialog", { name: `Booking ${reference}` });
    await details.getByRole("button", { name: /^Refund/ }).click();
    const form = page.getByRole("alertdialog", { name: `Refund ${reference}` });
    const shown = (await form.getByText(/^Up to £/).textContent())?.match(/£([\d,]+(?:\.\d{2})?)/)?.[1];
    const refundable = Number(shown?.replaceAll(",", ""));
    expect(refundable).toBeGreaterThan(12.34);
    await axe.expectNoViolations({ label: "refund form" });

    // More than is left, and no reason: the form says what to put right before anything is sent.
    await form.getByLabel(/^Amount/).fill((refundable + 0.01).toFixed(2));
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(form.getByText(`At most £${refundable.toFixed(2)} can still be refunded`)).toBeVisible();
    await expect(form.getByText(/Please give a reason/)).toBeVisible();

    await form.getByLabel(/^Amount/).fill("12.34");
    await form.getByLabel(/^Reason/).fill("Guest complaint upheld: the boiler failed");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(toast(page, `${reference}: £12.34 back to the guest (demo money).`)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(details).toHaveCount(0);

    // What is left to refund is what was left less the refund.
    await card.getByRole("button", { name: /^View Details/ }).click();
    await details.getByRole("button", { name: /^Refund/ }).click();
    const left = (refundable - 12.34).toLocaleString("en-GB", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    await expect(page.getByRole("alertdialog", { name: `Refund ${reference}` })).toContainText(`Up to £${left}`);
  });
});
