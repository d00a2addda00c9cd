import type { APIRequestContext, Page } from "@playwright/test";
import {
  authScreen,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type Person,
  register,
  registerVerifiedGuest,
  signInThroughApi,
  toast,
  uniquePerson,
} from "../support/accounts";
import { fieldDate } from "../support/calendar";
import { isoDateFromToday } from "../support/dates";
import { parsePounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * The booking wizard and My Bookings (spec 1 §2, issue 4 items 6 and 8). Card payments are never configured in the
 * browser tests, so step 3 is the demo step and a booking stays a request for the landlord.
 *
 * Other tests book too, in parallel, on the same database: every stay here is 200 to 600 days ahead at a random
 * offset, checked free with the server's quote first, and most tests use a guest of their own.
 */

type Quote = { available: boolean; nights: number; subtotal: number; serviceFee: number; total: number };
type Stay = { checkIn: string; checkOut: string; quote: Quote };
type PropertySummary = { id: number; title: string; status: string; maxGuests: number };

/** Registers a guest on `request` (signed in there) and verifies their e-mail and, unless told not to, phone. */
async function newVerifiedGuest(request: APIRequestContext, { phone = true } = {}): Promise<Person> {
  return registerVerifiedGuest(request, "booker", { phone });
}

async function bookableProperties(request: APIRequestContext): Promise<PropertySummary[]> {
  const response = await request.get("/api/properties?pageSize=100");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as PropertySummary[]).filter((p) => p.status === "active" && p.maxGuests >= 2);
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A stay of `nights` nights, 200 to 600 days ahead, that the server's quote says is free. */
async function freeStay(request: APIRequestContext, propertyId: number, nights = 3): Promise<Stay> {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const offset = 200 + Math.floor(Math.random() * 400);
    const checkIn = isoDateFromToday(offset);
    const checkOut = isoDateFromToday(offset + nights);
    const response = await request.get(
      `/api/properties/${propertyId}/quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`,
    );
    expect(response.ok(), `quote: ${await response.text()}`).toBe(true);
    const quote = (await response.json()) as Quote;
    if (quote.available) return { checkIn, checkOut, quote };
  }
  throw new Error(`No free ${nights}-night stay found at property ${propertyId}`);
}

/** POST /api/bookings through `request` (a verified guest), answering the booking. */
async function bookThroughApi(request: APIRequestContext, propertyId: number, stay: Stay, person: Person) {
  const response = await request.post("/api/bookings", {
    data: {
      propertyId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guestCount: 1,
      guestInfo: { firstName: person.firstName, lastName: person.lastName, email: person.email },
    },
  });
  expect(response.status(), `booking: ${await response.text()}`).toBe(201);
  return (await response.json()) as { id: number; totalPrice: string; nights: number };
}

const poundsText = (amount: number) =>
  new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: "GBP",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

function wizard(page: Page) {
  return {
    stepHeading: (name: string) => page.getByRole("heading", { level: 2, name, exact: true }),
    currentStep: page.getByRole("navigation", { name: "Booking steps" }).locator('[aria-current="step"]'),
    // Labels of required fields end with an asterisk.
    checkIn: page.getByLabel(/^Check-in/),
    checkOut: page.getByLabel(/^Check-out/),
    guests: page.getByRole("button", { name: /^Guests \d/ }),
    firstName: page.getByLabel(/^First name/),
    lastName: page.getByLabel(/^Last name/),
    email: page.getByLabel(/^Email/),
    next: page.getByRole("button", { name: "Next", exact: true }),
    continueToPayment: page.getByRole("button", { name: "Continue to Payment" }),
    back: page.getByRole("button", { name: "Back", exact: true }),
    demoContinue: page.getByRole("button", { name: "Continue without Payment (Demo)" }),
    summary: page.getByRole("complementary", { name: "Booking summary" }),
  };
}

