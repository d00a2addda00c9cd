import { randomUUID } from "node:crypto";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { makeJpeg } from "../support/damage-photo";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * A short let's refundable security deposit as a guest meets it: on the listing and in the quote, as a hold outside
 * the price. After a stay, a damage claim is reached from My Bookings, and admins reach disputed claims from the
 * admin navigation. The browser tests' server has no Stripe keys, so an accepted claim is settled as labelled demo
 * money; Stripe's card form needs Stripe's own script and is covered by the API tests against the local Stripe server.
 */

/** An approved landlord with a verified phone (server/db/seed-data/people.ts) who owns no listing other tests count. */
const LANDLORD = "priya.sharma@staylondon.example";

test("a guest sees a short let's refundable security deposit on the listing and in the quote, outside the total", async ({
  page,
  request,
  axe,
}) => {
  await signInThroughApi(request, LANDLORD);
  const listing = await createListingThroughApi<{ id: number; slug: string }>(request, {
    title: `Deposit flat ${randomUUID().slice(0, 6)}`,
    description: "A bright one-bedroom flat made by the security deposit browser test.",
    address: "12 Test Row, London SE1 2AA",
    city: "Southwark",
    pricePerNight: 120,
    securityDepositAmount: 300,
  });
  const checkIn = addDays(londonToday(), 30);
  await page.goto(`/property/${listing.slug}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=1`);
  const modes = page.getByRole("region", { name: "Ways to stay" });
  await expect(modes.getByText("Refundable security deposit: £300")).toBeVisible();
  const note = page.getByTestId("security-deposit-note");
  await expect(note).toContainText("Refundable security deposit: £300");
  await expect(note).toContainText("Not in the total");
  await axe.expectNoViolations({ label: "listing with a security deposit" });
});

test("a guest reaches a damage claim from My Bookings and settles it; an admin reaches disputed claims from the navigation", async ({
  page,
  axe,
  database,
  guestRequest,
}) => {
  const person = await registerVerifiedGuest(guestRequest, "deposit-guest");
  const bookingId = await database.recentlyEndedStayFor(person.email, DEMO_ACCOUNTS.landlord);
  await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
  const raised = await page.request.post(`/api/bookings/${bookingId}/damage-claims`, {
    multipart: {
      description: "A kitchen cupboard door was torn off its hinges.",
      amount: "64.20",
      photos: { name: "door.jpg", mimeType: "image/jpeg", buffer: await makeJpeg() },
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);

  await signInThroughApi(page.request, person.email, person.password);
  await page.goto("/bookings");
  const link = page.getByRole("link", { name: /^Damage claim: Awaiting the guest's answer, / });
  await expect(link).toBeVisible();
  await axe.expectNoViolations({ label: "My Bookings with a damage claim link" });
  await link.click();
  await expect(page.getByRole("heading", { name: "Damage claim of £64.20" })).toBeVisible();
  await page.getByRole("button", { name: "Accept and pay £64.20" }).click();
  await page
    .getByRole("alertdialog", { name: "Accept this claim?" })
    .getByRole("button", { name: "Accept claim" })
    .click();
  await expect(page.getByText("£64.20 (demo money: no card was charged)").first()).toBeVisible();
  await axe.expectNoViolations({ label: "guest's settled claim" });
  await page.goto("/bookings");
  await expect(page.getByRole("link", { name: /^Damage claim: Paid, / })).toBeVisible();

  await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
  await page.goto("/dashboard");
  await page
    .getByRole("region", { name: "Administration Tools" })
    .getByRole("link", { name: /^Damage Claims/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/damage-claims$/);
  await expect(page.getByRole("heading", { level: 1, name: "Damage claims" })).toBeVisible();
  // The admin area's own navigation names it as the current page.
  await expect(
    page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Damage Claims" }),
  ).toHaveAttribute("aria-current", "page");
  await axe.expectNoViolations({ label: "admin's damage claims from the navigation" });
});
