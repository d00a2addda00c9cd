import { randomUUID } from "node:crypto";
import { addDays, formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { CALENDAR_LANDLORD } from "../support/calendar";
import { listingWithLapsedGasCertificate } from "../support/certificates";
import { expect, expectScreenAccessible, test } from "../support/test";

/**
 * A required safety certificate that has lapsed pauses new bookings of its listing until a current one is uploaded,
 * seen from each side: the landlord is told on the manage page what to upload, a guest on the listing is told why the
 * dates cannot be booked and cannot book them, and an admin finds the listing among the lapsed on Properties. priya@
 * lets the listings (she owns none that other tests count); the certificate is recorded through the vault's API on a
 * listing dated two years back, since no browser can wait a year for one to run out.
 */

const CHECK_IN = addDays(londonToday(), 20);
const CHECK_OUT = addDays(CHECK_IN, 3);

/** What the server says of a listing whose gas safety certificate ran out on `expiredOn`, to everyone. */
const pausedReason = (expiredOn: string) =>
  `New bookings are paused until the landlord uploads a current certificate (Gas safety certificate expired on ${formatDateGb(expiredOn)}). Stays already booked go ahead.`;

test("a landlord whose gas certificate lapsed is told on the manage page that bookings are paused, and a guest cannot book the listing", async ({
  page,
  axe,
  database,
}, testInfo) => {
  test.slow();
  await signInThroughApi(page.request, CALENDAR_LANDLORD);
  const listing = await listingWithLapsedGasCertificate(
    page.request,
    database,
    `Lapsed gas flat ${randomUUID().slice(0, 6)}`,
  );
  const reason = pausedReason(listing.expiredOn);

  await page.goto(`/properties/${listing.id}/manage`);
  await expect(page.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();
  const notice = page.locator('[data-slot="alert"]').filter({ hasText: "New bookings are paused" });
  // The landlord is told what lapsed and what to do, in their own terms, not the guests' sentence.
  await expect(
    notice.getByText(
      `Gas safety certificate expired on ${formatDateGb(listing.expiredOn)}. Upload a gas safety record (CP12) from a Gas Safe registered engineer, dated within the last 12 months.`,
    ),
  ).toBeVisible();
  await expect(notice.getByText("Stays already booked go ahead; guests can book again")).toBeVisible();
  await expect(notice.getByText(reason)).toHaveCount(0);
  await expect(notice.getByRole("link", { name: "Safety certificates" })).toHaveAttribute(
    "href",
    `/properties/${listing.id}/certificates`,
  );
  await expectScreenAccessible(page, axe, testInfo, "manage page with bookings paused", notice);

  // A guest choosing dates on the listing is told why, and Book Now is off.
  await registerVerifiedGuest(page.request, "paused-guest", { phone: true });
  await page.goto(`/property/${listing.slug}?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&guests=1`);
  const card = page.getByRole("region", { name: "Price and booking" });
  await expect(card.getByRole("alert")).toHaveText(reason);
  await expect(card.getByRole("link", { name: "Book Now" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Book Now" })).toBeDisabled();
  const certificates = page.getByRole("region", { name: "Safety certificates" });
  await expect(certificates.getByRole("status")).toHaveText(reason);
  const gas = certificates.getByRole("listitem").filter({ hasText: "Gas safety certificate" });
  await expect(gas.getByText("Expired", { exact: true })).toBeVisible();
  // Its date in the past tense, as its badge says.
  await expect(gas).toContainText(`Expired ${formatDateGb(listing.expiredOn)}`);
  await expectScreenAccessible(page, axe, testInfo, "listing with bookings paused");

  // Nor can the wizard, reached by its own address, take the dates: the server refuses them in the same words.
  await page.goto(`/booking/${listing.id}?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}`);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(toast(page, "Couldn't check these dates")).toBeVisible();
  await expect(toast(page, reason)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Stay Details", exact: true })).toBeVisible();
  const mine = await page.request.get("/api/bookings/my-bookings");
  expect(await mine.json()).toEqual([]);
});

test("an admin finds a listing whose gas certificate lapsed among the lapsed certificates on Properties", async ({
  page,
  request,
  axe,
  database,
}, testInfo) => {
  await signInThroughApi(request, CALENDAR_LANDLORD);
  const listing = await listingWithLapsedGasCertificate(
    request,
    database,
    `Lapsed admin flat ${randomUUID().slice(0, 6)}`,
  );

  await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
  await page.goto("/admin/properties");
  const lapsed = page.getByRole("region", { name: "Lapsed safety certificates" });
  await expect(
    lapsed.getByText("These listings take no new bookings until the landlord uploads a current certificate."),
  ).toBeVisible();
  const row = lapsed.getByRole("row").filter({ has: page.getByRole("link", { name: listing.title }) });
  await expect(row.getByRole("cell")).toHaveText([
    listing.title,
    "Gas safety certificate",
    formatDateGb(listing.expiredOn),
    CALENDAR_LANDLORD,
  ]);
  await expect(row.getByRole("link", { name: listing.title })).toHaveAttribute("href", `/properties/${listing.id}`);
  await expectScreenAccessible(page, axe, testInfo, "admin lapsed certificates", lapsed);
});