/** The figure of a My Bookings summary card. */
function statCard(page: Page, label: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A fact (check-in, nights, total…) of a definition list inside `scope`, by its whole term. */
function fact(scope: ReturnType<Page["locator"]>, term: string) {
  const whole = new RegExp(`^\\s*${escapeRegExp(term)}\\s*$`);
  return scope.locator("dl > div").filter({ has: scope.page().getByRole("term").filter({ hasText: whole }) });
}

test.describe("booking wizard", () => {
  test("a verified guest books through all four steps in demo mode and finds the booking in My Bookings with the right nights and total", async ({
    page,
    axe,
  }) => {
    test.setTimeout(120_000);
    const guest = await newVerifiedGuest(page.request);
    const property = pick(await bookableProperties(page.request));
    const stay = await freeStay(page.request, property.id, 2 + Math.floor(Math.random() * 4));
    const w = wizard(page);

    // Step 1: Stay Details.
    await page.goto(`/booking/${property.id}`);
    await expect(page.getByRole("heading", { level: 1, name: property.title })).toBeVisible();
    await expect(w.stepHeading("Stay Details")).toBeVisible();
    await expect(w.currentStep).toContainText("Stay Details");
    await w.checkIn.fill(stay.checkIn);
    await w.checkOut.fill(stay.checkOut);
    // Who comes, through the step's guest picker: one adult more than the one it starts with.
    await page.getByRole("button", { name: /^Who is coming 1 guest/ }).click();
    await page.getByRole("button", { name: "More adults" }).click();
    // The side panel prices the stay as the server does: the all-in first line and the total row both say it.
    await expect(w.summary.getByTestId("all-in-first-line").getByRole("definition")).toHaveText(
      poundsText(stay.quote.total),
    );
    await expect(fact(w.summary, "Total").getByRole("definition")).toHaveText(poundsText(stay.quote.total));
    await axe.expectNoViolations({ label: "wizard step 1" });
    await w.next.click();

    // Step 2: Guest Information, prefilled from the account.
    await expect(w.stepHeading("Guest Information")).toBeVisible();
    await expect(w.currentStep).toContainText("Guest Information");
    await expect(w.firstName).toHaveValue(guest.firstName);
    await expect(w.lastName).toHaveValue(guest.lastName);
    await expect(w.email).toHaveValue(guest.email);
    await expect(w.guests).toHaveAccessibleName("Guests 2 guests");
    await axe.expectNoViolations({ label: "wizard step 2" });
    await w.continueToPayment.click();

    // Step 3: Payment, the demo variant.
    await expect(w.stepHeading("Payment")).toBeVisible();
    await expect(w.currentStep).toContainText("Payment");
    await expect(page.getByText("Stripe payment integration not configured.")).toBeVisible();
    await expect(page.getByText(/the landlord has 48 hours to accept it/)).toBeVisible();
    await axe.expectNoViolations({ label: "wizard step 3" });

    // Back and forward again: the same details keep the same Idempotency-Key, so this makes no second booking.
    await w.back.click();
    await expect(w.stepHeading("Guest Information")).toBeVisible();
    await w.continueToPayment.click();
    await expect(w.stepHeading("Payment")).toBeVisible();
    await w.demoContinue.click();

    // Step 4: Confirmation.
    await expect(w.stepHeading("Confirmation")).toBeVisible();
    await expect(w.currentStep).toContainText("Confirmation");
    const main = page.getByRole("main");
    const referenceText = (await fact(main, "Booking reference").getByRole("definition").textContent()) ?? "";
    const reference = referenceText.trim();
    expect(reference).toMatch(/^SL-\d{6}$/);
    await expect(fact(main, "Status")).toContainText("Payment Pending");
    await expect(fact(main, "Property")).toContainText(property.title);
    await expect(fact(main, "Nights")).toContainText(`${stay.quote.nights} nights`);
    await expect(fact(main, "Guests")).toContainText("2 guests");
    await expect(fact(main, "Service fee (10%)")).toContainText(poundsText(stay.quote.serviceFee));
    expect(parsePounds((await fact(main, "Total").textContent()) ?? "")).toBe(stay.quote.total);
    await axe.expectNoViolations({ label: "wizard step 4" });

    // My Bookings: the one booking, with the quote's nights and total.
    await page.getByRole("link", { name: "View My Bookings" }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    const card = page.getByRole("article").filter({ hasText: reference });
    await expect(card).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card.getByRole("heading", { name: property.title })).toBeVisible();
    await expect(card.getByText("Payment Pending", { exact: true })).toBeVisible();
    await expect(fact(card, "Nights")).toContainText(`${stay.quote.nights} nights`);
    await expect(fact(card, "Guests")).toContainText("2 guests");
    expect(parsePounds((await fact(card, "Total").textContent()) ?? "")).toBe(stay.quote.total);
    await expect(card.getByRole("link", { name: /^View Property/ })).toHaveAttribute(
      "href",
      `/property/${property.id}`,
    );
    await expect(statCard(page, "Total Bookings")).toContainText("1");
    await expect(statCard(page, "Active Bookings")).toContainText("1");
    expect(parsePounds((await statCard(page, "Total Spent").textContent()) ?? "")).toBe(stay.quote.total);
    await axe.expectNoViolations({ label: "/bookings with a booking" });
  });

  test("step 1 and step 2 refuse missing fields with the spec's toasts, Back keeps what was typed, and a link fills step 1", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    const property = pick(await bookableProperties(page.request));
    const stay = await freeStay(page.request, property.id);
    const w = wizard(page);

    await page.goto(`/booking/${property.id}`);
    await expect(w.stepHeading("Stay Details")).toBeVisible();
    await w.next.click();
    await expect(toast(page, "Please complete all fields")).toBeVisible();
    await expect(toast(page, "Check-in, check-out dates and guest count are required.")).toBeVisible();
    await expect(w.stepHeading("Stay Details")).toBeVisible();

    await w.checkIn.fill(stay.checkIn);
    await w.checkOut.fill(stay.checkOut);
    await w.next.click();
    await expect(w.stepHeading("Guest Information")).toBeVisible();
    await w.firstName.fill("");
    await w.continueToPayment.click();
    await expect(toast(page, "First name, last name, and email are required.")).toBeVisible();
    await expect(w.stepHeading("Guest Information")).toBeVisible();

    await w.back.click();
    await expect(w.stepHeading("Stay Details")).toBeVisible();
    await expect(w.checkIn).toHaveValue(fieldDate(stay.checkIn));
    await expect(w.checkOut).toHaveValue(fieldDate(stay.checkOut));

    await page.goto(`/booking/${property.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`);
    await expect(w.checkIn).toHaveValue(fieldDate(stay.checkIn));
    await expect(w.checkOut).toHaveValue(fieldDate(stay.checkOut));
    await expect(page.getByRole("button", { name: /^Who is coming 2 guests/ })).toBeVisible();
  });

  test("nights taken by someone else while the guest fills in step 2 give 'Payment Setup Failed' and the guest stays on step 2", async ({
    page,
    request,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    const property = pick(await bookableProperties(page.request));
    const stay = await freeStay(page.request, property.id);
    const w = wizard(page);

    await page.goto(`/booking/${property.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=1`);
    await w.next.click();
    await expect(w.stepHeading("Guest Information")).toBeVisible();

    // Another guest, in their own session, books the same nights first.
    const other = await newVerifiedGuest(request);
    await bookThroughApi(request, property.id, stay, other);

    await w.continueToPayment.click();
    await expect(toast(page, "Payment Setup Failed")).toBeVisible();
    await expect(toast(page, "These dates are no longer available")).toBeVisible();
    await expect(w.stepHeading("Guest Information")).toBeVisible();

    // Back on step 1 the server's quote now says why.
    await w.back.click();
    await w.next.click();
    await expect(page.getByRole("alert").filter({ hasText: "These dates are no longer available" })).toBeVisible();
    await expect(w.stepHeading("Stay Details")).toBeVisible();
  });

  test("changing the dates after payment was set up lets the first hold go, so the guest holds one request, not two", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await newVerifiedGuest(page.request);
    const property = pick(await bookableProperties(page.request));
    const stay = await freeStay(page.request, property.id, 4);
    const w = wizard(page);

    await page.goto(`/booking/${property.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=1`);
    await w.next.click();
    await w.continueToPayment.click();
    await expect(w.stepHeading("Payment")).toBeVisible();

    // One night shorter: inside the first hold's nights, which would clash if that hold were kept.
    await w.back.click();
    await w.back.click();
    await expect(w.stepHeading("Stay Details")).toBeVisible();
    const shorterCheckOut = isoDateFromToday(
      Math.round((Date.parse(stay.checkOut) - Date.parse(isoDateFromToday(0))) / 86_400_000) - 1,
    );
    // The step's live preview asks for a quote as soon as the dates change, while the first hold still stands,
    // and its answer ("taken") arrives late, as on a slow connection: Next must not take that answer.
    const isShorterQuote = (url: URL) =>
      url.pathname.endsWith("/quote") && url.searchParams.get("checkOut") === shorterCheckOut;
    await page.route(
      isShorterQuote,
      async (route) => {
        // The body is read before the wait: a fetched response is not kept alive for long.
        const response = await route.fetch();
        const body = await response.body();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.fulfill({ status: response.status(), headers: response.headers(), body });
      },
      { times: 1 },
    );
    const preview = page.waitForRequest((request) => isShorterQuote(new URL(request.url())));
    await w.checkOut.fill(shorterCheckOut);
    await preview;
    await w.next.click();
    await w.continueToPayment.click();
    await expect(w.stepHeading("Payment")).toBeVisible();
    await w.demoContinue.click();
    await expect(fact(page.getByRole("main"), "Nights")).toContainText("3 nights");

    await page.goto("/bookings");
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(statCard(page, "Active Bookings")).toContainText("1");
    await expect(page.getByRole("article").filter({ hasText: "Cancelled by you" })).toContainText("4 nights");
    await expect(page.getByRole("article").filter({ hasText: "Payment Pending" })).toContainText("3 nights");
  });

  test("a landlord trying to book their own property gets the server's answer", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const stay = await freeStay(page.request, 1);
    const w = wizard(page);
    await page.goto(`/booking/1?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=1`);
    await w.next.click();
    await w.continueToPayment.click();
    await expect(toast(page, "Payment Setup Failed")).toBeVisible();
    await expect(toast(page, "You cannot book your own property.")).toBeVisible();
    await expect(w.stepHeading("Guest Information")).toBeVisible();
  });

  test("a guest without a verified e-mail or phone is told which verification is missing and where to do it", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.unverifiedGuest);
    await page.goto("/booking/1");
    await expect(page.getByRole("heading", { level: 1, name: "Verify your account to book" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Verify email address" })).toHaveAttribute(
      "href",
      "/verification-status",
    );
    await expect(page.getByRole("button", { name: "Next", exact: true })).toHaveCount(0);
    await axe.expectNoViolations({ label: "wizard, unverified guest" });

    // E-mail verified, phone not yet: the way on is the phone page.
    await page.request.post("/api/auth/logout");
    await newVerifiedGuest(page.request, { phone: false });
    await page.goto("/booking/1");
    await expect(page.getByRole("heading", { level: 1, name: "Verify your account to book" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Email address" })).toContainText("Verified");
    await expect(page.getByRole("listitem").filter({ hasText: "Phone number" })).toContainText("Not verified yet");
    await expect(page.getByRole("link", { name: "Verify phone number" })).toHaveAttribute(
      "href",
      "/phone-verification",
    );
  });

  test("a missing property, a property under maintenance and a signed-out visitor get no wizard", async ({
    page,
    axe,
  }) => {
    await page.goto("/booking/999999");
    await expect(page.getByRole("heading", { level: 1, name: "Property Not Found" })).toBeVisible();
    await expect(page.getByText("The property you're trying to book doesn't exist.")).toBeVisible();
    await axe.expectNoViolations({ label: "wizard, property not found" });
    await page.goto("/booking/Not_A_Property!");
    await expect(page.getByRole("heading", { level: 1, name: "Property Not Found" })).toBeVisible();

    await page.goto("/booking/1?guests=2");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to book" })).toBeVisible();
    const signIn = page.getByRole("main").getByRole("link", { name: "Sign In" });
    await expect(signIn).toHaveAttribute("href", "/auth?returnTo=%2Fbooking%2F1%3Fguests%3D2");
    // Signing in from the wizard comes back to it, not to the dashboard.
    await signIn.click();
    const auth = authScreen(page);
    await auth.email.fill(DEMO_ACCOUNTS.guest);
    await auth.password.fill(DEMO_PASSWORD);
    await auth.signInButton.click();
    await expect(page).toHaveURL(/\/booking\/1\?guests=2$/);
    await expect(page.getByRole("heading", { name: "Stay Details" })).toBeVisible();

    await page.goto("/booking/islington-cozy-apartment");
    await expect(page.getByRole("heading", { level: 1, name: "Under Maintenance" })).toBeVisible();
  });
});

test.describe("My Bookings", () => {
  test("a guest cancels a confirmed stay from Manage Booking and sees the refund, and withdraws a pending request", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const guest = await newVerifiedGuest(page.request);
    // landlord@ owns the first London listings (the demo data); one of those that can be booked.
    const landlord = await playwright.request.newContext({ baseURL });
    try {
      await signInThroughApi(landlord, DEMO_ACCOUNTS.landlord);
      const landlordId = ((await (await landlord.get("/api/auth/user")).json()) as { user: { id: number } }).user.id;
      const owned: number[] = [];
      for (const id of [1, 2, 3]) {
        const detail = (await (await page.request.get(`/api/properties/${id}`)).json()) as {
          host: { id: number };
          status: string;
        };
        if (detail.host.id === landlordId && detail.status === "active") owned.push(id);
      }
      expect(owned.length, "a bookable property of landlord@").toBeGreaterThan(0);
      const propertyId = pick(owned);

      const confirmedStay = await freeStay(page.request, propertyId);
      const toConfirm = await bookThroughApi(page.request, propertyId, confirmedStay, guest);
      const accepted = await landlord.post(`/api/bookings/${toConfirm.id}/accept`, { data: {} });
      expect(accepted.ok(), `accept: ${await accepted.text()}`).toBe(true);
      const pendingStay = await freeStay(page.request, propertyId);
      const pending = await bookThroughApi(page.request, propertyId, pendingStay, guest);

      const view = (await (await page.request.get(`/api/bookings/${toConfirm.id}`)).json()) as {
        reference: string;
        refundIfCancelledNow: string;
      };
      const pendingReference = (
        (await (await page.request.get(`/api/bookings/${pending.id}`)).json()) as {
          reference: string;
        }
      ).reference;
      const refund = Number(view.refundIfCancelledNow);
      expect(refund).toBeGreaterThan(0);

      await page.goto("/bookings");
      await expect(statCard(page, "Total Bookings")).toContainText("2");
      await expect(statCard(page, "Active Bookings")).toContainText("2");

      // The confirmed stay: Manage Booking explains the policy and the refund, then cancels.
      const confirmedCard = page.getByRole("article").filter({ hasText: view.reference });
      await expect(confirmedCard.getByText("Confirmed", { exact: true })).toBeVisible();
      await confirmedCard.getByRole("button", { name: "Manage Booking" }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog.getByText(/^Cancellation policy:/)).toBeVisible();
      expect(parsePounds((await fact(dialog, "Refund if you cancel today").textContent()) ?? "")).toBe(refund);
      await dialog.getByRole("button", { name: "Cancel Booking" }).click();
      await expect(toast(page, "Booking cancelled")).toBeVisible();
      await expect(toast(page, new RegExp(`${escapeRegExp(poundsText(refund))} will be refunded`))).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(confirmedCard.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(confirmedCard).toContainText(`Refund: ${poundsText(refund)}`);
      await expect(confirmedCard.getByRole("button", { name: "Manage Booking" })).toHaveCount(0);
      await expect(statCard(page, "Active Bookings")).toContainText("1");

      // The pending request: awaiting the landlord, and withdrawn.
      const pendingCard = page.getByRole("article").filter({ hasText: pendingReference });
      await expect(pendingCard.getByText("Payment Pending", { exact: true })).toBeVisible();
      await expect(pendingCard).toContainText("Awaiting the landlord's answer");
      await expect(pendingCard.getByRole("link", { name: /Complete Payment/ })).toHaveCount(0);
      await pendingCard.getByRole("button", { name: "Withdraw request" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Withdraw Request" }).click();
      await expect(toast(page, "Request withdrawn")).toBeVisible();
      await expect(pendingCard.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(statCard(page, "Active Bookings")).toContainText("0");
      await expect(statCard(page, "Total Spent")).toContainText("£0");

      // The wizard reopens a booking that cannot be paid on its confirmation.
      await page.goto(`/booking/${propertyId}?booking=${toConfirm.id}`);
      await expect(wizard(page).stepHeading("Confirmation")).toBeVisible();
      await expect(page.getByRole("main")).toContainText(view.reference);
      await expect(fact(page.getByRole("main"), "Status")).toContainText("Cancelled");
    } finally {
      await landlord.dispose();
    }
  });

  test("a guest without bookings sees the empty state, and a signed-out visitor is asked to sign in", async ({
    page,
    axe,
  }) => {
    await page.goto("/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to see your bookings" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Fbookings",
    );

    await register(page.request, uniquePerson("newcomer"), "guest");
    await page.goto("/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "My Bookings" })).toBeVisible();
    await expect(page.getByText("No bookings yet")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Book New Property" })).toHaveAttribute(
      "href",
      "/properties",
    );
    await expect(statCard(page, "Total Bookings")).toContainText("0");
    await expect(statCard(page, "Total Spent")).toContainText("£0");
    await expect(statCard(page, "Total Spent")).toContainText("Cancelled bookings are not counted");
    await axe.expectNoViolations({ label: "/bookings, empty" });
  });
});
