import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator } from "@playwright/test";
import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import type { TLandlordAnalytics, TOccupancyAnalytics, TRevenueAnalytics } from "../../../common/schemas/analytics";
import { makeImage } from "../../support/images";
import { enrolTwoFactorThroughApi, registerVerifiedGuest, signInNewLandlord, toast } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * Issue 5's journey, end to end in the browser: a new landlord, approved and phone verified, lists a property with
 * a photo from the device (having set up payouts, without which no stay is confirmed); it appears on the browse
 * page; a guest requests a night; the landlord accepts; and the
 * landlord's revenue and occupancy move by exactly that stay. Card payments are off in the browser tests, so the
 * guest's booking is a request until the landlord answers it.
 */

/** A field of the dialog by its label; required fields' labels end with an asterisk. */
const field = (dialog: Locator, label: string) => dialog.getByLabel(new RegExp(`^${label}\\*?$`));

async function readJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const pounds = (amount: number) =>
  `£${amount.toLocaleString("en-GB", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

test.describe("landlord journey", () => {
  test("a landlord lists a property with a photo, a guest requests it, the landlord accepts, and revenue and occupancy follow", async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const admin = await playwright.request.newContext({ baseURL });
    const guestContext = await browser.newContext({ baseURL });
    try {
      await signInNewLandlord(page.request, admin, "journey-landlord");
      // Stays are confirmed only for a landlord who can be paid: with two-factor on, they set up (demo) payouts.
      await enrolTwoFactorThroughApi(page.request);
      expect((await page.request.post("/api/payouts/onboarding")).status()).toBe(200);
      const before = await readJson<TLandlordAnalytics>(page.request, "/api/analytics/landlord");
      expect(before).toMatchObject({ totalRevenue: 0, monthlyRevenue: 0, totalBookings: 0, totalProperties: 0 });

      // 1. The landlord adds a property from the dashboard, with a photo chosen from the device.
      const title = `Journey mews house ${randomUUID().slice(0, 8)}`;
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Add Property", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Property" });
      await field(dialog, "Property title").fill(title);
      await field(dialog, "Description").fill(
        "A quiet mews house with a sunny courtyard, two bedrooms and a kitchen made for long dinners.",
      );
      await field(dialog, "Address").fill("4 Elm Mews, London SW10 9AB");
      await field(dialog, "Borough").selectOption("Kensington and Chelsea");
      await field(dialog, "Price per night").fill("240");
      await field(dialog, "Price per month").fill("5600");
      const chooser = page.waitForEvent("filechooser");
      await dialog.getByRole("button", { name: "Choose photos" }).click();
      await (await chooser).setFiles([
        { name: "courtyard.jpg", mimeType: "image/jpeg", buffer: await makeImage("jpeg") },
      ]);
      await expect(dialog.getByRole("button", { name: "Remove image 1" })).toBeVisible();
      await dialog.getByRole("button", { name: "Create Property" }).click();
      await expect(toast(page, "Property created successfully!")).toBeVisible();
      await expect(dialog).toHaveCount(0);

      const [mine] = await readJson<{ id: number; title: string; images: string[] }[]>(
        page.request,
        "/api/properties/my-properties",
      );
      expect(mine?.title).toBe(title);
      expect(mine?.images[0]).toMatch(/^\/media\/photos\/[0-9a-f]{32}\/1600\.webp$/);
      const propertyId = mine?.id as number;

      // 2. It is on the browse page, with the uploaded photo, for anyone.
      const guestPage = await guestContext.newPage();
      await guestPage.goto(`/properties?q=${encodeURIComponent(title)}`);
      const card = guestPage.getByRole("article").filter({ hasText: title });
      await expect(card).toHaveCount(1);
      await expect(card.locator("img").first()).toHaveAttribute("src", /\/media\/photos\/[0-9a-f]{32}\//);

      // 3. A verified guest requests tonight (a stay in this calendar month) through the booking wizard.
      await registerVerifiedGuest(guestPage.request, "journey-guest", { phone: true });
      const checkIn = londonToday();
      const checkOut = addDays(checkIn, 1);
      const quote = await readJson<{ total: number; subtotal: number; available: boolean }>(
        guestPage.request,
        `/api/properties/${propertyId}/quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
      );
      expect(quote.available).toBe(true);
      await guestPage.goto(`/booking/${propertyId}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
      await expect(guestPage.getByRole("heading", { level: 2, name: "Stay Details", exact: true })).toBeVisible();
      await guestPage.getByLabel(/^Check-in/).fill(checkIn);
      await guestPage.getByLabel(/^Check-out/).fill(checkOut);
      // The link's guests=2 reads as two adults in the step's guest picker.
      await expect(guestPage.getByRole("button", { name: /^Who is coming 2 guests/ })).toBeVisible();
      await guestPage.getByRole("button", { name: "Next", exact: true }).click();
      await guestPage.getByRole("button", { name: "Continue to Payment" }).click();
      await guestPage.getByRole("button", { name: "Continue without Payment (Demo)" }).click();
      await expect(guestPage.getByRole("heading", { level: 2, name: "Confirmation", exact: true })).toBeVisible();
      const reference = (
        (await guestPage
          .getByRole("main")
          .locator("dl > div")
          .filter({ hasText: "Booking reference" })
          .getByRole("definition")
          .textContent()) ?? ""
      ).trim();
      expect(reference).toMatch(/^SL-\d{6}$/);

      // A request earns nothing yet.
      const requested = await readJson<TLandlordAnalytics>(page.request, "/api/analytics/landlord");
      expect(requested).toMatchObject({ totalRevenue: 0, monthlyRevenue: 0, totalBookings: 1, totalProperties: 1 });

      // 4. The landlord accepts it on All Bookings.
      await page.goto("/landlord/bookings");
      const booking = page.getByRole("article").filter({ hasText: reference });
      await expect(booking.getByText("Needs Approval", { exact: true })).toBeVisible();
      await booking.getByRole("button", { name: /^Accept/ }).click();
      await expect(toast(page, "Booking accepted")).toBeVisible();

      // 5. Revenue and occupancy now count exactly that one night: the landlord's share, without the guest's fee.
      const after = await readJson<TLandlordAnalytics>(page.request, "/api/analytics/landlord");
      expect(after.totalRevenue).toBe(quote.subtotal);
      expect(after.monthlyRevenue).toBe(quote.subtotal);
      expect(after.occupancyRate).toBeGreaterThan(0);
      const revenue = await readJson<TRevenueAnalytics>(page.request, "/api/analytics/revenue");
      expect(revenue.transactions).toEqual([
        expect.objectContaining({ propertyId, date: checkIn, nights: 1, amount: quote.subtotal, settlement: "demo" }),
      ]);
      const occupancy = await readJson<TOccupancyAnalytics>(page.request, "/api/analytics/occupancy");
      const listed = occupancy.properties.find((p) => p.id === propertyId);
      expect(listed?.bookedNights).toBe(1);

      await page.goto("/landlord/revenue");
      const totalCard = page.getByRole("listitem").filter({ hasText: "Total Revenue" });
      await expect(totalCard).toContainText(pounds(quote.subtotal));
      await page.goto("/landlord/occupancy");
      const propertyCard = page.getByRole("article").filter({ hasText: title });
      await expect(propertyCard).toContainText(`${listed?.occupancyRate}%`);
    } finally {
      await guestContext.close();
      await admin.dispose();
    }
  });
});
